/// Reads YouTube's SBV captions (`.sbv`, as YouTube Studio downloads them).
///
/// ```
/// 0:00:00.599,0:00:04.160
/// >> ALICE: Hi, my name is Alice Miller and this is John Brown
///
/// 0:00:04.160,0:00:06.770
/// >> JOHN: and we're the owners of Miller Bakery.
/// ```
///
/// A cue is a timing line `start,end` (`H:MM:SS.mmm`) and the text lines after it, up to a
/// blank line. Its words are spread over the cue by their lengths and marked estimated, as SRT
/// cues are. The speaker-change mark `>>` is dropped, and a speaker named in capitals before a
/// colon (`ALICE:`) becomes the speaker of the cue's words.
internal enum SBV: TranscriptReader {
    internal static let detectionRule = "a first line of two times 0:00:01.280,0:00:02.620"

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        guard let first = SourceText.Lines(text: document.text).first(where: { $0.contains { !$0.isWhitespace } })
        else {
            return false
        }
        return (try? timing(first)) != nil
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        let lines = SourceText.lines(of: document.text)
        var words: [Word] = []
        var order = TimeOrderCheck()
        var index = 0
        while index < lines.count {
            guard lines[index].contains(where: { !$0.isWhitespace }) else {
                index += 1
                continue
            }
            let number = index + 1
            let times: (start: Double, end: Double, endColumn: Int)
            do {
                times = try timing(lines[index])
            } catch {
                throw TranscriptError.malformed(
                    file: document.source, format: .sbv, place: SourceText.place(line: number, column: error.column),
                    expected: error.expected, found: error.found)
            }
            let checked = try WordTimeRule.check(
                start: times.start, end: times.end, file: document.source, format: .sbv,
                startPlace: { SourceText.place(line: number, column: 1) },
                endPlace: { SourceText.place(line: number, column: times.endColumn) }, repairs: document.repairs)
            order.check(start: checked.start, end: checked.end, line: number, repairs: document.repairs)
            index += 1
            var text: [Substring] = []
            while index < lines.count, lines[index].contains(where: { !$0.isWhitespace }) {
                text.append(lines[index])
                index += 1
            }
            let (speaker, spoken) = speakerAndText(text.joined(separator: " "))
            words += WordSpreading.words(in: spoken, start: checked.start, end: checked.end, speaker: speaker)
        }
        return words
    }

    /// A timing line that is not `start,end`.
    private struct SyntaxError: Error {
        var column: Int
        var expected: String
        var found: String
    }

    /// The times of a timing line, and the column where the end time starts.
    private static func timing(_ line: Substring) throws(SyntaxError) -> (start: Double, end: Double, endColumn: Int) {
        let parts = line.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let start = Subtitles.time(parts[0].trimmingWhitespace) else {
            throw SyntaxError(
                column: 1, expected: "a timing line like 0:00:01.280,0:00:02.620",
                found: "'\(line.trimmingWhitespace.prefix(40))'")
        }
        let endColumn = parts[0].unicodeScalars.count + 2
        guard let end = Subtitles.time(parts[1].trimmingWhitespace) else {
            throw SyntaxError(
                column: endColumn, expected: "an end time like 0:00:02.620", found: "'\(parts[1].prefix(40))'")
        }
        return (start, end, endColumn)
    }

    /// The cue's text without `>>` marks, and the speaker it names (`ALICE:`), if any.
    private static func speakerAndText(_ text: String) -> (String?, String) {
        var tokens = text.split(whereSeparator: \.isWhitespace).filter { $0 != ">>" }
        guard let first = tokens.first, first.count > 1, first.hasSuffix(":"),
            first.dropLast().allSatisfy({ $0.isUppercase || $0.isNumber || $0 == "_" || $0 == "-" })
        else { return (nil, tokens.joined(separator: " ")) }
        tokens.removeFirst()
        return (String(first.dropLast()), tokens.joined(separator: " "))
    }
}
