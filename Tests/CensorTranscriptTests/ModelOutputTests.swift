import CensorTestTranscripts
import Foundation
import Testing

@testable import CensorTranscript

/// Reading NVIDIA NeMo word timestamps (named `…TranscriptTests` so the Transcript filter runs it).
@Suite struct NeMoTranscriptTests {
    /// A line of `transcribe_speech.py … compute_timestamps=True`'s output manifest, with the
    /// keys NVIDIA-NeMo/NeMo's `write_transcription` (nemo/collections/asr/parts/utils/
    /// transcribe_utils.py) writes, for parakeet-tdt-0.6b-v2 on the LibriSpeech clip
    /// 2086-149220-0033.wav that NeMo's model cards use; `char` abridged.
    static let manifestLine = #"""
        {"audio_filepath": "2086-149220-0033.wav", "pred_text": "Well, I don't wish to see it any more, observed Phebe.", "word": [{"word": "Well,", "start_offset": 5, "end_offset": 8, "start": 0.4, "end": 0.64}, {"word": "I", "start_offset": 9, "end_offset": 10, "start": 0.72, "end": 0.8}, {"word": "don't", "start_offset": 10, "end_offset": 13, "start": 0.8, "end": 1.04}, {"word": "wish", "start_offset": 13, "end_offset": 16, "start": 1.04, "end": 1.28}], "segment": [{"segment": "Well, I don't wish to see it any more, observed Phebe.", "start_offset": 5, "end_offset": 56, "start": 0.4, "end": 4.48}], "char": [{"char": ["W"], "start_offset": 5, "end_offset": 6, "start": 0.4, "end": 0.48}]}
        """#

    @Test(
        "reads the word list alone, in a dumped hypothesis, or in a manifest line",
        arguments: [
            #"[{"word": "Well,", "start_offset": 5, "end_offset": 8, "start": 0.4, "end": 0.64}, {"word": "I", "start_offset": 9, "end_offset": 10, "start": 0.72, "end": 0.8}, {"word": "don't", "start_offset": 10, "end_offset": 13, "start": 0.8, "end": 1.04}, {"word": "wish", "start_offset": 13, "end_offset": 16, "start": 1.04, "end": 1.28}]"#,
            #"{"text": "Well, I don't wish", "timestamp": {"word": [{"word": "Well,", "start_offset": 5, "end_offset": 8, "start": 0.4, "end": 0.64}, {"word": "I", "start_offset": 9, "end_offset": 10, "start": 0.72, "end": 0.8}, {"word": "don't", "start_offset": 10, "end_offset": 13, "start": 0.8, "end": 1.04}, {"word": "wish", "start_offset": 13, "end_offset": 16, "start": 1.04, "end": 1.28}], "segment": []}}"#,
            manifestLine,
        ])
    func readsLayouts(text: String) throws {
        let transcript = try TranscriptText.read(text)
        #expect(transcript.format == .nemo)
        #expect(
            TranscriptText.timeline(transcript.words) == [
                "Well,@0.4-0.64", "I@0.72-0.8", "don't@0.8-1.04", "wish@1.04-1.28",
            ])
    }

    @Test("takes a manifest line's word_confidence, one number a word, as the words' confidences")
    func wordConfidence() throws {
        let text = Self.manifestLine.replacingOccurrences(
            of: #""segment": ["#,
            with:
                #""word_confidence": [0.98, 0.99, 0.61, 0.97], "words": ["Well,", "I", "don't", "wish"], "segment": ["#)
        let words = try TranscriptText.read(text).words
        #expect(words.map(\.confidence) == [0.98, 0.99, 0.61, 0.97])
    }

    @Test("names an item with frame offsets but no seconds")
    func framesOnly() {
        let text = #"[{"word": "Well,", "start_offset": 5, "end_offset": 8}]"#
        #expect(
            TranscriptText.error(text)?.description
                == #"talk.json (nemo): [0].start: expected a time in seconds, found only "start_offset", in encoder frames"#
        )
    }

    @Test("refuses a manifest of several audio files, naming the second line")
    func severalFiles() {
        let text =
            Self.manifestLine + "\n"
            + Self.manifestLine.replacingOccurrences(of: "2086-149220-0033", with: "1089-134686-0000")
        #expect(
            TranscriptText.error(text)?.description
                == "talk.json (nemo): line 2: expected the transcription of one audio file, found a manifest of 2 lines, one per audio file"
        )
    }
}

/// Reading stable-ts JSON (named `…TranscriptTests` so the Transcript filter runs it).
@Suite struct StableTSTranscriptTests {
    /// What `WhisperResult.to_dict()` and `WordTiming.to_dict()` in jianfch/stable-ts
    /// (stable_whisper/result.py) write for `result.save_as_json(…)`: times given to the
    /// millisecond, the original whisper result in `ori_dict` (whose times stable-ts has since
    /// moved), the regrouping applied, and a word without probability from `align()`.
    static let result = #"""
        {"text": " Damn, that hurt.", "segments": [
          {"start": 1.28, "end": 2.62, "text": " Damn, that hurt.", "seek": 0.0, "tokens": [50364, 35619, 11, 300, 4607, 13],
           "temperature": 0.0, "avg_logprob": -0.3123, "compression_ratio": 0.8, "no_speech_prob": 0.021,
           "words": [{"word": " Damn,", "start": 1.28, "end": 1.63, "probability": 0.932, "tokens": [35619, 11]},
                     {"word": " that", "start": 1.63, "end": 1.9, "probability": 0.998, "tokens": [300]},
                     {"word": " hurt.", "start": 1.9, "end": 2.62, "probability": null, "tokens": [4607, 13]}], "id": 0}],
         "language": "en",
         "ori_dict": {"text": " Damn, that hurt.", "segments": [{"id": 0, "seek": 0, "start": 0.0, "end": 3.0, "text": " Damn, that hurt.",
           "words": [{"word": " Damn,", "start": 0.0, "end": 1.7, "probability": 0.932}]}], "language": "en"},
         "regroup_history": "da_cm_sp=.* /。/?/？/,* /，_sg=.5_mg=.3+3_sp=.* /。/?/？",
         "nonspeech_sections": [{"start": 0.0, "end": 1.28}]}
        """#

    @Test("reads the regrouped words, never ori_dict's, keeping a missing probability absent")
    func readsWords() throws {
        let transcript = try TranscriptText.read(Self.result)
        #expect(transcript.format == .stableTS)
        #expect(
            transcript.words == [
                Word(text: " Damn,", start: 1.28, end: 1.63, confidence: 0.932),
                Word(text: " that", start: 1.63, end: 1.9, confidence: 0.998),
                Word(text: " hurt.", start: 1.9, end: 2.62),
            ])
    }

    @Test("names the format in an error")
    func badTime() {
        let text = #"{"segments": [{"words": [{"word": "a", "start": 1, "end": -1}]}], "ori_dict": {}}"#
        #expect(
            TranscriptText.error(text)?.description
                == "talk.json (stable-ts): segments[0].words[0].end: expected a time of 0 seconds or more, found -1.0")
    }
}

/// Reading WhisperKit JSON (named `…TranscriptTests` so the Transcript filter runs it).
@Suite struct WhisperKitTranscriptTests {
    /// A `TranscriptionResult` as `JSONEncoder` writes it, with the members of
    /// argmaxinc/WhisperKit's `TranscriptionSegment` and `WordTiming` (Sources/WhisperKit/Core/
    /// Models.swift): camel-case keys, `Float` times, the special tokens in segment text, and a
    /// `[Int: Float]` written as a flat array.
    static let result = #"""
        {"text": " Damn, that hurt.", "language": "en",
         "segments": [{"id": 0, "seek": 0, "start": 1.28, "end": 2.62,
           "text": "<|startoftranscript|><|en|><|transcribe|><|1.28|> Damn, that hurt.<|2.62|>",
           "tokens": [50258, 50259, 50359, 50428, 35619, 11, 300, 4607, 13, 50495],
           "tokenLogProbs": [[50258, 0], [35619, -0.11999999731779099]], "temperature": 0, "avgLogprob": -0.31229999661445618,
           "compressionRatio": 0.80000001192092896, "noSpeechProb": 0.020999999716877937,
           "words": [{"word": "<|1.28|>", "tokens": [50428], "start": 1.2799999713897705, "end": 1.2799999713897705, "probability": 1},
                     {"word": " Damn,", "tokens": [35619, 11], "start": 1.2799999713897705, "end": 1.6299999952316284, "probability": 0.93199998140335083},
                     {"word": " that", "tokens": [300], "start": 1.6299999952316284, "end": 1.8999999761581421, "probability": 0.99800002574920654},
                     {"word": " hurt.", "tokens": [4607, 13], "start": 1.8999999761581421, "end": 2.619999885559082, "probability": 0.9100000262260437}]}],
         "timings": {"pipelineStart": 754567341.21, "firstTokenTime": 754567341.59, "inputAudioSeconds": 3.1, "fullPipeline": 1.92}}
        """#

    @Test("reads the words to the millisecond and drops special tokens")
    func readsWords() throws {
        let transcript = try TranscriptText.read(Self.result)
        #expect(transcript.format == .whisperKit)
        #expect(Milliseconds.timeline(transcript.words) == [" Damn,@1280-1630", " that@1630-1900", " hurt.@1900-2620"])
        #expect(transcript.words[0].confidence == 0.93199998140335083)
    }

    @Test("is not mistaken for a camel-case faster-whisper dump, which has no seek")
    func camelCaseDump() {
        let dump =
            #"{"segments": [{"start": 0.5, "end": 1.0, "text": "hi", "avgLogprob": -0.2, "noSpeechProb": 0.05, "words": [{"word": "hi", "start": 0.5, "end": 1.0}]}]}"#
        #expect(TranscriptFormat(detecting: Data(dump.utf8)) == .whisperJSON)
    }
}
