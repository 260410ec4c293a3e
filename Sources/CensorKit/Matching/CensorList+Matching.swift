import Foundation

extension CensorList {
    /// Finds every listed word and phrase in a transcript.
    ///
    /// At each word the longest entry whose tokens equal the following normalized words wins;
    /// matching then continues after it, so matches never overlap. Words that normalize to
    /// nothing (a stray `-`) are passed over, so a phrase matches across them.
    ///
    /// ```swift
    /// let list = CensorList(entries: ["damn", "piece of shit"])
    /// let matches = list.matches(in: transcript)  // " Damn," and "piece of shit."
    /// ```
    ///
    /// - Parameter transcript: The transcript to search.
    /// - Returns: The matches in ascending order of their first word.
    /// - Complexity: O(*n* · *k*) for *n* words and entries of at most *k* words; it does not
    ///   grow with the number of entries.
    public func matches(in transcript: Transcript) -> [Match] {
        let words = transcript.words
        var tokens: [String] = []
        var wordIndexOfToken: [Int] = []
        tokens.reserveCapacity(words.count)
        wordIndexOfToken.reserveCapacity(words.count)
        for (wordIndex, word) in words.enumerated() {
            let token = normalizedWord(word.text)
            if !token.isEmpty {
                tokens.append(token)
                wordIndexOfToken.append(wordIndex)
            }
        }

        var matches: [Match] = []
        var position = 0
        while position < tokens.count {
            guard let found = index.longestMatch(in: tokens, from: position) else {
                position += 1
                continue
            }
            let wordIndices = wordIndexOfToken[position]..<(wordIndexOfToken[position + found.count - 1] + 1)
            let text = words[wordIndices]
                .map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }
                .filter { !$0.isEmpty }
                .joined(separator: " ")
            matches.append(
                Match(
                    wordIndices: wordIndices, text: text, pattern: found.pattern,
                    start: words[wordIndices.lowerBound].start, end: words[wordIndices.upperBound - 1].end))
            position += found.count
        }
        return matches
    }
}
