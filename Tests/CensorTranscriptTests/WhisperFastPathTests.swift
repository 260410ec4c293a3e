import CensorTestTranscripts
import Foundation
import Testing

@testable import CensorTranscript

/// The in-place path for openai-whisper JSON (`WhisperJSON.wordsReadInPlace(_:)`) against the
/// general path (the full `JSONValue` tree, then `WhisperJSON.words(in:)`): the same words, to
/// the bit, for every file it reads, and for every file it declines the general path's result
/// or error, as before (named `…TranscriptTests` so the Transcript filter runs it).
@Suite struct WhisperFastPathTranscriptTests {
    /// What reading gives: the words and format, or the error.
    enum Outcome: Equatable, CustomStringConvertible {
        case read(words: [WordBits], format: TranscriptFormat)
        case failed(TranscriptError)

        var description: String {
            switch self {
            case let .read(words, format): "\(format.rawValue): \(words)"
            case let .failed(error): "error: \(error)"
            }
        }
    }

    /// A word with its times and confidence compared by their bits (so that `-0.0` differs
    /// from `0.0` and a difference in the last digit shows).
    struct WordBits: Equatable, CustomStringConvertible {
        var word: Word
        var bits: [UInt64?]

        init(_ word: Word) {
            self.word = word
            bits = [word.start.bitPattern, word.end.bitPattern, word.confidence?.bitPattern]
        }

        var description: String { "\(word.text)@\(word.start)-\(word.end)(\(word.confidence.map { "\($0)" } ?? "-"))" }
    }

    static func outcome(_ data: Data, format: TranscriptFormat?, inPlace: Bool) -> Outcome {
        do {
            let transcript = try Transcript(data: data, format: format, source: "talk.json", readingInPlace: inPlace)
            return .read(words: transcript.words.map(WordBits.init), format: transcript.format)
        } catch {
            return .failed(error)
        }
    }

    /// Reads the bytes both ways, with detection and with the format given, and expects the
    /// same outcome; returns whether the in-place path read them.
    @discardableResult
    static func expectSameOutcome(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        for format in [nil, TranscriptFormat.whisperJSON] {
            let general = outcome(data, format: format, inPlace: false)
            let inPlace = outcome(data, format: format, inPlace: true)
            #expect(inPlace == general, "format \(format?.rawValue ?? "detected")", sourceLocation: sourceLocation)
        }
        return WhisperJSON.wordsReadInPlace(data) != nil
    }

    static func document(words: String, segment: String = #""id": 0, "start": 0.0, "end": 9.0, "text": " x""#) -> String
    {
        #"{"text": " x", "segments": [{\#(segment), "words": [\#(words)]}], "language": "en"}"#
    }

    @Test("reads openai-whisper's layout in place, to the same words as the general path")
    func readsTalk() throws {
        // The fixture's last segment has text but no word times: the general path estimates them.
        #expect(!Self.expectSameOutcome(Data(WhisperJSONTranscriptTests.talk.utf8)))
        let timed = WhisperJSONTranscriptTests.talk.replacingOccurrences(
            of: #""no_speech_prob": 0.05}"#,
            with:
                #""no_speech_prob": 0.05, "words": [{"word": " Of", "start": 6.6, "end": 7.0, "probability": 0.9}, {"word": " course.", "start": 7.0, "end": 8.0, "probability": 0.9}]}"#
        )
        let data = Data(timed.utf8)
        #expect(Self.expectSameOutcome(data))
        let words = try #require(WhisperJSON.wordsReadInPlace(data)).words
        #expect(words.count == 11)
        #expect(words[7].text == " Don’t -")
    }

    @Test(
        "reads numbers to the same bits as the general parser",
        arguments: [
            "1.2799999999999998", "4.0600000000000005", "0", "0.0", "-0.0", "7", "00.5", "1e0", "1E+1", "2.5e-1",
            "123456789012345.6", "1234567890.1234567", "0.30000000000000004", "3.141592653589793238462643",
            "100000000000000000000", "1.7976931348623157e308", "5e-324",
        ])
    func numbers(number: String) {
        let words =
            #"{"word": " a", "start": \#(number), "end": 1e400, "probability": 0.5}, {"word": " b", "start": \#(number), "end": \#(number)}"#
        Self.expectSameOutcome(Data(Self.document(words: words).utf8))
        let bounded = #"{"word": " a", "start": 0, "end": \#(number), "probability": 1}"#
        Self.expectSameOutcome(Data(Self.document(words: bounded).utf8))
    }

    @Test(
        "reads in place what it can: punctuation merges, disfluency marks, escapes, null probability, other keys",
        arguments: [
            #"{"word": "-", "start": 0.1, "end": 0.2}, {"word": " hi", "start": 0.3, "end": 0.4}, {"word": "!", "start": 0.4, "end": 0.6}"#,
            #"{"word": " [*]", "start": 0.1, "end": 0.2}, {"word": "[*] ", "start": 0.2, "end": 0.3}, {"word": " a*b", "start": 0.3, "end": 0.4}"#,
            #"{"word": " caf\u00e9 \"q\" \\ \/ \ud83d\ude00", "start": 0.1, "end": 0.2}"#,
            #"{"word": " café 😀", "start": 0.1, "end": 0.2, "probability": null}"#,
            #"{"end": 0.2, "extra": {"a": [1, {"b": null}], "c": "\n"}, "word": " x", "start": 0.1, "tokens": [true, false, null]}"#,
            #"{"word": "", "start": 0, "end": 0}"#,
            #" { "word" : " spaced" , "start" : 1 , "end" : 2 } "#,
        ])
    func readsInPlace(words: String) {
        #expect(Self.expectSameOutcome(Data(Self.document(words: words).utf8)))
    }

    @Test(
        "reads in place segments without words, with null or empty words, and no segments at all",
        arguments: [
            #"{"segments": []}"#,
            #"{"segments": [{}]}"#,
            #"{"segments": [{"words": null}, {"words": []}, {"id": 3}], "language": "en"}"#,
            "\u{FEFF}{\"segments\": [{\"words\": [{\"word\": \" bom\", \"start\": 1, \"end\": 2}]}]}\n\n",
            " \t\r\n{\"segments\": [{\"words\": [{\"word\": \" ws\", \"start\": 1, \"end\": 2}]}]}",
        ])
    func readsEmptySegments(text: String) {
        #expect(Self.expectSameOutcome(Data(text.utf8)))
    }

    @Test(
        "declines other variants and formats, leaving them to the general path",
        arguments: [
            // whisper-timestamped: text and confidence.
            Self.document(words: #"{"text": " a", "start": 0.1, "end": 0.2, "confidence": 0.9}"#),
            // faster-whisper's positional words and top-level segment list.
            Self.document(words: "[0.1, 0.2, \" a\", 0.9]"),
            #"[{"id": 0, "start": 0.0, "end": 1.0, "words": [{"word": " a", "start": 0.1, "end": 0.2}]}]"#,
            // WhisperX, Apple and speakers.
            Self.document(words: #"{"word": " a", "start": 0.1, "end": 0.2, "score": 0.9}"#),
            #"{"segments": [], "word_segments": []}"#,
            #"{"segments": [{"substring": "a", "timestamp": 1, "duration": 1}]}"#,
            Self.document(words: #"{"word": " a", "start": 0.1, "end": 0.2, "speaker": "A"}"#),
            Self.document(words: #"{"word": " a", "start": 0.1, "end": 0.2}"#, segment: #""speaker": "A""#),
            // Repeated keys: the last one wins in the general path.
            Self.document(words: #"{"word": " a", "word": " b", "start": 0.1, "end": 0.2}"#),
            Self.document(words: #"{"word": " a", "start": 0.1, "start": 0.15, "end": 0.2}"#),
            Self.document(words: #"{"word": " a", "start": 0.1, "end": 0.2, "probability": 0.1, "probability": 0.2}"#),
            #"{"segments": [{"words": [{"word": " a", "start": 0.1, "end": 0.2}], "words": []}]}"#,
            #"{"segments": [], "segments": [{"words": [{"word": " a", "start": 0.1, "end": 0.2}]}]}"#,
            // Numbers as strings, and a JSON-lines file.
            Self.document(words: #"{"word": " a", "start": "0.1", "end": 0.2}"#),
            #"{"segments": []}"# + "\n" + #"{"segments": []}"#,
            // No segments: not whisper JSON.
            #"{"text": "x"}"#,
        ])
    func declines(text: String) {
        #expect(!Self.expectSameOutcome(Data(text.utf8)))
    }

    @Test(
        "declines malformed words and invalid times, so that the general path reports them",
        arguments: [
            #"{"start": 0.1, "end": 0.2}"#,
            #"{"word": " a", "end": 0.2}"#,
            #"{"word": " a", "start": 0.1}"#,
            #"{"word": " a", "start": null, "end": 0.2}"#,
            #"{"word": 7, "start": 0.1, "end": 0.2}"#,
            #"{"word": " a", "start": -0.1, "end": 0.2}"#,
            #"{"word": " a", "start": 0.3, "end": 0.2}"#,
            #"{"word": " a", "start": NaN, "end": 0.2}"#,
            #"{"word": " a", "start": 0.1, "end": Infinity}"#,
            #"{"word": " a", "start": 0.1, "end": -Infinity}"#,
            #"{"word": " a", "start": 0.1, "end": 0.2, "probability": 1.5}"#,
            #"{"word": " a", "start": 0.1, "end": 0.2, "probability": -0.0001}"#,
            #"{"word": " a", "start": 0.1, "end": 0.2, "probability": "high"}"#,
            #"7"#,
            #"{"word": " a", "start": 0.1, "end": 0.2}, "x""#,
        ])
    func declinesErrors(words: String) {
        #expect(!Self.expectSameOutcome(Data(Self.document(words: words).utf8)))
    }

    @Test(
        "declines syntax errors anywhere, in skipped values too, with the general path's message",
        arguments: [
            #"{"segments": [], "tokens": [1, 2,]}"#,
            #"{"segments": [], "text": "bad \x escape"}"#,
            #"{"segments": [], "text": "\ud800 alone"}"#,
            #"{"segments": [], "text": "\udc00 low"}"#,
            #"{"segments": [], "text": "\u12"}"#,
            #"{"segments": [], "avg": -.5}"#,
            #"{"segments": [], "avg": 1.}"#,
            #"{"segments": [], "avg": 1e}"#,
            #"{"segments": [], "avg": 01.5e+}"#,
            #"{"segments": [], "avg": -}"#,
            #"{"segments": [], "avg": -Inf}"#,
            #"{"segments": [], "ok": tru}"#,
            #"{"segments": [], "ok": nul}"#,
            #"{"segments": [], "x" 1}"#,
            #"{"segments": [], 1: 1}"#,
            #"{"segments": [], "x": {"a": 1 "b": 2}}"#,
            #"{"segments": [{"words": [{"word": " a", "start": 0.1, "end": 0.2}]}, ]}"#,
            #"{"segments": [{"words": [{"word": " a", "start": 0.1, "end": 0.2},]}]}"#,
            #"{"segments": [{"words": [{"word": " a", "start": 0.1, "end": 0.2,}]}]}"#,
            #"{"segments": [{"words": [{"word": " a" "start": 0.1, "end": 0.2}]}]}"#,
            #"{"segments": [{"words": [{"word": " a", "start": 0.1, "end": 0.2}]}"#,
            #"{"segments": [{"words": [{"word": " a", "start": 0.1, "end": 0.2}]}]} x"#,
            #"{"segments": [], "text": "unterminated"#,
            "{\"segments\": [], \"text\": \"tab\tinside\"}",
            "{\"segments\": [], \"text\": \"line\nbreak\"}",
            #"{"segments": [{"words": [{"word": " a", "start": 0.1, "end": 0.2e}]}]}"#,
            #"{"segments": [{"words": [{"word": " a", "start": 01, "end": 0.2}]}]}"#,
            "",
            "   ",
            "{",
        ])
    func declinesSyntaxErrors(text: String) {
        #expect(!Self.expectSameOutcome(Data(text.utf8)))
    }

    @Test("declines nesting deeper than the parser's limit, in a skipped value or at the top")
    func declinesDeepNesting() {
        for depth in [510, 511, 512, 513, 600] {
            let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            Self.expectSameOutcome(Data(#"{"segments": [], "deep": \#(nested)}"#.utf8))
        }
    }

    @Test(
        "declines bytes that are not UTF-8, in a word or a skipped string, and UTF-16",
        arguments: [
            [0xC3, 0x28], [0xE9], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF], [0xE0, 0x80, 0xAF],
            [0xF0, 0x80, 0x80, 0xAF], [0xFF], [0xE2, 0x82],
        ] as [[UInt8]])
    func declinesInvalidUTF8(bytes: [UInt8]) {
        let prefix = Array(#"{"segments": [{"words": [{"word": " a"#.utf8)
        let middle = Array(#"", "start": 0.1, "end": 0.2}]}], "text": "b"#.utf8)
        let suffix = Array(#""}"#.utf8)
        #expect(!Self.expectSameOutcome(Data(prefix + bytes + middle + suffix)))
        #expect(!Self.expectSameOutcome(Data(prefix + middle + bytes + suffix)))
        // Outside a string, not UTF-8 and not JSON either.
        #expect(!Self.expectSameOutcome(Data(prefix + middle + suffix.dropLast() + bytes + [UInt8(ascii: "}")])))
    }

    @Test("reads valid UTF-8 of every length in place, in words and skipped strings")
    func readsUTF8() {
        let samples = ["é", "€", "😀", "\u{10FFFF}", "\u{FFFD}", "\u{0800}", "\u{D7FF}", "\u{E000}", "\u{80}"]
        for sample in samples {
            let text =
                #"{"segments": [{"words": [{"word": " \#(sample)", "start": 0.1, "end": 0.2}]}], "text": "\#(sample)"}"#
            #expect(Self.expectSameOutcome(Data(text.utf8)), "\(sample)")
        }
        let utf16 = Data([0xFF, 0xFE]) + #"{"segments": []}"#.data(using: .utf16LittleEndian)!
        #expect(!Self.expectSameOutcome(utf16))
    }

    @Test("UTF-8 validation finds the first byte the standard library refuses, on every short sequence")
    func utf8Validation() {
        var sequences: [[UInt8]] = (0...0xFF).map { [UInt8($0)] }
        for lead in [0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5] as [UInt8] {
            for second in stride(from: 0x70, through: 0xC8, by: 8) {
                sequences.append([lead, UInt8(second)])
                for third in [0x7F, 0x80, 0xBF, 0xC0] as [UInt8] {
                    sequences.append([lead, UInt8(second), third])
                    sequences.append([lead, UInt8(second), third, 0x80])
                    sequences.append([lead, UInt8(second), third, 0xBF])
                    sequences.append([lead, UInt8(second), third, 0x41])
                }
            }
        }
        for sequence in sequences {
            // The first invalid sequence starts where the longest valid prefix ends.
            let validPrefix = (0...sequence.count).last { String(validating: sequence[..<$0], as: UTF8.self) != nil }!
            let expected = validPrefix == sequence.count ? nil : validPrefix
            #expect(
                UTF8Validation.firstInvalidOffset(in: sequence) == expected, "\(sequence.map { String($0, radix: 16) })"
            )
            // After a valid prefix, the offset moves with it.
            let prefixed = Array("é\n".utf8) + sequence
            #expect(UTF8Validation.firstInvalidOffset(in: prefixed) == expected.map { $0 + 3 })
        }
    }

    @Test("a generated transcript of many segments reads in place to the general path's words")
    func generated() {
        var text = #"{"text": "…", "segments": ["#
        var seed: UInt64 = 12345
        func next() -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return seed >> 33
        }
        let pieces = [
            " damn", " Hello,", " -", ".", " café", " x-rated", " [*]", " \\\"quoted\\\"", " don\\u2019t", "?!",
        ]
        var time = 0.0
        for segment in 0..<40 {
            if segment > 0 { text += ", " }
            text += #"{"id": \#(segment), "seek": 0, "start": \#(time), "tokens": [\#(next()), \#(next())], "words": ["#
            for index in 0..<Int(next() % 12) {
                if index > 0 { text += ", " }
                let start = time
                time += Double(next() % 1000) / 997
                text +=
                    #"{"word": "\#(pieces[Int(next()) % pieces.count])", "start": \#(start), "end": \#(time), "probability": \#(Double(next() % 1000) / 1000)}"#
            }
            text += "], \"avg_logprob\": -0.25}"
        }
        text += "]}"
        #expect(Self.expectSameOutcome(Data(text.utf8)))
    }
}
