import CensorTestTranscripts
import Foundation
import Testing

@testable import CensorTranscript

/// Reading YouTube's SBV captions (named `…TranscriptTests` so the Transcript filter runs it).
@Suite struct SBVTranscriptTests {
    /// dagronf/SwiftSubtitles, Tests/SwiftSubtitlesTests/resources/sbv/captions.sbv: captions
    /// YouTube generated for an uploaded video, downloaded as SBV (first three cues).
    static let autoCaptions = """
        0:00:00.940,0:00:05.050
        This is a test of the SBV file converter.

        0:00:05.050,0:00:08.240
        This video was recorded and uploaded to Youtube.

        0:00:08.240,0:00:14.079
        Then, after the video had been processed and
        had captions auto-generated for it by Youtube,

        """

    /// The example of YouTube's help page as dagronf/SwiftSubtitles'
    /// Tests/SwiftSubtitlesTests/SBVTests.swift keeps it: speaker marks, CRLF line ends here.
    static let speakers =
        "0:00:00.599,0:00:04.160\r\n>> ALICE: Hi, my name is Alice Miller and this is John Brown\r\n\r\n0:00:04.160,0:00:06.770\r\n>> JOHN: and we're the owners of Miller Bakery.\r\n"

    @Test("spreads each cue's words over it, joining its lines, marked estimated")
    func readsCues() throws {
        let transcript = try TranscriptText.read(Self.autoCaptions, source: "talk.sbv")
        #expect(transcript.format == .sbv)
        #expect(transcript.words.count == 9 + 8 + 15)
        #expect(transcript.words.first?.start == 0.94)
        #expect(transcript.words[8].end == 5.05)
        #expect(transcript.words[9].start == 5.05)
        #expect(transcript.words.last.map { "\($0.text)@\($0.end)" } == "Youtube,@14.079")
        #expect(transcript.words.allSatisfy { $0.isTimeEstimated })
        // "This" takes 4 of the cue's 33 letters: 4/33 of 4.11 s.
        #expect(Milliseconds.timeline([transcript.words[0]]) == ["This@940-1438"])
    }

    @Test("drops >> marks and takes the capitalized name before a colon as the speaker")
    func readsSpeakers() throws {
        let words = try TranscriptText.read(Self.speakers, source: "talk.sbv").words
        #expect(words.first?.text == "Hi,")
        #expect(words.first?.speaker == "ALICE")
        #expect(words.last.map { "\($0.text) \($0.speaker ?? "-")" } == "Bakery. JOHN")
        #expect(words.map(\.text).contains(">>") == false)
    }

    @Test("names a malformed end time by line and column")
    func badEnd() {
        let text = "0:00:01.000,0:00:02.000\nhello\n\n0:00:03.000,soon\nworld\n"
        #expect(
            TranscriptText.error(text, source: "talk.sbv")?.description
                == "talk.sbv (sbv): line 4:column 13: expected an end time like 0:00:02.620, found 'soon'")
    }
}

/// Reading YouTube's json3 captions (named `…TranscriptTests` so the Transcript filter runs it).
@Suite struct YouTubeJSON3TranscriptTests {
    /// anderlaw/ytenglishhub, src/video-play/data.js: automatic captions in json3, the first
    /// two lines (the second cut after its third word).
    static let autoCaptions = #"""
        {"wireMagic": "pb3", "pens": [{}], "wsWinStyles": [{}, {"mhModeHint": 2, "juJustifCode": 0, "sdScrollDir": 3}],
         "wpWinPositions": [{}, {"apPoint": 6, "ahHorPos": 20, "avVerPos": 100, "rcRows": 2, "ccCols": 40}],
         "events": [
          {"tStartMs": 0, "dDurationMs": 1213080, "id": 1, "wpWinPosId": 1, "wsWinStyleId": 1},
          {"tStartMs": 2399, "dDurationMs": 6801, "wWinId": 1, "segs": [
            {"utf8": "hey", "acAsrConf": 0}, {"utf8": " in", "tOffsetMs": 201, "acAsrConf": 0}, {"utf8": " today's", "tOffsetMs": 321, "acAsrConf": 0},
            {"utf8": " lesson", "tOffsetMs": 721, "acAsrConf": 0}, {"utf8": " I'm", "tOffsetMs": 1121, "acAsrConf": 0}, {"utf8": " going", "tOffsetMs": 1361, "acAsrConf": 0},
            {"utf8": " to", "tOffsetMs": 1520, "acAsrConf": 0}, {"utf8": " help", "tOffsetMs": 1761, "acAsrConf": 0}]},
          {"tStartMs": 4430, "dDurationMs": 4770, "wWinId": 1, "aAppend": 1, "segs": [{"utf8": "\n"}]},
          {"tStartMs": 4440, "dDurationMs": 6239, "wWinId": 1, "segs": [
            {"utf8": "you", "acAsrConf": 0}, {"utf8": " finally", "tOffsetMs": 319, "acAsrConf": 0}, {"utf8": " think", "tOffsetMs": 1120, "acAsrConf": 0}]}]}
        """#

    @Test("times each word from its offset to the next word, and a line's last word to the next line")
    func readsAutoCaptions() throws {
        let transcript = try TranscriptText.read(Self.autoCaptions)
        #expect(transcript.format == .youTubeJSON3)
        #expect(
            Milliseconds.timeline(transcript.words) == [
                "hey@2399-2600", "in@2600-2720", "today's@2720-3120", "lesson@3120-3520", "I'm@3520-3760",
                "going@3760-3919", "to@3919-4160", "help@4160-4440", "you@4440-4759", "finally@4759-5560",
                "think@5560-10679",
            ])
        #expect(transcript.words.allSatisfy { !$0.isTimeEstimated })
    }

    @Test("spreads an uploaded caption's line over its event by letters, marked estimated")
    func readsUploadedCaptions() throws {
        let text =
            #"{"wireMagic": "pb3", "events": [{"tStartMs": 210, "dDurationMs": 3830, "segs": [{"utf8": "Hi, I'm Vanessa"}]}]}"#
        let words = try TranscriptText.read(text).words
        #expect(Milliseconds.timeline(words) == ["Hi,@210-1094", "I'm@1094-1978", "Vanessa@1978-4040"])
        #expect(words.allSatisfy { $0.isTimeEstimated })
    }

    @Test("names an event without its start")
    func missingStart() {
        let text = #"{"wireMagic": "pb3", "events": [{"dDurationMs": 100, "segs": [{"utf8": "a"}]}]}"#
        #expect(
            TranscriptText.error(text)?.description
                == #"talk.json (youtube-json): events[0].tStartMs: expected a time in milliseconds, like 1250, found no "tStartMs" key"#
        )
    }
}

/// Reading NIST CTM files (named `…TranscriptTests` so the Transcript filter runs it).
@Suite struct CTMTranscriptTests {
    /// ntuspeechlab/Kaldi_CombineCTM, TestData/master3Utt.ctm: a Kaldi decoder's CTM (trailing
    /// spaces as written), its first utterance; a comment, a confidence column and Kaldi's
    /// `<unk>` as `steps/get_ctm.sh` writes them, added.
    static let kaldi = """
        ;; Kaldi nbest-to-ctm
        nsc-part2-chn0-spk00002671maf-026710134 1 0.00 1.05 spring 0.98 
        nsc-part2-chn0-spk00002671maf-026710134 1 1.05 0.72 singapore 0.91 
        nsc-part2-chn0-spk00002671maf-026710134 1 1.80 0.27 cake 
        nsc-part2-chn0-spk00002671maf-026710134 1 2.10 0.75 singtel 
        nsc-part2-chn0-spk00002671maf-026710134 1 2.85 0.03 <unk> 0.41
        nsc-part2-chn0-spk00002671maf-026710134 1 2.88 0.21 and 
        nsc-part2-chn0-spk00002671maf-026710134 1 3.12 0.39 twitter 
        nsc-part2-chn0-spk00002671maf-026710134 1 3.51 0.36 rude 

        """

    @Test("reads start plus duration, confidences, and drops Kaldi's non-words")
    func readsWords() throws {
        let transcript = try TranscriptText.read(Self.kaldi, source: "talk.ctm")
        #expect(transcript.format == .ctm)
        #expect(
            Milliseconds.timeline(transcript.words) == [
                "spring@0-1050", "singapore@1050-1770", "cake@1800-2070", "singtel@2100-2850", "and@2880-3090",
                "twitter@3120-3510", "rude@3510-3870",
            ])
        #expect(transcript.words.prefix(3).map(\.confidence) == [0.98, 0.91, nil])
    }

    @Test("refuses a CTM of several utterances, whose times count from each utterance")
    func severalUtterances() {
        let text = Self.kaldi + "nsc-part2-chn0-spk00002671maf-026710136 1 0.51 0.75 compassvale \n"
        #expect(
            TranscriptText.error(text, source: "talk.ctm")?.description
                == "talk.ctm (ctm): line 10:column 1: expected the recording 'nsc-part2-chn0-spk00002671maf-026710134' of line 2 (a CTM of several recordings or utterances), found 'nsc-part2-chn0-spk00002671maf-026710136'"
        )
    }

    @Test("names a duration that is not a number")
    func badDuration() {
        #expect(
            TranscriptText.error("talk A 1.28 long damn\n", as: .ctm, source: "talk.ctm")?.description
                == "talk.ctm (ctm): line 1:column 13: expected a duration in seconds, like 0.35, found 'long'")
    }
}

/// Reading ELAN annotation documents (named `…TranscriptTests` so the Transcript filter runs it).
@Suite struct ELANTranscriptTests {
    /// The header, time slots and subdivided tiers of dopefishh/pympi, test/sample_2.8.eaf
    /// (ELAN's demo document: utterances "The quick brown fox N" on a time-aligned tier, their
    /// words as a symbolic subdivision), abridged to the first two utterances.
    static let sample = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <ANNOTATION_DOCUMENT AUTHOR="" DATE="2014-10-28T10:14:04+01:00" FORMAT="2.8" VERSION="2.8" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="http://www.mpi.nl/tools/elan/EAFv2.8.xsd">
            <LICENSE LICENSE_URL="http://www.mpi.nl/license.txt">Terms of use</LICENSE>
            <HEADER MEDIA_FILE="" TIME_UNITS="milliseconds">
                <MEDIA_DESCRIPTOR MEDIA_URL="file:///Users/Shared/MPI/DemoMaterial/yele/r03_v20_s5.wav" MIME_TYPE="audio/x-wav" RELATIVE_MEDIA_URL="../../DemoMaterial/yele/r03_v20_s5.wav"/>
                <PROPERTY NAME="lastUsedAnnotationId">8778</PROPERTY>
            </HEADER>
            <TIME_ORDER>
                <TIME_SLOT TIME_SLOT_ID="ts1" TIME_VALUE="1800"/>
                <TIME_SLOT TIME_SLOT_ID="ts2" TIME_VALUE="2000"/>
                <TIME_SLOT TIME_SLOT_ID="ts3" TIME_VALUE="2000"/>
                <TIME_SLOT TIME_SLOT_ID="ts4" TIME_VALUE="2400"/>
            </TIME_ORDER>
            <TIER DEFAULT_LOCALE="en" LINGUISTIC_TYPE_REF="utterance" PARTICIPANT="K" TIER_ID="K-Spch">
                <ANNOTATION>
                    <ALIGNABLE_ANNOTATION ANNOTATION_ID="a172" TIME_SLOT_REF1="ts1" TIME_SLOT_REF2="ts2">
                        <ANNOTATION_VALUE>The quick brown fox 172</ANNOTATION_VALUE>
                    </ALIGNABLE_ANNOTATION>
                </ANNOTATION>
                <ANNOTATION>
                    <ALIGNABLE_ANNOTATION ANNOTATION_ID="a173" TIME_SLOT_REF1="ts3" TIME_SLOT_REF2="ts4">
                        <ANNOTATION_VALUE>The quick brown fox 173</ANNOTATION_VALUE>
                    </ALIGNABLE_ANNOTATION>
                </ANNOTATION>
            </TIER>
            <TIER LINGUISTIC_TYPE_REF="words" PARENT_REF="K-Spch" PARTICIPANT="K" TIER_ID="W-Words">
                <ANNOTATION><REF_ANNOTATION ANNOTATION_ID="a3250" ANNOTATION_REF="a172"><ANNOTATION_VALUE>The</ANNOTATION_VALUE></REF_ANNOTATION></ANNOTATION>
                <ANNOTATION><REF_ANNOTATION ANNOTATION_ID="a3251" ANNOTATION_REF="a172" PREVIOUS_ANNOTATION="a3250"><ANNOTATION_VALUE>quick</ANNOTATION_VALUE></REF_ANNOTATION></ANNOTATION>
                <ANNOTATION><REF_ANNOTATION ANNOTATION_ID="a3252" ANNOTATION_REF="a172" PREVIOUS_ANNOTATION="a3251"><ANNOTATION_VALUE>brown</ANNOTATION_VALUE></REF_ANNOTATION></ANNOTATION>
                <ANNOTATION><REF_ANNOTATION ANNOTATION_ID="a3253" ANNOTATION_REF="a172" PREVIOUS_ANNOTATION="a3252"><ANNOTATION_VALUE>fox</ANNOTATION_VALUE></REF_ANNOTATION></ANNOTATION>
                <ANNOTATION><REF_ANNOTATION ANNOTATION_ID="a3255" ANNOTATION_REF="a173"><ANNOTATION_VALUE>The</ANNOTATION_VALUE></REF_ANNOTATION></ANNOTATION>
            </TIER>
            <LINGUISTIC_TYPE GRAPHIC_REFERENCES="false" LINGUISTIC_TYPE_ID="utterance" TIME_ALIGNABLE="true"/>
            <LINGUISTIC_TYPE CONSTRAINTS="Symbolic_Subdivision" GRAPHIC_REFERENCES="false" LINGUISTIC_TYPE_ID="words" TIME_ALIGNABLE="false"/>
            <CONSTRAINT DESCRIPTION="Symbolic subdivision of a parent annotation. Annotations refering to the same parent are ordered" STEREOTYPE="Symbolic_Subdivision"/>
        </ANNOTATION_DOCUMENT>
        """#

    @Test("reads the words tier, sharing each utterance's time among its words by length")
    func readsSubdivision() throws {
        let transcript = try TranscriptText.read(Self.sample, source: "talk.eaf")
        #expect(transcript.format == .elan)
        #expect(
            Milliseconds.timeline(transcript.words)
                == ["The@1800-1838", "quick@1838-1900", "brown@1900-1963", "fox@1963-2000", "The@2000-2400"])
        #expect(transcript.words.map(\.isTimeEstimated) == [true, true, true, true, false])
        #expect(transcript.words.allSatisfy { $0.speaker == "K" })
    }

    @Test("without a words tier, spreads the top-level tiers' annotations, speakers in time order")
    func readsUtterances() throws {
        let text = #"""
            <?xml version="1.0" encoding="UTF-8"?>
            <ANNOTATION_DOCUMENT FORMAT="3.0" VERSION="3.0">
              <HEADER MEDIA_FILE="" TIME_UNITS="milliseconds"/>
              <TIME_ORDER><TIME_SLOT TIME_SLOT_ID="ts1" TIME_VALUE="1280"/><TIME_SLOT TIME_SLOT_ID="ts2" TIME_VALUE="1630"/>
                <TIME_SLOT TIME_SLOT_ID="ts3" TIME_VALUE="1500"/><TIME_SLOT TIME_SLOT_ID="ts4" TIME_VALUE="2000"/></TIME_ORDER>
              <TIER LINGUISTIC_TYPE_REF="default-lt" PARTICIPANT="Ann" TIER_ID="Ann"><ANNOTATION><ALIGNABLE_ANNOTATION ANNOTATION_ID="a1" TIME_SLOT_REF1="ts1" TIME_SLOT_REF2="ts2"><ANNOTATION_VALUE>Damn &amp; blast</ANNOTATION_VALUE></ALIGNABLE_ANNOTATION></ANNOTATION></TIER>
              <TIER LINGUISTIC_TYPE_REF="default-lt" PARTICIPANT="Bob" TIER_ID="Bob"><ANNOTATION><ALIGNABLE_ANNOTATION ANNOTATION_ID="a2" TIME_SLOT_REF1="ts3" TIME_SLOT_REF2="ts4"><ANNOTATION_VALUE>ow</ANNOTATION_VALUE></ALIGNABLE_ANNOTATION></ANNOTATION></TIER>
              <TIER LINGUISTIC_TYPE_REF="translation" PARENT_REF="Ann" TIER_ID="Ann-en"><ANNOTATION><REF_ANNOTATION ANNOTATION_ID="a3" ANNOTATION_REF="a1"><ANNOTATION_VALUE>verdammt</ANNOTATION_VALUE></REF_ANNOTATION></ANNOTATION></TIER>
            </ANNOTATION_DOCUMENT>
            """#
        let words = try TranscriptText.read(text, source: "talk.eaf").words
        #expect(Milliseconds.timeline(words) == ["Damn@1280-1420", "&@1420-1455", "blast@1455-1630", "ow@1500-2000"])
        #expect(words.map(\.speaker) == ["Ann", "Ann", "Ann", "Bob"])
    }

    @Test("shares the time between aligned slots equally along a chain of unaligned ones")
    func unalignedSlots() throws {
        let text = #"""
            <ANNOTATION_DOCUMENT><TIME_ORDER><TIME_SLOT TIME_SLOT_ID="ts1" TIME_VALUE="1280"/><TIME_SLOT TIME_SLOT_ID="ts2"/><TIME_SLOT TIME_SLOT_ID="ts3"/><TIME_SLOT TIME_SLOT_ID="ts4" TIME_VALUE="2620"/></TIME_ORDER>
            <TIER LINGUISTIC_TYPE_REF="word-subdivision" TIER_ID="words">
            <ANNOTATION><ALIGNABLE_ANNOTATION ANNOTATION_ID="a1" TIME_SLOT_REF1="ts1" TIME_SLOT_REF2="ts2"><ANNOTATION_VALUE>damn</ANNOTATION_VALUE></ALIGNABLE_ANNOTATION></ANNOTATION>
            <ANNOTATION><ALIGNABLE_ANNOTATION ANNOTATION_ID="a2" TIME_SLOT_REF1="ts2" TIME_SLOT_REF2="ts3"><ANNOTATION_VALUE>that</ANNOTATION_VALUE></ALIGNABLE_ANNOTATION></ANNOTATION>
            <ANNOTATION><ALIGNABLE_ANNOTATION ANNOTATION_ID="a3" TIME_SLOT_REF1="ts3" TIME_SLOT_REF2="ts4"><ANNOTATION_VALUE>hurt</ANNOTATION_VALUE></ALIGNABLE_ANNOTATION></ANNOTATION>
            </TIER></ANNOTATION_DOCUMENT>
            """#
        let words = try TranscriptText.read(text, source: "talk.eaf").words
        #expect(Milliseconds.timeline(words) == ["damn@1280-1727", "that@1727-2173", "hurt@2173-2620"])
        #expect(words.allSatisfy { $0.isTimeEstimated })
    }

    @Test(
        "names the place of a broken reference or malformed XML",
        arguments: [
            (
                #"<ANNOTATION_DOCUMENT><TIME_ORDER><TIME_SLOT TIME_SLOT_ID="ts1" TIME_VALUE="0"/></TIME_ORDER>"# + "\n"
                    + #"<TIER TIER_ID="words"><ANNOTATION><ALIGNABLE_ANNOTATION ANNOTATION_ID="a1" TIME_SLOT_REF1="ts1" TIME_SLOT_REF2="ts9"><ANNOTATION_VALUE>a</ANNOTATION_VALUE></ALIGNABLE_ANNOTATION></ANNOTATION></TIER></ANNOTATION_DOCUMENT>"#,
                "talk.eaf (elan): line 2:column 35: expected a TIME_SLOT_REF naming a TIME_SLOT, found 'ts9'"
            ),
            (
                #"<ANNOTATION_DOCUMENT><TIER TIER_ID="words"></ANNOTATION_DOCUMENT>"#,
                "talk.eaf (elan): line 1:column 44: expected </TIER> closing the element of line 1, found </ANNOTATION_DOCUMENT>"
            ),
            (
                #"<ANNOTATION_DOCUMENT><TIME_ORDER><TIME_SLOT TIME_SLOT_ID="ts1" TIME_VALUE="1,5"/></TIME_ORDER></ANNOTATION_DOCUMENT>"#,
                "talk.eaf (elan): line 1:column 34: expected a TIME_VALUE in milliseconds, like 1280, found '1,5'"
            ),
            (
                #"<ANNOTATION_DOCUMENT><TIER TIER_ID="w&eacute;"/></ANNOTATION_DOCUMENT>"#,
                "talk.eaf (elan): line 1:column 38: expected an entity like &amp; or &#233;, found '&eacute'"
            ),
        ])
    func errors(text: String, message: String) {
        #expect(TranscriptText.error(text, source: "talk.eaf")?.description == message)
    }
}
