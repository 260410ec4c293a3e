/// Reads the response of Azure AI Speech's fast transcription API
/// (`speechtotext/transcriptions:transcribe`), preview or GA.
///
/// The preview API (`2024-05-15-preview`) writes integer milliseconds in `offset` and
/// `duration`:
///
/// ```json
/// {"duration": 185079, "combinedPhrases": [{"channel": 0, "text": "Hello. Thank you for calling Contoso."}],
///  "phrases": [{"channel": 0, "offset": 1200, "duration": 1120, "text": "Thank you for calling Contoso.",
///    "words": [{"text": "Thank", "offset": 1200, "duration": 200}, {"text": "you", "offset": 1400, "duration": 80}],
///    "locale": "en-US", "confidence": 0.9177142}]}
/// ```
///
/// The GA API (`2024-11-15` and later) names them `offsetMilliseconds` and
/// `durationMilliseconds`, and adds `speaker` with diarization. A word ends at its offset plus
/// its duration. Words keep their display form (`"Contoso."`). A phrase without `words` has its
/// `text` spread over the phrase, marked estimated. Phrases stay in file order: the response
/// lists each channel's phrases in turn.
internal enum AzureFast: TranscriptReader {
    internal static let detectionRule =
        #"a JSON object with "phrases" and "combinedPhrases", "durationMilliseconds" or a numeric "duration""#

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        guard case .success(.object(let root))? = document.json, case .array? = root["phrases"] else { return false }
        if root.has("combinedPhrases") || root.has("durationMilliseconds") { return true }
        if case .number? = root["duration"] { return true }
        return false
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        let fields = JSONFields(document, format: .azureFast)
        let root = try fields.object(
            try document.jsonValue(as: .azureFast), at: { "" }, expected: #"an object with "phrases""#)
        var words: [Word] = []
        for (index, value) in try fields.array("phrases", of: root, at: { "" }).enumerated() {
            let phrasePath = { JSONPath.index("phrases", index) }
            let phrase = try fields.object(value, at: phrasePath)
            let speaker = try fields.speaker("speaker", of: phrase, at: phrasePath)
            guard let items = try fields.optionalArray("words", of: phrase, at: phrasePath) else {
                let span = try timed("", in: phrase, fields: fields, at: phrasePath)
                words += WordSpreading.words(
                    in: try fields.string("text", of: phrase, at: phrasePath), start: span.start, end: span.end,
                    speaker: speaker)
                continue
            }
            for (wordIndex, itemValue) in items.enumerated() {
                let wordPath = { JSONPath.index(JSONPath.key(phrasePath(), "words"), wordIndex) }
                let item = try fields.object(itemValue, at: wordPath)
                var word = try timed(
                    try fields.string("text", of: item, at: wordPath), in: item, fields: fields, at: wordPath)
                word.speaker = speaker
                words.append(word)
            }
        }
        return words
    }

    /// A word timed by its item's offset and duration, in whichever spelling the API version uses.
    private static func timed(_ text: String, in item: JSONObject, fields: JSONFields, at path: () -> String)
        throws(TranscriptError) -> Word
    {
        let keys =
            item.has("offsetMilliseconds") ? ("offsetMilliseconds", "durationMilliseconds") : ("offset", "duration")
        let offset = try fields.time(keys.0, of: item, unit: .milliseconds, at: path)
        let duration = try fields.time(keys.1, of: item, unit: .milliseconds, at: path)
        return try fields.word(
            text, start: offset, end: offset + duration, startPath: { JSONPath.key(path(), keys.0) },
            endPath: { JSONPath.key(path(), keys.1) })
    }
}
