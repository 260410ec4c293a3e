import CensorTestTranscripts
import Foundation
import Testing

@testable import CensorTranscript

/// Azure Speech results without word timestamps: each phrase's words spread over its times.
@Suite struct AzurePhraseTranscriptTests {
    @Test("the simple real-time format: DisplayText spread over Offset and Duration, marked as estimated")
    func simpleFormat() throws {
        // The short-audio REST response printed in BerriAI/litellm's Azure AI Speech proxy docs.
        let text =
            #"{"RecognitionStatus":"Success","Offset":9700000,"Duration":89500000,"DisplayText":"Britain Tranquility Base. Here the eagle has landed."}"#
        let transcript = try TranscriptText.read(text)
        #expect(transcript.format == .azureSpeech)
        // 0.97–9.92 s over 45 characters: "Britain" is 7 of them, 1.392 s.
        #expect(
            Milliseconds.timeline(transcript.words) == [
                "Britain@970-2362", "Tranquility@2362-4550", "Base.@4550-5544", "Here@5544-6340", "the@6340-6937",
                "eagle@6937-7931", "has@7931-8528", "landed.@8528-9920",
            ])
        #expect(transcript.estimatedWordCount == 8)
        #expect(transcript.wordTimesAdvice?.hasPrefix("ask Azure for word timestamps") == true)
    }

    @Test("a detailed result whose NBest has no Words: its Display spread over the phrase")
    func detailedWithoutWords() throws {
        // The `recognized` event's JSON in compulim/web-speech-cognitive-services SPEC-RECOGNITION.md.
        let text =
            #"{"RecognitionStatus":"Success","Offset":1800000,"Duration":48100000,"NBest":[{"Confidence":0.2331869,"Lexical":"no","ITN":"no","MaskedITN":"no","Display":"No."}]}"#
        let words = try TranscriptText.read(text).words
        #expect(words == [Word(text: "No.", start: 0.18, end: 0.18 + 4.81, confidence: nil)])
        let nullWords =
            #"{"RecognitionStatus":"Success","Offset":1800000,"Duration":48100000,"NBest":[{"Confidence":0.9,"Display":"Oh damn.","Words":null}]}"#
        #expect(Milliseconds.timeline(try TranscriptText.read(nullWords).words) == ["Oh@180-1554", "damn.@1554-4990"])
    }

    @Test("a batch phrase without words: its display spread over offsetInTicks and durationInTicks")
    func batchPhrase() throws {
        let text = #"""
            {"source": "talk.wav", "durationInTicks": 20000000, "recognizedPhrases": [{"recognitionStatus": "Success", "channel": 0, "offset": "PT0.5S", "duration": "PT1S", "offsetInTicks": 5000000.0, "durationInTicks": 10000000.0, "nBest": [{"confidence": 0.9, "lexical": "oh damn", "display": "Oh, damn!"}]}]}
            """#
        #expect(Milliseconds.timeline(try TranscriptText.read(text).words) == ["Oh,@500-875", "damn!@875-1500"])
        let bad = text.replacingOccurrences(
            of: #""durationInTicks": 10000000.0"#, with: #""durationInTicks": -1000000"#)
        #expect(
            TranscriptText.error(bad)?.description
                == "talk.json (azure-speech): recognizedPhrases[0].durationInTicks: expected an end time not before the start time 0.5, found 0.4"
        )
    }
}
