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
        let words = transcript.words
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
            matches.append(match(words: words, tokens.wordOfToken[position]..<(last + 1), entry: parsedEntries[found.entry]))
            position += found.count
            while position < tokens.count, tokens.wordOfToken[position] == last { position += 1 }
        }
        return matches
    }

    /// The match of an entry on a run of words.
    private func match(words: [Word], _ indices: Range<Int>, entry: Entry) -> Match {
        let matched = words[indices]
        let text = matched
            .map { $0.text.trimmingWhitespace }
            .filter { !$0.isEmpty }
            .joined(separator: " ")
        return Match(
            wordIndices: indices, text: text, pattern: entry.pattern,
            start: matched.first!.start, end: matched.last!.end, replacement: entry.replacement,
            confidence: matched.compactMap(\.confidence).min(), speaker: matched.lazy.compactMap(\.speaker).first,
            isTimeEstimated: matched.contains { $0.isTimeEstimated },
            doubts: WordDoubt.allCases.filter { doubt in matched.contains { $0.doubts.contains(doubt) } })
    }
}
