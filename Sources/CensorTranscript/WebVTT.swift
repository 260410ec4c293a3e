/// Reads WebVTT (`.vtt`) subtitles, with or without inline word stamps.
///
/// ```
/// WEBVTT
/// Kind: captions
///
/// 00:00:01.280 --> 00:00:02.620 align:start position:0%
/// <v Ann>Damn, that hurt.
///
/// 00:00:03.500 --> 00:00:05.200
/// you<00:00:03.720><c> piece</c><00:00:04.060><c> of</c><00:00:04.200><c> shit</c>
/// ```
///
/// Cues without stamps are spread over their times and marked as estimated; words after an
/// inline stamp run from it to the next stamp (see `Subtitles`, which also drops the repeated
/// lines of rolling auto-captions). `<v Name>` gives the speaker. Cue identifiers, cue
/// settings, the short `mm:ss.ttt` form, and `NOTE`, `STYLE` and `REGION` blocks are accepted.
internal enum WebVTT: TranscriptReader {
    internal static let detectionRule = "a first line starting WEBVTT"

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        document.text.hasPrefix("WEBVTT")
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        guard document.text.hasPrefix("WEBVTT") else {
            throw .malformed(
                file: document.source, format: .webVTT, place: SourceText.place(line: 1, column: 1),
                expected: "WEBVTT", found: "'\(SourceText.lines(of: document.text).first ?? "")'")
        }
        let cues = try Subtitles.cues(in: document, format: .webVTT, separatesOnBlankLines: false) { first in
            first.hasPrefix("WEBVTT") || first.hasPrefix("NOTE") || first.hasPrefix("STYLE")
                || first.hasPrefix("REGION")
        }
        return Subtitles.words(of: cues, repairs: document.repairs)
    }
}
