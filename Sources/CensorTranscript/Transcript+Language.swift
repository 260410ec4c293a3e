extension Transcript {
    /// Where JSON transcripts name their speech's language, tried in order; each path's steps
    /// are object keys, or `0` for an array's first element. The first string found is the
    /// transcript's ``language``.
    ///
    /// - `language`: openai-whisper, faster-whisper dumps with their info, WhisperX, stable-ts,
    ///   WhisperKit; `language_code`: AssemblyAI (`en_us`), ElevenLabs (`eng`); `languageCode`;
    ///   `result.language`: whisper.cpp (`-oj`); `results.language_code`: AWS Transcribe;
    ///   `metadata.transcription_config.language`: Speechmatics;
    ///   `results.channels[0].detected_language`: Deepgram with language detection;
    ///   `results[0].languageCode`: Google Speech-to-Text (`en-us`);
    ///   `recognizedPhrases[0].locale`, `phrases[0].locale`: Azure batch and fast transcription;
    ///   `fragments[0].language`: aeneas.
    static let languagePaths: [[String]] = [
        ["language"], ["language_code"], ["languageCode"], ["result", "language"], ["results", "language_code"],
        ["metadata", "transcription_config", "language"], ["results", "channels", "0", "detected_language"],
        ["results", "0", "languageCode"], ["recognizedPhrases", "0", "locale"], ["phrases", "0", "locale"],
        ["fragments", "0", "language"],
    ]

    /// The language a JSON transcript names (``languagePaths``), `nil` when it names none.
    static func language(in root: JSONValue) -> String? {
        for path in languagePaths {
            var value = root
            for step in path {
                switch value {
                case .object(let object): value = object[step] ?? .null
                case .array(let items) where step == "0": value = items.first ?? .null
                default: value = .null
                }
            }
            if case .string(let language) = value, !language.isEmpty { return language }
        }
        return nil
    }
}
