/// Reads a generic JSON list of timed words, as scripts and other tools write them.
///
/// ```json
/// [{"word": "Damn,", "start": 1.28, "end": 1.63, "confidence": 0.93, "speaker": "Ann"},
///  {"text": "that", "start": "1.63", "end": "1.9"}]
/// ```
///
/// The top level is the array, or an object whose `words` is the array. Each item has `word`
/// or `text`, and `start` and `end` in seconds (numbers or numeric strings); `confidence`
/// (0 to 1) and `speaker` are kept when present.
internal enum JSONWords: TranscriptReader {
    internal static let detectionRule = #"a JSON list (or "words") of objects with "word" or "text", "start" and "end""#

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        let items: [JSONValue]
        switch document.json {
        case .success(.array(let elements))?: items = elements
        case .success(.object(let root))?:
            guard case .array(let elements)? = root["words"] else { return false }
            items = elements
        default: return false
        }
        guard case .object(let first)? = items.first else { return false }
        return (first.has("word") || first.has("text")) && first.has("start") && first.has("end")
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        let fields = JSONFields(document, format: .jsonWords)
        let items: [JSONValue]
        let itemsPath: String
        switch try document.jsonValue(as: .jsonWords) {
        case .array(let elements):
            (items, itemsPath) = (elements, "")
        case .object(let root):
            (items, itemsPath) = (try fields.array("words", of: root, at: { "" }), "words")
        case let other:
            throw fields.malformed("", expected: "an array of words", found: other.kindDescription)
        }
        var words: [Word] = []
        words.reserveCapacity(items.count)
        for (index, value) in items.enumerated() {
            let path = { JSONPath.index(itemsPath, index) }
            let item = try fields.object(value, at: path)
            let text = try fields.string(item.has("word") ? "word" : "text", of: item, at: path)
            words.append(
                try fields.word(text, in: item, at: path, speaker: try fields.speaker("speaker", of: item, at: path)))
        }
        return words
    }
}
