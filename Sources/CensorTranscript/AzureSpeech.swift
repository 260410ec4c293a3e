/// Reads Azure AI Speech results: real-time detailed results and batch transcription files
/// (fast transcription responses are `AzureFast`'s).
///
/// Real-time (`OutputFormat.Detailed` with word timestamps), one object per utterance — alone,
/// in a list, or as JSON lines — with times in 100-nanosecond ticks:
///
/// ```json
/// {"Id": "…", "RecognitionStatus": "Success", "Offset": 12800000, "Duration": 13400000, "DisplayText": "Damn, that hurt.",
///  "NBest": [{"Confidence": 0.93, "Lexical": "damn that hurt", "Display": "Damn, that hurt.",
///             "Words": [{"Word": "damn", "Offset": 12800000, "Duration": 3500000, "Confidence": 0.9}]}]}
/// ```
///
/// Batch transcription (`recognizedPhrases`), times as ISO 8601 durations and in ticks:
///
/// ```json
/// {"source": "…", "durationInTicks": 259000000, "duration": "PT25.9S",
///  "recognizedPhrases": [{"recognitionStatus": "Success", "channel": 0, "speaker": 1,
///    "offset": "PT1.28S", "duration": "PT1.34S", "offsetInTicks": 12800000.0, "durationInTicks": 13400000.0,
///    "nBest": [{"confidence": 0.93, "lexical": "damn that hurt", "display": "Damn, that hurt.",
///               "words": [{"word": "damn", "offset": "PT1.28S", "duration": "PT0.35S",
///                          "offsetInTicks": 12800000.0, "durationInTicks": 3500000.0, "confidence": 0.9}]}]}]}
/// ```
///
/// A word ends at its offset plus its duration. Ticks are read when present, else the ISO
/// durations; `displayWords` (display form, with punctuation) are
/// preferred to `words` when the batch job asked for them. Utterances whose recognition status
/// is not `Success` are skipped; a phrase's `speaker` (or `SpeakerId`) is kept.
///
/// A result without word timestamps (real-time `"Words": null` or the simple format's
/// `DisplayText` alone, a batch job without `wordLevelTimestampsEnabled`) still times each
/// phrase: its display text is spread over the phrase's offset and duration, as a subtitle cue
/// is, and the words are marked as estimated.
internal enum AzureSpeech: TranscriptReader {
    internal static let detectionRule =
        #"JSON (an object, a list or lines) with "NBest", "RecognitionStatus" or "recognizedPhrases""#

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        guard case .object(let first)? = document.jsonRecordValues.first else { return false }
        return first.has("NBest") || first.has("RecognitionStatus") || first.has("recognizedPhrases")
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        let fields = JSONFields(document, format: .azureSpeech)
        var words: [Word] = []
        for (recordPath, value) in try document.jsonRecords(as: .azureSpeech) {
            let path = { recordPath }
            let record = try fields.object(value, at: path)
            if let phrases = try fields.optionalArray("recognizedPhrases", of: record, at: path) {
                try read(phrases, at: { JSONPath.key(recordPath, "recognizedPhrases") }, fields: fields, into: &words)
            } else {
                try read([value], at: { recordPath }, single: true, fields: fields, into: &words)
            }
        }
        return words
    }

    /// Reads utterances: batch `recognizedPhrases`, or one real-time result.
    private static func read(
        _ phrases: [JSONValue], at path: () -> String, single: Bool = false, fields: JSONFields,
        into words: inout [Word]
    ) throws(TranscriptError) {
        for (index, value) in phrases.enumerated() {
            func phrasePath() -> String { single ? path() : JSONPath.index(path(), index) }
            let phrase = try fields.object(value, at: phrasePath)
            let statusKey = phrase.has("RecognitionStatus") ? "RecognitionStatus" : "recognitionStatus"
            if let status = try fields.optionalString(statusKey, of: phrase, at: phrasePath), status != "Success" {
                continue
            }
            let speakerKey = ["speaker", "SpeakerId", "speakerId"].first { phrase.has($0) } ?? "speaker"
            let speaker = try fields.speaker(speakerKey, of: phrase, at: phrasePath)
            let nBestKey = phrase.has("NBest") ? "NBest" : "nBest"
            guard let best = try fields.optionalArray(nBestKey, of: phrase, at: phrasePath)?.first else {
                // The simple real-time format: the phrase's DisplayText and times only.
                if let text = try fields.optionalString("DisplayText", of: phrase, at: phrasePath) {
                    words += try spread(text, over: phrase, speaker: speaker, fields: fields, at: phrasePath)
                }
                continue
            }
            func bestPath() -> String { JSONPath.index(JSONPath.key(phrasePath(), nBestKey), 0) }
            let alternative = try fields.object(best, at: bestPath)
            let wordsKey = ["displayWords", "Words", "words"].first { alternative.has($0) } ?? "words"
            let items = try fields.optionalArray(wordsKey, of: alternative, at: bestPath) ?? []
            if items.isEmpty {
                // No word timestamps asked for (real-time `Words` null or absent, a batch job
                // without wordLevelTimestampsEnabled): the phrase's words are spread over it.
                let textKey = ["Display", "display", "Lexical", "lexical"].first { alternative.has($0) }
                if let textKey, let text = try fields.optionalString(textKey, of: alternative, at: bestPath) {
                    words += try spread(text, over: phrase, speaker: speaker, fields: fields, at: phrasePath)
                }
                continue
            }
            let itemsKey = JSONPath.key(JSONPath.index(nBestKey, 0), wordsKey)  // the items' path below the phrase
            for (wordIndex, wordValue) in items.enumerated() {
                func wordPath() -> String { JSONPath.index(JSONPath.key(phrasePath(), itemsKey), wordIndex) }
                words.append(
                    try word(
                        in: try fields.object(wordValue, at: wordPath), speaker: speaker, fields: fields, at: wordPath))
            }
        }
    }

    /// A phrase's text spread over its offset and duration, as `WordSpreading` spreads a cue.
    private static func spread(
        _ text: String, over phrase: JSONObject, speaker: String?, fields: JSONFields, at path: () -> String
    ) throws(TranscriptError) -> [Word] {
        let (offset, duration, keys) = try times(of: phrase, fields: fields, at: path)
        let times = try WordTimeRule.check(
            start: offset, end: offset + duration, file: fields.source, format: .azureSpeech,
            startPlace: { JSONPath.place(JSONPath.key(path(), keys.offset)) },
            endPlace: { JSONPath.place(JSONPath.key(path(), keys.duration)) }, repairs: fields.repairs)
        return WordSpreading.words(in: text, start: times.start, end: times.end, speaker: speaker)
    }

    /// An item's offset and duration in seconds, in whichever spelling the result uses, and the keys read.
    private static func times(of item: JSONObject, fields: JSONFields, at path: () -> String)
        throws(TranscriptError) -> (offset: Double, duration: Double, keys: (offset: String, duration: String))
    {
        let keys: (offset: String, duration: String, unit: JSONFields.TimeUnit) =
            if item.has("offsetInTicks") { ("offsetInTicks", "durationInTicks", .ticks) } else if item.has("Offset") {
                ("Offset", "Duration", .ticks)
            } else { ("offset", "duration", .iso8601Duration) }
        let offset = try fields.time(keys.offset, of: item, unit: keys.unit, at: path)
        let duration = try fields.time(keys.duration, of: item, unit: keys.unit, at: path)
        return (offset, duration, (keys.offset, keys.duration))
    }

    internal static func notes(on document: TranscriptDocument, words: [Word]) -> ReadingNotes {
        guard words.contains(where: \.isTimeEstimated) else { return ReadingNotes() }
        return ReadingNotes(
            wordTimesAdvice: "ask Azure for word timestamps (SpeechConfig.RequestWordLevelTimestamps() in real time, "
                + "wordLevelTimestampsEnabled in a batch transcription)")
    }

    /// One word: its text, and its offset and duration in whichever spelling the result uses.
    private static func word(in item: JSONObject, speaker: String?, fields: JSONFields, at path: () -> String)
        throws(TranscriptError) -> Word
    {
        let textKey = ["displayText", "Word", "word"].first { item.has($0) } ?? "word"
        let (offset, duration, keys) = try times(of: item, fields: fields, at: path)
        let confidenceKey = item.has("Confidence") ? "Confidence" : "confidence"
        return try fields.word(
            try fields.string(textKey, of: item, at: path), start: offset, end: offset + duration,
            confidence: try fields.confidence(confidenceKey, of: item, at: path), speaker: speaker,
            startPath: { JSONPath.key(path(), keys.offset) }, endPath: { JSONPath.key(path(), keys.duration) })
    }
}
