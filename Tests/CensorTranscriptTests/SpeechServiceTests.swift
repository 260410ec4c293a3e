import CensorTestTranscripts
import Foundation
import Testing

@testable import CensorTranscript

/// Reading Speechmatics json-v2 (named `…TranscriptTests` so the Transcript filter runs it).
@Suite struct SpeechmaticsTranscriptTests {
    /// From speechmatics/speechmatics-python, asr_metrics/examples/sm-transcript.json (a batch
    /// job, format 2.9): the first words, a comma, and an ordinal entity; abridged metadata.
    static let batch = #"""
        {"format": "2.9",
         "job": {"created_at": "2023-11-29T17:33:04.889Z", "data_name": "alex-ferguson.wav", "duration": 53, "id": "81i1n2rm24"},
         "metadata": {"created_at": "2023-11-29T17:33:16.877010Z",
           "language_pack_info": {"adapted": false, "itn": true, "language_description": "English", "word_delimiter": " ", "writing_direction": "left-to-right"},
           "transcription_config": {"diarization": "none", "enable_entities": true, "language": "en", "operating_point": "standard"}, "type": "transcription"},
         "results": [
          {"alternatives": [{"confidence": 1, "content": "Now", "language": "en", "speaker": "UU"}], "end_time": 3.27, "start_time": 2.94, "type": "word"},
          {"alternatives": [{"confidence": 1, "content": ",", "language": "en", "speaker": "UU"}], "attaches_to": "previous", "end_time": 3.27, "is_eos": false, "start_time": 3.27, "type": "punctuation"},
          {"alternatives": [{"confidence": 1, "content": "immediately", "language": "en", "speaker": "UU"}], "end_time": 3.78, "start_time": 3.27, "type": "word"},
          {"alternatives": [{"confidence": 1, "content": "after", "language": "en", "speaker": "UU"}], "end_time": 4.08, "start_time": 3.78, "type": "word"},
          {"alternatives": [{"confidence": 1, "content": "his", "language": "en", "speaker": "UU"}], "end_time": 4.59, "start_time": 4.35, "type": "word"},
          {"alternatives": [{"confidence": 1, "content": "first", "language": "en", "speaker": "UU"}], "end_time": 4.86, "entity_class": "ordinal",
           "spoken_form": [{"alternatives": [{"confidence": 1, "content": "first", "language": "en", "speaker": "UU"}], "end_time": 4.86, "start_time": 4.59, "type": "word"}],
           "start_time": 4.59, "type": "entity",
           "written_form": [{"alternatives": [{"confidence": 1, "content": "first", "language": "en", "speaker": "UU"}], "end_time": 4.86, "start_time": 4.59, "type": "word"}]},
          {"alternatives": [{"confidence": 1, "content": "piece", "language": "en", "speaker": "UU"}], "end_time": 5.07, "start_time": 4.86, "type": "word"}]}
        """#

    /// From speechmatics/speechmatics-python, tests/data/convert_to_txt/entity.json: a
    /// real-time `AddTranscript` message (format 2.7) whose money entity's spoken form has four
    /// timed words, here after the messages that precede it on the WebSocket.
    static let realTime = #"""
        {"message": "RecognitionStarted", "id": "4b2b5d1e-4c3f-4e6b-9a52-7f0c8f2f1c11"}
        {"message": "AddPartialTranscript", "format": "2.7", "results": [{"alternatives": [{"confidence": 0.5, "content": "Two", "language": "en", "speaker": "S1"}], "end_time": 8.76, "start_time": 8.44, "type": "word"}], "metadata": {"end_time": 8.76, "start_time": 8.44, "transcript": "Two "}}
        {"message": "AddTranscript", "format": "2.7", "results": [{"alternatives": [{"confidence": 0.9904544034947094, "content": "$2.05", "language": "en", "speaker": "S1"}], "end_time": 10.169486045837402, "entity_class": "money", "spoken_form": [{"alternatives": [{"confidence": 0.9908108711242676, "content": "Two", "language": "en", "speaker": "S1"}], "end_time": 8.760000228881836, "start_time": 8.44150447845459, "type": "word"}, {"alternatives": [{"confidence": 1.0, "content": "dollars", "language": "en", "speaker": "S1"}], "end_time": 9.300000190734863, "start_time": 8.760000228881836, "type": "word"}, {"alternatives": [{"confidence": 0.9996402263641357, "content": "five", "language": "en", "speaker": "S1"}], "end_time": 9.65999984741211, "start_time": 9.300000190734863, "type": "word"}, {"alternatives": [{"confidence": 1.0, "content": "cents", "language": "en", "speaker": "S1"}], "end_time": 10.169486045837402, "start_time": 9.660021781921387, "type": "word"}], "start_time": 8.44150447845459, "type": "entity", "written_form": [{"alternatives": [{"confidence": 0.9904544034947094, "content": "$2.05", "language": "en", "speaker": "S1"}], "end_time": 10.169486045837402, "start_time": 8.44150447845459, "type": "word"}]}, {"alternatives": [{"confidence": 1.0, "content": ".", "language": "en", "speaker": "S1"}], "end_time": 10.169486045837402, "is_eos": true, "start_time": 10.169486045837402, "type": "punctuation"}], "metadata": {"end_time": 11.04, "start_time": 8.44150447845459, "transcript": "$2.05. "}}
        """#

    @Test(
        "reads a batch job's words, appends punctuation, reads an entity by its spoken form, and drops the unknown speaker"
    )
    func readsBatch() throws {
        let transcript = try TranscriptText.read(Self.batch)
        #expect(transcript.format == .speechmatics)
        #expect(
            TranscriptText.timeline(transcript.words) == [
                "Now,@2.94-3.27", "immediately@3.27-3.78", "after@3.78-4.08", "his@4.35-4.59", "first@4.59-4.86",
                "piece@4.86-5.07",
            ])
        #expect(transcript.words.allSatisfy { $0.speaker == nil && $0.confidence == 1 && !$0.isTimeEstimated })
    }

    @Test("reads only AddTranscript messages of real-time JSON lines, with speakers")
    func readsRealTime() throws {
        let transcript = try TranscriptText.read(Self.realTime)
        #expect(transcript.format == .speechmatics)
        #expect(
            Milliseconds.timeline(transcript.words)
                == ["Two@8442-8760", "dollars@8760-9300", "five@9300-9660", "cents.@9660-10169"])
        #expect(transcript.words.map(\.speaker) == ["S1", "S1", "S1", "S1"])
        #expect(transcript.words[0].confidence == 0.9908108711242676)
    }

    @Test("prepends punctuation that attaches to the next word")
    func punctuationBeforeNext() throws {
        let text =
            #"{"format": "2.9", "results": [{"type": "punctuation", "attaches_to": "next", "start_time": 1.0, "end_time": 1.0, "alternatives": [{"content": "¿"}]}, {"type": "word", "start_time": 1.0, "end_time": 1.4, "alternatives": [{"content": "Qué"}]}]}"#
        #expect(try TranscriptText.read(text).words == [Word(text: "¿Qué", start: 1.0, end: 1.4)])
    }

    @Test("takes the channel of channel diarization as the speaker")
    func channels() throws {
        let text =
            #"{"format": "2.9", "metadata": {"transcription_config": {"diarization": "channel", "channel_diarization_labels": ["Agent", "Caller"]}}, "results": [{"type": "word", "channel": "Agent", "start_time": 0.5, "end_time": 0.8, "alternatives": [{"content": "hello", "confidence": 0.9}]}, {"type": "word", "channel": "Caller", "start_time": 0.6, "end_time": 0.9, "alternatives": [{"content": "hi", "confidence": 0.8}]}]}"#
        #expect(try TranscriptText.read(text).words.map(\.speaker) == ["Agent", "Caller"])
    }

    @Test("names the item path of a bad time")
    func badTime() {
        let text =
            #"{"format": "2.9", "metadata": {}, "results": [{"type": "word", "start_time": 2.0, "end_time": 1.5, "alternatives": [{"content": "x"}]}]}"#
        #expect(
            TranscriptText.error(text)?.description
                == "talk.json (speechmatics): results[0].end_time: expected an end time not before the start time 2.0, found 1.5"
        )
    }
}

/// Reading IBM Watson Speech to Text results (named `…TranscriptTests` so the Transcript filter runs it).
@Suite struct IBMWatsonTranscriptTests {
    /// From kotteavi/readical-api, widgetSample/Garfield/WatsonResults.js (the array of
    /// responses it assigns; its `word_alternatives` abridged), with `word_confidence`,
    /// `speaker_labels`, an interim result and a `%HESITATION` added as IBM's documentation
    /// (ibm-cloud-docs/speech-to-text, metadata.md and speaker.md) shows them.
    static let responses = #"""
        [{"result_index": 0, "results": [
          {"word_alternatives": [{"start_time": 0.21, "alternatives": [{"confidence": 0.9999, "word": "Garfield"}], "end_time": 0.95}],
           "keywords_result": {},
           "alternatives": [{"timestamps": [["Garfield ", 0.21, 0.95], ["sheen ", 0.99, 1.41], ["%HESITATION ", 1.41, 1.6], ["instincts ", 1.6, 2.34]],
             "word_confidence": [["Garfield ", 0.9999], ["sheen ", 0.8392], ["%HESITATION ", 0.99], ["instincts ", 0.5698]],
             "confidence": 0.871, "transcript": "Garfield sheen instincts "}],
           "final": true, "speaker": 1}],
          "speaker_labels": [{"from": 0.21, "to": 0.95, "speaker": 1, "confidence": 0.52, "final": true}, {"from": 0.99, "to": 1.41, "speaker": 2, "confidence": 0.5, "final": true}]},
         {"result_index": 1, "results": [{"alternatives": [{"timestamps": [["Garfield ", 5.78, 6.19]], "confidence": 0.4, "transcript": "Garfield "}], "final": false}]},
         {"result_index": 1, "results": [{"alternatives": [{"timestamps": [["Garfield ", 5.78, 6.19], ["toxic ", 6.19, 6.59]], "confidence": 0.934, "transcript": "Garfield toxic "}], "final": true, "speaker": 1}]}]
        """#

    @Test("reads final results' timestamps with confidences and speakers; skips interim results and hesitations")
    func readsResponses() throws {
        let transcript = try TranscriptText.read(Self.responses)
        #expect(transcript.format == .ibmWatson)
        #expect(
            transcript.words == [
                Word(text: "Garfield ", start: 0.21, end: 0.95, confidence: 0.9999, speaker: "1"),
                Word(text: "sheen ", start: 0.99, end: 1.41, confidence: 0.8392, speaker: "2"),
                Word(text: "instincts ", start: 1.6, end: 2.34, confidence: 0.5698),
                Word(text: "Garfield ", start: 5.78, end: 6.19),
                Word(text: "toxic ", start: 6.19, end: 6.59),
            ])
    }

    @Test("names a timestamp that is not [word, start, end]")
    func badStamp() {
        let text = #"{"result_index": 0, "results": [{"final": true, "alternatives": [{"timestamps": [["a", 1.0]]}]}]}"#
        #expect(
            TranscriptText.error(text)?.description
                == "talk.json (ibm-watson): results[0].alternatives[0].timestamps[0]: expected a [word, start, end] array, found an array of 2"
        )
    }
}

/// Reading Azure fast transcription (named `…TranscriptTests` so the Transcript filter runs it).
@Suite struct AzureFastTranscriptTests {
    /// From MicrosoftDocs/azure-docs,
    /// articles/ai-services/speech-service/fast-transcription-create.md: the preview API's
    /// response (integer milliseconds in `offset` and `duration`), two channels, abridged.
    static let preview = #"""
        {"duration": 185079,
         "combinedPhrases": [{"channel": 0, "text": "Hello. Thank you for calling Contoso."}, {"channel": 1, "text": "Hi, my name is Mary Rondo."}],
         "phrases": [
          {"channel": 0, "offset": 720, "duration": 480, "text": "Hello.", "words": [{"text": "Hello.", "offset": 720, "duration": 480}], "locale": "en-US", "confidence": 0.9177142},
          {"channel": 0, "offset": 1200, "duration": 1120, "text": "Thank you for calling Contoso.", "words": [
            {"text": "Thank", "offset": 1200, "duration": 200}, {"text": "you", "offset": 1400, "duration": 80}, {"text": "for", "offset": 1480, "duration": 120},
            {"text": "calling", "offset": 1600, "duration": 240}, {"text": "Contoso.", "offset": 1840, "duration": 480}], "locale": "en-US", "confidence": 0.9177142},
          {"channel": 1, "offset": 4480, "duration": 1600, "text": "Hi, my name is Mary Rondo.", "words": [
            {"text": "Hi,", "offset": 4480, "duration": 400}, {"text": "my", "offset": 4880, "duration": 120}], "locale": "en-US", "confidence": 0.8989456}]}
        """#

    @Test("reads the preview API's integer milliseconds in offset and duration")
    func readsPreview() throws {
        let transcript = try TranscriptText.read(Self.preview)
        #expect(transcript.format == .azureFast)
        #expect(
            Milliseconds.timeline(transcript.words) == [
                "Hello.@720-1200", "Thank@1200-1400", "you@1400-1480", "for@1480-1600", "calling@1600-1840",
                "Contoso.@1840-2320", "Hi,@4480-4880", "my@4880-5000",
            ])
    }

    @Test("reads the GA API's offsetMilliseconds with speakers, and spreads a phrase without words")
    func readsGA() throws {
        let text =
            #"{"durationMilliseconds": 25900, "combinedPhrases": [{"text": "Damn. Oh well"}], "phrases": [{"offsetMilliseconds": 1280, "durationMilliseconds": 350, "text": "Damn.", "words": [{"text": "Damn.", "offsetMilliseconds": 1280, "durationMilliseconds": 350}], "locale": "en-US", "confidence": 0.9, "speaker": 1}, {"offsetMilliseconds": 3000, "durationMilliseconds": 700, "text": "Oh well", "locale": "en-US", "confidence": 0.8, "speaker": 2}]}"#
        let words = try TranscriptText.read(text).words
        #expect(Milliseconds.timeline(words) == ["Damn.@1280-1630", "Oh@3000-3233", "well@3233-3700"])
        #expect(words.map(\.speaker) == ["1", "2", "2"])
        #expect(words.map(\.isTimeEstimated) == [false, true, true])
    }

    @Test("names a non-numeric offset as milliseconds, not as an ISO duration")
    func badOffset() {
        let text =
            #"{"duration": 1000, "combinedPhrases": [], "phrases": [{"offset": "PT1S", "duration": 100, "text": "a", "words": [{"text": "a", "offset": "PT1S", "duration": 100}]}]}"#
        #expect(
            TranscriptText.error(text)?.description
                == "talk.json (azure-fast): phrases[0].words[0].offset: expected a time in milliseconds, like 1250, found 'PT1S'"
        )
    }
}

/// Reading ElevenLabs Scribe (named `…TranscriptTests` so the Transcript filter runs it).
@Suite struct ElevenLabsTranscriptTests {
    /// The single-channel response of ElevenLabs' API reference, as aviz85/elevenlabs-bridge
    /// keeps it (docs/eleven-labs-scribe.md), with the spacing, audio event and second word the
    /// reference's schema describes.
    static let response = #"""
        {"language_code": "en", "language_probability": 0.98, "text": "Hello world! (laughs)",
         "words": [
          {"text": "Hello", "start": 0, "end": 0.5, "type": "word", "speaker_id": "speaker_1", "logprob": -0.124},
          {"text": " ", "start": 0.5, "end": 0.52, "type": "spacing", "speaker_id": "speaker_1", "logprob": 0},
          {"text": "world!", "start": 0.52, "end": 0.98, "type": "word", "speaker_id": "speaker_1", "logprob": 0},
          {"text": " ", "start": 0.98, "end": 1.1, "type": "spacing", "speaker_id": "speaker_1", "logprob": 0},
          {"text": "(laughs)", "start": 1.1, "end": 1.6, "type": "audio_event", "speaker_id": "speaker_1", "logprob": 0}]}
        """#

    @Test("reads only word entries, with speakers and exp(logprob) as the confidence")
    func readsWords() throws {
        let transcript = try TranscriptText.read(Self.response)
        #expect(transcript.format == .elevenLabs)
        #expect(TranscriptText.timeline(transcript.words) == ["Hello@0.0-0.5", "world!@0.52-0.98"])
        #expect(transcript.words.map(\.speaker) == ["speaker_1", "speaker_1"])
        #expect(transcript.words[0].confidence == exp(-0.124))
        #expect(transcript.words[1].confidence == 1)
    }

    @Test("reads each channel of a multichannel response in turn")
    func readsChannels() throws {
        let text =
            #"{"transcripts": [{"language_code": "en", "text": "hi", "channel_index": 0, "words": [{"text": "hi", "start": 0.1, "end": 0.3, "type": "word"}]}, {"language_code": "en", "text": "yo", "channel_index": 1, "words": [{"text": "yo", "start": 0.2, "end": 0.4, "type": "word"}]}]}"#
        let transcript = try TranscriptText.read(text)
        #expect(transcript.format == .elevenLabs)
        #expect(TranscriptText.timeline(transcript.words) == ["hi@0.1-0.3", "yo@0.2-0.4"])
    }

    @Test("names a word without an end")
    func missingEnd() {
        let text =
            #"{"language_code": "en", "language_probability": 0.9, "words": [{"text": "a", "start": 0, "type": "word", "logprob": 0}]}"#
        #expect(
            TranscriptText.error(text)?.description
                == #"talk.json (elevenlabs): words[0].end: expected a time in seconds, like 1.25, found no "end" key"#)
    }
}
