/// Reads NVIDIA NeMo word timestamps (Parakeet, Canary, FastConformer), as scripts dump them
/// and as NeMo's `transcribe_speech.py` writes them.
///
/// `model.transcribe(..., timestamps=True)` gives each hypothesis a `timestamp` dictionary whose
/// `word` list holds
///
/// ```json
/// {"word": "Damn,", "start_offset": 16, "end_offset": 20, "start": 1.28, "end": 1.6}
/// ```
///
/// with `start` and `end` in seconds and the offsets in encoder frames. Three layouts hold such
/// lists: the list itself (`json.dump(hyp.timestamp['word'])`); a dumped hypothesis
/// (`{"text": …, "timestamp": {"word": […], "segment": […], "char": […]}}`); and a line of the
/// output manifest of `transcribe_speech.py … compute_timestamps=True`
/// (`{"audio_filepath": …, "pred_text": …, "word": […], "segment": […], "char": […]}`). A manifest
/// holds a line per audio file; censor reads one recording's words, so a manifest of several
/// lines is an error naming the second. Items without `start` and `end` (only frame offsets) are
/// an error: frames become seconds only with the model's frame length. With `confidence=True`
/// a line also holds `word_confidence`, one number a word, which becomes each word's confidence.
internal enum NeMo: TranscriptReader {
    internal static let detectionRule =
        #"JSON with word items with "start_offset" and "end_offset": a list, "timestamp.word", or a manifest line's "word""#

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        guard case .object(let first)? = document.jsonRecordValues.first else { return false }
        if first.has("start_offset") && first.has("end_offset") && first.has("word") { return true }
        if case .object(let timestamp)? = first["timestamp"], case .array? = timestamp["word"] { return true }
        guard case .array(let items)? = first["word"], case .object(let item)? = items.first else {
            return first.has("pred_text") && first.has("word")
        }
        return item.has("start_offset")
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        let fields = JSONFields(document, format: .nemo)
        if let lines = document.jsonLines, lines.count > 1 {
            throw fields.malformed(
                JSONPath.line(lines[1].line), expected: "the transcription of one audio file",
                found: "a manifest of \(lines.count) lines, one per audio file")
        }
        let items: [JSONValue]
        let itemsPath: String
        var confidences: [JSONValue] = []
        switch try document.jsonValue(as: .nemo) {
        case .array(let elements):
            (items, itemsPath) = (elements, "")
        case .object(let record):
            (items, itemsPath) = try wordList(of: record, at: "", fields: fields)
            // With confidence=True NeMo adds the words' confidences, in order, beside the words.
            if let values = try fields.optionalArray("word_confidence", of: record, at: { "" }),
                values.count == items.count
            {
                confidences = values
            }
        case let other:
            throw fields.malformed(
                "", expected: #"a list of words or an object with "timestamp" or "word""#, found: other.kindDescription)
        }
        return try items.enumerated().map { (index, value) throws(TranscriptError) in
            let path = { JSONPath.index(itemsPath, index) }
            let item = try fields.object(value, at: path)
            for key in ["start", "end"] where !item.has(key) && item.has(key + "_offset") {
                throw fields.malformed(
                    JSONPath.key(path(), key), expected: "a time in seconds",
                    found: #"only "\#(key)_offset", in encoder frames"#)
            }
            var word = try fields.word(
                try fields.string("word", of: item, at: path), in: item, at: path, confidence: nil)
            if index < confidences.count {
                word.confidence = try fields.confidence(
                    confidences[index], at: { JSONPath.index("word_confidence", index) })
            }
            return word
        }
    }

    /// The word list of a dumped hypothesis (`timestamp.word`) or a manifest line (`word`).
    private static func wordList(of record: JSONObject, at path: String, fields: JSONFields) throws(TranscriptError)
        -> (items: [JSONValue], path: String)
    {
        if record.has("timestamp") {
            let timestamp = try fields.object("timestamp", of: record, at: { path })
            return (
                try fields.array("word", of: timestamp, at: { JSONPath.key(path, "timestamp") }),
                JSONPath.key(path, "timestamp.word")
            )
        }
        return (try fields.array("word", of: record, at: { path }), JSONPath.key(path, "word"))
    }
}
