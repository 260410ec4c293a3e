import Foundation

/// Reads ElevenLabs Scribe's speech-to-text response (`/v1/speech-to-text`), one channel or
/// several.
///
/// ```json
/// {"language_code": "en", "language_probability": 0.98, "text": "Hello world! (laughs)",
///  "words": [{"text": "Hello", "start": 0.0, "end": 0.5, "type": "word", "speaker_id": "speaker_1", "logprob": -0.124},
///            {"text": " ", "start": 0.5, "end": 0.52, "type": "spacing", "speaker_id": "speaker_1"},
///            {"text": "(laughs)", "start": 1.1, "end": 1.6, "type": "audio_event", "speaker_id": "speaker_1"}]}
/// ```
///
/// Only `word` entries are words; `spacing` entries (the gaps between them) and `audio_event`
/// tags (`(laughter)`, `(music)`) are not. A `punctuation` entry is appended to the word before
/// it. Times are in seconds; the confidence is `exp(logprob)`. With `use_multi_channel` the
/// response holds one such transcript per channel under `transcripts`, read in turn.
internal enum ElevenLabs: TranscriptReader {
    internal static let detectionRule =
        #"a JSON object with "words" of "type" items with "logprob" or "speaker_id", or "transcripts" of them"#

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        guard case .success(.object(let root))? = document.json else { return false }
        if case .array(let transcripts)? = root["transcripts"], case .object(let first)? = transcripts.first {
            return first.has("words") && first.has("language_code")
        }
        guard case .array(let words)? = root["words"], case .object(let first)? = words.first else {
            return root.has("words") && root.has("language_probability")
        }
        return first.has("type") && (first.has("logprob") || first.has("speaker_id"))
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        let fields = JSONFields(document, format: .elevenLabs)
        let root = try fields.object(
            try document.jsonValue(as: .elevenLabs), at: { "" }, expected: #"an object with "words""#)
        guard let transcripts = try fields.optionalArray("transcripts", of: root, at: { "" }) else {
            return try words(of: root, at: { "" }, fields: fields)
        }
        var words: [Word] = []
        for (index, value) in transcripts.enumerated() {
            let path = { JSONPath.index("transcripts", index) }
            words += try self.words(of: try fields.object(value, at: path), at: path, fields: fields)
        }
        return words
    }

    /// The words of one channel's transcript.
    private static func words(of transcript: JSONObject, at path: () -> String, fields: JSONFields)
        throws(TranscriptError) -> [Word]
    {
        var words: [Word] = []
        for (index, value) in try fields.array("words", of: transcript, at: path).enumerated() {
            func itemPath() -> String { JSONPath.index(JSONPath.key(path(), "words"), index) }
            let item = try fields.object(value, at: itemPath)
            let text = try fields.string("text", of: item, at: itemPath)
            switch try fields.optionalString("type", of: item, at: itemPath) ?? "word" {
            case "word":
                var word = try fields.word(
                    text, in: item, at: itemPath, confidence: nil,
                    speaker: try fields.speaker("speaker_id", of: item, at: itemPath))
                if let value = item["logprob"], value != .null {
                    guard let logprob = JSONFields.number(in: value), logprob.isFinite else {
                        throw fields.malformed(
                            JSONPath.key(itemPath(), "logprob"), expected: "a log probability, like -0.12",
                            found: JSONFields.describe(value))
                    }
                    word.confidence = min(1, exp(logprob))
                }
                words.append(word)
            case "punctuation":
                if !words.isEmpty { words[words.count - 1].text += text }
            default:
                continue
            }
        }
        return words
    }
}
