import CensorTestTranscripts
import Foundation
import Testing

@testable import CensorTranscript

/// The language a transcript names (``Transcript/language``), which turns the English-only
/// aligner off for other languages (named `…TranscriptTests` so the Transcript filter runs it).
@Suite struct LanguageTranscriptTests {
    /// ``WhisperJSONTranscriptTests/talk`` with word times in every segment: the layout the in-place path reads.
    static let timed = WhisperJSONTranscriptTests.talk.replacingOccurrences(
        of: #""no_speech_prob": 0.05}"#,
        with:
            #""no_speech_prob": 0.05, "words": [{"word": " Of", "start": 6.6, "end": 7.0, "probability": 0.9}, {"word": " course.", "start": 7.0, "end": 8.0, "probability": 0.9}]}"#
    )

    @Test("openai-whisper's top-level language, read the same in place and through the JSON tree")
    func whisperLanguage() throws {
        let english = Data(Self.timed.utf8)
        let french = Data(Self.timed.replacingOccurrences(of: #""language": "en""#, with: #""language": "fr""#).utf8)
        #expect(WhisperJSON.wordsReadInPlace(french)?.language == "fr")
        for inPlace in [true, false] {
            #expect(
                try Transcript(data: english, format: nil, source: "talk.json", readingInPlace: inPlace).language
                    == "en")
            #expect(
                try Transcript(data: french, format: nil, source: "talk.json", readingInPlace: inPlace).language == "fr"
            )
        }
        // No language key, or one that is not a string: none, both ways.
        let none = Data(Self.timed.replacingOccurrences(of: #", "language": "en""#, with: "").utf8)
        let number = Data(Self.timed.replacingOccurrences(of: #""language": "en""#, with: #""language": 7"#).utf8)
        for data in [none, number] {
            #expect(WhisperJSON.wordsReadInPlace(data) != nil)
            for inPlace in [true, false] {
                #expect(
                    try Transcript(data: data, format: nil, source: "talk.json", readingInPlace: inPlace).language
                        == nil)
            }
        }
    }

    @Test("services' language codes and locales: AssemblyAI, Google, Azure; none where the format has no field")
    func serviceLanguages() throws {
        #expect(try TranscriptText.read(AssemblyAITranscriptTests.transcript).language == "en_us")
        #expect(try TranscriptText.read(GoogleSpeechTranscriptTests.v1).language == "en-us")
        // Azure fast transcription, as AzureSpeechTranscriptTests reads it.
        let azureFast =
            #"{"durationMilliseconds": 25900, "combinedPhrases": [{"text": "Damn."}], "phrases": [{"offsetMilliseconds": 1280, "durationMilliseconds": 350, "text": "Damn.", "words": [{"text": "Damn.", "offsetMilliseconds": 1280, "durationMilliseconds": 350}], "locale": "it-IT", "confidence": 0.9, "speaker": 1}]}"#
        #expect(try TranscriptText.read(azureFast).language == "it-IT")
        #expect(try TranscriptText.read(AzureSpeechTranscriptTests.batch).language == nil)
        #expect(try TranscriptText.read(RevAITranscriptTests.transcript).language == nil)
        #expect(try TranscriptText.read("1.0\t1.5\tdamn\n", as: .audacityLabels).language == nil)
    }
}
