import CensorTestTranscripts
import Foundation
import Testing

@testable import CensorTranscript

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Transcripts as recognizers write them by default, without word times (named
/// `…TranscriptTests` so the Transcript filter runs it).
///
/// The layouts follow published outputs: openai-whisper's `result` dictionary as
/// `whisper/transcribe.py` returns it and `Illyism/transcribe-cli` (src/types.ts) types it
/// (`id`, `seek`, `start`, `end`, `text`, `tokens`, `temperature`, `avg_logprob`,
/// `compression_ratio`, `no_speech_prob`, and `words` only with `--word_timestamps True`); the
/// OpenAI API's `verbose_json` as `oapicf/openapi-openai`
/// (clients/java/generated/docs/CreateTranscriptionResponseVerboseJson.md) documents it (`task`,
/// `language`, `duration`, `text`, optional `words[]` and `segments[]`).
@Suite struct SegmentTimesTranscriptTests {
    /// openai-whisper's default JSON: segments, no `words`.
    static let whisperDefault = #"""
        {"text": " Oh damn, that hurt. Sorry.", "segments": [{"id": 0, "seek": 0, "start": 0.5, "end": 2.5, "text": " Oh damn, that hurt.", "tokens": [50364, 876, 2422, 11, 300, 4607, 13, 50464], "temperature": 0.0, "avg_logprob": -0.3104, "compression_ratio": 0.8125, "no_speech_prob": 0.0213}, {"id": 1, "seek": 0, "start": 3.0, "end": 3.5, "text": " Sorry.", "tokens": [50514, 4919, 13, 50564], "temperature": 0.0, "avg_logprob": -0.3104, "compression_ratio": 0.8125, "no_speech_prob": 0.0213}], "language": "en"}
        """#

    /// The OpenAI API's `verbose_json` with segment granularity (the default).
    static let apiSegments = #"""
        {"task": "transcribe", "language": "english", "duration": 4.0, "text": "Oh damn, that hurt.", "segments": [{"id": 0, "seek": 0, "start": 0.5, "end": 2.5, "text": " Oh damn, that hurt.", "tokens": [50364, 876, 2422, 11, 300, 4607, 13, 50464], "temperature": 0.0, "avg_logprob": -0.31, "compression_ratio": 0.81, "no_speech_prob": 0.02}]}
        """#

    /// `verbose_json` with `timestamp_granularities[]=word` and `segment`: both lists.
    static let apiWordsAndSegments = #"""
        {"task": "transcribe", "language": "english", "duration": 4.0, "text": "Oh damn, that hurt.", "words": [{"word": "Oh", "start": 0.5, "end": 0.72}, {"word": "damn", "start": 0.8, "end": 1.24}, {"word": "that", "start": 1.4, "end": 1.66}, {"word": "hurt", "start": 1.7, "end": 2.3}], "segments": [{"id": 0, "seek": 0, "start": 0.5, "end": 2.5, "text": " Oh damn, that hurt.", "tokens": [50364, 876, 2422, 11, 300, 4607, 13, 50464], "temperature": 0.0, "avg_logprob": -0.31, "compression_ratio": 0.81, "no_speech_prob": 0.02}]}
        """#

    @Test("openai-whisper's default JSON: each segment's words spread over it by length, estimated, with the fix")
    func whisperWithoutWordTimes() throws {
        let transcript = try TranscriptText.read(Self.whisperDefault, source: "talk.json")
        #expect(transcript.format == .whisperJSON)
        // " Oh damn, that hurt." is 2 + 5 + 4 + 5 = 16 characters over 0.5–2.5 s: 0.125 s each.
        #expect(
            TranscriptText.timeline(transcript.words) == [
                "Oh@0.5-0.75", "damn,@0.75-1.375", "that@1.375-1.875", "hurt.@1.875-2.5", "Sorry.@3.0-3.5",
            ])
        #expect(transcript.words.prefix(4).allSatisfy { $0.isTimeEstimated })
        // A segment of one word keeps the segment's times, which are the word's.
        #expect(!transcript.words[4].isTimeEstimated)
        #expect(transcript.estimatedWordCount == 4)
        #expect(transcript.wordTimesAdvice == "run openai-whisper with --word_timestamps True")
        #expect(WhisperJSON.wordsReadInPlace(Data(Self.whisperDefault.utf8)) == nil)
    }

    @Test("the OpenAI API's segment-level verbose_json: estimated, and the fix is the API's")
    func apiSegmentsOnly() throws {
        let transcript = try TranscriptText.read(Self.apiSegments, source: "talk.json")
        #expect(transcript.words.map(\.text) == ["Oh", "damn,", "that", "hurt."])
        #expect(transcript.estimatedWordCount == 4)
        #expect(
            transcript.wordTimesAdvice
                == "ask the OpenAI API for timestamp_granularities[]=word (with response_format=verbose_json)")
    }

    @Test("verbose_json with both granularities: the top-level words, exact, not the segments")
    func apiWordsWin() throws {
        let transcript = try TranscriptText.read(Self.apiWordsAndSegments, source: "talk.json")
        #expect(transcript.format == .whisperJSON)
        #expect(
            TranscriptText.timeline(transcript.words) == [
                "Oh@0.5-0.72", "damn@0.8-1.24", "that@1.4-1.66", "hurt@1.7-2.3",
            ])
        #expect(!transcript.timesAreEstimated)
        #expect(transcript.wordTimesAdvice == nil)
        #expect(WhisperJSON.wordsReadInPlace(Data(Self.apiWordsAndSegments.utf8)) == nil)
    }

    @Test("a faster-whisper dump without word times names faster-whisper's option")
    func fasterWhisperSegments() throws {
        let text =
            #"[{"id": 1, "seek": 0, "start": 0.0, "end": 2.0, "text": " Oh damn.", "tokens": [1], "words": null}]"#
        let transcript = try TranscriptText.read(text, as: .whisperJSON, source: "talk.json")
        #expect(transcript.words.map(\.text) == ["Oh", "damn."])
        #expect(transcript.wordTimesAdvice == "run faster-whisper with word_timestamps=True")
    }

    @Test("text without any times (Vosk without SetWords, the OpenAI API's json) counts as untimed words, not silence")
    func textOnly() throws {
        let transcript = try TranscriptText.read(
            #"{"text": "oh damn that hurt"}"# + "\n" + #"{"text": ""}"#, source: "talk.json")
        #expect(transcript.format == .vosk)
        #expect(transcript.words.isEmpty)
        #expect(transcript.untimedWordCount == 4)
        #expect(transcript.wordTimesAdvice?.hasPrefix("call SetWords(True)") == true)
        let silence = try TranscriptText.read(#"{"text": ""}"#, source: "talk.json")
        #expect(silence.untimedWordCount == 0 && silence.wordTimesAdvice == nil)
    }

    @Test("a segment without word times but with a malformed time is an error at its place")
    func segmentTimeErrors() {
        let text = #"{"segments": [{"id": 0, "start": 2.0, "end": 1.0, "text": " Oh damn."}]}"#
        #expect(
            TranscriptText.error(text, source: "talk.json")?.description
                == "talk.json (whisper-json): segments[0].end: expected an end time not before the start time 2.0, found 1.0"
        )
    }
}

/// Gentle's words that the aligner did not find.
@Suite struct GentleNotFoundTranscriptTests {
    /// The first words of Gentle's own golden test output, `lowerquality/gentle`
    /// tests/data/lucier_golden.json (Alvin Lucier's "I am sitting in a room"; phones shortened):
    /// two words not found in the audio, then words heard but not in the transcript, which have
    /// an `alignedWord` and times but no `word`.
    static let lucier = #"""
        {"words": [
         {"case": "success", "start": 0.0, "word": "I", "startOffset": 0, "endOffset": 1, "phones": [{"duration": 0.07, "phone": "ay_S"}, {"duration": 0.04, "phone": "sil"}], "end": 0.11, "alignedWord": "i"},
         {"case": "success", "start": 0.11, "word": "am", "startOffset": 2, "endOffset": 4, "phones": [{"duration": 0.03, "phone": "ae_B"}], "end": 0.14, "alignedWord": "am"},
         {"case": "not-found-in-audio", "word": "sitting", "startOffset": 5, "endOffset": 12},
         {"case": "not-found-in-audio", "word": "in", "startOffset": 13, "endOffset": 15},
         {"case": "not-found-in-transcript", "phones": [{"duration": 0.42, "phone": "ng_E"}], "end": 0.8, "start": 0.14, "alignedWord": "recording"},
         {"case": "not-found-in-transcript", "phones": [{"duration": 0.03, "phone": "sil"}], "end": 0.9700000000000001, "start": 0.8, "alignedWord": "the"},
         {"case": "not-found-in-transcript", "phones": [{"duration": 5.08, "phone": "s_B"}], "end": 6.18, "start": 0.97, "alignedWord": "sound"},
         {"case": "success", "start": 6.62, "word": "a", "startOffset": 16, "endOffset": 17, "phones": [{"duration": 0.12, "phone": "ah_S"}], "end": 6.86, "alignedWord": "a"}],
         "transcript": "I am sitting in a room"}
        """#

    @Test(
        "Gentle's golden file: not-found words placed, unscripted words kept by their aligned word, the 5 s word doubted"
    )
    func lucierGolden() throws {
        let transcript = try TranscriptText.read(Self.lucier, source: "lucier.json")
        #expect(transcript.format == .gentle)
        #expect(transcript.words.map(\.text) == ["I", "am", "sitting", "in", "recording", "the", "sound", "a"])
        // "am" (0.11–0.14) and "recording" (0.14–0.8) touch, so "sitting in" (7 + 2 characters)
        // lie from the middle of one to the middle of the other, 0.125–0.47 s, never at a point.
        #expect(Milliseconds.timeline(Array(transcript.words[2...3])) == ["sitting@125-393", "in@393-470"])
        #expect(transcript.words.map(\.isTimeEstimated) == [false, false, true, true, false, false, false, false])
        #expect(transcript.words[6].doubts == [.long])
    }

    /// A constructed alignment with a gap for the not-found words to fill.
    static let alignment = #"""
        {"transcript": "Oh damn that hurt", "words": [
         {"alignedWord": "oh", "case": "success", "end": 0.5, "endOffset": 2, "phones": [], "start": 0.25, "startOffset": 0, "word": "Oh"},
         {"case": "not-found-in-audio", "endOffset": 7, "startOffset": 3, "word": "damn"},
         {"case": "not-found-in-audio", "endOffset": 12, "startOffset": 8, "word": "that"},
         {"alignedWord": "hurt", "case": "success", "end": 2.0, "endOffset": 17, "phones": [], "start": 1.5, "startOffset": 13, "word": "hurt"},
         {"alignedWord": "ow", "case": "not-found-in-transcript", "end": 3.0, "phones": [], "start": 2.6}]}
        """#

    @Test("not-found words are placed between their timed neighbours and marked; unscripted timed words kept")
    func placesNotFoundWords() throws {
        let transcript = try TranscriptText.read(Self.alignment, source: "align.json")
        #expect(transcript.format == .gentle)
        #expect(
            TranscriptText.timeline(transcript.words) == [
                "Oh@0.25-0.5", "damn@0.5-1.0", "that@1.0-1.5", "hurt@1.5-2.0", "ow@2.6-3.0",
            ])
        #expect(transcript.words.map(\.isTimeEstimated) == [false, true, true, false, false])
        #expect(transcript.untimedWordCount == 0)
    }

    @Test("an alignment that found no word has only untimed words, and says how many")
    func nothingFound() throws {
        let text =
            #"{"transcript": "damn it", "words": [{"case": "not-found-in-audio", "word": "damn"}, {"case": "not-found-in-audio", "word": "it"}]}"#
        let transcript = try TranscriptText.read(text, source: "align.json")
        #expect(transcript.words.isEmpty)
        #expect(transcript.untimedWordCount == 2)
    }
}

/// A transcript read from a FIFO, as from a pipe or a process substitution.
@Suite struct NonRegularFileTranscriptTests {
    @Test("a FIFO is read to its end, not as empty")
    func fifo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("censor-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("talk.json")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let text = SegmentTimesTranscriptTests.apiWordsAndSegments
        let writer = Thread {
            guard let handle = FileHandle(forWritingAtPath: fifo.path) else { return }
            // Written in two parts with a pause, as a slow producer would.
            handle.write(Data(text.utf8.prefix(100)))
            usleep(50_000)
            handle.write(Data(text.utf8.dropFirst(100)))
            try? handle.close()
        }
        writer.start()
        let transcript = try Transcript.load(path: fifo.path)
        #expect(transcript.words.count == 4)
    }
}
