/// Reads SubRip (`.srt`) subtitles.
///
/// ```
/// 1
/// 00:00:01,280 --> 00:00:02,620
/// Damn, that <i>hurt</i>.
///
/// 2
/// 00:00:03,500 --> 00:00:05,200
/// You piece of shit!
/// ```
///
/// Each cue's words are spread over the cue and marked as estimated (see `Subtitles`); HTML
/// tags and `{\an8}` overrides are dropped. A point instead of the comma, a missing index
/// line and whitespace-only separator lines are accepted.
internal enum SRT: TranscriptReader {
    internal static let detectionRule = "a first cue of an index line and a timing line 00:00:01,280 --> 00:00:02,620"

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        let lines = Array(
            SourceText.Lines(text: document.text).lazy.filter { $0.contains { !$0.isWhitespace } }.prefix(2))
        guard let first = lines.first else { return false }
        let timing = first.contains("-->") ? first : (first.allSatisfy(\.isASCIIDigit) ? lines.dropFirst().first : nil)
        guard let timing, let arrow = timing.range(of: "-->") else { return false }
        return Subtitles.time(timing[..<arrow.lowerBound].trimmingWhitespace) != nil
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        let cues = try Subtitles.cues(
            in: document, format: .srt, separatesOnBlankLines: true, skipsBlock: { _ in false })
        return Subtitles.words(of: cues, repairs: document.repairs)
    }
}
