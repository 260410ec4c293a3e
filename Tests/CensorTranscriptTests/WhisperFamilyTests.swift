import CensorTestTranscripts
import Foundation
import Testing

@testable import CensorTranscript

/// Reading WhisperX JSON (named `…TranscriptTests` so the Transcript filter runs it).
@Suite struct WhisperXTranscriptTests {
    /// Abridged `whisperx talk.wav --diarize --output_format json`: a numeral the aligner could
    /// not time, and `word_segments` repeating the words without speakers.
    static let talk = #"""
        {"segments": [{"start": 1.28, "end": 3.1, "text": " Damn, it cost 20 bucks.", "speaker": "SPEAKER_00",
          "words": [{"word": "Damn,", "start": 1.28, "end": 1.63, "score": 0.91, "speaker": "SPEAKER_00"},
                    {"word": "it", "start": 1.7, "end": 1.8, "score": 0.88, "speaker": "SPEAKER_00"},
                    {"word": "cost", "start": 1.8, "end": 2.1, "score": 0.95, "speaker": "SPEAKER_00"},
                    {"word": "20", "speaker": "SPEAKER_00"},
                    {"word": "bucks.", "start": 2.5, "end": 3.1, "score": 0.7, "speaker": "SPEAKER_00"}]},
         {"start": 4.0, "end": 5.0, "text": " 1990s.", "speaker": "SPEAKER_01", "words": [{"word": "1990s."}]}],
         "word_segments": [{"word": "Damn,", "start": 1.28, "end": 1.63, "score": 0.91}, {"word": "it", "start": 1.7, "end": 1.8, "score": 0.88}],
         "language": "en"}
        """#

    @Test("reads segment words with score and speaker, ignoring the repeated word_segments")
    func readsWords() throws {
        let transcript = try TranscriptText.read(Self.talk)
        #expect(transcript.format == .whisperX)
        #expect(transcript.words.map(\.text) == ["Damn,", "it", "cost", "20", "bucks.", "1990s."])
        #expect(
            transcript.words[0] == Word(text: "Damn,", start: 1.28, end: 1.63, confidence: 0.91, speaker: "SPEAKER_00"))
        #expect(transcript.words.map(\.speaker) == Array(repeating: "SPEAKER_00", count: 5) + ["SPEAKER_01"])
    }

    @Test("places an untimed word between its neighbours, or over its segment, as an estimate")
    func estimatesUntimedWords() throws {
        let words = try TranscriptText.read(Self.talk).words
        #expect(words[3] == Word(text: "20", start: 2.1, end: 2.5, speaker: "SPEAKER_00", isTimeEstimated: true))
        #expect(words[5] == Word(text: "1990s.", start: 4.0, end: 5.0, speaker: "SPEAKER_01", isTimeEstimated: true))
        #expect(!words[4].isTimeEstimated)
        #expect(try TranscriptText.read(Self.talk).timesAreEstimated)
    }

    @Test("reads word_segments when no segment has words")
    func wordSegmentsOnly() throws {
        let text =
            #"{"segments": [{"start": 0, "end": 2, "text": " Hi there"}], "word_segments": [{"word": "Hi", "start": 0.1, "end": 0.4, "score": 0.9}, {"word": "there", "start": 0.5, "end": 0.9, "score": 0.8}]}"#
        let words = try TranscriptText.read(text).words
        #expect(
            words == [
                Word(text: "Hi", start: 0.1, end: 0.4, confidence: 0.9),
                Word(text: "there", start: 0.5, end: 0.9, confidence: 0.8),
            ])
    }

    @Test("detects WhisperX by word_segments or by scored words")
    func detects() {
        #expect(TranscriptFormat(detecting: Data(Self.talk.utf8)) == .whisperX)
        #expect(
            TranscriptFormat(
                detecting: Data(#"{"segments": [{"words": [{"word": "a", "start": 0, "end": 1, "score": 1}]}]}"#.utf8))
                == .whisperX)
        #expect(
            TranscriptFormat(detecting: Data(#"{"segments": [{"words": [{"word": "a", "start": 0, "end": 1}]}]}"#.utf8))
                == .whisperJSON)
    }

    @Test("still rejects a reversed time of a timed word")
    func reversedTime() {
        let text = #"{"word_segments": [], "segments": [{"words": [{"word": "a", "start": 2, "end": 1, "score": 1}]}]}"#
        #expect(
            TranscriptText.error(text)
                == .invalidTime(
                    file: "talk.json", format: .whisperX, place: "segments[0].words[0].end",
                    expected: "an end time not before the start time 2.0", found: "1.0"))
    }
}

/// Reading whisper.cpp's JSON and CSV (named `…TranscriptTests` so the Transcript filter runs it).
@Suite struct WhisperCppTranscriptTests {
    static let full = TranscriptFixtures.whisperCppJSON

    @Test("joins sub-word tokens into words and drops special tokens")
    func joinsTokens() throws {
        let transcript = try TranscriptText.read(Self.full)
        #expect(transcript.format == .whisperCppJSON)
        #expect(
            Array(transcript.words.prefix(3)) == [
                Word(text: " Damn,", start: 1.28, end: 1.63, confidence: 0.71),
                Word(text: " that", start: 1.63, end: 1.9, confidence: 0.97),
                Word(text: " hurt.", start: 1.9, end: 2.62, confidence: 0.6),
            ])
    }

    @Test("spreads a segment without token offsets over the segment, as estimates")
    func spreadsSegment() throws {
        let words = Array(try TranscriptText.read(Self.full).words.dropFirst(3))
        #expect(words.map(\.text) == ["piece", "of", "shit"])
        #expect(words.first?.start == 3.5)
        #expect(words.last?.end == 4.7)
        #expect(words.allSatisfy { $0.isTimeEstimated })
    }

    @Test("reads -oj segments with -ml 1 as exact one-word segments, keeping a diarized speaker")
    func oneWordSegments() throws {
        let text =
            #"{"result": {"language": "en"}, "transcription": [{"timestamps": {"from": "00:00:01,280", "to": "00:00:01,630"}, "offsets": {"from": 1280, "to": 1630}, "text": " Damn", "speaker": "0"}]}"#
        #expect(try TranscriptText.read(text).words == [Word(text: "Damn", start: 1.28, end: 1.63, speaker: "0")])
    }

    @Test("names the offset of a reversed segment")
    func reversedSegment() {
        let text = #"{"transcription": [{"offsets": {"from": 2000, "to": 1000}, "text": " x"}]}"#
        #expect(
            TranscriptText.error(text)
                == .invalidTime(
                    file: "talk.json", format: .whisperCppJSON, place: "transcription[0].offsets.to",
                    expected: "an end time not before the start time 2.0", found: "1.0"))
    }

    static let csv = #"""
        start,end,text
        1280,2620," Damn, that hurt."
        3500,4700," He said \"piece of shit\" and ""left"" "
        5000,5000,""
        """#

    @Test("reads whisper.cpp CSV, unescaping both quote styles")
    func readsCSV() throws {
        let transcript = try TranscriptText.read(Self.csv, source: "talk.csv")
        #expect(transcript.format == .whisperCppCSV)
        #expect(
            transcript.words.map(\.text) == [
                "Damn,", "that", "hurt.", "He", "said", #""piece"#, "of", #"shit""#, "and", #""left""#,
            ])
        #expect(transcript.words.first?.start == 1.28)
        #expect(transcript.words[2].end == 2.62)
        #expect(transcript.timesAreEstimated)
    }

    @Test("reads the speaker column of diarized CSV")
    func csvSpeaker() throws {
        let words = try TranscriptText.read("start,end,speaker,text\n0,500,(speaker 1),\" Hi\"\n", source: "talk.csv")
            .words
        #expect(words == [Word(text: "Hi", start: 0, end: 0.5, speaker: "(speaker 1)")])
    }

    @Test(
        "names the line and column of malformed CSV",
        arguments: [
            (
                "start,end,text\n1280,x,\" a\"\n",
                "line 2:column 6: expected a time in milliseconds, like 1280, found 'x'"
            ),
            (
                "start,end,text\n1280,1300,\" a\n",
                #"line 2:column 11: expected a closing '"' for this field, found end of line"#
            ),
            ("start,end,text\n1280,1300\n", "line 2:column 1: expected start,end,text, found 2 fields"),
            (
                "start,end,text\n2000,1000,\" a\"\n",
                "line 2:column 6: expected an end time not before the start time 2.0, found 1.0"
            ),
        ])
    func malformedCSV(text: String, message: String) {
        #expect(TranscriptText.error(text, source: "talk.csv")?.description == "talk.csv (whisper-cpp-csv): " + message)
    }
}
