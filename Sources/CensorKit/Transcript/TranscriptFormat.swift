/// A transcript file format censor can read; the raw value is its name on the command line
/// (`--transcript-format whisper-json`).
///
/// Detection (`init(detecting:)`) tries the formats in the order of `allCases`, most specific
/// first: a WhisperX or Apple file also has the `segments` that plain whisper JSON is known by,
/// and the generic `json-words` list comes after every recognizer's layout.
public enum TranscriptFormat: String, Sendable, Hashable, CaseIterable {
    /// WhisperX's JSON: `segments[].words[]` with `score` and `speaker`, and `word_segments[]`.
    case whisperX = "whisperx"
    /// A dump of Apple's speech transcription segments (`substring`, `timestamp`, `duration`).
    case appleSpeech = "apple-speech"
    /// openai-whisper's JSON (`segments[].words[]` with `word`, `start`, `end`), also as
    /// whisper-timestamped and faster-whisper write it.
    case whisperJSON = "whisper-json"
    /// whisper.cpp's `-oj` / `-ojf` JSON (`transcription[]`, times in milliseconds).
    case whisperCppJSON = "whisper-cpp-json"
    /// Deepgram's response (`results.channels[].alternatives[0].words[]`).
    case deepgram = "deepgram"
    /// AWS Transcribe's job output (`results.items[]`, times as strings).
    case awsTranscribe = "aws-transcribe"
    /// Google Speech-to-Text v1 or v2 (`results[].alternatives[0].words[]`, `"1.300s"` times).
    case googleSpeech = "google-speech"
    /// Azure Speech: real-time `NBest[].Words[]` in ticks, batch `recognizedPhrases`, or fast
    /// transcription `phrases`.
    case azureSpeech = "azure-speech"
    /// AssemblyAI's transcript (`words[]`, times in milliseconds).
    case assemblyAI = "assemblyai"
    /// Rev.ai's transcript (`monologues[].elements[]`).
    case revAI = "rev-ai"
    /// Vosk: recognizer results (`result[]`) as one object, a list or JSON lines, or
    /// vosk-transcriber's `monologues[].terms[]`.
    case vosk = "vosk"
    /// Gentle's alignment (`words[]` with `case`).
    case gentle = "gentle"
    /// The Montreal Forced Aligner's JSON (`tiers.words.entries[]`).
    case mfaJSON = "mfa-json"
    /// A generic JSON list of `{"word" or "text", "start", "end"}` objects, in seconds.
    case jsonWords = "json-words"
    /// WebVTT subtitles, with or without inline word stamps.
    case webVTT = "webvtt"
    /// SubRip subtitles.
    case srt = "srt"
    /// A Praat TextGrid, long or short text format, as the Montreal Forced Aligner writes it.
    case textGrid = "textgrid"
    /// whisper.cpp's `-ocsv` output (`start,end,text` in milliseconds).
    case whisperCppCSV = "whisper-cpp-csv"
    /// The Montreal Forced Aligner's CSV (`Begin,End,Label,Type,Speaker`).
    case mfaCSV = "mfa-csv"
    /// An Audacity label track (`start<TAB>end<TAB>label` lines).
    case audacityLabels = "audacity-labels"
}
