/// Reads a NIST CTM (time-marked conversation) file, as Kaldi (`steps/get_ctm.sh`,
/// `nbest-to-ctm`), SCTK and many aligners write it.
///
/// ```
/// ;; recording channel start duration word [confidence]
/// talk 1 1.28 0.35 damn 0.97
/// talk 1 1.63 0.27 that 1.00
/// talk 1 1.90 0.12 <unk> 0.41
/// ```
///
/// One word a line, fields separated by spaces or tabs: the recording, the channel, the start
/// and the duration in seconds, the word, and optionally a confidence (0 to 1, or `NA`) and the
/// extended CTM's type and speaker. A word ends at its start plus its duration. Lines starting
/// `;;` are comments. Kaldi's non-words — `<eps>`, `<unk>`, `<sil>`, `[noise]`, `!SIL` — are
/// dropped. A CTM of several recordings (or of Kaldi utterances, whose times count from each
/// utterance's start until `utils/convert_ctm.pl` makes them count from the recording's) is an
/// error at the first line of the second: its times are not one recording's.
internal enum CTM: TranscriptReader {
    internal static let detectionRule = "lines of recording channel start duration word [confidence]"

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        guard let first = SourceText.Lines(text: document.text).first(where: isEntry) else { return false }
        let fields = first.split(whereSeparator: \.isWhitespace)
        guard (5...8).contains(fields.count), Double(fields[2]) != nil, Double(fields[3]) != nil else { return false }
        // An Audacity label whose text holds numbers ("1.0<TAB>2.0<TAB>3 4 5") is not a CTM line.
        return !(first.contains("\t") && Double(fields[0]) != nil && Double(fields[1]) != nil)
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        var words: [Word] = []
        var recording: (name: Substring, line: Int)?
        var order = TimeOrderCheck()
        for (index, line) in SourceText.lines(of: document.text).enumerated() where isEntry(line) {
            let fields = Self.fields(of: line)
            let place = { (field: Int) in
                SourceText.place(
                    line: index + 1, column: field < fields.count ? fields[field].column : line.unicodeScalars.count + 1
                )
            }
            func malformed(_ field: Int, _ expected: String) -> TranscriptError {
                .malformed(
                    file: document.source, format: .ctm, place: place(field), expected: expected,
                    found: field < fields.count ? "'\(fields[field].text)'" : "end of line")
            }
            guard fields.count >= 5 else {
                throw malformed(
                    fields.count,
                    ["a recording", "a channel", "a start time in seconds", "a duration in seconds", "a word"][
                        fields.count])
            }
            guard fields.count <= 8 else { throw malformed(8, "end of line after the type and speaker") }
            if let recording, recording.name != fields[0].text {
                throw malformed(
                    0,
                    "the recording '\(recording.name)' of line \(recording.line) (a CTM of several recordings or utterances)"
                )
            }
            recording = recording ?? (fields[0].text, index + 1)
            guard let start = Double(fields[2].text) else { throw malformed(2, "a start time in seconds, like 1.28") }
            guard let duration = Double(fields[3].text) else { throw malformed(3, "a duration in seconds, like 0.35") }
            var confidence: Double?
            if fields.count > 5, fields[5].text != "NA" {
                guard let value = Double(fields[5].text), (0...1).contains(value) else {
                    throw malformed(5, "a confidence from 0 to 1, or NA")
                }
                confidence = value
            }
            let times = try WordTimeRule.check(
                start: start, end: start + duration, file: document.source, format: .ctm, startPlace: { place(2) },
                endPlace: { place(3) }, repairs: document.repairs)
            let text = fields[4].text
            order.check(
                start: times.start, end: times.end, line: index + 1, track: fields[1].text, repairs: document.repairs)
            guard !isNonWord(text) else { continue }
            words.append(
                Word(
                    text: String(text), start: times.start, end: times.end, confidence: confidence,
                    speaker: fields.count > 7 ? String(fields[7].text) : nil))
        }
        return words
    }

    /// Whether a line holds an entry: not blank and not a `;;` comment.
    private static func isEntry(_ line: Substring) -> Bool {
        guard let first = line.firstIndex(where: { !$0.isWhitespace }) else { return false }
        return !line[first...].hasPrefix(";;")
    }

    /// Kaldi's markers for silence, noise and unknown words.
    private static func isNonWord(_ word: Substring) -> Bool {
        (word.hasPrefix("<") && word.hasSuffix(">")) || (word.hasPrefix("[") && word.hasSuffix("]")) || word == "!SIL"
    }

    /// A line's whitespace-separated fields with their columns (in Unicode scalars, from 1).
    private static func fields(of line: Substring) -> [(text: Substring, column: Int)] {
        var fields: [(Substring, Int)] = []
        var column = 1
        var fieldStart: (index: Substring.Index, column: Int)?
        for index in line.unicodeScalars.indices {
            let isSpace = line.unicodeScalars[index].properties.isWhitespace
            if isSpace, let start = fieldStart {
                fields.append((line[start.index..<index], start.column))
                fieldStart = nil
            } else if !isSpace, fieldStart == nil {
                fieldStart = (index, column)
            }
            column += 1
        }
        if let start = fieldStart { fields.append((line[start.index...], start.column)) }
        return fields
    }
}
