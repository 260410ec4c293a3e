import CensorTestTranscripts
import Foundation
import Testing

@testable import CensorTranscript

/// Reading generic JSON word lists and Apple speech dumps (named `…TranscriptTests` so the
/// Transcript filter runs it).
@Suite struct GenericJSONTranscriptTests {
    @Test(
        "reads a list of word or text objects, top level or under words",
        arguments: [
            #"[{"word": "Damn,", "start": 1.28, "end": 1.63, "confidence": 0.9, "speaker": "Ann"}, {"text": "that", "start": "1.63", "end": "1.9"}]"#,
            #"{"words": [{"word": "Damn,", "start": 1.28, "end": 1.63, "confidence": 0.9, "speaker": "Ann"}, {"text": "that", "start": "1.63", "end": "1.9"}]}"#,
        ])
    func readsWords(text: String) throws {
        let transcript = try TranscriptText.read(text)
        #expect(transcript.format == .jsonWords)
        #expect(
            transcript.words == [
                Word(text: "Damn,", start: 1.28, end: 1.63, confidence: 0.9, speaker: "Ann"),
                Word(text: "that", start: 1.63, end: 1.9),
            ])
    }

    @Test("names a word without an end")
    func missingEnd() {
        #expect(
            TranscriptText.error(#"[{"word": "a", "start": 0, "end": 1}, {"word": "b", "start": 1}]"#)?.description
                == #"talk.json (json-words): [1].end: expected a time in seconds, like 1.25, found no "end" key"#)
    }

    static let apple = #"""
        {"formattedString": "Damn that", "segments": [
          {"substring": "Damn", "timestamp": 1.28, "duration": 0.35, "confidence": 0.93, "substringRange": {"location": 0, "length": 4}, "alternativeSubstrings": ["Dan"]},
          {"substring": "that", "timestamp": 1.63, "duration": 0.27, "confidence": 0, "substringRange": {"location": 5, "length": 4}, "alternativeSubstrings": []}]}
        """#

    @Test("reads Apple transcription segments: timestamp plus duration")
    func readsApple() throws {
        let transcript = try TranscriptText.read(Self.apple)
        #expect(transcript.format == .appleSpeech)
        #expect(transcript.words.map(\.text) == ["Damn", "that"])
        #expect(transcript.words[0] == Word(text: "Damn", start: 1.28, end: 1.28 + 0.35, confidence: 0.93))
        #expect(transcript.words[1].confidence == 0)
    }

    @Test("names a negative duration at its key")
    func negativeDuration() {
        let text = #"[{"substring": "a", "timestamp": 2, "duration": -1}]"#
        #expect(
            TranscriptText.error(text)
                == .invalidTime(
                    file: "talk.json", format: .appleSpeech, place: "[0].duration",
                    expected: "an end time not before the start time 2.0", found: "1.0"))
    }
}

/// Telling formats apart by content (named `…TranscriptTests` so the Transcript filter runs it).
@Suite struct DetectionTranscriptTests {
    /// One realistic sample of every format, as the suites above use them.
    static let samples: [(String, TranscriptFormat)] = [
        (WhisperXTranscriptTests.talk, .whisperX),
        (GenericJSONTranscriptTests.apple, .appleSpeech),
        (StableTSTranscriptTests.result, .stableTS),
        (WhisperKitTranscriptTests.result, .whisperKit),
        (WhisperJSONTranscriptTests.talk, .whisperJSON),
        (WhisperCppTranscriptTests.full, .whisperCppJSON),
        (DeepgramTranscriptTests.response, .deepgram),
        (PublishedFormatTranscriptTests.deepgramStream, .deepgramStreaming),
        (AWSTranscribeTranscriptTests.job, .awsTranscribe),
        (SpeechmaticsTranscriptTests.batch, .speechmatics),
        (PublishedTableTranscriptTests.speechmaticsLegacy, .speechmaticsLegacy),
        (IBMWatsonTranscriptTests.responses, .ibmWatson),
        (GoogleSpeechTranscriptTests.v1, .googleSpeech),
        (AzureSpeechTranscriptTests.batch, .azureSpeech),
        (AzureFastTranscriptTests.preview, .azureFast),
        (AssemblyAITranscriptTests.transcript, .assemblyAI),
        (ElevenLabsTranscriptTests.response, .elevenLabs),
        (RevAITranscriptTests.transcript, .revAI),
        (VoskTranscriptTests.one, .vosk),
        (GentleTranscriptTests.alignment, .gentle),
        (MFATranscriptTests.json, .mfaJSON),
        (NeMoTranscriptTests.manifestLine, .nemo),
        (SyncMapAndTTMLTranscriptTests.aeneasJSON, .aeneas),
        (PublishedFormatTranscriptTests.bbcKaldi, .bbcKaldi),
        (PublishedFormatTranscriptTests.trint, .trint),
        (YouTubeJSON3TranscriptTests.autoCaptions, .youTubeJSON3),
        (#"[{"word": "a", "start": 0, "end": 1}]"#, .jsonWords),
        (WebVTTTranscriptTests.autoCaptions, .webVTT),
        (SRTTranscriptTests.subtitles, .srt),
        (SBVTranscriptTests.autoCaptions, .sbv),
        (TextGridTranscriptTests.short, .textGrid),
        (SyncMapAndTTMLTranscriptTests.netflixDFXP, .ttml),
        (ELANTranscriptTests.sample, .elan),
        (WhisperCppTranscriptTests.csv, .whisperCppCSV),
        (PublishedTableTranscriptTests.lrc, .lrc),
        (PublishedTableTranscriptTests.wordsTSV, .whisperTSV),
        (PublishedTableTranscriptTests.wordsCSV, .whisperTimestampedCSV),
        (MFATranscriptTests.csv, .mfaCSV),
        (CTMTranscriptTests.kaldi, .ctm),
        (AudacityLabelsTranscriptTests.labels, .audacityLabels),
    ]

    @Test("every format has a sample, in detection order")
    func coversEveryFormat() {
        #expect(Self.samples.map(\.1) == TranscriptFormat.allCases)
    }

    @Test("detects each format from its content", arguments: samples)
    func detects(text: String, format: TranscriptFormat) {
        #expect(TranscriptFormat(detecting: Data(text.utf8)) == format)
    }

    @Test(
        "every format's name is its command-line name, and it says how it is detected",
        arguments: TranscriptFormat.allCases)
    func names(format: TranscriptFormat) {
        #expect(TranscriptFormat(rawValue: format.rawValue) == format)
        #expect(format.rawValue.allSatisfy { $0.isLowercase || $0 == "-" })
        #expect(!format.detectionRule.isEmpty)
    }

    @Test(
        "tells nothing from content no format claims",
        arguments: ["", "hello world\n", #"{"hello": "world"}"#, "[1, 2, 3]", "1.5 2.0 damn\n"])
    func unknown(text: String) {
        #expect(TranscriptFormat(detecting: Data(text.utf8)) == nil)
    }
}

/// The JSON parser's fast paths (named `…TranscriptTests` so the Transcript filter runs it).
@Suite struct JSONParserTranscriptTests {
    @Test(
        "reads numbers to the same bit as Swift's own parser",
        arguments: [
            "0", "-0", "1.28", "1.2799999999999998", "4.0600000000000005", "123456789012345", "0.000001",
            "-17.25", "1e3", "2.5E-3", "99999999999999999", "0.1", "3.14159265358979",
        ])
    func numbers(text: String) throws {
        let parsed = try JSONParser.parse("[\(text)]")
        #expect(parsed == .array([.number(Double(text)!)]))
        guard case .array(let values) = parsed, case .number(let value) = values[0] else { return }
        #expect(value.bitPattern == Double(text)!.bitPattern)
    }

    @Test("reads strings with and without escapes, and keeps duplicate keys with the last winning")
    func strings() throws {
        let parsed = try JSONParser.parse(#"{"a": "plain", "b": "tab\tand \u00e9 \ud83d\ude00", "a": "again"}"#)
        guard case .object(let object) = parsed else { Issue.record("not an object"); return }
        #expect(object["a"] == .string("again"))
        #expect(object["b"] == .string("tab\tand é 😀"))
        #expect(object.members.map(\.key) == ["a", "b", "a"])
    }

    @Test("parses JSON lines into their values with their lines")
    func lines() throws {
        let sequence = try JSONParser.parseSequence("{\"a\": 1}\n\n[2]\r\n{\"b\":\n3}\n")
        #expect(
            sequence.values == [
                .object(JSONObject([.init(key: "a", value: .number(1))])), .array([.number(2)]),
                .object(JSONObject([.init(key: "b", value: .number(3))])),
            ])
        #expect(sequence.lines == [1, 3, 4])
        #expect(sequence.trailing?.place == "line 3:column 1")
    }
}
