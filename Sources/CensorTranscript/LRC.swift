/// Reads LRC lyrics as whisper.cpp writes them (`-olrc`): a `[by:whisper.cpp]` tag, then one
/// segment a line after its start time `[mm:ss.xx]`.
///
/// ```
/// [by:whisper.cpp]
/// [00:00.00] Hello everyone, and welcome to my stream today.
/// [00:09.00] It's been a little while.
/// ```
///
/// A line has a start and no end: it lasts until the next line's start (a line sharing its
/// start with the next one shares that span). The last line is given
/// `lastLineSecondsPerCharacter` for each of its characters, slow speech, so that its words are
/// covered. A line's words are spread over its span (`WordSpreading`) and, LRC having no word
/// times, always marked estimated. Several time tags before one text (`[00:12.00][01:40.00]`)
/// repeat it; other tags (`[ar:…]`, `[ti:…]`, `[by:…]`, `[length:…]`) are skipped.
internal enum LRC: TranscriptReader {
    internal static let detectionRule = "lines starting with [mm:ss.xx] time tags, after [by:…] or other tags"

    /// The time given to each character of the last line, which has no next line to end it:
    /// speech at about 12 characters a second, slower than most, so that the span covers it.
    internal static let lastLineSecondsPerCharacter = 0.08

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        let timed = SourceText.Lines(text: document.text).first { $0.contains { !$0.isWhitespace } && !isTagOnly($0) }
        guard let timed else { return false }
        return (try? Line(parsing: timed)).map { !$0.starts.isEmpty } ?? false
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        var entries: [(start: Double, text: Substring, line: Int)] = []
        for (offset, text) in SourceText.lines(of: document.text).enumerated()
        where text.contains(where: { !$0.isWhitespace }) && !isTagOnly(text) {
            let line: Line
            do {
                line = try Line(parsing: text)
            } catch {
                throw TranscriptError.malformed(
                    file: document.source, format: .lrc,
                    place: SourceText.place(line: offset + 1, column: error.column),
                    expected: "a time tag [mm:ss.xx]", found: error.found)
            }
            entries += line.starts.map { ($0, line.text, offset + 1) }
        }
        entries.sort { $0.start < $1.start }
        var words: [Word] = []
        for (index, entry) in entries.enumerated() {
            let next = entries[(index + 1)...].first { $0.start > entry.start }?.start
            let end = next ?? entry.start + Double(entry.text.trimmingWhitespace.count) * lastLineSecondsPerCharacter
            for var word in WordSpreading.words(in: entry.text, start: entry.start, end: end) {
                word.isTimeEstimated = true
                words.append(word)
            }
        }
        return words
    }

    /// Whether a line holds only a tag that is not a time (`[by:whisper.cpp]`, `[ti:Title]`).
    private static func isTagOnly(_ line: Substring) -> Bool {
        let trimmed = line.trimmingWhitespace
        guard trimmed.first == "[", trimmed.last == "]", let colon = trimmed.firstIndex(of: ":") else { return false }
        let name = trimmed[trimmed.index(after: trimmed.startIndex)..<colon]
        return !name.isEmpty && name.allSatisfy(\.isLetter)
    }
}

extension LRC {
    /// One lyric line: its start times and its text.
    private struct Line {
        /// A line that does not start with a valid time tag.
        struct SyntaxError: Error {
            /// Column in characters, from 1.
            var column: Int
            var found: String
        }

        var starts: [Double] = []
        var text: Substring

        /// Parses `[mm:ss.xx]` tags (also `[mm:ss]`, `[mm:ss:xx]` and `[mm:ss.xxx]`) and the text after them.
        init(parsing line: Substring) throws(SyntaxError) {
            var rest = line.drop { $0.isWhitespace }
            while rest.first == "[" {
                let column = line.distance(from: line.startIndex, to: rest.startIndex) + 1
                guard let close = rest.firstIndex(of: "]") else {
                    throw SyntaxError(column: column, found: "'\(rest)'")
                }
                let tag = rest[rest.index(after: rest.startIndex)..<close]
                guard let seconds = Self.seconds(in: tag) else {
                    throw SyntaxError(column: column, found: "'[\(tag)]'")
                }
                starts.append(seconds)
                rest = rest[rest.index(after: close)...]
            }
            guard !starts.isEmpty else {
                throw SyntaxError(
                    column: line.distance(from: line.startIndex, to: rest.startIndex) + 1, found: "'\(rest.prefix(20))'"
                )
            }
            text = rest
        }

        /// The seconds of `mm:ss`, `mm:ss.xx` or `mm:ss:xx`, or `nil`.
        private static func seconds(in tag: Substring) -> Double? {
            let parts = tag.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count >= 2, let minutes = Int(parts[0]), minutes >= 0, parts[0].allSatisfy(\.isNumber) else {
                return nil
            }
            var secondsText = String(parts[1])
            if parts.count == 3 { secondsText += "." + parts[2] }
            guard let seconds = Double(secondsText), secondsText.allSatisfy({ $0.isNumber || $0 == "." }), seconds < 60
            else { return nil }
            return Double(minutes) * 60 + seconds
        }
    }
}
