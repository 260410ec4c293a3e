import Foundation

extension CensoredSubtitles {
    /// A SubRip file's cues with each timing line's two times moved by `map` (a time in
    /// seconds on the input's timeline in, the output's out); a cue left with no length (it lay
    /// wholly in removed audio) is dropped. Numbers, text and line ends as they were.
    ///
    /// - Parameters:
    ///   - srt: The SubRip text (as ffmpeg writes a subtitle stream out, or ``srt`` gives it).
    ///   - map: Where a time lands.
    /// - Returns: The moved SubRip text.
    static func retimeSubRip(_ srt: String, by map: (Double) -> Double) -> String {
        var result: [String] = []
        var skipping = false
        // Split at each LF byte, so a CR before it stays with its line (a CR LF is one Character).
        for line in srt.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map({ String(decoding: $0, as: UTF8.self) })
        {
            if skipping {
                if line.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { skipping = false }
                continue
            }
            let parts = line.components(separatedBy: " --> ")
            guard parts.count == 2, let start = seconds(parts[0]), let end = seconds(parts[1].prefix(12)) else {
                result.append(line)
                continue
            }
            let (from, to) = (map(start), max(map(start), map(end)))
            guard to > from || end <= start else {
                // The cue's number, already written, goes with it.
                if let last = result.last, Int(last.trimmingCharacters(in: .whitespacesAndNewlines)) != nil {
                    result.removeLast()
                }
                skipping = true
                continue
            }
            result.append(time(from) + " --> " + time(to) + parts[1].dropFirst(12))
        }
        return result.joined(separator: "\n")
    }

    /// `00:01:02,345` in seconds.
    private static func seconds(_ text: some StringProtocol) -> Double? {
        let fields = text.trimmingCharacters(in: .whitespaces).split(whereSeparator: { $0 == ":" || $0 == "," })
        guard fields.count == 4, let h = Double(fields[0]), let m = Double(fields[1]), let s = Double(fields[2]),
            let ms = Double(fields[3])
        else { return nil }
        return h * 3600 + m * 60 + s + ms / 1000
    }

    /// Seconds as `00:01:02,345`.
    private static func time(_ seconds: Double) -> String {
        let milliseconds = max(0, Int((seconds * 1000).rounded()))
        return String(
            format: "%02d:%02d:%02d,%03d", milliseconds / 3_600_000, milliseconds / 60_000 % 60,
            milliseconds / 1000 % 60, milliseconds % 1000)
    }
}
