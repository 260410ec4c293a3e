/// Reads Deepgram's pre-recorded response.
///
/// ```json
/// {"metadata": {"request_id": "…", "duration": 25.9, "channels": 1},
///  "results": {"channels": [{"alternatives": [{"transcript": "damn that hurt", "confidence": 0.99,
///    "words": [{"word": "damn", "start": 1.28, "end": 1.63, "confidence": 0.97,
///               "punctuated_word": "Damn,", "speaker": 0, "speaker_confidence": 0.8}]}]}]}}
/// ```
///
/// The words of each channel's first alternative, channel after channel; `punctuated_word` is
/// the text when present (with `smart_format` or `punctuate`), else `word`. `speaker` (with
/// `diarize`) is kept as `0`, `1`, ….
internal enum Deepgram: TranscriptReader {
    internal static let detectionRule = #"a JSON object with "results.channels""#

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        guard case .success(.object(let root))? = document.json, case .object(let results)? = root["results"] else {
            return false
        }
        return results.has("channels")
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        let fields = JSONFields(document, format: .deepgram)
        let root = try fields.object(
            try document.jsonValue(as: .deepgram), at: { "" }, expected: #"an object with "results""#)
        let results = try fields.object("results", of: root, at: { "" })
        var words: [Word] = []
        for (channelIndex, channel) in try fields.array("channels", of: results, at: { "results" }).enumerated() {
            let channelPath = { JSONPath.index("results.channels", channelIndex) }
            let alternatives = try fields.array(
                "alternatives", of: try fields.object(channel, at: channelPath), at: channelPath)
            guard let best = alternatives.first else { continue }
            let bestPath = { JSONPath.index(JSONPath.key(channelPath(), "alternatives"), 0) }
            let items = try fields.optionalArray("words", of: try fields.object(best, at: bestPath), at: bestPath) ?? []
            for (index, value) in items.enumerated() {
                let path = { JSONPath.index(JSONPath.key(bestPath(), "words"), index) }
                let item = try fields.object(value, at: path)
                let textKey = item.has("punctuated_word") ? "punctuated_word" : "word"
                let text = try fields.string(textKey, of: item, at: path)
                words.append(
                    try fields.word(
                        text, in: item, at: path, speaker: try fields.speaker("speaker", of: item, at: path)))
            }
        }
        return words
    }
}
