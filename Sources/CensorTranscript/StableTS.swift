/// Reads stable-ts's JSON (`result.save_as_json(…)`, `stable-ts audio.mp3 -o audio.json`).
///
/// ```json
/// {"text": " Damn, that hurt.", "language": "en",
///  "segments": [{"start": 1.28, "end": 2.9, "text": " Damn, that hurt.", "seek": 0, "tokens": [50364, 35619],
///                "temperature": 0.0, "avg_logprob": -0.31, "compression_ratio": 0.8, "no_speech_prob": 0.02, "id": 0,
///                "words": [{"word": " Damn,", "start": 1.28, "end": 1.6, "probability": 0.93, "tokens": [35619, 11],
///                           "segment_id": 0, "id": 0}]}],
///  "ori_dict": {"text": …, "segments": […], "language": "en"},
///  "regroup_history": "da_cm_sp=,* /，_sg=.5_sp=.* /。/?/？", "nonspeech_sections": [{"start": 0.0, "end": 1.2}]}
/// ```
///
/// The words of `segments[].words[]`, read as whisper's (`WhisperWordReader`): leading spaces and
/// attached punctuation kept, punctuation-only words merged into the one before. `ori_dict`
/// holds whisper's segments before stable-ts regrouped and re-timed them; it is never read.
/// stable-ts's adjusted times may give a word no length (`start` equal to `end`), which is kept.
internal enum StableTS: TranscriptReader {
    internal static let detectionRule =
        #"a JSON object with "segments" and "ori_dict", "regroup_history" or "nonspeech_sections""#

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        guard case .success(.object(let root))? = document.json, root.has("segments") else { return false }
        return root.has("ori_dict") || root.has("regroup_history") || root.has("nonspeech_sections")
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        let reader = WhisperWordReader(fields: JSONFields(document, format: .stableTS), untimedWords: .rejected)
        return try reader.words(inSegmentsOf: try document.jsonValue(as: .stableTS))
    }
}
