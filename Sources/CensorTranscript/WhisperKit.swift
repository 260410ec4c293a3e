/// Reads WhisperKit's JSON: a `TranscriptionResult` as `whisperkit-cli transcribe --report`
/// and apps encoding it with `JSONEncoder` write it.
///
/// ```json
/// {"text": " Damn, that hurt.", "language": "en",
///  "segments": [{"id": 0, "seek": 0, "start": 1.28, "end": 2.9,
///                "text": "<|startoftranscript|><|en|><|transcribe|><|0.00|> Damn, that hurt.<|2.90|>",
///                "tokens": [50258, 50259], "tokenLogProbs": [[50258, -0.0001]], "temperature": 0,
///                "avgLogprob": -0.31, "compressionRatio": 0.8, "noSpeechProb": 0.02,
///                "words": [{"word": " Damn,", "tokens": [35619, 11], "start": 1.28, "end": 1.6, "probability": 0.93}]}],
///  "timings": {"fullPipeline": 1.9, "inputAudioSeconds": 3.1}}
/// ```
///
/// The words of `segments[].words[]` (present with `wordTimestamps`), read as whisper's
/// (`WhisperWordReader`). Segment keys are in camel case, and segment text keeps whisper's
/// special tokens (`<|0.00|>`); a word that is only such a token is not a word and is dropped.
/// Times are `Float`s, so `1.28` may be written `1.2799999713897705`; they are kept as written.
internal enum WhisperKit: TranscriptReader {
    internal static let detectionRule =
        #"a JSON object with "segments" and "timings", or segments with "tokenLogProbs", or "seek" with "avgLogprob" and "noSpeechProb""#

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        guard case .success(.object(let root))? = document.json, case .array(let segments)? = root["segments"] else {
            return false
        }
        if root.has("timings") { return true }
        guard case .object(let first)? = segments.first else { return false }
        // Scripts dumping faster-whisper in camel case write avgLogprob too, but not with seek.
        return first.has("tokenLogProbs") || (first.has("avgLogprob") && first.has("noSpeechProb") && first.has("seek"))
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        let reader = WhisperWordReader(fields: JSONFields(document, format: .whisperKit), untimedWords: .rejected)
        return try reader.words(inSegmentsOf: try document.jsonValue(as: .whisperKit)).filter {
            !isSpecialToken($0.text)
        }
    }

    /// Whether a word is one of whisper's special tokens, `<|endoftext|>` or a time `<|2.90|>`.
    private static func isSpecialToken(_ text: String) -> Bool {
        let trimmed = text.trimmingWhitespace
        return trimmed.hasPrefix("<|") && trimmed.hasSuffix("|>")
    }
}
