/// Reads the JSON of BBC News Labs' Kaldi speech-to-text service, wrapped in its API response
/// (`retval`) or bare, as BBC's transcript editor takes it.
///
/// ```json
/// {"action": "audio-transcribe",
///  "retval": {"status": true, "wonid": "octo:…", "punct": "There is a day. …",
///    "words": [{"start": 13.02, "confidence": 0.68, "end": 13.17, "word": "there", "punct": "There", "index": 0}]}}
/// ```
///
/// `punct` (the word with its capitals and punctuation) is the text when present, else
/// `word`; times are in seconds. A response whose `words` is `null` (the job is not done) has
/// no words.
internal enum BBCKaldi: TranscriptReader {
    internal static let detectionRule = #"a JSON object with "retval.words", or "words" of "punct" items"#

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        guard case .success(.object(let root))? = document.json else { return false }
        if case .object(let retval)? = root["retval"] { return retval.has("words") }
        guard case .array(let words)? = root["words"], case .object(let first)? = words.first else { return false }
        return first.has("punct") && first.has("start") && first.has("end")
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        let fields = JSONFields(document, format: .bbcKaldi)
        let root = try fields.object(
            try document.jsonValue(as: .bbcKaldi), at: { "" }, expected: #"an object with "retval""#)
        let container = root.has("retval") ? try fields.object("retval", of: root, at: { "" }) : root
        let base = root.has("retval") ? "retval" : ""
        var words: [Word] = []
        for (index, value) in (try fields.optionalArray("words", of: container, at: { base }) ?? []).enumerated() {
            let path = { JSONPath.index(JSONPath.key(base, "words"), index) }
            let item = try fields.object(value, at: path)
            let text = try fields.string(item.has("punct") ? "punct" : "word", of: item, at: path)
            words.append(try fields.word(text, in: item, at: path))
        }
        return words
    }
}
