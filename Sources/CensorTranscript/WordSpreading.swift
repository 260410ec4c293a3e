/// Spreads the words of a timed stretch of text (a subtitle cue, a multi-word label, a
/// whisper.cpp segment) over its time range in proportion to their lengths in characters.
///
/// ```
/// "piece  of shit" over 10.0–12.2 s  →  piece 10.0–11.0, of 11.0–11.4, shit 11.4–12.2
/// ```
///
/// A token of sentence punctuation alone (`?` in a word-level cue "vole ?", a dialogue dash,
/// the brackets of YouTube's `[ __ ]`) is no spoken word and takes no time: it joins the word
/// before it, or the one after it at the start, so "vole ?" is one word over the whole cue.
///
/// The last word ends exactly at the range's end. When there are several words their times are
/// estimates, and they are marked so (`Word.isTimeEstimated`); a lone word keeps the range as
/// given.
internal enum WordSpreading {
    /// The words of `text`, split at whitespace, spread over `start...end`.
    ///
    /// - Parameters:
    ///   - text: The text; empty or blank text has no words.
    ///   - start: The range's start in seconds.
    ///   - end: The range's end in seconds, not before `start`.
    ///   - speaker: The speaker of every word, if known.
    ///   - confidence: The confidence of every word, if known.
    /// - Returns: The words in order.
    internal static func words(
        in text: some StringProtocol, start: Double, end: Double, speaker: String? = nil, confidence: Double? = nil
    ) -> [Word] {
        let tokens = spokenTokens(of: text)
        let total = tokens.reduce(0) { $0 + $1.count }
        let estimated = tokens.count > 1
        var words: [Word] = []
        words.reserveCapacity(tokens.count)
        var characters = 0
        for (index, token) in tokens.enumerated() {
            let wordStart = start + (end - start) * Double(characters) / Double(total)
            characters += token.count
            let wordEnd = index == tokens.count - 1 ? end : start + (end - start) * Double(characters) / Double(total)
            words.append(
                Word(
                    text: String(token), start: wordStart, end: wordEnd, confidence: confidence, speaker: speaker,
                    isTimeEstimated: estimated))
        }
        return words
    }

    /// The whitespace-separated tokens of `text`, each punctuation-only token joined to its
    /// neighbour (see the type's documentation); the text between joined tokens is kept.
    internal static func spokenTokens<Text: StringProtocol>(of text: Text) -> [Text.SubSequence] {
        let tokens = text.split(whereSeparator: \.isWhitespace)
        guard tokens.contains(where: { !isSpoken($0) }), tokens.contains(where: isSpoken) else { return tokens }
        var joined: [Text.SubSequence] = []
        var pendingStart: Text.Index?
        for token in tokens {
            if !isSpoken(token) {
                if let last = joined.last {
                    joined[joined.count - 1] = text[last.startIndex..<token.endIndex]
                } else {
                    pendingStart = pendingStart ?? token.startIndex
                }
                continue
            }
            joined.append(text[(pendingStart ?? token.startIndex)..<token.endIndex])
            pendingStart = nil
        }
        return joined
    }

    /// Whether a token is spoken: anything but sentence punctuation alone — dashes, brackets,
    /// quotes and `. , ; : ! ? ¡ ¿ … ·`. A symbol such as `&` or `%` is read aloud.
    private static func isSpoken(_ token: some StringProtocol) -> Bool {
        token.unicodeScalars.contains { scalar in
            switch scalar.properties.generalCategory {
            case .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation: false
            case .otherPunctuation: !".,;:!?¡¿…·\"'".unicodeScalars.contains(scalar)
            default: true
            }
        }
    }

    /// A gap shorter than this between two timed words cannot hold an untimed word said
    /// between them: the shortest spoken words last about 80 ms.
    internal static let shortestGap = 0.08

    /// Where untimed words said between two timed ones lie: the gap between them, or, when
    /// the aligner left less than `shortestGap` (neighbours that touch or overlap, as Gentle's
    /// often do around a word it did not find), from the middle of the word before to the
    /// middle of the word after, since the untimed words took some of their time. Never a
    /// zero-length point.
    ///
    /// - Parameters:
    ///   - previous: The timed word before.
    ///   - next: The timed word after.
    /// - Returns: The range in seconds.
    internal static func gap(between previous: Word, and next: Word) -> (start: Double, end: Double) {
        if next.start - previous.end >= shortestGap { return (previous.end, next.start) }
        let start = (previous.start + previous.end) / 2
        return (start, max(start, (next.start + next.end) / 2))
    }
}
