import Foundation

/// A chapter of a media file (MP4 `chpl` and chapter track, Matroska chapters, ID3 `CHAP`), as
/// ffprobe reads it: its times on the file's timeline and its tags (`title` …).
struct MediaChapter: Sendable, Hashable {
    /// When the chapter starts, in seconds.
    var start: Double
    /// When it ends, in seconds.
    var end: Double
    /// Its metadata, such as `title`.
    var tags: [String: String] = [:]
}

extension MediaChapter {
    /// `chapters` moved by `map` (a time on the input's timeline in, the output's out); a
    /// chapter that had a length and has none left (it lay wholly in removed audio) is dropped,
    /// since players list a zero-length chapter as one that plays nothing.
    static func moved(_ chapters: [MediaChapter], by map: (Double) -> Double) -> [MediaChapter] {
        chapters.compactMap { chapter in
            var moved = chapter
            moved.start = map(chapter.start)
            moved.end = max(moved.start, map(chapter.end))
            return moved.end > moved.start || chapter.end <= chapter.start ? moved : nil
        }
    }

    /// `chapters` in ffmpeg's metadata format (`;FFMETADATA1`, one `[CHAPTER]` section each, in
    /// microseconds), which an ffmpeg input `-f ffmetadata` reads for `-map_chapters`.
    static func ffmetadata(_ chapters: [MediaChapter]) -> String {
        var text = ";FFMETADATA1\n"
        for chapter in chapters {
            text +=
                "[CHAPTER]\nTIMEBASE=1/1000000\n"
                + "START=\(Int((chapter.start * 1_000_000).rounded()))\nEND=\(Int((chapter.end * 1_000_000).rounded()))\n"
            for (key, value) in chapter.tags.sorted(by: { $0.key < $1.key }) {
                text += escaped(key) + "=" + escaped(value) + "\n"
            }
        }
        return text
    }

    /// `text` with the characters ffmetadata gives a meaning (`=`, `;`, `#`, `\` and line ends)
    /// escaped by a backslash.
    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if "=;#\\\n".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
