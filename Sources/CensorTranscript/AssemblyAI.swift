/// Reads AssemblyAI's transcript.
///
/// ```json
/// {"id": "5551722-f677-48a6-9287-39c0aafd9ac1", "status": "completed", "audio_url": "https://…",
///  "text": "Damn, that hurt.", "audio_duration": 26,
///  "words": [{"text": "Damn,", "start": 1280, "end": 1630, "confidence": 0.97, "speaker": "A"}]}
/// ```
///
/// Times are integer milliseconds. `speaker` (with `speaker_labels`) is kept as `A`, `B`, ….
internal enum AssemblyAI: TranscriptReader {
    internal static let detectionRule = #"a JSON object with "words" and "audio_url", "audio_duration" or "status""#

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        guard case .success(.object(let root))? = document.json, case .array? = root["words"] else { return false }
        return root.has("audio_url") || root.has("audio_duration") || root.has("status")
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        let fields = JSONFields(document, format: .assemblyAI)
        let root = try fields.object(
            try document.jsonValue(as: .assemblyAI), at: { "" }, expected: #"an object with "words""#)
        var words: [Word] = []
        for (index, value) in try fields.array("words", of: root, at: { "" }).enumerated() {
            let path = { JSONPath.index("words", index) }
            let item = try fields.object(value, at: path)
            words.append(
                try fields.word(
                    try fields.string("text", of: item, at: path), in: item, at: path, unit: .milliseconds,
                    speaker: try fields.speaker("speaker", of: item, at: path)))
        }
        return words
    }
}
