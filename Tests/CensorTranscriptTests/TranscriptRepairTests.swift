import Foundation
import Testing

@testable import CensorTranscript
import CensorTestTranscripts

/// Real files' small faults, read leniently with each repair logged at its place (named
/// `…TranscriptTests`-like so the Transcript filter runs it).
@Suite struct TranscriptRepairTests {
    @Test("an end one time step before its start is read over both instants, and logged")
    func reversedByARoundingStep() throws {
        let ctm = try TranscriptText.read("talk 1 0.50 0.30 damn\ntalk 1 0.90 -0.01 it\n", source: "talk.ctm")
        #expect(TranscriptText.timeline(ctm.words) == ["damn@0.5-0.8", "it@0.89-0.9"])
        #expect(ctm.repairs.map(\.description) == [
            "line 2:column 13: the end 0.89 s lies 0.01 s before the start 0.9 s; read as 0.89–0.9 s",
        ])
        let sbv = try TranscriptText.read("0:00:01.280,0:00:01.279\ndamn\n\n0:00:01.300,0:00:01.600\nit\n", source: "talk.sbv")
        #expect(TranscriptText.timeline(sbv.words) == ["damn@1.279-1.28", "it@1.3-1.6"])
        #expect(sbv.repairs.map(\.description) == [
            "line 1:column 13: the end 1.279 s lies 0.001 s before the start 1.28 s; read as 1.279–1.28 s",
        ])
        let json = try TranscriptText.read(#"[{"word": "damn", "start": 1.30, "end": 1.27}]"#)
        #expect(TranscriptText.timeline(json.words) == ["damn@1.27-1.3"])
        #expect(json.repairs.map(\.description) == ["[0].end: the end 1.27 s lies 0.03 s before the start 1.3 s; read as 1.27–1.3 s"])
    }

    @Test("an end more than 50 ms before its start is still an error at its place")
    func reversedTooFar() {
        #expect(TranscriptText.error("talk 1 0.90 -0.10 it\n", source: "talk.ctm")?.description
            == "talk.ctm (ctm): line 1:column 13: expected an end time not before the start time 0.9, found 0.8")
    }

    @Test("times that go back between lines are kept as given: every word is censored over its own times")
    func backwardsBetweenLines() throws {
        let sbv = try TranscriptText.read(
            "0:00:00.100,0:00:00.900\nwell damn\n\n0:00:00.800,0:00:01.500\nit hurts\n\n0:00:00.600,0:00:00.700\nback\n",
            source: "talk.sbv")
        #expect(sbv.words.map(\.text) == ["well", "damn", "it", "hurts", "back"])
        #expect(sbv.words[4].start == 0.6 && sbv.words[4].end == 0.7)
    }

    @Test(
        "WebVTT blank lines where none belong are read, each logged",
        arguments: [
            ("WEBVTT\n\n1\n00:00:00.500 --> 00:00:00.800\n\ndamn\n\n2\n00:00:01.000 --> 00:00:01.200\nok\n",
             ["damn@0.5-0.8", "ok@1.0-1.2"],
             "line 6:column 1: a blank line parts this text from the cue before it, and no timing line follows; read as that cue's text"),
            ("WEBVTT\n\n1\n\n00:00:00.500 --> 00:00:00.800\ndamn\n",
             ["damn@0.5-0.8"],
             "line 3:column 1: a blank line parts the cue identifier '1' from its timing line; read as that cue's identifier"),
            ("WEBVTT\n\n00:00:00.500 --> 00:00:00.900\nwell\n\ndamn\n",
             ["well@0.5-0.7", "damn@0.7-0.9"],
             "line 6:column 1: a blank line parts this text from the cue before it, and no timing line follows; read as that cue's text"),
        ])
    func webVTTBlankLines(text: String, timeline: [String], repair: String) throws {
        let transcript = try TranscriptText.read(text, source: "talk.vtt")
        #expect(TranscriptText.timeline(transcript.words) == timeline)
        #expect(transcript.repairs.map(\.description) == [repair])
    }

    @Test("a word-level cue's punctuation takes no time: the word gets the whole cue")
    func punctuationTokens() throws {
        let srt = "1\n00:00:00,500 --> 00:00:00,900\nvole ?\n\n2\n00:00:01,000 --> 00:00:01,500\n- Damn !\n\n3\n00:00:02,000 --> 00:00:02,400\nrock & roll\n"
        let transcript = try TranscriptText.read(srt, source: "talk.srt")
        // "&" is read aloud, so it keeps its share: 1 of the 9 characters.
        #expect(Milliseconds.timeline(transcript.words) == ["vole ?@500-900", "- Damn !@1000-1500", "rock@2000-2178", "&@2178-2222", "roll@2222-2400"])
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
}
