import Foundation

extension TranscriptFormat {
    /// Detects the format of a transcript from its content.
    ///
    /// Formats are tried in the order of `allCases`; the first whose rule accepts the content
    /// wins. Each reader's `recognizes(_:)` states its rule; JSON rules look at the keys of the
    /// top level and of the first item, text rules at the first lines (`WEBVTT`, a `-->` timing
    /// line, `File type = "ooTextFile"`, a CSV header, `number<TAB>number<TAB>text`).
    ///
    /// - Parameter data: The file's bytes: UTF-8 with or without a byte-order mark, or UTF-16
    ///   with one.
    /// - Returns: `nil` when no format recognizes the content.
    public init?(detecting data: Data) {
        guard let text = try? SourceText(data: data) else { return nil }
        guard let format = Self.detected(in: TranscriptDocument(text: text.string, source: "")) else { return nil }
        self = format
    }

    /// The first format, in `allCases` order, that recognizes a document.
    ///
    /// - Parameter document: The decoded file.
    /// - Returns: `nil` when none does.
    internal static func detected(in document: TranscriptDocument) -> TranscriptFormat? {
        allCases.first { $0.reader.recognizes(document) }
    }

    /// What detection looks for in this format, in a few words, for listing the formats:
    /// `a JSON object with "results.channels"`, `a first line starting WEBVTT`.
    public var detectionRule: String {
        reader.detectionRule
    }

    /// The reader of this format. Adding a format adds its line here.
    internal var reader: any TranscriptReader.Type {
        switch self {
        case .whisperX: WhisperX.self
        case .appleSpeech: AppleSpeech.self
        case .stableTS: StableTS.self
        case .whisperKit: WhisperKit.self
        case .whisperJSON: WhisperJSON.self
        case .whisperCppJSON: WhisperCppJSON.self
        case .deepgram: Deepgram.self
        case .deepgramStreaming: DeepgramStreaming.self
        case .awsTranscribe: AWSTranscribe.self
        case .speechmatics: Speechmatics.self
        case .speechmaticsLegacy: SpeechmaticsLegacy.self
        case .ibmWatson: IBMWatson.self
        case .googleSpeech: GoogleSpeech.self
        case .azureSpeech: AzureSpeech.self
        case .azureFast: AzureFast.self
        case .assemblyAI: AssemblyAI.self
        case .elevenLabs: ElevenLabs.self
        case .revAI: RevAI.self
        case .vosk: Vosk.self
        case .gentle: Gentle.self
        case .mfaJSON: MFAJSON.self
        case .nemo: NeMo.self
        case .aeneas: AeneasSyncMap.self
        case .bbcKaldi: BBCKaldi.self
        case .trint: Trint.self
        case .youTubeJSON3: YouTubeJSON3.self
        case .jsonWords: JSONWords.self
        case .webVTT: WebVTT.self
        case .srt: SRT.self
        case .sbv: SBV.self
        case .textGrid: TextGrid.self
        case .ttml: TTML.self
        case .elan: ELAN.self
        case .whisperCppCSV: WhisperCppCSV.self
        case .mfaCSV: MFACSV.self
        case .lrc: LRC.self
        case .whisperTSV: WhisperTSV.self
        case .whisperTimestampedCSV: WhisperTimestampedCSV.self
        case .ctm: CTM.self
        case .audacityLabels: AudacityLabels.self
        }
    }
}
