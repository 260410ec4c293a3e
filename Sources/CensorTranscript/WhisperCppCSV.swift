/// Reads whisper.cpp's CSV (`-ocsv`): one segment a line, times in milliseconds.
///
/// ```
/// start,end,text
/// 1280,2620," Damn, that hurt."
/// 3500,5200," You piece of shit!"
/// ```
///
/// With `--diarize` on stereo input a `speaker` column comes before `text`. Older versions
/// escape quotes in the text as `\"`, newer ones as `""`; both are read. A segment's words are
/// spread over it (`WordSpreading`); with `-ml 1` each segment is one word and keeps its times.
internal enum WhisperCppCSV: TranscriptReader {
    internal static let detectionRule = "a first line start,end,text or start,end,speaker,text"

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        guard let header = SourceText.firstLine(of: document.text) else { return false }
        return ["start,end,text", "start,end,speaker,text"].contains(header.trimmingWhitespace)
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        let lines = SourceText.lines(of: document.text)
        let place = { (line: Int, column: Int) in SourceText.place(line: line, column: column) }
        let malformed = { (line: Int, column: Int, expected: String, found: String) in
            TranscriptError.malformed(
                file: document.source, format: .whisperCppCSV, place: place(line, column), expected: expected,
                found: found)
        }
        guard let header = lines.first, recognizes(document) else {
            throw malformed(1, 1, "the header start,end,text", lines.first.map { "'\($0)'" } ?? "end of file")
        }
        let hasSpeaker = header.trimmingWhitespace == "start,end,speaker,text"
        var words: [Word] = []
        for (offset, line) in lines.enumerated().dropFirst() where line.contains(where: { !$0.isWhitespace }) {
            let number = offset + 1
            let fields: [CSVLine.Field]
            do {
                fields = try CSVLine.fields(of: line, backslashEscapes: true)
            } catch {
                throw malformed(number, error.column, error.expected, error.found)
            }
            guard fields.count == (hasSpeaker ? 4 : 3) else {
                throw malformed(
                    number, 1, hasSpeaker ? "start,end,speaker,text" : "start,end,text", "\(fields.count) fields")
            }
            var times: [Double] = []
            for field in fields.prefix(2) {
                guard let milliseconds = Double(field.text.trimmingWhitespace) else {
                    throw malformed(number, field.column, "a time in milliseconds, like 1280", "'\(field.text)'")
                }
                times.append(milliseconds / 1000)
            }
            let checked = try WordTimeRule.check(
                start: times[0], end: times[1], file: document.source, format: .whisperCppCSV,
                startPlace: { place(number, fields[0].column) }, endPlace: { place(number, fields[1].column) },
                repairs: document.repairs)
            let speaker = hasSpeaker ? fields[2].text.trimmingWhitespace : ""
            words += WordSpreading.words(
                in: fields[fields.count - 1].text, start: checked.start, end: checked.end,
                speaker: speaker.isEmpty ? nil : String(speaker))
        }
        return words
    }
}
