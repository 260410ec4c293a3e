import CensorTestTranscripts
import Foundation
import Testing

@testable import CensorKit
@testable import CensorTranscript

/// whisper.cpp's pieces: `-ml 1` writes a segment per token, so words arrive cut (the layout of
/// whisper.cpp's `output_json` in `ggerganov/whisper.cpp` examples/main/main.cpp, and of the
/// `transcription[].tokens[]` that `@remotion/install-whisper-cpp` consumes).
@Suite struct WhisperCppPiecesTranscriptTests {
    static func segment(_ text: String, _ from: Int, _ to: Int, tokens: Bool) -> String {
        let stamps =
            #""timestamps": {"from": "00:00:00,000", "to": "00:00:00,000"}, "offsets": {"from": \#(from), "to": \#(to)}"#
        let token =
            #"{"text": "\#(text)", "timestamps": {"from": "00:00:00,000", "to": "00:00:00,000"}, "offsets": {"from": \#(from), "to": \#(to)}, "id": 1, "p": 0.9}"#
        return tokens
            ? #"{\#(stamps), "text": "\#(text)", "tokens": [\#(token)]}"# : #"{\#(stamps), "text": "\#(text)"}"#
    }

    static func document(tokens: Bool) -> String {
        let pieces = [
            (" Cong", 0, 300), ("rats", 300, 640), (" let", 700, 900), ("'s", 900, 1000), (" go", 1000, 1300),
            (".", 1300, 1310),
        ]
        let segments = pieces.map { segment($0.0, $0.1, $0.2, tokens: tokens) }.joined(separator: ", ")
        return
            #"{"systeminfo": "AVX = 1", "model": {"type": "base"}, "params": {"language": "en"}, "result": {"language": "en"}, "transcription": [\#(segments)]}"#
    }

    @Test(
        "-ml 1 pieces are joined into words: a new word starts at a piece beginning with a space",
        arguments: [false, true])
    func joinsPieces(tokens: Bool) throws {
        let transcript = try TranscriptText.read(Self.document(tokens: tokens), source: "talk.json")
        #expect(transcript.format == .whisperCppJSON)
        #expect(
            transcript.words.map { "\($0.text.trimmingCharacters(in: .whitespaces))@\($0.start)-\($0.end)" }
                == ["Congrats@0.0-0.64", "let's@0.7-1.0", "go.@1.0-1.31"])
        #expect(!transcript.timesAreEstimated)
        let matches = CensorList(entries: ["congrats", "let's"]).matches(in: transcript)
        #expect(matches.map(\.wordIndices) == [0..<1, 1..<2])
    }
}

/// Subtitles as YouTube, Netflix and old SRT files have them.
@Suite struct CaptionQuirksTranscriptTests {
    /// YouTube auto-captions as some tools save them: a timing line right after the cue text,
    /// without a blank line (cue layout as yt-dlp saves YouTube's, with inline stamps and the
    /// `align:start position:0%` settings).
    static let youtubeUnseparated = """
        WEBVTT
        Kind: captions
        Language: en

        00:00:00.500 --> 00:00:01.500 align:start position:0%
        \u{20}
        Oh<00:00:00.900><c> damn</c>
        00:00:01.500 --> 00:00:03.000 align:start position:0%
        Oh damn
        that<00:00:02.000><c> hurt</c>

        """

    @Test("a timing line after cue text without a blank line starts the next cue")
    func youtubeWithoutBlankLine() throws {
        let transcript = try TranscriptText.read(Self.youtubeUnseparated, source: "talk.vtt")
        #expect(
            TranscriptText.timeline(transcript.words) == ["Oh@0.5-0.9", "damn@0.9-1.5", "that@1.5-2.0", "hurt@2.0-3.0"])
        #expect(!transcript.timesAreEstimated)
    }

    /// Netflix-style WebVTT: lines of spaces between cues, numbered cues, long settings.
    static let netflix = """
        WEBVTT
        \u{20}
        NOTE Netflix
        \u{20}
        1
        00:00:00.500 --> 00:00:01.500 position:50.00%,middle align:middle size:80.00% line:84.67%
        Oh damn
        \u{20}
        2
        00:00:02.000 --> 00:00:03.000 position:50.00%,middle align:middle size:80.00% line:84.67%
        that hurt
        \u{20}

        """

    @Test("Netflix's lines of spaces separate cues, before a cue number too")
    func netflixSeparators() throws {
        let transcript = try TranscriptText.read(Self.netflix, source: "talk.vtt")
        #expect(transcript.words.map(\.text) == ["Oh", "damn", "that", "hurt"])
        #expect(transcript.words[1].start == 0.5 + 1.0 * 2 / 6 && transcript.words[1].end == 1.5)
    }

    @Test("an SRT cue followed by the next index and timing line without a blank line")
    func srtWithoutBlankLine() throws {
        let text = "1\n00:00:00,500 --> 00:00:01,500\nOh damn\n2\n00:00:02,000 --> 00:00:03,000\nthat hurt\n"
        let transcript = try TranscriptText.read(text, source: "talk.srt")
        #expect(transcript.words.map(\.text) == ["Oh", "damn", "that", "hurt"])
        #expect(transcript.words[2].start == 2)
    }

    /// "Scheiße, l’été" in Windows-1252: ß is 0xDF, ’ 0x92, é 0xE9.
    /// (Bytes, not `Data`: a static `Data` reads as a leak to LeakSanitizer.)
    static let windows1252SRT: [UInt8] = "1\n00:00:00,500 --> 00:00:01,500\nScheiße, l’été\n".unicodeScalars.map {
        scalar in
        switch scalar {
        case "ß": 0xDF
        case "’": 0x92
        case "é": 0xE9
        default: UInt8(scalar.value)
        }
    }

    @Test("an SRT file in Windows-1252 is read as such, and the transcript says so")
    func windows1252() throws {
        let transcript = try Transcript(data: Data(Self.windows1252SRT), source: "old.srt")
        #expect(transcript.words.map(\.text) == ["Scheiße,", "l’été"])
        #expect(transcript.legacyEncoding == "windows-1252")
        #expect(CensorList(entries: ["scheiße"]).matches(in: transcript).count == 1)
    }

    @Test("a named encoding is read as named and not reported as a fallback")
    func namedEncoding() throws {
        let latin1 = Data("1\n00:00:00,500 --> 00:00:01,500\nMerde caf\u{E9}\n".unicodeScalars.map { UInt8($0.value) })
        let encoding = try #require(TranscriptEncoding(name: "Latin1"))
        #expect(encoding == .named("iso-8859-1"))
        let transcript = try Transcript(data: latin1, source: "old.srt", encoding: encoding)
        #expect(transcript.words.map(\.text) == ["Merde", "café"])
        #expect(transcript.legacyEncoding == nil)
        #expect(TranscriptEncoding(name: "klingon") == nil)
    }

    @Test("bytes that are neither UTF-8 nor text (a NUL) stay an error naming the first bad byte")
    func binaryIsNotText() {
        let data = Data([0x31, 0x0A, 0xE9, 0x00])
        #expect(
            TranscriptText.error(data, as: nil, source: "x.srt")?.description
                == "x.srt: line 2:column 1: expected UTF-8 text, found the byte 0xE9")
    }
}

/// Word times that censor uses but doubts, and the widening of estimated and instant words.
@Suite struct WordDoubtTests {
    @Test("zero-length, long and low-confidence words are doubted; ordinary ones are not")
    func doubts() {
        #expect(Word(text: "a", start: 1, end: 1).doubts == [.zeroLength])
        #expect(Word(text: "Bonjour", start: 1, end: 23).doubts == [.long])
        #expect(Word(text: "a", start: 1, end: 4.0001, confidence: 0.1).doubts == [.long, .lowConfidence])
        #expect(Word(text: "a", start: 1, end: 4, confidence: 0.25).doubts == [])
    }

    @Test("a match carries its words' doubts")
    func matchDoubts() {
        let words = [Word(text: "damn", start: 1, end: 1), Word(text: "it", start: 1, end: 1.2, confidence: 0.1)]
        let matches = CensorList(entries: ["damn it"]).matches(in: Transcript(words: words, format: .jsonWords))
        #expect(matches.map(\.doubts) == [[.zeroLength, .lowConfidence]])
    }

    @Test("estimated times are widened by the margin, zero-length words to the minimum core, exact ones not at all")
    func widening() throws {
        let planner = Planner(options: try PlanOptions(crossfade: 0, snapWindow: 0, refine: false))
        let rate = 1000
        var audio = InterleavedBuffer(samples: [Float](repeating: 0.1, count: 4000), channelCount: 1)
        let matches = [
            Match(wordIndices: 0..<1, text: "a", pattern: "a", start: 0.5, end: 0.625),
            Match(wordIndices: 1..<2, text: "b", pattern: "b", start: 1.5, end: 1.5),
            Match(wordIndices: 2..<3, text: "c", pattern: "c", start: 2.75, end: 3.0, isTimeEstimated: true),
        ]
        let spans = try planner.plan(matches, sampleRate: rate, audio: &audio).spans
        #expect(spans.count == 3)
        #expect(spans[0].start == 500 && spans[0].end == 625)
        // 0.1 s around 1.5 s; 1.45 and 1.55 are not exact in binary, so a frame either way.
        #expect((1449...1450).contains(spans[1].start) && (1550...1551).contains(spans[1].end))
        #expect(spans[2].start == 2500 && spans[2].end == 3250)
    }
}

/// Apostrophes and dashes as recognizers cut words, and compounds split in two.
@Suite struct WordPiecesMatchingTests {
    static func transcript(_ texts: [String]) -> Transcript {
        Transcript(
            words: texts.enumerated().map {
                Word(text: $0.element, start: Double($0.offset), end: Double($0.offset) + 0.5)
            },
            format: .jsonWords)
    }

    @Test(
        "an entry with an apostrophe matches the word whole and cut on either side of it",
        arguments: [
            ["L'esquelet"], ["L", "'esquelet"], ["l'", "esquelet"], ["L’", "esquelet"],
        ])
    func apostrophes(words: [String]) {
        let matches = CensorList(entries: ["l'esquelet"]).matches(in: Self.transcript(words))
        #expect(matches.map(\.wordIndices) == [0..<words.count])
    }

    @Test("don't matches don + 't, and mother-fucker matches mother + fucker")
    func contractionsAndDashes() {
        let transcript = Self.transcript(["I", "don", "'t", "care,", "mother", "fucker"])
        let matches = CensorList(entries: ["don't", "mother-fucker"]).matches(in: transcript)
        #expect(matches.map(\.wordIndices) == [1..<3, 4..<6])
    }

    @Test("a one-word entry matches its letters split over two or three words, and nothing less")
    func compounds() {
        let transcript = Self.transcript(["mother", "fucker", "bull", "sh", "it", "mother", "fudge", "bullshit"])
        let matches = CensorList(entries: ["motherfucker", "bullshit"]).matches(in: transcript)
        #expect(matches.map(\.wordIndices) == [0..<2, 2..<5, 7..<8])
    }

    @Test("an exception protects the pieces of a split word too")
    func exceptionPieces() {
        let transcript = Self.transcript(["mother", "fucker"])
        #expect(CensorList(entries: ["motherfucker", "!mother"]).matches(in: transcript).isEmpty)
    }
}

/// Repaired cues, matched.
@Suite struct RepairedCueMatchingTests {
    @Test("a word-level cue with a punctuation token is censored over the whole cue")
    func punctuationTokens() throws {
        let srt = "1\n00:00:00,500 --> 00:00:00,900\nvole ?\n\n2\n00:00:01,000 --> 00:00:01,500\n- Damn !\n"
        let transcript = try TranscriptText.read(srt, source: "talk.srt")
        let matches = CensorList(entries: ["vole", "damn"]).matches(in: transcript)
        #expect(matches.map { "\($0.start)-\($0.end)" } == ["0.5-0.9", "1.0-1.5"])
    }
}
