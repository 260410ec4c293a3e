/// Reads Rev.ai's transcript.
///
/// ```json
/// {"monologues": [{"speaker": 0, "speaker_name": "Host", "elements": [
///    {"type": "text", "value": "Damn", "ts": 1.28, "end_ts": 1.63, "confidence": 0.97},
///    {"type": "punct", "value": ","}, {"type": "punct", "value": " "},
///    {"type": "text", "value": "that", "ts": 1.63, "end_ts": 1.9, "confidence": 1}]}]}
/// ```
///
/// `text` elements are words; `punct` elements have no times and are appended to the previous
/// word unless they are only whitespace; `unknown` elements (`<inaudible>`) are skipped. The
/// monologue's `speaker_name`, or else its `speaker` number, is every word's speaker.
internal enum RevAI: TranscriptReader {
    internal static let detectionRule = #"a JSON object with "monologues" of "elements""#

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        guard case .success(.object(let root))? = document.json, case .array(let monologues)? = root["monologues"],
            case .object(let first)? = monologues.first
        else { return false }
        return first.has("elements")
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        let fields = JSONFields(document, format: .revAI)
        let root = try fields.object(
            try document.jsonValue(as: .revAI), at: { "" }, expected: #"an object with "monologues""#)
        var words: [Word] = []
        for (monologueIndex, value) in try fields.array("monologues", of: root, at: { "" }).enumerated() {
            let monologuePath = { JSONPath.index("monologues", monologueIndex) }
            let monologue = try fields.object(value, at: monologuePath)
            var speaker = try fields.optionalString("speaker_name", of: monologue, at: monologuePath)
            if speaker == nil { speaker = try fields.speaker("speaker", of: monologue, at: monologuePath) }
            for (index, elementValue) in try fields.array("elements", of: monologue, at: monologuePath).enumerated() {
                let path = { JSONPath.index(JSONPath.key(monologuePath(), "elements"), index) }
                let element = try fields.object(elementValue, at: path)
                let value = try fields.string("value", of: element, at: path)
                switch try fields.string("type", of: element, at: path) {
                case "text":
                    words.append(
                        try fields.word(value, in: element, at: path, start: "ts", end: "end_ts", speaker: speaker))
                case "punct":
                    if value.contains(where: { !$0.isWhitespace }), let last = words.indices.last {
                        words[last].text += value
                    }
                default:
                    continue
                }
            }
        }
        return words
    }
}
