import CensorTestTranscripts
import Foundation
import Testing

@testable import CensorTranscript

/// Reading SRT subtitles (named `…TranscriptTests` so the Transcript filter runs it).
@Suite struct SRTTranscriptTests {
    static let subtitles = """
        1
        00:00:01,000 --> 00:00:02,000
        <i>Damn</i> it!

        2
        00:00:03,500 --> 00:00:05,100
        {\\an8}You piece of
        shit &amp; more.

        3
        00:00:06.000 --> 00:00:06.500
        No.

        """

    @Test("spreads each cue's words over it by length, marked as estimated, markup removed")
    func spreadsCues() throws {
        let transcript = try TranscriptText.read(Self.subtitles, source: "talk.srt")
        #expect(transcript.format == .srt)
        #expect(transcript.words.map(\.text) == ["Damn", "it!", "You", "piece", "of", "shit", "&", "more.", "No."])
        #expect(transcript.timesAreEstimated)
        let damn = transcript.words[0]
        #expect(damn.start == 1.0 && abs(damn.end - 1.0 - 4.0 / 7.0) < 1e-12 && damn.isTimeEstimated)
        #expect(transcript.words[7].end == 5.1)
        #expect(transcript.words[8] == Word(text: "No.", start: 6, end: 6.5))
    }

    @Test("accepts CRLF, a byte-order mark and whitespace-only separator lines")
    func crlfAndBOM() throws {
        let text =
            "\u{FEFF}1\r\n00:00:01,000 --> 00:00:02,000\r\nDamn\r\n  \r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nhell\r\n"
        let words = try TranscriptText.read(text, source: "talk.srt").words
        #expect(words == [Word(text: "Damn", start: 1, end: 2), Word(text: "hell", start: 3, end: 4)])
    }

    @Test(
        "names the line and column of a malformed cue",
        arguments: [
            (
                "1\n00:00:01,000 --> 00:00:0x,000\nhi\n",
                "line 2:column 18: expected an end time like 00:00:02,620, found '00:00:0x,000'"
            ),
            (
                "1\n00:00:02,000 --> 00:00:01,000\nhi\n",
                "line 2:column 18: expected an end time not before the start time 2.0, found 1.0"
            ),
            (
                "1\n00:00:01,000 --> 00:00:02,000\nhi\n\nstray text\n",
                "line 5:column 1: expected a timing line like 00:00:01,280 --> 00:00:02,620, found 'stray text'"
            ),
            ("1\n1:2 --> 00:00:02,000\nhi\n", "line 2:column 1: expected a start time like 00:00:01,280, found '1:2'"),
        ])
    func malformed(text: String, message: String) {
        #expect(TranscriptText.error(text, as: .srt, source: "talk.srt")?.description == "talk.srt (srt): " + message)
    }
}

/// Reading WebVTT subtitles (named `…TranscriptTests` so the Transcript filter runs it).
@Suite struct WebVTTTranscriptTests {
    /// Captions with a header, a note, a cue identifier, settings, voices and the short time form.
    static let captions = """
        WEBVTT - talk
        Kind: captions
        Language: en

        NOTE edited by hand

        intro
        00:01.000 --> 00:02.000 align:start position:0%
        <v Ann>Damn it!</v>

        00:00:03.500 --> 00:00:04.500
        <v.loud Bob>Ow

        """

    /// YouTube auto-captions: inline word stamps and rolling, repeated lines.
    static let autoCaptions = """
        WEBVTT
        Kind: captions
        Language: en

        00:00:00.080 --> 00:00:02.070 align:start position:0%
         
        hey<00:00:00.399><c> you</c><00:00:00.640><c> piece</c>

        00:00:02.070 --> 00:00:02.080 align:start position:0%
        hey you piece
         

        00:00:02.080 --> 00:00:04.470 align:start position:0%
        hey you piece
        of<00:00:02.240><c> shit</c><00:00:02.600><c> sorry</c>

        00:00:04.470 --> 00:00:04.480 align:start position:0%
        of shit sorry
         

        00:00:04.480 --> 00:00:05.000 align:start position:0%
        of shit sorry
        ok

        """

    @Test("reads cues with voices as speakers, skipping the header and notes")
    func readsCues() throws {
        let transcript = try TranscriptText.read(Self.captions, source: "talk.vtt")
        #expect(transcript.format == .webVTT)
        #expect(transcript.words.map(\.text) == ["Damn", "it!", "Ow"])
        #expect(transcript.words.map(\.speaker) == ["Ann", "Ann", "Bob"])
        #expect(transcript.words[2] == Word(text: "Ow", start: 3.5, end: 4.5, speaker: "Bob"))
    }

    @Test("times words by inline stamps and drops the rolling repeats of auto-captions")
    func autoCaptions() throws {
        let transcript = try TranscriptText.read(Self.autoCaptions, source: "talk.vtt")
        #expect(
            TranscriptText.timeline(transcript.words) == [
                "hey@0.08-0.399", "you@0.399-0.64", "piece@0.64-2.07",
                "of@2.08-2.24", "shit@2.24-2.6", "sorry@2.6-4.47", "ok@4.48-5.0",
            ])
        #expect(!transcript.timesAreEstimated)
    }

    @Test("keeps a word said again in the next single-line cue")
    func keepsRepeatedWord() throws {
        let text = "WEBVTT\n\n00:01.000 --> 00:02.000\nNo.\n\n00:02.000 --> 00:03.000\nNo.\n"
        #expect(try TranscriptText.read(text, source: "talk.vtt").words.map(\.text) == ["No.", "No."])
    }

    @Test("drops a rolling line repeated above a new one in captions without stamps")
    func rollingWithoutStamps() throws {
        let text = "WEBVTT\n\n00:01.000 --> 00:02.000\npiece of\n\n00:02.000 --> 00:03.000\npiece of\nshit\n"
        let words = try TranscriptText.read(text, source: "talk.vtt").words
        #expect(words.map(\.text) == ["piece", "of", "shit"])
        #expect(words.last == Word(text: "shit", start: 2, end: 3))
    }

    @Test("a line of spaces before a timing line still ends a cue")
    func spacesBeforeTiming() throws {
        let text = "WEBVTT\n\n00:01.000 --> 00:02.000\nDamn\n  \n00:03.000 --> 00:04.000\nhell\n"
        let words = try TranscriptText.read(text, source: "talk.vtt").words
        #expect(words == [Word(text: "Damn", start: 1, end: 2), Word(text: "hell", start: 3, end: 4)])
    }

    @Test("a file that does not start with WEBVTT is not WebVTT")
    func header() {
        #expect(
            TranscriptText.error("00:01.000 --> 00:02.000\nhi\n", as: .webVTT, source: "talk.vtt")?.description
                == "talk.vtt (webvtt): line 1:column 1: expected WEBVTT, found '00:01.000 --> 00:02.000'")
    }
}
