import CensorTestTranscripts
import Foundation
import Testing

@testable import CensorTranscript

/// Reading Audacity label tracks (named `…TranscriptTests` so the Transcript filter runs it).
@Suite struct AudacityLabelsTranscriptTests {
    /// An Audacity export with a spectral selection line after the second label and a blank line.
    static let labels = """
        1.280000\t1.630000\tDamn,
        3.720000\t4.700000\tpiece of shit
        \\\t200.000000\t3000.000000

        6.000000\t6.000000\t
        7.500000\t8.000000\tdon’t
        """

    static func read(_ text: String, format: TranscriptFormat? = nil) throws -> Transcript {
        try Transcript(data: Data(text.utf8), format: format, source: "labels.txt")
    }

    static func error(_ text: String, format: TranscriptFormat? = nil) -> TranscriptError? {
        do {
            _ = try Transcript(data: Data(text.utf8), format: format, source: "labels.txt")
            return nil
        } catch {
            return error
        }
    }

    @Test("reads labels as words, skipping spectral selection lines, blank lines and empty labels")
    func readsLabels() throws {
        let transcript = try Self.read(Self.labels)
        #expect(transcript.format == .audacityLabels)
        #expect(transcript.words.map(\.text) == ["Damn,", "piece", "of", "shit", "don’t"])
        #expect(transcript.words.first == Word(text: "Damn,", start: 1.28, end: 1.63, confidence: nil))
        #expect(transcript.words.last == Word(text: "don’t", start: 7.5, end: 8.0))
    }

    @Test("spreads a phrase over its label's time in proportion to word length")
    func spreadsPhrase() throws {
        let words = try Self.read("10.0\t12.2\tpiece  of shit\n").words
        let expected: [(String, Double, Double)] = [("piece", 10.0, 11.0), ("of", 11.0, 11.4), ("shit", 11.4, 12.2)]
        try #require(words.count == expected.count)
        for (word, (text, start, end)) in zip(words, expected) {
            #expect(word.text == text)
            #expect(abs(word.start - start) < 1e-9)
            #expect(abs(word.end - end) < 1e-9)
        }
        #expect(words.last?.end == 12.2)
        #expect(words.allSatisfy { $0.isTimeEstimated })
    }

    @Test("accepts a byte-order mark, CRLF line ends, a missing final line end and no label column")
    func bomAndCRLF() throws {
        let transcript = try Self.read("\u{FEFF}1.5\t2.0\tdamn\r\n\\\t1\t2\r\n3.0\t3.5")
        #expect(transcript.words == [Word(text: "damn", start: 1.5, end: 2.0)])
    }

    @Test("detects Audacity labels from content")
    func detects() {
        #expect(TranscriptFormat(detecting: Data(Self.labels.utf8)) == .audacityLabels)
        #expect(TranscriptFormat(detecting: Data("\n\n1\t2\tx\n".utf8)) == .audacityLabels)
        #expect(TranscriptFormat(detecting: Data("WEBVTT\n\n00:01.000 --> 00:02.000\nhi\n".utf8)) == .webVTT)
        #expect(TranscriptFormat(detecting: Data("1.5 2.0 damn\n".utf8)) == nil)
    }

    @Test("an empty label file read as Audacity labels has no words")
    func emptyFile() throws {
        #expect(try Self.read("", format: .audacityLabels).words.isEmpty)
        // Without a format named, empty text is a transcript without words too (TranscriptFindingTests).
        #expect(try Self.read("").words.isEmpty)
    }

    @Test(
        "names the line, column and expectation of a malformed line",
        arguments: [
            ("1.5 2.0 damn", "line 1:column 4: expected a tab, then the end time, found a space"),
            ("abc\t2\tx", "line 1:column 1: expected a start time in seconds, like 1.25, found 'abc'"),
            ("1.5", "line 1:column 4: expected a tab, then the end time, found end of line"),
            ("1,5\t2,0\tx", "line 1:column 1: expected a start time in seconds, like 1.25, found '1,5'"),
            (
                "1\t2\tok\n\\\t1\t2\n\n3\t4x\tdamn",
                "line 4:column 3: expected an end time in seconds, like 1.63, found '4x'"
            ),
            ("1\t2 damn", "line 1:column 4: expected a tab, then the label, found a space"),
            ("1\t\tdamn", "line 1:column 3: expected an end time in seconds, like 1.63, found a tab"),
        ])
    func malformedLines(text: String, message: String) {
        #expect(Self.error(text, format: .audacityLabels)?.description == "labels.txt (audacity-labels): " + message)
    }

    @Test(
        "rejects times that are not a number, negative or reversed, at their column",
        arguments: [
            ("2.0\t1.0\tdamn", "line 1:column 5", "an end time not before the start time 2.0", "1.0"),
            ("-1\t1\tdamn", "line 1:column 1", "a time of 0 seconds or more", "-1.0"),
            ("nan\t1\tdamn", "line 1:column 1", "a time of 0 seconds or more", "NaN"),
            ("0\t1\tok\n1\tinf\tdamn", "line 2:column 3", "a time of 0 seconds or more", "infinity"),
        ])
    func invalidTimes(text: String, place: String, expected: String, found: String) {
        #expect(
            Self.error(text)
                == .invalidTime(
                    file: "labels.txt", format: .audacityLabels, place: place, expected: expected, found: found))
    }

    @Test("reading whisper JSON as labels fails at line 1")
    func wrongFormat() {
        #expect(
            Self.error(#"{"segments": []}"#, format: .audacityLabels)?.description
                == #"labels.txt (audacity-labels): line 1:column 1: expected a start time in seconds, like 1.25, found '{"segments":'"#
        )
    }
}
