extension CensorList {
    /// Finds every listed word, glob and phrase in a transcript.
    ///
    /// Words are compared as `comparisonTokens(of:foldingDiacritics:)`: normalized, and split at
    /// inner dashes. Words that normalize to nothing (a stray `-`) are passed over, so a phrase
    /// matches across them, as it does across segment boundaries. First the exceptions mark the
    /// words they match as protected; then, at each word, the longest entry whose tokens match
    /// the following unprotected tokens wins (of equally long ones, the first in the list), and
    /// matching continues after it, so matches never overlap.
    ///
    /// ```swift
    /// let list = CensorList(entries: ["damn", "piece of shit", "hell*", "!hello"])
    /// let matches = list.matches(in: transcript)  // " Damn,", "piece of shit.", "hellish" — not "hello"
    /// ```
    ///
    /// - Parameter transcript: The transcript to search.
    /// - Returns: The matches in ascending order of their first word, each with the entry's
    ///   replacement and the words' confidence, speaker and estimated-time flag.
    /// - Complexity: O(*n* · *k* · *b*) for *n* words, entries of at most *k* words and at most
    ///   *b* globs matching one word at one place of the index; it does not grow with the number
    ///   of entries. Each distinct word is normalized and tested against the globs once.
    public func matches(in transcript: Transcript) -> [Match] {
        matches(in: transcript.words)
    }

    /// Finds every listed word, glob and phrase in words held in memory, as
    /// ``matches(in:)-(Transcript)`` does in a transcript's.
    ///
    /// ```swift
    /// let words = [Word(text: "well", start: 0.2, end: 0.5), Word(text: "damn", start: 0.6, end: 0.9)]
    /// let matches = CensorList(entries: ["damn"]).matches(in: words)   // "damn", 0.6 s to 0.9 s
    /// ```
    ///
    /// - Parameter words: The words in spoken order, with times in seconds.
    /// - Returns: The matches in ascending order of their first word; ``Match/wordIndices``
    ///   index `words`.
    /// - Complexity: As ``matches(in:)-(Transcript)``.
    public func matches(in words: [Word]) -> [Match] {
        var tokens = MatchingTokens(words: words, list: self)
        var protected = [Bool](repeating: false, count: tokens.count)
        if parsedEntries.contains(where: \.isException) {
            for position in 0..<tokens.count {
                guard let found = tokens.longestMatch(at: position, in: .exceptions) else { continue }
                for covered in position..<(position + found.count) { protected[covered] = true }
            }
        }

        var matches: [Match] = []
        var position = 0
        while position < tokens.count {
            guard !protected[position],
                let found = tokens.longestMatch(at: position, in: .censoring, blocked: protected)
            else {
                position += 1
                continue
            }
            let last = tokens.wordOfToken[position + found.count - 1]
            matches.append(
                match(words: words, tokens.wordOfToken[position]..<(last + 1), entry: parsedEntries[found.entry]))
            position += found.count
            while position < tokens.count, tokens.wordOfToken[position] == last { position += 1 }
        }
        return matches
    }

    /// The match of an entry on a run of words.
    private func match(words: [Word], _ indices: Range<Int>, entry: Entry) -> Match {
        // One word (nearly every match) needs no joining.
        let text =
            indices.count == 1
            ? String(words[indices.lowerBound].text.trimmingWhitespace)
            : words[indices]
                .map { $0.text.trimmingWhitespace }
                .filter { !$0.isEmpty }
                .joined(separator: " ")
        var confidence: Double?
        var speaker: String?
        var isTimeEstimated = false
        var doubted = false
        for index in indices {
            if let value = words[index].confidence { confidence = min(confidence ?? value, value) }
            if speaker == nil { speaker = words[index].speaker }
            isTimeEstimated = isTimeEstimated || words[index].isTimeEstimated
            doubted = doubted || !words[index].doubts.isEmpty
        }
        return Match(
            wordIndices: indices, text: text, pattern: entry.pattern,
            start: words[indices.lowerBound].start, end: words[indices.upperBound - 1].end,
            replacement: entry.replacement,
            confidence: confidence, speaker: speaker, isTimeEstimated: isTimeEstimated,
            doubts: doubted
                ? WordDoubt.allCases.filter { doubt in words[indices].contains { $0.doubts.contains(doubt) } } : [])
    }
}
