import CensorKit
import Foundation
import Testing

/// What the library says about a transcript before and after censoring with it: the typed
/// findings and refusals the `censor` command words into its warnings and errors.
@Suite struct TranscriptFindingTests {
    @Test(
        "white space and byte-order marks alone are a transcript without words, in the given format or json-words",
        arguments: [
            "", "\u{FEFF}", "\u{FEFF}\n\n", " \t\r\n", "\u{00A0}\u{3000}\n", String(repeating: " \n", count: 5000),
        ])
    func blankData(_ text: String) throws {
        let detected = try Transcript(data: Data(text.utf8), source: "empty.json")
        #expect(detected.words.isEmpty && detected.format == .jsonWords && detected.untimedWordCount == 0)
        #expect(try detected.findings(file: "empty.json") == [.noWords])
        let named = try Transcript(data: Data(text.utf8), format: .srt, source: "empty.srt")
        #expect(named.words.isEmpty && named.format == .srt)
    }

    @Test("text after white space is read as usual: a stray letter is no format, not an empty transcript")
    func notBlank() {
        #expect(throws: TranscriptError.unrecognized(file: "x.txt", found: "a first line '\u{FEFF} x'")) {
            try Transcript(data: Data(" \n\u{FEFF} x".utf8), source: "x.txt")
        }
    }

    /// A Gentle alignment that found none of its three words in the audio. Made at each use: a
    /// `static let` of `Data` is reported as a leak under AddressSanitizer (`make sanitize`).
    static var gentleNothingFound: Data {
        Data(
            """
            {"transcript": "oh damn it", "words": [
              {"case": "not-found-in-audio", "word": "oh", "startOffset": 0, "endOffset": 2},
              {"case": "not-found-in-audio", "word": "damn", "startOffset": 3, "endOffset": 7},
              {"case": "not-found-in-audio", "word": "it", "startOffset": 8, "endOffset": 10}]}
            """.utf8)
    }

    @Test("words of which none has a time or a timed neighbour: a refusal counting them, naming file and format")
    func noTimedWord() throws {
        let transcript = try Transcript(data: Self.gentleNothingFound, source: "talk.json")
        #expect(transcript.format == .gentle && transcript.words.isEmpty && transcript.untimedWordCount == 3)
        #expect(throws: TranscriptRefusal(file: "talk.json", format: .gentle, reason: .noTimedWord(untimedWords: 3))) {
            try transcript.findings(file: "talk.json")
        }
        let refusal = TranscriptRefusal(file: "talk.json", format: .gentle, reason: .noTimedWord(untimedWords: 3))
        #expect(
            refusal.description == "talk.json (gentle): none of its 3 words has a time, and none could be "
                + "estimated from a timed neighbour; nothing could be censored")
    }

    /// Two cues without word stamps: five words whose times are spread over their cues.
    static var subtitles: Data {
        Data("1\n00:00:01,000 --> 00:00:02,000\nwell damn\n\n2\n00:00:03,000 --> 00:00:04,500\noh crap indeed\n".utf8)
    }

    @Test("estimated word times are counted, and refused with their counts when given times are required")
    func estimatedTimes() throws {
        let transcript = try Transcript(data: Self.subtitles, source: "talk.srt")
        #expect(transcript.format == .srt && transcript.words.count == 5 && transcript.estimatedWordCount == 5)
        #expect(try transcript.findings(file: "talk.srt") == [.estimatedTimes(estimated: 5, words: 5)])
        let refusal = TranscriptRefusal(file: "talk.srt", format: .srt, reason: .estimatedTimes(estimated: 5, words: 5))
        #expect(throws: refusal) { try transcript.findings(file: "talk.srt", requiringWordTimes: true) }
        #expect(
            refusal.description
                == "talk.srt (srt) gives no word times for 5 of its 5 words, and estimated times were refused")
        #expect(!refusal.description.contains("--"))
    }

    @Test("a transcript of given times has no findings, required or not")
    func givenTimes() throws {
        let transcript = Transcript(words: [Word(text: "damn", start: 1, end: 1.5)], format: .jsonWords)
        #expect(try transcript.findings(file: "t.json", requiringWordTimes: true).isEmpty)
    }

    @Test("untimed words beside timed ones and a legacy encoding are findings with their count and encoding")
    func untimedAndLegacy() throws {
        var transcript = Transcript(words: [Word(text: "ok", start: 0, end: 0.5)], format: .gentle)
        transcript.untimedWordCount = 2
        transcript.legacyEncoding = "windows-1252"
        #expect(try transcript.findings(file: "g.json") == [.legacyEncoding("windows-1252"), .untimedWords(count: 2)])
    }

    /// 2 s of a quiet tone at 8 kHz.
    static func twoSeconds() throws -> AudioBuffer {
        try AudioBuffer(
            samples: (0..<16_000).map { Float(0.1 * sin(Double($0) * 0.3)) }, channelCount: 1, sampleRate: 8000)
    }

    @Test("words that start more than 1 s past the audio's end: the report counts them, with the times")
    func overrun() throws {
        // 2 s of audio; 2.9 s is within the tolerance, 3.0 s exactly at it; 3.5 s and 4 s are past it.
        let words = [
            Word(text: "oh", start: 0.5, end: 0.8), Word(text: "well", start: 2.9, end: 3.0),
            Word(text: "at", start: 3.0, end: 3.2), Word(text: "damn", start: 3.5, end: 3.8),
            Word(text: "late", start: 4.0, end: 4.25),
        ]
        var censor = try Censor(mode: .mute)
        censor.planner.transcriptWords = words
        var audio = try Self.twoSeconds()
        let report = try censor.censor(&audio, matches: CensorList(entries: ["damn"]).matches(in: words))
        let overrun = try #require(report.transcriptOverrun)
        #expect(overrun == TranscriptOverrun(words: words, audioSeconds: 2))
        #expect(overrun.lateWords == 2 && overrun.words == 5 && overrun.lastTime == 4.25 && overrun.audioSeconds == 2)
        #expect(report.spans.isEmpty && report.skipped.map(\.text) == ["damn"])
        // Codable keeps it.
        #expect(try JSONDecoder().decode(Report.self, from: JSONEncoder().encode(report)).transcriptOverrun == overrun)
    }

    @Test("words within a second of the audio's end, or none given to the planner: no overrun")
    func noOverrun() throws {
        #expect(TranscriptOverrun(words: [Word(text: "at", start: 3.0, end: 3.2)], audioSeconds: 2) == nil)
        #expect(TranscriptOverrun(words: [], audioSeconds: 2) == nil)
        var audio = try Self.twoSeconds()
        let words = [Word(text: "late", start: 5, end: 6)]
        let report = try Censor(mode: .mute).censor(&audio, matches: CensorList(entries: ["late"]).matches(in: words))
        #expect(report.transcriptOverrun == nil && report.skipped.count == 1)
    }

    @Test("a file censored with a transcript of a longer recording: its report has the overrun")
    func overrunFromFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("overrun-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.wav").path, output = folder.appendingPathComponent("out.wav").path
        try Self.twoSeconds().write(to: input, format: OutputFormat(container: .wav, encoding: .pcm16))
        let words = (0..<10).map { Word(text: "w\($0)", start: Double($0), end: Double($0) + 0.5) }
        var censor = try Censor(mode: .mute)
        censor.planner.transcriptWords = words
        let report = try censor.censorFile(input: input, output: output, matches: [])
        // Words at 4…9 s start more than 1 s after the 2 s of audio end.
        #expect(report.transcriptOverrun == TranscriptOverrun(words: words, audioSeconds: 2))
        #expect(report.transcriptOverrun?.lateWords == 6 && report.transcriptOverrun?.lastTime == 9.5)
    }
}
