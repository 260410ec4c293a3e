/// A transcript file format censor can read; the raw value is its name (`whisper-json`), as
/// reports and the command line give it.
///
/// Detection (`init(detecting:)`) tries the formats in the order of `allCases`, most specific
/// first: a WhisperX or Apple file also has the `segments` that plain whisper JSON is known by,
/// and the generic `json-words` list comes after every recognizer's layout.
public enum TranscriptFormat: String, Sendable, Hashable, CaseIterable {
    /// WhisperX's JSON: `segments[].words[]` with `score` and `speaker`, and `word_segments[]`.
    case whisperX = "whisperx"
    /// A dump of Apple's speech transcription segments (`substring`, `timestamp`, `duration`).
    case appleSpeech = "apple-speech"
    /// stable-ts's JSON (`WhisperResult.save_as_json`): whisper's `segments[].words[]` beside
    /// `ori_dict`, `regroup_history` and `nonspeech_sections`.
    case stableTS = "stable-ts"
    /// WhisperKit's JSON (`TranscriptionResult`): `segments[].words[]` with camel-case segment
    /// keys (`avgLogprob`, `noSpeechProb`) and `timings`.
    case whisperKit = "whisperkit"
    /// openai-whisper's JSON (`segments[].words[]` with `word`, `start`, `end`), also as
    /// whisper-timestamped and faster-whisper write it.
    case whisperJSON = "whisper-json"
    /// whisper.cpp's `-oj` / `-ojf` JSON (`transcription[]`, times in milliseconds).
    case whisperCppJSON = "whisper-cpp-json"
    /// Deepgram's response (`results.channels[].alternatives[0].words[]`).
    case deepgram = "deepgram"
    /// Deepgram's live API messages (`{"type": "Results", "channel": {"alternatives": …}}`), one
    /// a line or in a list; the final results are read.
    case deepgramStreaming = "deepgram-streaming"
    /// AWS Transcribe's job output (`results.items[]`, times as strings).
    case awsTranscribe = "aws-transcribe"
    /// Speechmatics json-v2 (`results[]` of `word`, `punctuation` and `entity` items), as a
    /// batch transcript or real-time `AddTranscript` messages.
    case speechmatics = "speechmatics"
    /// Speechmatics' first API (`"format": "1.0"`: `words[]` of `name`, `time` and `duration`).
    case speechmaticsLegacy = "speechmatics-legacy"
    /// IBM Watson Speech to Text (`results[].alternatives[0].timestamps` of `[word, start, end]`).
    case ibmWatson = "ibm-watson"
    /// Google Speech-to-Text v1 or v2 (`results[].alternatives[0].words[]`, `"1.300s"` times).
    case googleSpeech = "google-speech"
    /// Azure Speech: real-time `NBest[].Words[]` in ticks, or batch `recognizedPhrases`.
    case azureSpeech = "azure-speech"
    /// Azure fast transcription (`phrases[].words[]`, integer milliseconds in `offset` and
    /// `duration`, or in the GA API `offsetMilliseconds` and `durationMilliseconds`).
    case azureFast = "azure-fast"
    /// AssemblyAI's transcript (`words[]`, times in milliseconds).
    case assemblyAI = "assemblyai"
    /// ElevenLabs Scribe (`words[]` with `type` word, spacing or audio_event).
    case elevenLabs = "elevenlabs"
    /// Rev.ai's transcript (`monologues[].elements[]`).
    case revAI = "rev-ai"
    /// Vosk: recognizer results (`result[]`) as one object, a list or JSON lines, or
    /// vosk-transcriber's `monologues[].terms[]`.
    case vosk = "vosk"
    /// Gentle's alignment (`words[]` with `case`).
    case gentle = "gentle"
    /// The Montreal Forced Aligner's JSON (`tiers.words.entries[]`).
    case mfaJSON = "mfa-json"
    /// NVIDIA NeMo / Parakeet word timestamps (`timestamp['word']` items with `start_offset`),
    /// alone, in a dumped hypothesis, or in a transcription manifest line.
    case nemo = "nemo"
    /// An aeneas sync map in JSON (`fragments[]` of `begin`, `end` and `lines`).
    case aeneas = "aeneas-json"
    /// BBC News Labs' Kaldi JSON (`retval.words[]` with `punct`), wrapped in its API response or bare.
    case bbcKaldi = "bbc-kaldi"
    /// Trint's JSON export (`words[]` of `value`, `time` and `duration` in milliseconds).
    case trint = "trint"
    /// YouTube's json3 captions (`fmt=json3`: `events[].segs[]` with `tStartMs` and `tOffsetMs`).
    case youTubeJSON3 = "youtube-json"
    /// A generic JSON list of `{"word" or "text", "start", "end"}` objects, in seconds.
    case jsonWords = "json-words"
    /// WebVTT subtitles, with or without inline word stamps.
    case webVTT = "webvtt"
    /// SubRip subtitles.
    case srt = "srt"
    /// YouTube's SBV captions (`0:00:01.280,0:00:02.620` timing lines).
    case sbv = "sbv"
    /// A Praat TextGrid, long or short text format, as the Montreal Forced Aligner writes it.
    case textGrid = "textgrid"
    /// TTML timed text (DFXP, IMSC, Apple Music's word-timed lyrics): `<p>` and `<span>` with
    /// `begin`, `end` or `dur` in clock, frame or tick times.
    case ttml = "ttml"
    /// An ELAN annotation document (`.eaf`): time slots and annotations on tiers.
    case elan = "elan"
    /// whisper.cpp's `-ocsv` output (`start,end,text` in milliseconds).
    case whisperCppCSV = "whisper-cpp-csv"
    /// LRC lyrics as whisper.cpp writes them (`-olrc`): `[mm:ss.xx]` line starts.
    case lrc = "lrc"
    /// whisper's tab-separated output (`--output_format tsv`, whisper-timestamped's `.words.tsv`):
    /// a `start<TAB>end<TAB>text` header, times in milliseconds or seconds.
    case whisperTSV = "whisper-tsv"
    /// whisper-timestamped's CSV (`text,start,end` lines in seconds, with or without a header).
    case whisperTimestampedCSV = "whisper-timestamped-csv"
    /// The Montreal Forced Aligner's CSV (`Begin,End,Label,Type,Speaker`).
    case mfaCSV = "mfa-csv"
    /// A NIST CTM file as Kaldi and SCTK write it (`recording channel start duration word [confidence]`).
    case ctm = "ctm"
    /// An Audacity label track (`start<TAB>end<TAB>label` lines).
    case audacityLabels = "audacity-labels"
}
