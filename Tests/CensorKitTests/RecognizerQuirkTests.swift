import Foundation
import Testing

@testable import CensorKit
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
        #expect(TranscriptText.timeline(transcript.words) == [
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
        #expect(transcript.wordTimesAdvice
            == "ask the OpenAI API for timestamp_granularities[]=word (with response_format=verbose_json)")
    }

    @Test("verbose_json with both granularities: the top-level words, exact, not the segments")
    func apiWordsWin() throws {
        let transcript = try TranscriptText.read(Self.apiWordsAndSegments, source: "talk.json")
        #expect(transcript.format == .whisperJSON)
        #expect(TranscriptText.timeline(transcript.words) == ["Oh@0.5-0.72", "damn@0.8-1.24", "that@1.4-1.66", "hurt@1.7-2.3"])
        #expect(!transcript.timesAreEstimated)
        #expect(transcript.wordTimesAdvice == nil)
        #expect(WhisperJSON.wordsReadInPlace(Data(Self.apiWordsAndSegments.utf8)) == nil)
    }

    @Test("a faster-whisper dump without word times names faster-whisper's option")
    func fasterWhisperSegments() throws {
        let text = #"[{"id": 1, "seek": 0, "start": 0.0, "end": 2.0, "text": " Oh damn.", "tokens": [1], "words": null}]"#
        let transcript = try TranscriptText.read(text, as: .whisperJSON, source: "talk.json")
        #expect(transcript.words.map(\.text) == ["Oh", "damn."])
        #expect(transcript.wordTimesAdvice == "run faster-whisper with word_timestamps=True")
    }

    @Test("text without any times (Vosk without SetWords, the OpenAI API's json) counts as untimed words, not silence")
    func textOnly() throws {
        let transcript = try TranscriptText.read(#"{"text": "oh damn that hurt"}"# + "\n" + #"{"text": ""}"#, source: "talk.json")
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
        #expect(TranscriptText.error(text, source: "talk.json")?.description
            == "talk.json (whisper-json): segments[0].end: expected an end time not before the start time 2.0, found 1.0")
    }
}

/// whisper.cpp's pieces: `-ml 1` writes a segment per token, so words arrive cut (the layout of
/// whisper.cpp's `output_json` in `ggerganov/whisper.cpp` examples/main/main.cpp, and of the
/// `transcription[].tokens[]` that `@remotion/install-whisper-cpp` consumes).
@Suite struct WhisperCppPiecesTranscriptTests {
    static func segment(_ text: String, _ from: Int, _ to: Int, tokens: Bool) -> String {
        let stamps = #""timestamps": {"from": "00:00:00,000", "to": "00:00:00,000"}, "offsets": {"from": \#(from), "to": \#(to)}"#
        let token = #"{"text": "\#(text)", "timestamps": {"from": "00:00:00,000", "to": "00:00:00,000"}, "offsets": {"from": \#(from), "to": \#(to)}, "id": 1, "p": 0.9}"#
        return tokens ? #"{\#(stamps), "text": "\#(text)", "tokens": [\#(token)]}"# : #"{\#(stamps), "text": "\#(text)"}"#
    }

    static func document(tokens: Bool) -> String {
        let pieces = [(" Cong", 0, 300), ("rats", 300, 640), (" let", 700, 900), ("'s", 900, 1000), (" go", 1000, 1300), (".", 1300, 1310)]
        let segments = pieces.map { segment($0.0, $0.1, $0.2, tokens: tokens) }.joined(separator: ", ")
        return #"{"systeminfo": "AVX = 1", "model": {"type": "base"}, "params": {"language": "en"}, "result": {"language": "en"}, "transcription": [\#(segments)]}"#
    }

    @Test("-ml 1 pieces are joined into words: a new word starts at a piece beginning with a space", arguments: [false, true])
    func joinsPieces(tokens: Bool) throws {
        let transcript = try TranscriptText.read(Self.document(tokens: tokens), source: "talk.json")
        #expect(transcript.format == .whisperCppJSON)
        #expect(transcript.words.map { "\($0.text.trimmingCharacters(in: .whitespaces))@\($0.start)-\($0.end)" }
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
        #expect(TranscriptText.timeline(transcript.words) == ["Oh@0.5-0.9", "damn@0.9-1.5", "that@1.5-2.0", "hurt@2.0-3.0"])
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
    static let windows1252SRT: [UInt8] = "1\n00:00:00,500 --> 00:00:01,500\nScheiße, l’été\n".unicodeScalars.map { scalar in
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
        #expect(TranscriptText.error(data, as: nil, source: "x.srt")?.description
            == "x.srt: line 2:column 1: expected UTF-8 text, found the byte 0xE9")
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

    @Test("Gentle's golden file: not-found words placed, unscripted words kept by their aligned word, the 5 s word doubted")
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
        #expect(TranscriptText.timeline(transcript.words) == ["Oh@0.25-0.5", "damn@0.5-1.0", "that@1.0-1.5", "hurt@1.5-2.0", "ow@2.6-3.0"])
        #expect(transcript.words.map(\.isTimeEstimated) == [false, true, true, false, false])
        #expect(transcript.untimedWordCount == 0)
    }

    @Test("an alignment that found no word has only untimed words, and says how many")
    func nothingFound() throws {
        let text = #"{"transcript": "damn it", "words": [{"case": "not-found-in-audio", "word": "damn"}, {"case": "not-found-in-audio", "word": "it"}]}"#
        let transcript = try TranscriptText.read(text, source: "align.json")
        #expect(transcript.words.isEmpty)
        #expect(transcript.untimedWordCount == 2)
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
            words: texts.enumerated().map { Word(text: $0.element, start: Double($0.offset), end: Double($0.offset) + 0.5) },
            format: .jsonWords)
    }

    @Test("an entry with an apostrophe matches the word whole and cut on either side of it", arguments: [
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
