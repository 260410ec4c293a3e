/// Reads Speechmatics json-v2: a batch job's transcript, or real-time messages as JSON lines.
///
/// ```json
/// {"format": "2.9", "job": {"data_name": "talk.wav", "duration": 53},
///  "metadata": {"language_pack_info": {"word_delimiter": " "}, "type": "transcription"},
///  "results": [
///    {"type": "word", "start_time": 2.94, "end_time": 3.27,
///     "alternatives": [{"content": "Now", "confidence": 1, "language": "en", "speaker": "UU"}]},
///    {"type": "punctuation", "attaches_to": "previous", "is_eos": false, "start_time": 3.27, "end_time": 3.27,
///     "alternatives": [{"content": ",", "confidence": 1}]},
///    {"type": "entity", "entity_class": "money", "start_time": 8.44, "end_time": 10.17,
///     "alternatives": [{"content": "$2.05"}],
///     "spoken_form": [{"type": "word", "start_time": 8.44, "end_time": 8.76, "alternatives": [{"content": "Two"}]}]}]}
/// ```
///
/// Each `word` item's first alternative is a word, times in seconds. Punctuation is not a word:
/// it is appended to the word before it (`attaches_to` `previous`, `both`, or none given) or
/// prepended to the next one (`next`), without changing times. An `entity` (written form
/// `$2.05`) is read as its `spoken_form` words, which carry their own times, or as itself when
/// it has none. The speaker `UU` (unknown) is no speaker; with channel diarization an item's
/// `channel` (`channel_1`) stands for its speaker. Real-time output is one message a
/// line; only `AddTranscript` messages hold final words, so `AddPartialTranscript` and the
/// others are skipped.
internal enum Speechmatics: TranscriptReader {
    internal static let detectionRule =
        #"JSON with "results" of items with "type" and "start_time", or Speechmatics real-time "message" lines"#

    /// The real-time API's message names, for telling its JSON lines apart.
    private static let messages: Set<String> = [
        "RecognitionStarted", "AudioAdded", "AddPartialTranscript", "AddTranscript", "EndOfUtterance",
        "EndOfTranscript", "Info", "Warning", "Error",
    ]

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        guard case .object(let first)? = document.jsonRecordValues.first else { return false }
        if case .string(let message)? = first["message"], messages.contains(message) { return true }
        guard case .array(let results)? = first["results"] else { return false }
        if case .object(let item)? = results.first { return item.has("type") && item.has("start_time") }
        return first.has("format") && first.has("metadata")
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        let fields = JSONFields(document, format: .speechmatics)
        var reader = Reader(fields: fields)
        for (recordPath, value) in try document.jsonRecords(as: .speechmatics) {
            let path = { recordPath }
            let record = try fields.object(value, at: path)
            if let message = try fields.optionalString("message", of: record, at: path), message != "AddTranscript" {
                continue
            }
            let results = try fields.array("results", of: record, at: path)
            try reader.read(results, at: { JSONPath.key(recordPath, "results") })
        }
        return reader.finished()
    }

    /// Turns result items into words, holding punctuation that attaches to the next word.
    private struct Reader {
        let fields: JSONFields
        var words: [Word] = []
        /// Punctuation waiting for the next word (`attaches_to: next`).
        var prefix = ""

        mutating func read(_ items: [JSONValue], at path: () -> String) throws(TranscriptError) {
            for (index, value) in items.enumerated() {
                func itemPath() -> String { JSONPath.index(path(), index) }
                let item = try fields.object(value, at: itemPath)
                switch try fields.optionalString("type", of: item, at: itemPath) ?? "word" {
                case "word":
                    try addWord(item, at: itemPath)
                case "entity":
                    if let spoken = try fields.optionalArray("spoken_form", of: item, at: itemPath), !spoken.isEmpty {
                        try read(spoken, at: { JSONPath.key(itemPath(), "spoken_form") })
                    } else {
                        try addWord(item, at: itemPath)
                    }
                case "punctuation":
                    guard let content = try best(of: item, at: itemPath)?.content else { continue }
                    switch try fields.optionalString("attaches_to", of: item, at: itemPath) {
                    case "next": prefix += content
                    case "none": continue
                    default:
                        if words.isEmpty { prefix += content } else { words[words.count - 1].text += content }
                    }
                default:
                    continue  // speaker_change and other markers carry no word
                }
            }
        }

        /// The first alternative's content, confidence and speaker; `nil` for no alternative.
        private func best(of item: JSONObject, at path: () -> String) throws(TranscriptError)
            -> (content: String, confidence: Double?, speaker: String?)?
        {
            guard let first = try fields.array("alternatives", of: item, at: path).first else { return nil }
            let alternativePath = { JSONPath.index(JSONPath.key(path(), "alternatives"), 0) }
            let alternative = try fields.object(first, at: alternativePath)
            let speaker = try fields.speaker("speaker", of: alternative, at: alternativePath)
            return (
                try fields.string("content", of: alternative, at: alternativePath),
                try fields.confidence("confidence", of: alternative, at: alternativePath),
                speaker == "UU" ? nil : speaker
            )
        }

        private mutating func addWord(_ item: JSONObject, at path: () -> String) throws(TranscriptError) {
            guard let best = try best(of: item, at: path) else { return }
            let channel = try fields.optionalString("channel", of: item, at: path)
            var word = try fields.word(
                best.content, in: item, at: path, start: "start_time", end: "end_time", confidence: nil,
                speaker: best.speaker ?? channel)
            word.confidence = best.confidence
            word.text = prefix + word.text
            prefix = ""
            words.append(word)
        }

        func finished() -> [Word] { words }
    }
}
