/// Spreads the words of a timed stretch of text (a subtitle cue, a multi-word label, a
/// whisper.cpp segment) over its time range in proportion to their lengths in characters.
///
/// ```
/// "piece  of shit" over 10.0–12.2 s  →  piece 10.0–11.0, of 11.0–11.4, shit 11.4–12.2
/// ```
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
        let tokens = text.split(whereSeparator: \.isWhitespace)
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
}
