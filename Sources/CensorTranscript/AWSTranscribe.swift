/// Reads an AWS Transcribe job's output.
///
/// ```json
/// {"jobName": "talk", "accountId": "111122223333", "status": "COMPLETED",
///  "results": {"transcripts": [{"transcript": "Damn, that hurt."}],
///   "items": [{"start_time": "1.28", "end_time": "1.63", "type": "pronunciation", "speaker_label": "spk_0",
///              "alternatives": [{"confidence": "0.998", "content": "Damn"}]},
///             {"type": "punctuation", "alternatives": [{"confidence": "0.0", "content": ","}]}]}}
/// ```
///
/// Times and confidences are strings. A `punctuation` item has no times and is appended to the
/// previous word's text. Speakers come from each item's `speaker_label`, or, in older output,
/// from `results.speaker_labels.segments[].items[]` matched by start time.
internal enum AWSTranscribe: TranscriptReader {
    internal static let detectionRule = #"a JSON object with "results.items""#

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        guard case .success(.object(let root))? = document.json, case .object(let results)? = root["results"] else {
            return false
        }
        return results.has("items")
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        let fields = JSONFields(document, format: .awsTranscribe)
        let root = try fields.object(
            try document.jsonValue(as: .awsTranscribe), at: { "" }, expected: #"an object with "results""#)
        let results = try fields.object("results", of: root, at: { "" })
        let speakers = try speakersByStart(in: results, fields: fields)
        var words: [Word] = []
        for (index, value) in try fields.array("items", of: results, at: { "results" }).enumerated() {
            let path = { JSONPath.index("results.items", index) }
            let item = try fields.object(value, at: path)
            let alternatives = try fields.array("alternatives", of: item, at: path)
            let alternativePath = { JSONPath.index(JSONPath.key(path(), "alternatives"), 0) }
            guard let first = alternatives.first else {
                throw fields.malformed(
                    JSONPath.key(path(), "alternatives"), expected: "at least one alternative", found: "an empty array")
            }
            let alternative = try fields.object(first, at: alternativePath)
            let content = try fields.string("content", of: alternative, at: alternativePath)
            if try fields.optionalString("type", of: item, at: path) == "punctuation" {
                if let last = words.indices.last { words[last].text += content }
                continue
            }
            let start = try fields.time("start_time", of: item, unit: .seconds, at: path)
            let speaker = try fields.speaker("speaker_label", of: item, at: path) ?? speakers[start]
            var word = try fields.word(
                content, in: item, at: path, start: "start_time", end: "end_time", confidence: nil, speaker: speaker)
            word.confidence = try fields.confidence("confidence", of: alternative, at: alternativePath)
            words.append(word)
        }
        return words
    }

    /// Older output's speakers: each `speaker_labels.segments[].items[]` start time's label.
    private static func speakersByStart(in results: JSONObject, fields: JSONFields) throws(TranscriptError)
        -> [Double: String]
    {
        guard case .object(let labels)? = results["speaker_labels"],
            let segments = try fields.optionalArray("segments", of: labels, at: { "results.speaker_labels" })
        else { return [:] }
        var speakers: [Double: String] = [:]
        for (segmentIndex, segmentValue) in segments.enumerated() {
            let segmentPath = { JSONPath.index("results.speaker_labels.segments", segmentIndex) }
            let segment = try fields.object(segmentValue, at: segmentPath)
            for (index, value) in (try fields.optionalArray("items", of: segment, at: segmentPath) ?? []).enumerated() {
                let path = { JSONPath.index(JSONPath.key(segmentPath(), "items"), index) }
                let item = try fields.object(value, at: path)
                if let speaker = try fields.speaker("speaker_label", of: item, at: path) {
                    speakers[try fields.time("start_time", of: item, unit: .seconds, at: path)] = speaker
                }
            }
        }
        return speakers
    }
}
