/// Reads whisper-timestamped's CSV (`--output_format csv`: `.words.csv` of one word a line, and
/// `.csv` of one segment a line): the text first, then its start and end in seconds, without a
/// header unless `--csv_header` wrote one (`text,start,end`, or `word,start,end`).
///
/// ```
/// "Dis-moi,",0.38,1.1
/// est-ce,1.28,1.5
/// ```
///
/// A line of several words is spread over its times (`WordSpreading`).
internal enum WhisperTimestampedCSV: TranscriptReader {
    internal static let detectionRule = "lines of text,start,end (a header text,start,end or none)"

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        let lines = Array(
            SourceText.Lines(text: document.text).lazy.filter { $0.contains { !$0.isWhitespace } }.prefix(3))
        guard let first = lines.first else { return false }
        if isHeader(first) { return lines.count > 1 }
        return lines.prefix(3).allSatisfy { (try? row(of: $0, line: 0)) != nil }
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        var words: [Word] = []
        for (offset, line) in SourceText.lines(of: document.text).enumerated()
        where line.contains(where: { !$0.isWhitespace }) {
            if offset == 0, isHeader(line) { continue }
            let parsed: TimedTextRow
            do {
                parsed = try row(of: line, line: offset + 1)
            } catch {
                throw TranscriptError.malformed(
                    file: document.source, format: .whisperTimestampedCSV,
                    place: SourceText.place(line: offset + 1, column: error.column), expected: error.expected,
                    found: error.found)
            }
            words += try parsed.words(unit: .seconds, in: document, format: .whisperTimestampedCSV)
        }
        return words
    }

    /// Whether a line is the optional header.
    private static func isHeader(_ line: Substring) -> Bool {
        ["text,start,end", "word,start,end"].contains(line.trimmingWhitespace.lowercased())
    }

    /// A line that is not `text,start,end`.
    private struct RowError: Error {
        /// Column in Unicode scalars, from 1.
        var column: Int
        var expected: String
        var found: String
    }

    /// A line's text and times, the times checked to be numbers when `line` is 0 (detection).
    private static func row(of line: Substring, line number: Int) throws(RowError) -> TimedTextRow {
        let fields: [CSVLine.Field]
        do {
            fields = try CSVLine.fields(of: line)
        } catch {
            throw RowError(column: error.column, expected: error.expected, found: error.found)
        }
        guard fields.count == 3 else {
            throw RowError(column: 1, expected: "text,start,end", found: "\(fields.count) fields")
        }
        if number == 0, fields.dropFirst().contains(where: { Double($0.text.trimmingWhitespace) == nil }) {
            throw RowError(column: fields[1].column, expected: "a time in seconds", found: "'\(fields[1].text)'")
        }
        return TimedTextRow(
            start: TimedTextRow.Field(text: fields[1].text, column: fields[1].column),
            end: TimedTextRow.Field(text: fields[2].text, column: fields[2].column), text: fields[0].text, line: number)
    }
}
