import CensorTestTranscripts
import Foundation
import Testing

@testable import CensorTranscript

/// Reading Gentle alignments (named `…TranscriptTests` so the Transcript filter runs it).
@Suite struct GentleTranscriptTests {
    static let alignment = #"""
        {"transcript": "Damn, that hurt.", "words": [
          {"alignedWord": "damn", "case": "success", "end": 1.63, "endOffset": 4, "phones": [{"duration": 0.1, "phone": "d_B"}], "start": 1.28, "startOffset": 0, "word": "Damn"},
          {"case": "not-found-in-audio", "endOffset": 10, "startOffset": 6, "word": "that"},
          {"alignedWord": "hurt", "case": "success", "end": 2.5, "endOffset": 15, "phones": [], "start": 1.9, "startOffset": 11, "word": "hurt"}]}
        """#

    @Test("reads aligned words and places those not found in the audio between their neighbours, estimated")
    func readsWords() throws {
        let transcript = try TranscriptText.read(Self.alignment)
        #expect(transcript.format == .gentle)
        #expect(
            transcript.words == [
                Word(text: "Damn", start: 1.28, end: 1.63),
                Word(text: "that", start: 1.63, end: 1.9, isTimeEstimated: true),
                Word(text: "hurt", start: 1.9, end: 2.5),
            ])
    }
}

/// Reading Praat TextGrids (named `…TranscriptTests` so the Transcript filter runs it).
@Suite struct TextGridTranscriptTests {
    /// The long text format as MFA writes it, with a phones tier and blank intervals.
    static let long = #"""
        File type = "ooTextFile"
        Object class = "TextGrid"

        xmin = 0 
        xmax = 3.0 
        tiers? <exists> 
        size = 2 
        item []: 
            item [1]:
                class = "IntervalTier" 
                name = "words" 
                xmin = 0 
                xmax = 3.0 
                intervals: size = 4 
                intervals [1]:
                    xmin = 0 
                    xmax = 1.28 
                    text = "" 
                intervals [2]:
                    xmin = 1.28 
                    xmax = 1.63 
                    text = "damn" 
                intervals [3]:
                    xmin = 1.63 
                    xmax = 1.9 
                    text = "that's" 
                intervals [4]:
                    xmin = 1.9 
                    xmax = 3.0 
                    text = "" 
            item [2]:
                class = "IntervalTier" 
                name = "phones" 
                xmin = 0 
                xmax = 3.0 
                intervals: size = 1 
                intervals [1]:
                    xmin = 0 
                    xmax = 3.0 
                    text = "D" 
        """#

    /// The same in the short text format, with two speakers' tiers and a point tier.
    static let short = #"""
        File type = "ooTextFile"
        Object class = "TextGrid"

        0
        3.0
        <exists>
        3
        "IntervalTier"
        "ann - words"
        0
        3.0
        2
        1.28
        1.63
        "damn"
        1.63
        3.0
        ""
        "TextTier"
        "events"
        0
        3.0
        1
        1.5
        "cough"
        "IntervalTier"
        "bob - words"
        0
        3.0
        1
        1.5
        1.9
        "He said ""ow"""
        """#

    @Test("reads the words tier of the long format, skipping blank intervals and other tiers")
    func readsLong() throws {
        let transcript = try TranscriptText.read(Self.long, source: "talk.TextGrid")
        #expect(transcript.format == .textGrid)
        #expect(
            transcript.words == [
                Word(text: "damn", start: 1.28, end: 1.63), Word(text: "that's", start: 1.63, end: 1.9),
            ])
    }

    @Test("reads the short format's speaker tiers, merged by time, skipping point tiers")
    func readsShort() throws {
        let words = try TranscriptText.read(Self.short, source: "talk.TextGrid").words
        #expect(words.map(\.text) == ["damn", "He", "said", "\"ow\""])
        #expect(words.map(\.speaker) == ["ann", "bob", "bob", "bob"])
        #expect(words[1].start == 1.5)
        #expect(words[1].isTimeEstimated)
    }

    @Test("reads UTF-16 with a byte-order mark in either byte order, and CRLF line ends")
    func utf16() throws {
        let text = Self.long.replacingOccurrences(of: "\n", with: "\r\n").replacingOccurrences(of: "damn", with: "café")
        for encoding in [String.Encoding.utf16BigEndian, .utf16LittleEndian] {
            let bom: [UInt8] = encoding == .utf16BigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
            let data = Data(bom) + text.data(using: encoding)!
            let transcript = try Transcript(data: data, source: "talk.TextGrid")
            #expect(transcript.format == .textGrid)
            #expect(transcript.words.map(\.text) == ["café", "that's"])
        }
    }

    @Test("reports a stray UTF-16 surrogate by line and column")
    func badUTF16() {
        let data = Data([0xFF, 0xFE]) + "ab\n c".data(using: .utf16LittleEndian)! + Data([0x00, 0xD8, 0x41, 0x00])
        #expect(
            TranscriptText.error(data, source: "talk.TextGrid")
                == .malformed(
                    file: "talk.TextGrid", format: nil, place: "line 2:column 3", expected: "UTF-16 text",
                    found: "the UTF-16 code unit 0xD800"))
    }

    @Test(
        "names the line and column of a malformed TextGrid",
        arguments: [
            (
                long.replacingOccurrences(of: "xmax = 1.63", with: "xmax = 1.2"),
                "line 21:column 20: expected an end time not before the start time 1.28, found 1.2"
            ),
            (
                long.replacingOccurrences(of: "text = \"damn\"", with: "text = damn"),
                "line 24:column 20: expected a quoted string (the text of interval 2 of tier 1), found the number 1.63"
            ),
            (
                long.replacingOccurrences(of: "name = \"words\"", with: "name = \"ortho\"").replacingOccurrences(
                    of: "\"phones\"", with: "\"notes\""),
                #"tiers: expected a tier named "words", "<speaker> - words" or "TokensAlign", found tiers "ortho", "notes""#
            ),
            (
                String(long.prefix(300)),
                "line 17:column 8: expected a number (the xmax of interval 1 of tier 1), found end of file"
            ),
        ])
    func malformed(text: String, message: String) {
        #expect(
            TranscriptText.error(text, source: "talk.TextGrid")?.description == "talk.TextGrid (textgrid): " + message)
    }
}

/// Reading the Montreal Forced Aligner's JSON and CSV (named `…TranscriptTests` so the
/// Transcript filter runs it).
@Suite struct MFATranscriptTests {
    static let json = #"""
        {"start": 0, "end": 3.0, "tiers": {
            "ann - words": {"type": "interval", "entries": [[1.28, 1.63, "damn"], [1.63, 1.9, ""]]},
            "ann - phones": {"type": "interval", "entries": [[1.28, 1.35, "D"]]},
            "bob - words": {"type": "interval", "entries": [[1.5, 1.9, "ow"]]}}}
        """#

    @Test("reads speaker word tiers of MFA JSON, merged by time")
    func readsJSON() throws {
        let transcript = try TranscriptText.read(Self.json)
        #expect(transcript.format == .mfaJSON)
        #expect(
            transcript.words == [
                Word(text: "damn", start: 1.28, end: 1.63, speaker: "ann"),
                Word(text: "ow", start: 1.5, end: 1.9, speaker: "bob"),
            ])
    }

    @Test("names a malformed MFA JSON entry")
    func badEntry() {
        let text = #"{"tiers": {"words": {"type": "interval", "entries": [[1.28, 1.63]]}}}"#
        #expect(
            TranscriptText.error(text)?.description
                == "talk.json (mfa-json): tiers.words.entries[0]: expected a [begin, end, label] array, found an array of 2"
        )
    }

    static let csv = """
        Begin,End,Label,Type,Speaker
        1.28,1.63,damn,words,ann
        1.28,1.35,D,phones,ann
        1.5,1.9,"ow, ow",words,bob
        1.63,1.9,that,words,ann
        """

    @Test("reads the words rows of MFA CSV with their speakers, merged by time")
    func readsCSV() throws {
        let transcript = try TranscriptText.read(Self.csv, source: "talk.csv")
        #expect(transcript.format == .mfaCSV)
        #expect(transcript.words.map(\.text) == ["damn", "ow,", "that", "ow"])
        #expect(transcript.words.map(\.speaker) == ["ann", "bob", "ann", "bob"])
    }

    @Test("names the line and column of a bad MFA CSV time")
    func badCSV() {
        #expect(
            TranscriptText.error("Begin,End,Label,Type,Speaker\n1.28,soon,damn,words,ann\n", source: "talk.csv")?
                .description
                == "talk.csv (mfa-csv): line 2:column 6: expected a time in seconds, like 1.25, found 'soon'")
    }
}
