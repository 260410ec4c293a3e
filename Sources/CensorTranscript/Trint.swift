/// Reads Trint's JSON export: its words with times and durations in milliseconds.
///
/// ```json
/// {"title": "testeisep.mp3",
///  "words": [{"duration": 330, "time": 3050, "paragraphId": "p0-0", "value": "Primeiro", "speaker": null,
///             "strikethrough": false}]}
/// ```
///
/// A word ends at its time plus its duration. A word struck through in Trint's editor is still
/// in the recording, and is read.
internal enum Trint: TranscriptReader {
    internal static let detectionRule = #"a JSON object with "words" of "value", "time" and "duration" items"#

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        guard case .success(.object(let root))? = document.json, case .array(let words)? = root["words"],
            case .object(let first)? = words.first
        else { return false }
        return first.has("value") && first.has("time") && first.has("duration")
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        let fields = JSONFields(document, format: .trint)
        let root = try fields.object(
            try document.jsonValue(as: .trint), at: { "" }, expected: #"an object with "words""#)
        var words: [Word] = []
        for (index, value) in try fields.array("words", of: root, at: { "" }).enumerated() {
            let path = { JSONPath.index("words", index) }
            let item = try fields.object(value, at: path)
            let start = try fields.time("time", of: item, unit: .milliseconds, at: path)
            let duration = try fields.time("duration", of: item, unit: .milliseconds, at: path)
            words.append(
                try fields.word(
                    try fields.string("value", of: item, at: path), start: start, end: start + duration,
                    speaker: try fields.speaker("speaker", of: item, at: path),
                    startPath: { JSONPath.key(path(), "time") }, endPath: { JSONPath.key(path(), "duration") }))
        }
        return words
    }
}
