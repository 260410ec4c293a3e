/// Reads Deepgram's live (streaming) API messages, one JSON object a line or as an array, as
/// a client that saves what the WebSocket sends writes them.
///
/// ```json
/// {"type":"Metadata","request_id":"…"}
/// {"type":"Results","channel_index":[0,1],"duration":2.3,"start":0.0,"is_final":true,"speech_final":true,
///  "channel":{"alternatives":[{"transcript":"Paris at a moment's notice.","confidence":0.99,
///    "words":[{"word":"paris","start":0.0,"end":0.39999998,"confidence":0.92,"speaker":0,"punctuated_word":"Paris"}]}]}}
/// ```
///
/// Only `Results` messages are read, and of those only the final ones: an interim result
/// (`"is_final": false`) is restated, revised, by the results after it. The words of each
/// message's first alternative are read as `Deepgram`'s are: `punctuated_word` when present,
/// else `word`, with `speaker` when diarized. Other messages (`Metadata`, `SpeechStarted`,
/// `UtteranceEnd`) are skipped.
internal enum DeepgramStreaming: TranscriptReader {
    internal static let detectionRule =
        #"JSON (lines or a list) of Deepgram live messages, "type": "Results" with "channel""#

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        document.jsonRecordValues.prefix(8).contains { value in
            guard case .object(let message) = value, case .string("Results")? = message["type"] else { return false }
            return message.has("channel")
        }
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        let fields = JSONFields(document, format: .deepgramStreaming)
        var words: [Word] = []
        for (recordPath, value) in try document.jsonRecords(as: .deepgramStreaming) {
            let path = { recordPath }
            let message = try fields.object(value, at: path)
            guard try fields.optionalString("type", of: message, at: path) == "Results" else { continue }
            if case .bool(false)? = message["is_final"] { continue }
            let channel = try fields.object("channel", of: message, at: path)
            let channelPath = { JSONPath.key(recordPath, "channel") }
            guard let best = try fields.array("alternatives", of: channel, at: channelPath).first else { continue }
            let bestPath = { JSONPath.index(JSONPath.key(channelPath(), "alternatives"), 0) }
            let items = try fields.optionalArray("words", of: try fields.object(best, at: bestPath), at: bestPath) ?? []
            for (index, item) in items.enumerated() {
                let itemPath = { JSONPath.index(JSONPath.key(bestPath(), "words"), index) }
                let object = try fields.object(item, at: itemPath)
                let text = try fields.string(
                    object.has("punctuated_word") ? "punctuated_word" : "word", of: object, at: itemPath)
                words.append(
                    try fields.word(
                        text, in: object, at: itemPath, speaker: try fields.speaker("speaker", of: object, at: itemPath)
                    ))
            }
        }
        return words
    }
}
