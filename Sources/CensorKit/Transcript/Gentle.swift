/// Reads Gentle's forced alignment.
///
/// ```json
/// {"transcript": "Damn, that hurt.",
///  "words": [{"alignedWord": "damn", "case": "success", "start": 1.28, "end": 1.63, "word": "Damn",
///             "startOffset": 0, "endOffset": 4, "phones": [{"duration": 0.1, "phone": "d_B"}]},
///            {"case": "not-found-in-audio", "word": "that", "startOffset": 6, "endOffset": 10}]}
/// ```
///
/// Only words whose `case` is `success` have times; the others (`not-found-in-audio`) are
/// skipped. `word` (the transcript's spelling) is the text.
internal enum Gentle: TranscriptReader {
    internal static let detectionRule = #"a JSON object with "transcript" and "words""#

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        guard case .success(.object(let root))? = document.json, case .array? = root["words"] else { return false }
        return root.has("transcript")
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        let fields = JSONFields(document, format: .gentle)
        let root = try fields.object(try document.jsonValue(as: .gentle), at: { "" }, expected: #"an object with "words""#)
        var words: [Word] = []
        for (index, value) in try fields.array("words", of: root, at: { "" }).enumerated() {
            let path = { JSONPath.index("words", index) }
            let item = try fields.object(value, at: path)
            guard try fields.optionalString("case", of: item, at: path) == "success" else { continue }
            words.append(try fields.word(try fields.string("word", of: item, at: path), in: item, at: path, confidence: nil))
        }
        return words
    }
}
