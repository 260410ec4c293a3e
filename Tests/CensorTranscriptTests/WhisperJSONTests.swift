import CensorTestTranscripts
import Foundation
import Testing

@testable import CensorTranscript

/// Reading openai-whisper JSON transcripts (named `…TranscriptTests` so the Transcript filter runs it).
@Suite struct WhisperJSONTranscriptTests {
    static let talk = TranscriptFixtures.whisperJSON

    /// A whisper document with one segment holding the given `words` items.
    static func document(words: String) -> String {
        #"{"text": " x", "segments": [{"id": 0, "start": 0.0, "end": 9.0, "text": " x", "words": [\#(words)]}], "language": "en"}"#
    }

    static func read(_ text: String, format: TranscriptFormat? = nil) throws -> Transcript {
        try Transcript(data: Data(text.utf8), format: format, source: "talk.json")
    }

    static func error(_ text: String, format: TranscriptFormat? = nil) -> TranscriptError? {
        do {
            _ = try Transcript(data: Data(text.utf8), format: format, source: "talk.json")
            return nil
        } catch {
            return error
        }
    }

    @Test("reads every timed word in order, text as written")
    func readsWords() throws {
        let transcript = try Self.read(Self.talk)
        #expect(transcript.format == .whisperJSON)
        #expect(
            transcript.words.map(\.text) == [
                " Damn,", " that", " hurt.", " You", " piece", " of", " shit!", " Don’t -", " ever.", "Of", "course.",
            ])
        // The last segment has no word times: its words are spread over it and marked.
        #expect(transcript.words.map(\.isTimeEstimated) == Array(repeating: false, count: 9) + [true, true])
    }

    @Test("keeps times to the bit, float noise included, and probability as confidence")
    func keepsTimesAndConfidence() throws {
        let first = try #require(try Self.read(Self.talk).words.first)
        #expect(first == Word(text: " Damn,", start: 1.2799999999999998, end: 1.63, confidence: 0.9312))
    }

    @Test("appends a standalone punctuation word to the previous word and extends its end")
    func mergesPunctuation() throws {
        let words = try Self.read(Self.talk).words
        #expect(words[2] == Word(text: " hurt.", start: 1.9, end: 2.62, confidence: 0.9711))
        #expect(words[7] == Word(text: " Don’t -", start: 5.2, end: 5.8, confidence: 0.8))
    }

    @Test("keeps a punctuation word that has no word before it")
    func keepsLeadingPunctuation() throws {
        let text = Self.document(
            words: #"{"word": "\u201c", "start": 0.5, "end": 0.6}, {"word": " Hi", "start": 0.6, "end": 0.9}"#)
        #expect(try Self.read(text).words.map(\.text) == ["“", " Hi"])
    }

    @Test("a segment with text but no words is read from its text; ones without text add nothing")
    func segmentsWithoutWords() throws {
        let text =
            #"{"segments": [{"id": 0, "start": 0, "end": 1, "text": " Hi"}, {"id": 1, "words": null}, {"id": 2, "words": []}]}"#
        let transcript = try Self.read(text)
        #expect(transcript.words == [Word(text: "Hi", start: 0, end: 1)])
        #expect(transcript.format == .whisperJSON)
    }

    @Test("a word without probability has no confidence")
    func missingProbability() throws {
        let words = try Self.read(Self.document(words: #"{"word": " Hi", "start": 0.5, "end": 0.9}"#)).words
        #expect(words == [Word(text: " Hi", start: 0.5, end: 0.9, confidence: nil)])
    }

    @Test("accepts a UTF-8 byte-order mark and CRLF line ends")
    func bomAndCRLF() throws {
        let text =
            "\u{FEFF}{\r\n\"segments\": [\r\n{\"words\": [{\"word\": \" Damn\", \"start\": 1, \"end\": 2}]}\r\n]\r\n}\r\n"
        let transcript = try Self.read(text)
        #expect(transcript.words == [Word(text: " Damn", start: 1, end: 2)])
    }

    @Test("detects whisper JSON from content")
    func detects() {
        #expect(TranscriptFormat(detecting: Data(Self.talk.utf8)) == .whisperJSON)
        #expect(TranscriptFormat(detecting: Data(Self.timestamped.utf8)) == .whisperJSON)
        #expect(TranscriptFormat(detecting: Data(Self.fasterWhisper.utf8)) == .whisperJSON)
        #expect(TranscriptFormat(detecting: Data(#"{"results": 1}"#.utf8)) == nil)
        #expect(TranscriptFormat(detecting: Data()) == nil)
    }

    @Test("names the item path and the expected type")
    func wrongType() {
        let text = Self.document(words: #"{"word": " Hi", "start": "soon", "end": 0.9}"#)
        #expect(
            Self.error(text)?.description
                == "talk.json (whisper-json): segments[0].words[0].start: expected a time in seconds, like 1.25, found 'soon'"
        )
    }

    @Test("accepts times and probabilities written as strings")
    func numbersAsStrings() throws {
        let words = try Self.read(
            Self.document(words: #"{"word": " Hi", "start": "0.5", "end": " 0.9 ", "probability": "0.75"}"#)
        ).words
        #expect(words == [Word(text: " Hi", start: 0.5, end: 0.9, confidence: 0.75)])
    }

    /// Abridged whisper-timestamped output: `text` and `confidence` instead of `word` and
    /// `probability`, and a `[*]` disfluency mark from `--detect_disfluencies`.
    static let timestamped = #"""
        {"text": " Damn, that hurt.", "segments": [{"id": 0, "seek": 0, "start": 1.28, "end": 2.62, "text": " Damn, that hurt.", "confidence": 0.91,
          "words": [{"text": "Damn,", "start": 1.28, "end": 1.63, "confidence": 0.93}, {"text": "[*]", "start": 1.63, "end": 1.7, "confidence": 0.0},
                    {"text": "that", "start": 1.7, "end": 1.9, "confidence": 0.98}, {"text": "hurt.", "start": 1.9, "end": 2.62, "confidence": 0.97}]}], "language": "en"}
        """#

    @Test("reads whisper-timestamped's text and confidence, dropping disfluency marks")
    func whisperTimestamped() throws {
        let transcript = try Self.read(Self.timestamped)
        #expect(transcript.format == .whisperJSON)
        #expect(
            transcript.words == [
                Word(text: "Damn,", start: 1.28, end: 1.63, confidence: 0.93),
                Word(text: "that", start: 1.7, end: 1.9, confidence: 0.98),
                Word(text: "hurt.", start: 1.9, end: 2.62, confidence: 0.97),
            ])
    }

    /// A faster-whisper dump, `json.dump([s._asdict() for s in segments])`: the segment list at
    /// the top level, words as `[start, end, word, probability]` arrays.
    static let fasterWhisper = #"""
        [{"id": 1, "seek": 0, "start": 1.28, "end": 2.62, "text": " Damn, that hurt.", "tokens": [50364, 23116], "temperature": 0.0, "avg_logprob": -0.25, "compression_ratio": 1.1, "no_speech_prob": 0.01,
          "words": [[1.28, 1.63, " Damn,", 0.93], [1.63, 1.9, " that", 0.98], [1.9, 2.5, " hurt", 0.97], [2.5, 2.62, ".", 0.6]]},
         {"id": 2, "seek": 0, "start": 3.5, "end": 4.0, "text": " Ow.", "tokens": [], "temperature": 0.0, "avg_logprob": -0.3, "compression_ratio": 0.5, "no_speech_prob": 0.02, "words": [[3.5, 4.0, " Ow.", 0.8]]}]
        """#

    @Test("reads a faster-whisper dump: a top-level segment list and positional word arrays")
    func fasterWhisper() throws {
        let transcript = try Self.read(Self.fasterWhisper)
        #expect(transcript.format == .whisperJSON)
        #expect(
            transcript.words == [
                Word(text: " Damn,", start: 1.28, end: 1.63, confidence: 0.93),
                Word(text: " that", start: 1.63, end: 1.9, confidence: 0.98),
                Word(text: " hurt.", start: 1.9, end: 2.62, confidence: 0.97),
                Word(text: " Ow.", start: 3.5, end: 4.0, confidence: 0.8),
            ])
    }

    @Test(
        "names the index of a bad positional word",
        arguments: [
            ("[[1.0, 0.5, \" a\", 0.9]]", "invalid", "[0].words[0][1]"),
            ("[[1.0, 2.0, 7, 0.9]]", "malformed", "[0].words[0][2]"),
            ("[[1.0, 2.0]]", "malformed", "[0].words[0]"),
        ])
    func positionalErrors(words: String, kind: String, place: String) {
        let error = Self.error(#"[{"start": 0, "end": 9, "text": "x", "words": \#(words)}]"#)
        switch error {
        case .invalidTime(_, _, let errorPlace, _, _)? where kind == "invalid": #expect(errorPlace == place)
        case .malformed(_, _, let errorPlace, _, _)? where kind == "malformed": #expect(errorPlace == place)
        default: Issue.record("unexpected \(String(describing: error))")
        }
    }

    @Test(
        "reports malformed items at their path",
        arguments: [
            (
                #"{"word": " Hi", "start": 0.5}"#,
                #"segments[0].words[0].end: expected a time in seconds, like 1.25, found no "end" key"#
            ),
            (#"{"start": 0.5, "end": 1}"#, #"segments[0].words[0].word: expected a string, found no "word" key"#),
            (#"{"word": 7, "start": 0.5, "end": 1}"#, "segments[0].words[0].word: expected a string, found a number"),
            (
                #"{"word": "a", "start": 0, "end": 1}, 7"#,
                "segments[0].words[1]: expected an object or a [start, end, word, probability] array, found a number"
            ),
            (
                #"{"word": "a", "start": 0, "end": 1}, [1]"#,
                "segments[0].words[1]: expected a [start, end, word, probability] array, found an array of 1"
            ),
            (
                #"{"word": "a", "start": 0, "end": 1, "probability": 1.5}"#,
                "segments[0].words[0].probability: expected a number from 0 to 1, found 1.5"
            ),
        ])
    func malformedItems(words: String, message: String) {
        #expect(Self.error(Self.document(words: words))?.description == "talk.json (whisper-json): " + message)
    }

    @Test(
        "rejects times that are not a number, negative, infinite or reversed",
        arguments: [
            (
                #"{"word": " a", "start": NaN, "end": 1}"#,
                "segments[0].words[0].start", "a time of 0 seconds or more", "NaN"
            ),
            (
                #"{"word": " a", "start": -0.5, "end": 1}"#,
                "segments[0].words[0].start", "a time of 0 seconds or more", "-0.5"
            ),
            (
                #"{"word": " a", "start": 1, "end": Infinity}"#,
                "segments[0].words[0].end", "a time of 0 seconds or more", "infinity"
            ),
            (
                #"{"word": " a", "start": 0, "end": 1}, {"word": " b", "start": 1.63, "end": 1.28}"#,
                "segments[0].words[1].end", "an end time not before the start time 1.63", "1.28"
            ),
        ])
    func invalidTimes(words: String, place: String, expected: String, found: String) {
        let error = Self.error(Self.document(words: words))
        #expect(
            error
                == .invalidTime(file: "talk.json", format: .whisperJSON, place: place, expected: expected, found: found)
        )
        #expect(error?.description == "talk.json (whisper-json): \(place): expected \(expected), found \(found)")
    }

    @Test("reports a JSON syntax error by line and column")
    func syntaxError() {
        let truncated = "{\"segments\": [\n  {\"words\": [{\"word\": \" a\", \"start\": 0, \"end\": 1}\n"
        #expect(
            Self.error(truncated)?.description == "talk.json: line 3:column 1: expected ',' or ']', found end of file")
        #expect(
            Self.error(truncated, format: .whisperJSON)?.description
                == "talk.json (whisper-json): line 3:column 1: expected ',' or ']', found end of file")
        #expect(
            Self.error("{\"segments\": [tru]}")?.description
                == "talk.json: line 1:column 15: expected a JSON value, found 't'")
    }

    @Test("says what was expected when the JSON is not a whisper document")
    func notWhisper() {
        #expect(
            Self.error("[1, 2]", format: .whisperJSON)?.description
                == "talk.json (whisper-json): [0]: expected an object, found a number")
        #expect(
            Self.error(#"{"text": "x"}"#, format: .whisperJSON)?.description
                == #"talk.json (whisper-json): segments: expected an array, found no "segments" key"#)
        #expect(
            Self.error(#"{"segments": {}}"#)?.description
                == "talk.json (whisper-json): segments: expected an array, found an object")
        #expect(
            Self.error("1.0\t2.0\tdamn\n", format: .whisperJSON)?.description
                == "talk.json (whisper-json): line 1:column 1: expected a JSON object or array, found '1'")
    }

    @Test("names what it found and the known formats when it cannot tell the format")
    func unknownFormat() {
        let error = Self.error(#"{"items": [{"word": "damn", "start": 1, "end": 2}]}"#)
        #expect(error == .unrecognized(file: "talk.json", found: #"a JSON object with the keys "items""#))
        #expect(
            error?.description
                == #"talk.json: cannot tell the transcript format: found a JSON object with the keys "items"; expected one of "#
                + TranscriptFormat.allCases.map(\.rawValue).joined(separator: ", "))
    }

    @Test(
        "says what an unrecognized file looks like, and why a text-only whisper file cannot be read",
        arguments: [
            (
                #"{"text": " Damn it.", "language": "en"}"#,
                #"a JSON object with the keys "text", "language" (text without any times: openai-whisper writes times "#
                    + "with --output_format json, the OpenAI API with response_format=verbose_json)"
            ),
            ("[1, 2]", "a JSON list of numbers"),
            (#"[{"w": "damn"}]"#, #"a JSON list of objects with the keys "w""#),
            ("\n  Damn it, that hurt.\n", "a first line '  Damn it, that hurt.'"),
            ("{}", "an empty JSON object"),
        ])
    func unrecognized(text: String, found: String) {
        #expect(Self.error(text) == .unrecognized(file: "talk.json", found: found))
    }

    @Test("reports the first byte that is not UTF-8 by line and column")
    func invalidUTF8() {
        let data = Data("{\"segments\": [\n{\"words\": [{\"word\": \" caf".utf8) + Data([0xE9]) + Data("\"}]}]}".utf8)
        #expect(
            throws: TranscriptError.malformed(
                file: "talk.json", format: nil, place: "line 2:column 26", expected: "UTF-8 text",
                found: "the byte 0xE9")
        ) {
            try Transcript(data: data, source: "talk.json")
        }
    }

    @Test("loads a file and names it by the path given")
    func loadsFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("talk.json")
        try Data(Self.talk.utf8).write(to: url)

        #expect(try Transcript.load(path: url.path).words.count == 11)
        let missing = directory.appendingPathComponent("missing.json")
        #expect(throws: TranscriptError.unreadable(file: missing.path, reason: "No such file or directory")) {
            try Transcript.load(path: missing.path)
        }
    }
}
