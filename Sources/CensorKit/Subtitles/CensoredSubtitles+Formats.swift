import Foundation

extension CensoredSubtitles {
    /// A subtitle file format censor writes.
    public enum Format: String, CaseIterable, Sendable {
        /// SubRip (`.srt`).
        case srt
        /// WebVTT (`.vtt`).
        case vtt

        /// The format a file name's extension names, in any case; `nil` for any other.
        public init?(path: String) {
            guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
            self.init(rawValue: path[path.index(after: dot)...].lowercased())
        }
    }

    /// The subtitles as a file of `format`.
    public func text(_ format: Format) -> String {
        switch format {
        case .srt: srt
        case .vtt: webVTT
        }
    }

    /// The subtitles as SubRip: numbered cues, `00:00:01,500 --> 00:00:02,250`. A cue's text is
    /// one line (``CensoredSubtitles`` folds line breaks); a `-->` in it is written `-- >`, so no
    /// reader takes the line for a timing line.
    public var srt: String {
        cues.enumerated().map { number, cue in
            "\(number + 1)\n\(Self.time(cue.start, ",")) --> \(Self.time(cue.end, ","))\n"
                + cue.text.replacingOccurrences(of: "-->", with: "-- >") + "\n"
        }.joined(separator: "\n")
    }

    /// The subtitles as WebVTT: a `WEBVTT` header, then `00:00:01.500 --> 00:00:02.250` cues.
    /// A cue's text is one line, with `&`, `<` and `>` written as character references (so
    /// `-->` is `--&gt;`): no word can open a tag or end the cue.
    public var webVTT: String {
        "WEBVTT\n\n"
            + cues.map { cue in
                "\(Self.time(cue.start, ".")) --> \(Self.time(cue.end, "."))\n" + Self.vttEscaped(cue.text) + "\n"
            }.joined(separator: "\n")
    }

    /// `text` with WebVTT's markup characters as character references.
    private static func vttEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// `seconds` as `HH:MM:SS` and milliseconds after `separator`, rounded to the millisecond.
    private static func time(_ seconds: Double, _ separator: String) -> String {
        let milliseconds = Int((max(0, seconds) * 1000).rounded())
        return String(
            format: "%02d:%02d:%02d", milliseconds / 3_600_000, milliseconds / 60_000 % 60,
            milliseconds / 1000 % 60) + separator + String(format: "%03d", milliseconds % 1000)
    }
}
