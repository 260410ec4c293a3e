/// Reads a transcript of Speechmatics' first API (`/v1.0/user/{id}/jobs/{job}/transcript`): its
/// words with start times and durations in seconds, written as strings.
///
/// ```json
/// {"format": "1.0", "job": {"id": 1, "lang": "en-US", "name": "test.mp3", "duration": 244},
///  "speakers": [{"duration": "1.270", "name": "M1", "time": "0.590"}],
///  "words": [{"duration": "0.230", "name": "Hello", "time": "0.590", "confidence": "0.950"},
///            {"duration": "0.000", "name": ".", "time": "1.270"}]}
/// ```
///
/// A word ends at its time plus its duration. Punctuation comes as words of its own without
/// duration; it is appended to the word before it, whose times it does not change. A word's
/// speaker is the `speakers` entry whose span holds the word's start.
internal enum SpeechmaticsLegacy: TranscriptReader {
    internal static let detectionRule = #"a JSON object with "words" of "name", "time" and "duration" items"#

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        guard case .success(.object(let root))? = document.json, case .array(let words)? = root["words"],
            case .object(let first)? = words.first
        else { return false }
        return first.has("name") && first.has("time") && first.has("duration")
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        let fields = JSONFields(document, format: .speechmaticsLegacy)
        let root = try fields.object(
            try document.jsonValue(as: .speechmaticsLegacy), at: { "" }, expected: #"an object with "words""#)
        let speakers = try speakerSpans(of: root, fields: fields)
        var words: [Word] = []
        for (index, value) in try fields.array("words", of: root, at: { "" }).enumerated() {
            let path = { JSONPath.index("words", index) }
            let item = try fields.object(value, at: path)
            let text = try fields.string("name", of: item, at: path)
            if !words.isEmpty, !text.isEmpty, !text.unicodeScalars.contains(where: \.isWordCharacter) {
                words[words.count - 1].text += text
                continue
            }
            let start = try fields.time("time", of: item, unit: .seconds, at: path)
            let duration = try fields.time("duration", of: item, unit: .seconds, at: path)
            words.append(
                try fields.word(
                    text, start: start, end: start + duration,
                    confidence: try fields.confidence("confidence", of: item, at: path),
                    speaker: speakers.last { $0.span.contains(start) }?.name,
                    startPath: { JSONPath.key(path(), "time") }, endPath: { JSONPath.key(path(), "duration") }))
        }
        return words
    }

    /// The `speakers` entries: each name with the span it speaks over.
    private static func speakerSpans(of root: JSONObject, fields: JSONFields) throws(TranscriptError)
        -> [(name: String, span: ClosedRange<Double>)]
    {
        var speakers: [(name: String, span: ClosedRange<Double>)] = []
        for (index, value) in (try fields.optionalArray("speakers", of: root, at: { "" }) ?? []).enumerated() {
            let path = { JSONPath.index("speakers", index) }
            let item = try fields.object(value, at: path)
            let start = try fields.time("time", of: item, unit: .seconds, at: path)
            let duration = try fields.time("duration", of: item, unit: .seconds, at: path)
            guard let name = try fields.speaker("name", of: item, at: path), duration >= 0 else { continue }
            speakers.append((name, start...(start + duration)))
        }
        return speakers
    }
}
