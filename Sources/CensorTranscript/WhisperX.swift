/// Reads WhisperX's JSON: whisper segments whose words were re-timed by forced alignment.
///
/// ```json
/// {"segments": [{"start": 0.5, "end": 2.1, "text": " Damn, it cost $20.", "speaker": "SPEAKER_00",
///                "words": [{"word": "Damn,", "start": 0.5, "end": 0.9, "score": 0.91, "speaker": "SPEAKER_00"},
///                          {"word": "$20."}]}],
///  "word_segments": [{"word": "Damn,", "start": 0.5, "end": 0.9, "score": 0.91}, {"word": "$20."}]}
/// ```
///
/// The words of `segments[].words[]` are read, with `score` as the confidence and `speaker`
/// when diarized; `word_segments[]` (the same words again, without speakers) is read only when
/// no segment has `words`. The aligner cannot time words it has no phonemes for — numerals,
/// symbols — and leaves out their `start` and `end`: such words are placed between their timed
/// neighbours (or the segment's bounds) in proportion to their lengths, and marked as estimated.
internal enum WhisperX: TranscriptReader {
    internal static let detectionRule = #"a JSON object with "word_segments", or segments[].words[] with "score""#

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        guard case .success(.object(let root))? = document.json else { return false }
        if root.has("word_segments") { return true }
        guard case .array(let segments)? = root["segments"] else { return false }
        for case .object(let segment) in segments {
            guard case .array(let words)? = segment["words"], case .object(let word)? = words.first else { continue }
            return word.has("score")
        }
        return false
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        let fields = JSONFields(document, format: .whisperX)
        let reader = WhisperWordReader(fields: fields, untimedWords: .estimated)
        let root = try document.jsonValue(as: .whisperX)
        if case .object(let object) = root, !segmentsHaveWords(object),
            let items = try fields.optionalArray("word_segments", of: object, at: { "" })
        {
            var flat: [Word] = []
            try reader.append(items, at: { "word_segments" }, within: (nil, nil), to: &flat)
            return flat
        }
        let hasSegments = if case .object(let object) = root { object.has("segments") } else { true }
        return hasSegments ? try reader.words(inSegmentsOf: root) : []
    }

    /// Whether any of the document's segments has a non-empty `words` list.
    private static func segmentsHaveWords(_ root: JSONObject) -> Bool {
        guard case .array(let segments)? = root["segments"] else { return false }
        return segments.contains { segment in
            guard case .object(let object) = segment, case .array(let words)? = object["words"] else { return false }
            return !words.isEmpty
        }
    }
}
