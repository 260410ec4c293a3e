/// Reads Google Cloud Speech-to-Text results, v1 or v2, as the REST API or `MessageToJson`
/// writes them.
///
/// ```json
/// {"results": [{"alternatives": [{"transcript": "damn that hurt", "confidence": 0.93,
///    "words": [{"startTime": "1.280s", "endTime": "1.630s", "word": "damn", "confidence": 0.9, "speakerTag": 1}]}],
///   "resultEndTime": "2.620s", "languageCode": "en-us"}]}
/// ```
///
/// The words of each result's first alternative. v1 writes `startTime`/`endTime` and
/// `speakerTag`; v2 `startOffset`/`endOffset` and `speakerLabel`; `MessageToDict` with proto
/// field names writes them in snake case; all are read. Times are protobuf durations
/// (`"1.280s"`, or `{"seconds": 1, "nanos": 280000000}`); an omitted time is zero, since proto3
/// JSON leaves out zero values. With diarization, v1 repeats every word with its speaker in one
/// last result: when the last result has speakers and the others have none, only it is read.
internal enum GoogleSpeech: TranscriptReader {
    internal static let detectionRule = #"a JSON object with "results" of "alternatives""#

    /// The spellings of each member, v1, v2, and in snake case.
    private static let startKeys = ["startTime", "startOffset", "start_time", "start_offset"]
    private static let endKeys = ["endTime", "endOffset", "end_time", "end_offset"]
    private static let speakerKeys = ["speakerTag", "speakerLabel", "speaker_tag", "speaker_label"]

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        guard case .success(.object(let root))? = document.json, case .array(let results)? = root["results"],
            case .object(let first)? = results.first
        else { return false }
        return first.has("alternatives")
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        let fields = JSONFields(document, format: .googleSpeech)
        let root = try fields.object(
            try document.jsonValue(as: .googleSpeech), at: { "" }, expected: #"an object with "results""#)
        var perResult: [[Word]] = []
        for (index, value) in try fields.array("results", of: root, at: { "" }).enumerated() {
            let path = { JSONPath.index("results", index) }
            let result = try fields.object(value, at: path)
            guard let best = try fields.optionalArray("alternatives", of: result, at: path)?.first else {
                perResult.append([])
                continue
            }
            let bestPath = { JSONPath.index(JSONPath.key(path(), "alternatives"), 0) }
            let alternative = try fields.object(best, at: bestPath)
            var words: [Word] = []
            for (wordIndex, wordValue) in (try fields.optionalArray("words", of: alternative, at: bestPath) ?? [])
                .enumerated()
            {
                let wordPath = { JSONPath.index(JSONPath.key(bestPath(), "words"), wordIndex) }
                words.append(try word(in: try fields.object(wordValue, at: wordPath), fields: fields, at: wordPath))
            }
            perResult.append(words)
        }
        if let last = perResult.last, perResult.count > 1, !last.isEmpty, last.allSatisfy({ $0.speaker != nil }),
            perResult.dropLast().allSatisfy({ $0.allSatisfy { $0.speaker == nil } })
        {
            return last
        }
        return perResult.flatMap { $0 }
    }

    private static func word(in item: JSONObject, fields: JSONFields, at path: () -> String) throws(TranscriptError)
        -> Word
    {
        let startKey = startKeys.first { item.has($0) }
        let endKey = endKeys.first { item.has($0) }
        let start =
            try startKey.map { (key) throws(TranscriptError) in
                try fields.time(key, of: item, unit: .protobufDuration, at: path)
            } ?? 0
        let end =
            try endKey.map { (key) throws(TranscriptError) in
                try fields.time(key, of: item, unit: .protobufDuration, at: path)
            } ?? 0
        let speakerKey = speakerKeys.first { item.has($0) } ?? "speakerTag"
        return try fields.word(
            try fields.string("word", of: item, at: path), start: start, end: end,
            confidence: try fields.confidence("confidence", of: item, at: path),
            speaker: try fields.speaker(speakerKey, of: item, at: path),
            startPath: { JSONPath.key(path(), startKey ?? "startTime") },
            endPath: { JSONPath.key(path(), endKey ?? "endTime") })
    }
}
