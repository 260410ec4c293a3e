/// Reads the Montreal Forced Aligner's CSV (`--output_format csv`).
///
/// ```
/// Begin,End,Label,Type,Speaker
/// 1.28,1.63,damn,words,ann
/// 1.28,1.35,D,phones,ann
/// ```
///
/// Rows whose `Type` is `words` are the words; the `Speaker` column is kept, and the speakers'
/// words are merged in order of start time (`AlignerTiers`). Columns are found by the header's
/// names, in any order and case.
internal enum MFACSV: TranscriptReader {
    internal static let detectionRule = "a CSV header with Begin, End, Label and Type columns"

    /// The columns the reader needs.
    private static let required = ["begin", "end", "label", "type"]

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        guard let header = SourceText.firstLine(of: document.text),
            let names = try? CSVLine.fields(of: header).map({ $0.text.trimmingWhitespace.lowercased() })
        else { return false }
        return required.allSatisfy(names.contains)
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        let lines = SourceText.lines(of: document.text)
        let place = { (line: Int, column: Int) in SourceText.place(line: line, column: column) }
        let malformed = { (line: Int, column: Int, expected: String, found: String) in
            TranscriptError.malformed(
                file: document.source, format: .mfaCSV, place: place(line, column), expected: expected, found: found)
        }
        let names = (lines.first.flatMap { try? CSVLine.fields(of: $0) } ?? []).map {
            $0.text.trimmingWhitespace.lowercased()
        }
        guard required.allSatisfy(names.contains) else {
            throw malformed(
                1, 1, "the header Begin,End,Label,Type,Speaker", lines.first.map { "'\($0)'" } ?? "end of file")
        }
        let column = { (name: String) in names.firstIndex(of: name) }
        let (begin, end, label, type) = (column("begin")!, column("end")!, column("label")!, column("type")!)
        let speakerColumn = column("speaker")
        var speakers: [String] = []
        var perSpeaker: [[Word]] = []
        for (offset, line) in lines.enumerated().dropFirst() where line.contains(where: { !$0.isWhitespace }) {
            let number = offset + 1
            let fields: [CSVLine.Field]
            do {
                fields = try CSVLine.fields(of: line)
            } catch {
                throw malformed(number, error.column, error.expected, error.found)
            }
            guard fields.count >= names.count else {
                throw malformed(number, 1, "\(names.count) fields", "\(fields.count)")
            }
            guard ["words", "word"].contains(fields[type].text.trimmingWhitespace.lowercased()) else { continue }
            guard fields[label].text.contains(where: { !$0.isWhitespace }) else { continue }
            var times: [Double] = []
            for field in [fields[begin], fields[end]] {
                guard let seconds = Double(field.text.trimmingWhitespace) else {
                    throw malformed(number, field.column, "a time in seconds, like 1.25", "'\(field.text)'")
                }
                times.append(seconds)
            }
            try WordTimeRule.check(
                start: times[0], end: times[1], file: document.source, format: .mfaCSV,
                startPlace: { place(number, fields[begin].column) }, endPlace: { place(number, fields[end].column) },
                repairs: nil)
            let speaker = speakerColumn.map { fields[$0].text } ?? ""
            if speakers.last != speaker {
                if let known = speakers.firstIndex(of: speaker) {
                    speakers.append(speakers.remove(at: known))
                    perSpeaker.append(perSpeaker.remove(at: known))
                } else {
                    speakers.append(speaker)
                    perSpeaker.append([])
                }
            }
            perSpeaker[perSpeaker.count - 1] += WordSpreading.words(
                in: fields[label].text, start: times[0], end: times[1], speaker: speaker.isEmpty ? nil : speaker)
        }
        return AlignerTiers.merged(perSpeaker)
    }
}
