/// Reads IBM Watson Speech to Text results (`timestamps=true`, optionally `word_confidence=true`
/// and `speaker_labels=true`): one response, a list of them, or WebSocket messages as JSON lines.
///
/// ```json
/// {"result_index": 0,
///  "results": [{"final": true, "alternatives": [{"transcript": "Garfield sheen ",
///     "confidence": 0.871, "timestamps": [["Garfield ", 0.21, 0.95], ["sheen ", 0.99, 1.41]],
///     "word_confidence": [["Garfield ", 0.9999], ["sheen ", 0.8392]]}],
///    "word_alternatives": [...], "keywords_result": {}}],
///  "speaker_labels": [{"from": 0.21, "to": 0.95, "speaker": 1, "confidence": 0.5, "final": true}]}
/// ```
///
/// Each result's first alternative gives the words: `timestamps` entries `[word, start, end]` in
/// seconds, and `word_confidence` entries `[word, confidence]` in the same order. Interim
/// results (`"final": false`, sent over the WebSocket interface) are skipped, and so are the
/// `%HESITATION` markers Watson writes for "uh" and "um". A word's speaker is the
/// `speaker_labels` entry whose `from` is the word's start.
///
/// An asynchronous job's status (`GET /v1/recognitions/{id}`) wraps the responses in an
/// envelope; each of its `results` is one response as above:
///
/// ```json
/// {"id": "398fcd80-330a-22ba-93ce-1a73f454dd98", "status": "completed",
///  "created": "2016-08-17T19:11:04.298Z", "updated": "2016-08-17T19:11:16.003Z",
///  "results": [{"result_index": 0, "results": [{"final": true, "alternatives": [...]}]}]}
/// ```
internal enum IBMWatson: TranscriptReader {
    internal static let detectionRule =
        #"JSON with "results" of "alternatives" with "timestamps", or results marked "final", or an async job's "results""#

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        guard case .object(var first)? = document.jsonRecordValues.first else { return false }
        if let response = jobResponses(of: first)?.first {
            guard case .object(let inner) = response else { return false }
            first = inner
        }
        guard case .array(let results)? = first["results"],
            case .object(let result)? = results.first, case .array(let alternatives)? = result["alternatives"]
        else { return false }
        if result.has("final") || first.has("result_index") { return true }
        guard case .object(let best)? = alternatives.first else { return false }
        return best.has("timestamps") || best.has("word_confidence")
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        let fields = JSONFields(document, format: .ibmWatson)
        var words: [Word] = []
        for (recordPath, value) in try responses(in: document) {
            let path = { recordPath }
            let record = try fields.object(value, at: path)
            guard let results = try fields.optionalArray("results", of: record, at: path) else { continue }
            let speakers = try speakerStarts(in: record, fields: fields, at: path)
            for (index, resultValue) in results.enumerated() {
                let resultPath = { JSONPath.index(JSONPath.key(recordPath, "results"), index) }
                let result = try fields.object(resultValue, at: resultPath)
                if case .bool(false)? = result["final"] { continue }
                guard let best = try fields.array("alternatives", of: result, at: resultPath).first else { continue }
                let bestPath = { JSONPath.index(JSONPath.key(resultPath(), "alternatives"), 0) }
                let alternative = try fields.object(best, at: bestPath)
                let confidences = try fields.optionalArray("word_confidence", of: alternative, at: bestPath) ?? []
                let stamps = try fields.optionalArray("timestamps", of: alternative, at: bestPath) ?? []
                for (stampIndex, stamp) in stamps.enumerated() {
                    let stampPath = { JSONPath.index(JSONPath.key(bestPath(), "timestamps"), stampIndex) }
                    var word = try timedWord(stamp, fields: fields, at: stampPath)
                    if word.text.trimmingWhitespace == "%HESITATION" { continue }
                    if stampIndex < confidences.count {
                        let confidencePath = { JSONPath.index(JSONPath.key(bestPath(), "word_confidence"), stampIndex) }
                        word.confidence = try confidence(confidences[stampIndex], fields: fields, at: confidencePath)
                    }
                    word.speaker = speakers[word.start]
                    words.append(word)
                }
            }
        }
        return words
    }

    /// The responses: the file's JSON records, or the `results` of an asynchronous job's envelope.
    private static func responses(in document: TranscriptDocument) throws(TranscriptError)
        -> [(path: String, value: JSONValue)]
    {
        let records = try document.jsonRecords(as: .ibmWatson)
        guard records.count == 1, case .object(let job) = records[0].value, let responses = jobResponses(of: job)
        else { return records }
        return responses.enumerated().map {
            (JSONPath.index(JSONPath.key(records[0].path, "results"), $0.offset), $0.element)
        }
    }

    /// The `results` of an asynchronous job's envelope (`id`, `status`, `created`, `updated`,
    /// and `results` of responses that have `results` themselves), or `nil` for a response.
    private static func jobResponses(of record: JSONObject) -> [JSONValue]? {
        guard record.has("created") || record.has("updated"), case .array(let results)? = record["results"],
            case .object(let response)? = results.first, response.has("results"), !response.has("alternatives")
        else { return nil }
        return results
    }

    /// One `[word, start, end]` entry.
    private static func timedWord(_ value: JSONValue, fields: JSONFields, at path: () -> String) throws(TranscriptError)
        -> Word
    {
        guard case .array(let entry) = value, entry.count == 3, case .string(let text) = entry[0] else {
            throw fields.malformed(path(), expected: "a [word, start, end] array", found: describe(value))
        }
        return try fields.word(
            text, start: try fields.time(entry[1], unit: .seconds, at: { JSONPath.index(path(), 1) }),
            end: try fields.time(entry[2], unit: .seconds, at: { JSONPath.index(path(), 2) }),
            startPath: { JSONPath.index(path(), 1) }, endPath: { JSONPath.index(path(), 2) })
    }

    /// The confidence of one `[word, confidence]` entry.
    private static func confidence(_ value: JSONValue, fields: JSONFields, at path: () -> String)
        throws(TranscriptError) -> Double
    {
        guard case .array(let entry) = value, entry.count == 2 else {
            throw fields.malformed(path(), expected: "a [word, confidence] array", found: describe(value))
        }
        return try fields.confidence(entry[1], at: { JSONPath.index(path(), 1) })
    }

    /// The speakers of `speaker_labels`, by the start time of the word each labels.
    private static func speakerStarts(in record: JSONObject, fields: JSONFields, at path: () -> String)
        throws(TranscriptError) -> [Double: String]
    {
        var speakers: [Double: String] = [:]
        for (index, value) in (try fields.optionalArray("speaker_labels", of: record, at: path) ?? []).enumerated() {
            let labelPath = { JSONPath.index(JSONPath.key(path(), "speaker_labels"), index) }
            let label = try fields.object(value, at: labelPath)
            speakers[try fields.time("from", of: label, unit: .seconds, at: labelPath)] =
                try fields.speaker("speaker", of: label, at: labelPath)
        }
        return speakers
    }

    private static func describe(_ value: JSONValue) -> String {
        if case .array(let elements) = value { return "an array of \(elements.count)" }
        return value.kindDescription
    }
}
