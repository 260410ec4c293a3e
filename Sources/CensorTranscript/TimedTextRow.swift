/// One line of a table of timed text (`start`, `end`, `text` in some order), as whisper's TSV and
/// whisper-timestamped's CSV write them: its times read in their unit and checked, its text
/// spread into words (`WordSpreading`; a one-word line keeps its times).
internal struct TimedTextRow {
    /// A field and the column it starts at.
    internal struct Field {
        var text: String
        /// Column in Unicode scalars, from 1.
        var column: Int
    }

    /// How the table writes its times: `.seconds` or `.milliseconds`.
    internal typealias Unit = JSONFields.TimeUnit

    var start: Field
    var end: Field
    var text: String
    /// The line's number, from 1.
    var line: Int

    /// The row's words.
    ///
    /// - Parameters:
    ///   - unit: How the times are written.
    ///   - document: The file, for messages and repairs.
    ///   - format: The format, for messages.
    /// - Throws: `TranscriptError` naming the line and column of a time that is not a number or
    ///   not valid.
    func words(unit: Unit, in document: TranscriptDocument, format: TranscriptFormat) throws(TranscriptError) -> [Word]
    {
        var times: [Double] = []
        for field in [start, end] {
            guard let value = Double(field.text.trimmingWhitespace) else {
                throw TranscriptError.malformed(
                    file: document.source, format: format, place: SourceText.place(line: line, column: field.column),
                    expected: unit.expected, found: "'\(field.text)'")
            }
            times.append(unit == .milliseconds ? value / 1000 : value)
        }
        let checked = try WordTimeRule.check(
            start: times[0], end: times[1], file: document.source, format: format,
            startPlace: { SourceText.place(line: line, column: start.column) },
            endPlace: { SourceText.place(line: line, column: end.column) }, repairs: document.repairs)
        return WordSpreading.words(in: text, start: checked.start, end: checked.end)
    }

    /// The unit of a table's times: milliseconds when the header says so (`start_ms`,
    /// `start (ms)`) or, without a word on it, when every time is a whole number, as
    /// openai-whisper writes them; else seconds.
    ///
    /// - Parameters:
    ///   - header: The header's field names, or none.
    ///   - rows: The rows.
    static func unit(header: [String], rows: [TimedTextRow]) -> Unit {
        let names = header.map { $0.lowercased() }
        if names.contains(where: { $0.hasSuffix("ms") || $0.contains("(ms)") || $0.contains("millisecond") }) {
            return .milliseconds
        }
        if names.contains(where: { $0.hasSuffix("(s)") || $0.hasSuffix("_s") || $0.contains("sec") }) {
            return .seconds
        }
        // A time that is no number (an error, reported in the unit found) does not decide.
        let numbers = rows.flatMap { [$0.start.text, $0.end.text] }.map(\.trimmingWhitespace).filter {
            Double($0) != nil
        }
        let wholeNumbers = !numbers.isEmpty && numbers.allSatisfy { $0.allSatisfy(\.isASCIIDigit) }
        return wholeNumbers ? .milliseconds : .seconds
    }
}
