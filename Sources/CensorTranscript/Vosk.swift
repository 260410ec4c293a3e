/// Reads Vosk's recognizer results and vosk-transcriber's JSON.
///
/// `KaldiRecognizer.Result()` with `SetWords(True)` writes one object per utterance; a file may
/// hold one, a list of them, or one a line (JSON lines):
///
/// ```json
/// {"result": [{"conf": 0.98, "end": 1.63, "start": 1.28, "word": "damn"},
///             {"conf": 1.0, "end": 1.9, "start": 1.63, "word": "that"}], "text": "damn that"}
/// {"text": ""}
/// ```
///
/// Utterances without `result` (silence: `{"text": ""}`; partial results) have no words; when
/// such an utterance has text (the recognizer ran without `SetWords(True)`), the notes count
/// its words as untimed, so that a file of them is not taken for silence. With
/// `SetMaxAlternatives`, the first of `alternatives` is read. vosk-transcriber's `-t json`
/// writes `{"monologues": [{"speaker": {"id": "unknown"}, "terms": [{"text", "start", "end",
/// "confidence", "type": "WORD"}]}]}`.
internal enum Vosk: TranscriptReader {
    internal static let detectionRule =
        #"JSON (an object, a list or lines) with "result", "alternatives", "partial" or only "text"; or "monologues" of "terms""#

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        guard case .object(let first)? = document.jsonRecordValues.first else { return false }
        if case .array(let monologues)? = first["monologues"], case .object(let monologue)? = monologues.first {
            return monologue.has("terms")
        }
        if first.has("result") || first.has("alternatives") || first.has("partial") { return true }
        return first.members.count == 1 && first.has("text")
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        let fields = JSONFields(document, format: .vosk)
        var words: [Word] = []
        for (recordPath, value) in try document.jsonRecords(as: .vosk) {
            let path = { recordPath }
            let record = try fields.object(value, at: path)
            if let monologues = try fields.optionalArray("monologues", of: record, at: path) {
                try readMonologues(
                    monologues, at: { JSONPath.key(recordPath, "monologues") }, fields: fields, into: &words)
                continue
            }
            var utterance = record
            var utterancePath = recordPath
            if let alternatives = try fields.optionalArray("alternatives", of: record, at: path),
                let best = alternatives.first
            {
                utterancePath = JSONPath.index(JSONPath.key(recordPath, "alternatives"), 0)
                utterance = try fields.object(best, at: { utterancePath })
            }
            let items = try fields.optionalArray("result", of: utterance, at: { utterancePath }) ?? []
            for (index, itemValue) in items.enumerated() {
                let itemPath = { JSONPath.index(JSONPath.key(utterancePath, "result"), index) }
                let item = try fields.object(itemValue, at: itemPath)
                words.append(
                    try fields.word(
                        try fields.string("word", of: item, at: itemPath), in: item, at: itemPath, confidence: "conf"))
            }
        }
        return words
    }

    internal static func notes(on document: TranscriptDocument, words: [Word]) -> ReadingNotes {
        var untimed = 0
        for case .object(let record) in document.jsonRecordValues
        where !record.has("result") && !record.has("monologues") {
            if case .string(let text)? = record["text"] { untimed += text.split(whereSeparator: \.isWhitespace).count }
        }
        // `{"text": "…"}` alone is also what the OpenAI API returns for response_format=json.
        return ReadingNotes(
            untimedWords: untimed,
            wordTimesAdvice: untimed > 0
                ? "call SetWords(True) on Vosk's KaldiRecognizer (or, for the OpenAI API, ask for "
                    + "response_format=verbose_json with timestamp_granularities[]=word)" : nil)
    }

    /// vosk-transcriber's `monologues[].terms[]`.
    private static func readMonologues(
        _ monologues: [JSONValue], at path: () -> String, fields: JSONFields, into words: inout [Word]
    ) throws(TranscriptError) {
        for (monologueIndex, value) in monologues.enumerated() {
            func monologuePath() -> String { JSONPath.index(path(), monologueIndex) }
            let monologue = try fields.object(value, at: monologuePath)
            var speaker: String?
            if case .object(let who)? = monologue["speaker"] {
                speaker = try fields.speaker("id", of: who, at: { JSONPath.key(monologuePath(), "speaker") })
                if speaker == "unknown" { speaker = nil }
            }
            for (index, termValue) in try fields.array("terms", of: monologue, at: monologuePath).enumerated() {
                let termPath = { JSONPath.index(JSONPath.key(monologuePath(), "terms"), index) }
                let term = try fields.object(termValue, at: termPath)
                words.append(
                    try fields.word(
                        try fields.string("text", of: term, at: termPath), in: term, at: termPath, speaker: speaker))
            }
        }
    }
}
