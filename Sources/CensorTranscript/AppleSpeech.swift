/// Reads a JSON dump of Apple's speech transcription segments (`SFTranscriptionSegment`).
///
/// ```json
/// {"formattedString": "Damn that hurt",
///  "segments": [{"substring": "Damn", "timestamp": 1.28, "duration": 0.35, "confidence": 0.93,
///                "substringRange": {"location": 0, "length": 4}, "alternativeSubstrings": ["Dan"]}]}
/// ```
///
/// The segments are the top-level array, `segments`, or `bestTranscription.segments`. A word
/// starts at `timestamp` and lasts `duration` seconds; `confidence` is 0 until the recognizer
/// finishes, and is kept as it is.
internal enum AppleSpeech: TranscriptReader {
    internal static let detectionRule = #"a JSON list (or "segments") of objects with "substring" and "timestamp""#

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        guard case .success(let root)? = document.json, let (segments, _) = segments(in: root),
            case .object(let first)? = segments.first
        else { return false }
        return first.has("substring") && first.has("timestamp")
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        let fields = JSONFields(document, format: .appleSpeech)
        let root = try document.jsonValue(as: .appleSpeech)
        guard let (segments, segmentsPath) = segments(in: root) else {
            throw fields.malformed(
                "", expected: #"a list of segments, or an object with "segments""#, found: root.kindDescription)
        }
        var words: [Word] = []
        for (index, value) in segments.enumerated() {
            let path = { JSONPath.index(segmentsPath, index) }
            let segment = try fields.object(value, at: path)
            let start = try fields.time("timestamp", of: segment, unit: .seconds, at: path)
            let duration = try fields.time("duration", of: segment, unit: .seconds, at: path)
            words.append(
                try fields.word(
                    try fields.string("substring", of: segment, at: path), start: start, end: start + duration,
                    confidence: try fields.confidence("confidence", of: segment, at: path),
                    startPath: { JSONPath.key(path(), "timestamp") }, endPath: { JSONPath.key(path(), "duration") }))
        }
        return words
    }

    /// The segments array and its path, wherever the dump put it.
    private static func segments(in root: JSONValue) -> ([JSONValue], String)? {
        switch root {
        case .array(let segments): return (segments, "")
        case .object(let object):
            if case .array(let segments)? = object["segments"] { return (segments, "segments") }
            if case .object(let best)? = object["bestTranscription"], case .array(let segments)? = best["segments"] {
                return (segments, "bestTranscription.segments")
            }
            return nil
        default: return nil
        }
    }
}
