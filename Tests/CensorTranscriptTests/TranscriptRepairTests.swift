import CensorTestTranscripts
import Foundation
import Testing

@testable import CensorTranscript

/// Real files' small faults, read leniently with each repair logged at its place (named
/// `…TranscriptTests`-like so the Transcript filter runs it).
@Suite struct TranscriptRepairTests {
    @Test("an end one time step before its start is read over both instants, and logged")
    func reversedByARoundingStep() throws {
        let ctm = try TranscriptText.read("talk 1 0.50 0.30 damn\ntalk 1 0.90 -0.01 it\n", source: "talk.ctm")
        #expect(TranscriptText.timeline(ctm.words) == ["damn@0.5-0.8", "it@0.89-0.9"])
        #expect(
            ctm.repairs.map(\.description) == [
                "line 2:column 13: the end 0.89 s lies 0.01 s before the start 0.9 s; read as 0.89–0.9 s"
            ])
        let sbv = try TranscriptText.read(
            "0:00:01.280,0:00:01.279\ndamn\n\n0:00:01.300,0:00:01.600\nit\n", source: "talk.sbv")
        #expect(TranscriptText.timeline(sbv.words) == ["damn@1.279-1.28", "it@1.3-1.6"])
        #expect(
            sbv.repairs.map(\.description) == [
                "line 1:column 13: the end 1.279 s lies 0.001 s before the start 1.28 s; read as 1.279–1.28 s"
            ])
        let json = try TranscriptText.read(#"[{"word": "damn", "start": 1.30, "end": 1.27}]"#)
        #expect(TranscriptText.timeline(json.words) == ["damn@1.27-1.3"])
        #expect(
            json.repairs.map(\.description) == [
                "[0].end: the end 1.27 s lies 0.03 s before the start 1.3 s; read as 1.27–1.3 s"
            ])
    }

    @Test("an end more than 50 ms before its start is still an error at its place")
    func reversedTooFar() {
        #expect(
            TranscriptText.error("talk 1 0.90 -0.10 it\n", source: "talk.ctm")?.description
                == "talk.ctm (ctm): line 1:column 13: expected an end time not before the start time 0.9, found 0.8")
    }

    @Test("times that go back or overlap between lines are kept as given, and logged with both lines (hand-made)")
    func backwardsBetweenLines() throws {
        let sbv = try TranscriptText.read(
            "0:00:00.100,0:00:00.900\nwell damn\n\n0:00:00.800,0:00:01.500\nit hurts\n\n0:00:00.600,0:00:00.700\nback\n",
            source: "talk.sbv")
        #expect(sbv.words.map(\.text) == ["well", "damn", "it", "hurts", "back"])
        #expect(sbv.words[4].start == 0.6 && sbv.words[4].end == 0.7)
        #expect(
            sbv.repairs.map(\.description) == [
                "line 4:column 1: starts at 0.8 s, before line 1 ends at 0.9 s (the lines overlap); both kept as given",
                "line 7:column 1: starts at 0.6 s, before line 4 starts at 0.8 s (the times go back); both kept as given",
            ])
        // A CTM's channels are tracks of their own: only lines of one channel are compared.
        let ctm = try TranscriptText.read(
            "talk 1 0.50 0.40 damn\ntalk 1 0.80 0.30 it\ntalk 2 0.85 0.20 other\n", source: "talk.ctm")
        #expect(Milliseconds.timeline(ctm.words) == ["damn@500-900", "it@800-1100", "other@850-1050"])
        #expect(
            ctm.repairs.map(\.description)
                == [
                    "line 2:column 1: starts at 0.8 s, before line 1 ends at 0.9 s (the lines overlap); both kept as given"
                ])
    }

    @Test(
        "WebVTT blank lines where none belong are read, each logged",
        arguments: [
            (
                "WEBVTT\n\n1\n00:00:00.500 --> 00:00:00.800\n\ndamn\n\n2\n00:00:01.000 --> 00:00:01.200\nok\n",
                ["damn@0.5-0.8", "ok@1.0-1.2"],
                "line 6:column 1: a blank line parts this text from the cue before it, and no timing line follows; read as that cue's text"
            ),
            (
                "WEBVTT\n\n1\n\n00:00:00.500 --> 00:00:00.800\ndamn\n",
                ["damn@0.5-0.8"],
                "line 3:column 1: a blank line parts the cue identifier '1' from its timing line; read as that cue's identifier"
            ),
            (
                "WEBVTT\n\n00:00:00.500 --> 00:00:00.900\nwell\n\ndamn\n",
                ["well@0.5-0.7", "damn@0.7-0.9"],
                "line 6:column 1: a blank line parts this text from the cue before it, and no timing line follows; read as that cue's text"
            ),
        ])
    func webVTTBlankLines(text: String, timeline: [String], repair: String) throws {
        let transcript = try TranscriptText.read(text, source: "talk.vtt")
        #expect(TranscriptText.timeline(transcript.words) == timeline)
        #expect(transcript.repairs.map(\.description) == [repair])
    }

    @Test("a word-level cue's punctuation takes no time: the word gets the whole cue")
    func punctuationTokens() throws {
        let srt =
            "1\n00:00:00,500 --> 00:00:00,900\nvole ?\n\n2\n00:00:01,000 --> 00:00:01,500\n- Damn !\n\n3\n00:00:02,000 --> 00:00:02,400\nrock & roll\n"
        let transcript = try TranscriptText.read(srt, source: "talk.srt")
        // "&" is read aloud, so it keeps its share: 1 of the 9 characters.
        #expect(
            Milliseconds.timeline(transcript.words) == [
                "vole ?@500-900", "- Damn !@1000-1500", "rock@2000-2178", "&@2178-2222", "roll@2222-2400",
            ])
        #expect(transcript.words.prefix(2).allSatisfy { !$0.isTimeEstimated })
    }

    @Test("a word Gentle did not find between touching neighbours is placed over their inner halves, never at a point")
    func gentleUnalignedBetweenTouchingWords() throws {
        let text = #"""
            {"transcript": "well damn it", "words": [{"alignedWord": "well", "case": "success", "end": 0.5, "start": 0.2, "word": "well"}, {"case": "not-found-in-audio", "word": "damn"}, {"alignedWord": "it", "case": "success", "end": 0.9, "start": 0.5, "word": "it"}]}
            """#
        let words = try TranscriptText.read(text).words
        #expect(TranscriptText.timeline(words) == ["well@0.2-0.5", "damn@0.35-0.7", "it@0.5-0.9"])
        #expect(words[1].isTimeEstimated)
    }

    /// Karaoke cues in the layout openai-whisper's `--highlight_words True` writes (whisper/utils.py,
    /// `SubtitlesWriter.iterate_result`): the whole line in each word's cue, the word underlined,
    /// and a cue without a mark for the pause between two words (hand-made).
    static let karaoke = """
        1
        00:00:01,000 --> 00:00:01,340
        <u>Take</u> no risks.

        2
        00:00:01,340 --> 00:00:01,500
        Take <u>no</u> risks.

        3
        00:00:01,500 --> 00:00:01,600
        Take no risks.

        4
        00:00:01,600 --> 00:00:01,940
        Take no <u>risks.</u>

        5
        00:00:02,000 --> 00:00:02,500
        Next line.

        """

    @Test("karaoke cues: each marked word over its own cue, the pause cue giving none, the run logged")
    func karaokeCues() throws {
        let transcript = try TranscriptText.read(Self.karaoke, source: "talk.srt")
        #expect(
            Milliseconds.timeline(transcript.words)
                == ["Take@1000-1340", "no@1340-1500", "risks.@1600-1940", "Next@2000-2222", "line.@2222-2500"])
        #expect(
            transcript.repairs.map(\.description) == [
                "line 2:column 1: 4 cues to line 14 repeat one sentence and mark the word spoken in each (karaoke); "
                    + "each marked word read over its own cue"
            ])
    }

    @Test("karaoke marks in WebVTT classes and SRT font colours, growing or not, are read alike (hand-made)")
    func karaokeMarks() throws {
        let vtt =
            "WEBVTT\n\n00:00:01.000 --> 00:00:01.340\n<c.yellow>Take</c> no risks.\n\n"
            + "00:00:01.340 --> 00:00:01.500\nTake <c.yellow>no</c> risks.\n\n00:00:01.600 --> 00:00:01.940\nTake no <c.yellow>risks.</c>\n"
        #expect(
            Milliseconds.timeline(try TranscriptText.read(vtt, source: "talk.vtt").words)
                == ["Take@1000-1340", "no@1340-1500", "risks.@1600-1940"])
        let growing =
            "1\n00:00:01,000 --> 00:00:01,340\n<font color=\"#ffff00\">Take</font> no risks.\n\n"
            + "2\n00:00:01,340 --> 00:00:01,500\n<font color=\"#ffff00\">Take no</font> risks.\n\n"
            + "3\n00:00:01,600 --> 00:00:01,940\n<font color=\"#ffff00\">Take no risks.</font>\n"
        #expect(
            Milliseconds.timeline(try TranscriptText.read(growing, source: "talk.srt").words)
                == ["Take@1000-1340", "no@1340-1500", "risks.@1600-1940"])
        // Marks that do not spell the sentence (a word marked twice) are no karaoke: each cue is read whole.
        let repeated =
            "1\n00:00:01,000 --> 00:00:01,200\n<b>Take</b> no\n\n2\n00:00:01,200 --> 00:00:01,400\n<b>Take</b> no\n"
        let plain = try TranscriptText.read(repeated, source: "talk.srt")
        #expect(
            Milliseconds.timeline(plain.words) == ["Take@1000-1133", "no@1133-1200", "Take@1200-1333", "no@1333-1400"])
        #expect(plain.repairs.isEmpty)
    }

    /// A word tier with a word of no length between two aligned words that touch, and a phone
    /// tier with a phone of no length, which is not read (hand-made).
    static let unplacedWord = """
        File type = "ooTextFile"
        Object class = "TextGrid"

        0
        3.0
        <exists>
        2
        "IntervalTier"
        "words"
        0
        3.0
        5
        0
        1.0
        ""
        1.0
        1.4
        "well"
        1.4
        1.4
        "damn"
        1.4
        1.8
        "it"
        1.8
        3.0
        ""
        "IntervalTier"
        "phones"
        0
        3.0
        2
        0
        1.4
        "w"
        1.4
        1.4
        "d"

        """

    @Test("a TextGrid word of no length is estimated between its aligned neighbours, never a point, and logged")
    func unplacedTextGridWord() throws {
        let transcript = try TranscriptText.read(Self.unplacedWord, source: "talk.TextGrid")
        #expect(Milliseconds.timeline(transcript.words) == ["well@1000-1400", "damn@1200-1600", "it@1400-1800"])
        #expect(transcript.words.map(\.isTimeEstimated) == [false, true, false])
        #expect(
            transcript.repairs.map(\.description) == [
                "line 19:column 1: 'damn' has no length (a word the aligner did not place); estimated over 1.2–1.6 s, "
                    + "between its aligned neighbours"
            ])
        // At the tier's end, with a gap before it: the gap from the word before to the tier's end.
        let last = Self.unplacedWord.replacingOccurrences(
            of: "1.4\n1.8\n\"it\"\n1.8\n3.0\n\"\"", with: "1.4\n3.0\n\"\""
        )
        .replacingOccurrences(of: "\n5\n", with: "\n4\n")
        #expect(
            Milliseconds.timeline(try TranscriptText.read(last, source: "talk.TextGrid").words)
                == ["well@1000-1400", "damn@1400-3000"])
    }

}
