import CensorTestTranscripts
import Foundation
import Testing

@testable import CensorTranscript

/// Reading Deepgram responses (named `…TranscriptTests` so the Transcript filter runs it).
@Suite struct DeepgramTranscriptTests {
    /// Abridged pre-recorded response with `smart_format` and `diarize`, two channels.
    static let response = #"""
        {"metadata": {"transaction_key": "deprecated", "request_id": "a3d8b4b2-9b7e-4c1e-9f0e-2b1a6c0f3d55", "sha256": "154e291ecfa8be6ab8343560bcc109008fa7853eb5372533e8efdefc9b504c33", "created": "2024-02-06T19:56:16.180Z", "duration": 25.933313, "channels": 2, "models": ["30089e05-99d1-4376-b32e-c263170674af"]},
         "results": {"channels": [
           {"alternatives": [{"transcript": "damn that hurt", "confidence": 0.99, "words": [
             {"word": "damn", "start": 1.28, "end": 1.63, "confidence": 0.97, "punctuated_word": "Damn,", "speaker": 0, "speaker_confidence": 0.81},
             {"word": "that", "start": 1.63, "end": 1.9, "confidence": 0.99, "punctuated_word": "that", "speaker": 0, "speaker_confidence": 0.81}]}]},
           {"alternatives": [{"transcript": "ow", "confidence": 0.9, "words": [
             {"word": "ow", "start": 2.0, "end": 2.3, "confidence": 0.9}]}]}]}}
        """#

    @Test("reads each channel's words, punctuated word as text, confidence and speaker")
    func readsWords() throws {
        let transcript = try TranscriptText.read(Self.response)
        #expect(transcript.format == .deepgram)
        #expect(
            transcript.words == [
                Word(text: "Damn,", start: 1.28, end: 1.63, confidence: 0.97, speaker: "0"),
                Word(text: "that", start: 1.63, end: 1.9, confidence: 0.99, speaker: "0"),
                Word(text: "ow", start: 2.0, end: 2.3, confidence: 0.9),
            ])
    }

    @Test("names the item path of a bad time")
    func badTime() {
        let text =
            #"{"results": {"channels": [{"alternatives": [{"words": [{"word": "a", "start": -1, "end": 1}]}]}]}}"#
        #expect(
            TranscriptText.error(text)?.description
                == "talk.json (deepgram): results.channels[0].alternatives[0].words[0].start: expected a time of 0 seconds or more, found -1.0"
        )
    }
}

/// Reading AssemblyAI transcripts (named `…TranscriptTests` so the Transcript filter runs it).
@Suite struct AssemblyAITranscriptTests {
    static let transcript = #"""
        {"id": "6rlr37h2aq-0bf2-46ae-8a3e-8a4dd2f6a2ee", "language_model": "assemblyai_default", "acoustic_model": "assemblyai_default", "language_code": "en_us", "status": "completed",
         "audio_url": "https://example.invalid/talk.mp3", "text": "Damn, that hurt.", "confidence": 0.95, "audio_duration": 26, "speaker_labels": true,
         "words": [{"text": "Damn,", "start": 1280, "end": 1630, "confidence": 0.97, "speaker": "A"}, {"text": "that", "start": 1630, "end": 1900, "confidence": 0.99, "speaker": "B"}],
         "utterances": [{"speaker": "A", "start": 1280, "end": 1630, "text": "Damn,", "confidence": 0.97, "words": [{"text": "Damn,", "start": 1280, "end": 1630, "confidence": 0.97, "speaker": "A"}]}]}
        """#

    @Test("reads words with times in milliseconds and speaker letters")
    func readsWords() throws {
        let transcript = try TranscriptText.read(Self.transcript)
        #expect(transcript.format == .assemblyAI)
        #expect(
            transcript.words == [
                Word(text: "Damn,", start: 1.28, end: 1.63, confidence: 0.97, speaker: "A"),
                Word(text: "that", start: 1.63, end: 1.9, confidence: 0.99, speaker: "B"),
            ])
    }
}

/// Reading AWS Transcribe output (named `…TranscriptTests` so the Transcript filter runs it).
@Suite struct AWSTranscribeTranscriptTests {
    /// A job with speaker identification, in the older layout whose items carry no speaker.
    static let job = #"""
        {"jobName": "talk", "accountId": "111122223333", "status": "COMPLETED",
         "results": {"transcripts": [{"transcript": "Damn, that hurt."}],
          "speaker_labels": {"speakers": 2, "segments": [{"start_time": "1.28", "end_time": "1.9", "speaker_label": "spk_0",
            "items": [{"start_time": "1.28", "end_time": "1.63", "speaker_label": "spk_0"}, {"start_time": "1.63", "end_time": "1.9", "speaker_label": "spk_1"}]}]},
          "items": [{"start_time": "1.28", "end_time": "1.63", "alternatives": [{"confidence": "0.998", "content": "Damn"}], "type": "pronunciation"},
                    {"alternatives": [{"confidence": "0.0", "content": ","}], "type": "punctuation"},
                    {"start_time": "1.63", "end_time": "1.9", "alternatives": [{"confidence": "1.0", "content": "that"}], "type": "pronunciation"},
                    {"start_time": "1.9", "end_time": "2.5", "speaker_label": "spk_1", "alternatives": [{"confidence": "0.97", "content": "hurt"}], "type": "pronunciation"},
                    {"alternatives": [{"confidence": "0.0", "content": "."}], "type": "punctuation"}]}}
        """#

    @Test("reads string times and confidences, appends punctuation, finds speakers")
    func readsItems() throws {
        let transcript = try TranscriptText.read(Self.job)
        #expect(transcript.format == .awsTranscribe)
        #expect(
            transcript.words == [
                Word(text: "Damn,", start: 1.28, end: 1.63, confidence: 0.998, speaker: "spk_0"),
                Word(text: "that", start: 1.63, end: 1.9, confidence: 1.0, speaker: "spk_1"),
                Word(text: "hurt.", start: 1.9, end: 2.5, confidence: 0.97, speaker: "spk_1"),
            ])
    }

    @Test("names a time string that is not a number")
    func badTime() {
        let text =
            #"{"results": {"items": [{"start_time": "1,28", "end_time": "1.63", "alternatives": [{"content": "a"}], "type": "pronunciation"}]}}"#
        #expect(
            TranscriptText.error(text)?.description
                == "talk.json (aws-transcribe): results.items[0].start_time: expected a time in seconds, like 1.25, found '1,28'"
        )
    }
}

/// Reading Google Speech-to-Text results (named `…TranscriptTests` so the Transcript filter runs it).
@Suite struct GoogleSpeechTranscriptTests {
    /// v1 with diarization: the last result repeats every word with its speaker tag; the first
    /// word's zero start time is left out, as proto3 JSON does.
    static let v1 = #"""
        {"results": [
          {"alternatives": [{"transcript": "damn that", "confidence": 0.93, "words": [{"endTime": "0.400s", "word": "damn"}, {"startTime": "0.400s", "endTime": "0.700s", "word": "that"}]}], "resultEndTime": "0.800s", "languageCode": "en-us"},
          {"alternatives": [{"transcript": " hurt", "confidence": 0.9, "words": [{"startTime": "1.300s", "endTime": "1.600s", "word": "hurt"}]}], "resultEndTime": "2s", "languageCode": "en-us"},
          {"alternatives": [{"words": [{"endTime": "0.400s", "word": "damn", "speakerTag": 1}, {"startTime": "0.400s", "endTime": "0.700s", "word": "that", "speakerTag": 1}, {"startTime": "1.300s", "endTime": "1.600s", "word": "hurt", "speakerTag": 2}]}]}]}
        """#

    @Test("reads v1 duration strings, takes the diarized recap once, and defaults a missing start to 0")
    func readsV1() throws {
        let transcript = try TranscriptText.read(Self.v1)
        #expect(transcript.format == .googleSpeech)
        #expect(
            transcript.words == [
                Word(text: "damn", start: 0, end: 0.4, speaker: "1"),
                Word(text: "that", start: 0.4, end: 0.7, speaker: "1"),
                Word(text: "hurt", start: 1.3, end: 1.6, speaker: "2"),
            ])
    }

    @Test("reads v2 offsets, confidences and duration objects")
    func readsV2() throws {
        let text =
            #"{"results": [{"alternatives": [{"transcript": "damn that", "confidence": 0.9, "words": [{"startOffset": "1.280s", "endOffset": "1.630s", "word": "damn", "confidence": 0.8, "speakerLabel": "A"}, {"start_offset": {"seconds": "1", "nanos": 630000000}, "end_offset": {"seconds": 2}, "word": "that"}]}], "resultEndOffset": "2s", "languageCode": "en-us"}]}"#
        let words = try TranscriptText.read(text).words
        #expect(words.first == Word(text: "damn", start: 1.28, end: 1.63, confidence: 0.8, speaker: "A"))
        #expect(words.last?.text == "that")
        #expect(abs((words.last?.start ?? 0) - 1.63) < 1e-12)
        #expect(words.last?.end == 2)
    }

    @Test("names a duration without its unit")
    func badDuration() {
        let text =
            #"{"results": [{"alternatives": [{"words": [{"startTime": "1.3", "endTime": "1.6s", "word": "a"}]}]}]}"#
        #expect(
            TranscriptText.error(text)?.description
                == #"talk.json (google-speech): results[0].alternatives[0].words[0].startTime: expected a duration like "1.250s", found '1.3'"#
        )
    }
}

/// Reading Azure Speech results (named `…TranscriptTests` so the Transcript filter runs it).
@Suite struct AzureSpeechTranscriptTests {
    /// Two real-time detailed results as JSON lines; the second is a silence timeout.
    static let realTime = """
        {"Id": "1f2", "RecognitionStatus": "Success", "Offset": 12800000, "Duration": 11000000, "DisplayText": "Damn, that hurt.", "NBest": [{"Confidence": 0.93, "Lexical": "damn that", "ITN": "damn that", "MaskedITN": "**** that", "Display": "Damn, that.", "Words": [{"Word": "damn", "Offset": 12800000, "Duration": 3500000, "Confidence": 0.9}, {"Word": "that", "Offset": 16300000, "Duration": 2700000}]}]}
        {"Id": "1f3", "RecognitionStatus": "InitialSilenceTimeout", "Offset": 30000000, "Duration": 0}
        """

    @Test("reads real-time results in ticks from JSON lines, skipping unsuccessful ones")
    func readsRealTime() throws {
        let transcript = try TranscriptText.read(Self.realTime)
        #expect(transcript.format == .azureSpeech)
        #expect(transcript.words.map(\.text) == ["damn", "that"])
        #expect(transcript.words[0] == Word(text: "damn", start: 1.28, end: 1.28 + 0.35, confidence: 0.9))
        #expect(transcript.words[1].start == 1.63)
        #expect(abs(transcript.words[1].end - 1.9) < 1e-12)
    }

    /// A batch transcription file with diarization and display-form words.
    static let batch = #"""
        {"source": "https://example.invalid/talk.wav", "timestamp": "2023-07-10T14:28:16Z", "durationInTicks": 259000000, "duration": "PT25.9S",
         "combinedRecognizedPhrases": [{"channel": 0, "lexical": "damn that hurt", "itn": "damn that hurt", "maskedITN": "**** that hurt", "display": "Damn, that hurt."}],
         "recognizedPhrases": [
           {"recognitionStatus": "Success", "channel": 0, "speaker": 1, "offset": "PT1.28S", "duration": "PT1.34S", "offsetInTicks": 12800000.0, "durationInTicks": 13400000.0,
            "nBest": [{"confidence": 0.93, "lexical": "damn that hurt", "itn": "damn that hurt", "maskedITN": "**** that hurt", "display": "Damn, that hurt.",
              "displayWords": [{"displayText": "Damn,", "offset": "PT1.28S", "duration": "PT0.35S", "offsetInTicks": 12800000.0, "durationInTicks": 3500000.0}]}]},
           {"recognitionStatus": "Success", "channel": 0, "speaker": 2, "offset": "PT1M2.5S", "duration": "PT0.5S",
            "nBest": [{"confidence": 0.9, "lexical": "ow", "words": [{"word": "ow", "offset": "PT1M2.5S", "duration": "PT0.5S", "confidence": 0.88}]}]}]}
        """#

    @Test("reads batch phrases: ticks or ISO 8601 durations, display words, speakers")
    func readsBatch() throws {
        let words = try TranscriptText.read(Self.batch).words
        #expect(words.map(\.text) == ["Damn,", "ow"])
        #expect(words.map(\.speaker) == ["1", "2"])
        #expect(words[0].start == 1.28)
        #expect(words[1] == Word(text: "ow", start: 62.5, end: 63, confidence: 0.88, speaker: "2"))
    }

    @Test("reads fast transcription phrases in milliseconds")
    func readsFast() throws {
        let text =
            #"{"durationMilliseconds": 25900, "combinedPhrases": [{"text": "Damn."}], "phrases": [{"offsetMilliseconds": 1280, "durationMilliseconds": 350, "text": "Damn.", "words": [{"text": "Damn.", "offsetMilliseconds": 1280, "durationMilliseconds": 350}], "locale": "en-US", "confidence": 0.9, "speaker": 1}]}"#
        #expect(try TranscriptText.read(text).words == [Word(text: "Damn.", start: 1.28, end: 1.63, speaker: "1")])
    }

    @Test("names a JSON line's record in a path")
    func jsonLinePath() {
        let text =
            Self.realTime + "\n"
            + #"{"RecognitionStatus": "Success", "NBest": [{"Words": [{"Word": "x", "Offset": "soon", "Duration": 1}]}]}"#
        #expect(
            TranscriptText.error(text)?.description
                == "talk.json (azure-speech): line 3: NBest[0].Words[0].Offset: expected a time in 100-nanosecond ticks, like 12500000, found 'soon'"
        )
    }
}

/// Reading Rev.ai transcripts (named `…TranscriptTests` so the Transcript filter runs it).
@Suite struct RevAITranscriptTests {
    static let transcript = #"""
        {"monologues": [{"speaker": 0, "elements": [
            {"type": "text", "value": "Damn", "ts": 1.28, "end_ts": 1.63, "confidence": 0.97},
            {"type": "punct", "value": ","}, {"type": "punct", "value": " "},
            {"type": "text", "value": "that", "ts": 1.63, "end_ts": 1.9, "confidence": 1},
            {"type": "punct", "value": " "}, {"type": "unknown", "value": "<inaudible>"}, {"type": "punct", "value": "."}]},
          {"speaker": 1, "speaker_name": "Host", "elements": [{"type": "text", "value": "Ow", "ts": 2.0, "end_ts": 2.3, "confidence": 0.5}]}]}
        """#

    @Test("reads text elements, appends punctuation, skips unknown elements, keeps speakers")
    func readsElements() throws {
        let transcript = try TranscriptText.read(Self.transcript)
        #expect(transcript.format == .revAI)
        #expect(
            transcript.words == [
                Word(text: "Damn,", start: 1.28, end: 1.63, confidence: 0.97, speaker: "0"),
                Word(text: "that.", start: 1.63, end: 1.9, confidence: 1, speaker: "0"),
                Word(text: "Ow", start: 2.0, end: 2.3, confidence: 0.5, speaker: "Host"),
            ])
    }

    @Test("names a text element without times")
    func missingTime() {
        let text = #"{"monologues": [{"speaker": 0, "elements": [{"type": "text", "value": "a", "end_ts": 1}]}]}"#
        #expect(
            TranscriptText.error(text)?.description
                == #"talk.json (rev-ai): monologues[0].elements[0].ts: expected a time in seconds, like 1.25, found no "ts" key"#
        )
    }
}

/// Reading Vosk results (named `…TranscriptTests` so the Transcript filter runs it).
@Suite struct VoskTranscriptTests {
    static let one =
        #"{"result": [{"conf": 0.98, "end": 1.63, "start": 1.28, "word": "damn"}, {"conf": 1.0, "end": 1.9, "start": 1.63, "word": "that"}], "text": "damn that"}"#

    @Test(
        "reads one utterance, a list, or JSON lines, skipping empty utterances",
        arguments: [
            one,
            "[" + one + #", {"text": ""}]"#,
            #"{"partial": "damn"}"# + "\n" + one + "\n" + #"{"text": ""}"# + "\n",
        ])
    func readsUtterances(text: String) throws {
        let transcript = try TranscriptText.read(text)
        #expect(transcript.format == .vosk)
        #expect(
            transcript.words == [
                Word(text: "damn", start: 1.28, end: 1.63, confidence: 0.98),
                Word(text: "that", start: 1.63, end: 1.9, confidence: 1.0),
            ])
    }

    @Test("reads the first of several alternatives")
    func alternatives() throws {
        let text =
            #"{"alternatives": [{"confidence": 212.5, "result": [{"end": 1.63, "start": 1.28, "word": "damn"}], "text": "damn"}, {"confidence": 200.1, "result": [{"end": 1.63, "start": 1.28, "word": "dam"}], "text": "dam"}]}"#
        #expect(try TranscriptText.read(text).words == [Word(text: "damn", start: 1.28, end: 1.63)])
    }

    @Test("reads vosk-transcriber's monologues of terms")
    func transcriberJSON() throws {
        let text =
            #"{"schemaVersion": "2.0", "monologues": [{"speaker": {"id": "unknown", "name": null}, "start": 1.28, "end": 1.9, "terms": [{"confidence": 0.98, "start": 1.28, "end": 1.63, "text": "damn", "type": "WORD"}]}], "text": ["damn"]}"#
        let transcript = try TranscriptText.read(text)
        #expect(transcript.format == .vosk)
        #expect(transcript.words == [Word(text: "damn", start: 1.28, end: 1.63, confidence: 0.98)])
    }

    @Test("an empty utterance alone has no words")
    func emptyUtterance() throws {
        let transcript = try TranscriptText.read(#"{"text": ""}"#)
        #expect(transcript.format == .vosk)
        #expect(transcript.words.isEmpty)
    }

    @Test("names the list index or line of a bad word")
    func errorPaths() {
        let bad = #"{"result": [{"conf": 2, "end": 1.63, "start": 1.28, "word": "damn"}]}"#
        #expect(
            TranscriptText.error("[" + Self.one + ", " + bad + "]")?.description
                == "talk.json (vosk): [1].result[0].conf: expected a number from 0 to 1, found 2.0")
        #expect(
            TranscriptText.error(Self.one + "\n\n" + bad)?.description
                == "talk.json (vosk): line 3: result[0].conf: expected a number from 0 to 1, found 2.0")
        #expect(
            TranscriptText.error(Self.one + "\n{\"result\": [}")?.description
                == "talk.json: line 2:column 13: expected a JSON value, found '}'")
    }
}
