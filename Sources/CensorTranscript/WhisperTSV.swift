/// Reads whisper's tab-separated output (`whisper --output_format tsv`, and whisper-timestamped's
/// `.words.tsv` of one word a line): a `start<TAB>end<TAB>text` header, then one segment or word
/// a line.
///
/// ```
/// start	end	text
/// 380	1080	Dis-moi,
/// 1280	1500	est-ce
/// ```
///
/// openai-whisper and whisper-timestamped write whole milliseconds; other tools write the same
/// header over seconds (`0.380`). The unit is milliseconds when the header names it
/// (`start_ms`) or every time is a whole number, and seconds otherwise (`TimedTextRow.unit`).
/// A line of several words is spread over its times (`WordSpreading`).
internal enum WhisperTSV: TranscriptReader {
    internal static let detectionRule = "a first line start<TAB>end<TAB>text"

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        guard let header = SourceText.firstLine(of: document.text) else { return false }
        let names = header.trimmingWhitespace.split(separator: "\t").map { $0.trimmingWhitespace.lowercased() }
        return names.count == 3 && names[0].hasPrefix("start") && names[1].hasPrefix("end") && names[2] == "text"
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        let lines = SourceText.lines(of: document.text)
        guard let header = lines.first, recognizes(document) else {
            throw TranscriptError.malformed(
                file: document.source, format: .whisperTSV, place: SourceText.place(line: 1, column: 1),
                expected: "the header start<TAB>end<TAB>text", found: lines.first.map { "'\($0)'" } ?? "end of file")
        }
        var rows: [TimedTextRow] = []
        for (offset, line) in lines.enumerated().dropFirst() where line.contains(where: { !$0.isWhitespace }) {
            let fields = tabFields(of: line)
            guard fields.count == 3 else {
                throw TranscriptError.malformed(
                    file: document.source, format: .whisperTSV, place: SourceText.place(line: offset + 1, column: 1),
                    expected: "start<TAB>end<TAB>text", found: "\(fields.count) field\(fields.count == 1 ? "" : "s")")
            }
            rows.append(TimedTextRow(start: fields[0], end: fields[1], text: fields[2].text, line: offset + 1))
        }
        let unit = TimedTextRow.unit(header: header.split(separator: "\t").map(String.init), rows: rows)
        var words: [Word] = []
        for row in rows { words += try row.words(unit: unit, in: document, format: .whisperTSV) }
        return words
    }

    /// A line's fields: up to the second tab, then the rest (the text, which may hold tabs).
    private static func tabFields(of line: Substring) -> [TimedTextRow.Field] {
        var fields: [TimedTextRow.Field] = []
        var column = 1
        for part in line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false) {
            fields.append(TimedTextRow.Field(text: String(part), column: column))
            column += part.unicodeScalars.count + 1
        }
        return fields
    }
}
