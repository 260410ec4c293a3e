import Foundation
import Testing

/// Every way a run could exit 0 with an output identical to its input while listed words
/// were spoken: each censors, or fails with an error that says why. The
/// transcripts follow the layouts the recognizers publish (see `RecognizerQuirkTests`); the
/// workspace's audio is two seconds long and "damn" is listed.
@Suite struct SilentCaseTests {
    /// One transcript that used to be read as no words, or as the wrong ones.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let file: String
        /// The file's bytes; bytes rather than `Data`, whose storage in a static table reads as a
        /// leak to LeakSanitizer (its pointer is kept with tag bits).
        let bytes: [UInt8]
        /// The file's content.
        var content: Data { Data(bytes) }
        var testDescription: String { name }

        init(_ name: String, _ file: String, _ text: String) {
            self.name = name
            self.file = file
            bytes = Array(text.utf8)
        }

        init(_ name: String, _ file: String, bytes: [UInt8]) {
            self.name = name
            self.file = file
            self.bytes = bytes
        }
    }

    static let cases: [Case] = [
        Case(
            "openai-whisper without --word_timestamps", "seg.json",
            #"""
            {"text": " Oh damn, that hurt.", "segments": [{"id": 0, "seek": 0, "start": 0.25, "end": 1.75, "text": " Oh damn, that hurt.", "tokens": [50364, 876, 2422, 11, 300, 4607, 13, 50464], "temperature": 0.0, "avg_logprob": -0.31, "compression_ratio": 0.81, "no_speech_prob": 0.02}], "language": "en"}
            """#),
        Case(
            "OpenAI verbose_json, segments only", "api.json",
            #"""
            {"task": "transcribe", "language": "english", "duration": 2.0, "text": "Oh damn, that hurt.", "segments": [{"id": 0, "seek": 0, "start": 0.25, "end": 1.75, "text": " Oh damn, that hurt.", "tokens": [50364], "temperature": 0.0, "avg_logprob": -0.31, "compression_ratio": 0.81, "no_speech_prob": 0.02}]}
            """#),
        Case(
            "OpenAI verbose_json, words and segments", "both.json",
            #"""
            {"task": "transcribe", "language": "english", "duration": 2.0, "text": "Oh damn, that hurt.", "words": [{"word": "Oh", "start": 0.25, "end": 0.4}, {"word": "damn", "start": 0.5, "end": 0.8}], "segments": [{"id": 0, "seek": 0, "start": 0.25, "end": 1.75, "text": " Oh damn, that hurt.", "tokens": [50364], "temperature": 0.0, "avg_logprob": -0.31, "compression_ratio": 0.81, "no_speech_prob": 0.02}]}
            """#),
        Case(
            "whisper.cpp -ml 1 pieces", "pieces.json",
            #"""
            {"systeminfo": "AVX = 1", "model": {"type": "base"}, "params": {"language": "en"}, "result": {"language": "en"}, "transcription": [{"timestamps": {"from": "00:00:00,500", "to": "00:00:00,700"}, "offsets": {"from": 500, "to": 700}, "text": " Da"}, {"timestamps": {"from": "00:00:00,700", "to": "00:00:00,900"}, "offsets": {"from": 700, "to": 900}, "text": "mn"}]}
            """#),
        Case(
            "YouTube captions without a blank line before a timing line", "yt.vtt",
            """
            WEBVTT
            Kind: captions
            Language: en

            00:00:00.100 --> 00:00:00.500 align:start position:0%
            well
            00:00:00.500 --> 00:00:01.000 align:start position:0%
            well
            damn

            """),
        Case(
            "Netflix WebVTT with lines of spaces", "nf.vtt",
            "WEBVTT\n \n1\n00:00:00.500 --> 00:00:00.800 line:84.67%\ndamn\n \n"),
        Case(
            "SRT in Windows-1252", "old.srt",
            bytes: Array("1\n00:00:00,500 --> 00:00:00,800\nDamn caf".utf8) + [0xE9, 0x0A]),
        Case(
            "a word cut at its apostrophe", "cut.json",
            #"[{"word": "d", "start": 0.5, "end": 0.6}, {"word": "'amn", "start": 0.6, "end": 0.8}]"#),
        Case(
            "a word Gentle did not find in the audio", "align.json",
            #"""
            {"transcript": "well damn it", "words": [{"alignedWord": "well", "case": "success", "end": 0.5, "start": 0.25, "word": "well"}, {"case": "not-found-in-audio", "word": "damn"}, {"alignedWord": "it", "case": "success", "end": 1.0, "start": 0.9, "word": "it"}]}
            """#),
    ]

    @Test("censored, with the report and the dry run saying what was read", arguments: cases)
    func censors(_ testCase: Case) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try testCase.content.write(to: workspace.file(testCase.file))
        let list = testCase.name.contains("apostrophe") ? "d'amn" : "damn"
        let result = try workspace.run([
            "talk.wav", "--transcript", testCase.file, "--word", list, "-o", "out.wav", "--report", "report.json",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("1 span censored"), "\(result)")
        let output = try WAVFile(contentsOf: workspace.file("out.wav")).data
        #expect(output != Data(Workspace.wavBytes[44...]))
        let report = String(decoding: try workspace.bytes("report.json"), as: UTF8.self)
        #expect(report.contains(#""transcript": {"format": ""#), "\(report)")
        // The YouTube cue's "damn" is timed by its own cue, not spread over the one before it.
        if testCase.file == "yt.vtt" { #expect(report.contains(#""start": 0.5, "end": 1"#), "\(report)") }
    }

    @Test("segment times: one warning naming the tool's fix, and the span marked as estimated")
    func estimatedTimesWarning() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Self.cases[0].content.write(to: workspace.file("seg.json"))
        let result = try workspace.run([
            "talk.wav", "--transcript", "seg.json", "--word", "damn", "-o", "out.wav", "--report", "-",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stderrLines.filter { $0.hasPrefix("Warning:") } == [
                "Warning: seg.json (whisper-json) gives no word times for 4 of its 4 words; theirs are estimated (spread "
                    + "over their cue or segment by their lengths, or placed between their neighbours), aligned to the audio "
                    + "where --align can, else widened by 0.250 s on each side, and marked in the report; for word times, "
                    + "run openai-whisper with --word_timestamps True"
            ])
        #expect(
            result.stdout.contains(
                #""transcript": {"format": "whisper-json", "words": 4, "estimatedWords": 4, "firstTime": 0.25, "lastTime": 1.75}"#
            ),
            "\(result)")
        #expect(result.stdout.contains(#""timesEstimated": true"#), "\(result)")
        // " Oh damn, that hurt." over 0.25–1.75 s: "damn," is 0.4375–0.90625 s, widened to 0.1875–1.15625 s.
        #expect(result.stdout.contains(#""start": 0.4375, "end": 0.90625"#), "\(result)")
    }

    @Test("--require-word-times refuses estimated times: exit 1, nothing written")
    func requireWordTimes() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Self.cases[1].content.write(to: workspace.file("api.json"))
        let result = try workspace.run([
            "talk.wav", "--transcript", "api.json", "--word", "damn", "-o", "out.wav", "--require-word-times",
        ])
        #expect(result.status == 1, "\(result)")
        #expect(
            result.stderr.contains(
                "Error: api.json (whisper-json) gives no word times for 4 of its 4 words, and "
                    + "--require-word-times refuses estimated times; for word times, ask the OpenAI API for "
                    + "timestamp_granularities[]=word (with response_format=verbose_json)"), "\(result)")
        #expect(!workspace.exists("out.wav"))
        let exact = try workspace.run(["talk.wav", "--word", "damn", "-o", "exact.wav", "--require-word-times"])
        #expect(exact.status == 0, "\(exact)")
    }

    @Test(
        "a transcript with words but none timed or estimable: exit 1 with an error, nothing written",
        arguments: [
            (
                #"{"transcript": "damn it", "words": [{"case": "not-found-in-audio", "word": "damn"}, {"case": "not-found-in-audio", "word": "it"}]}"#,
                "Error: align.json (gentle): none of its 2 words has a time, and none could be estimated from a timed "
                    + "neighbour; nothing could be censored"
            ),
            (
                #"{"text": "damn it"}"#,
                "Error: align.json (vosk): none of its 2 words has a time, and none could be estimated from a timed "
                    + "neighbour; nothing could be censored; for word times, call SetWords(True) on Vosk's KaldiRecognizer"
            ),
        ])
    func nothingTimed(text: String, error: String) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Data(text.utf8).write(to: workspace.file("align.json"))
        let result = try workspace.run(["talk.wav", "--transcript", "align.json", "--word", "damn", "-o", "out.wav"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains(error), "\(result)")
        #expect(!workspace.exists("out.wav"))
    }

    @Test(
        "a list with nothing to censor is a usage error",
        arguments: [
            ["--words", "none.txt"], ["--word", "!hello"], ["--words", "none.txt", "--word", "!damn"],
        ])
    func emptyList(_ list: [String]) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Data("# nothing here\n\n".utf8).write(to: workspace.file("none.txt"))
        let result = try workspace.run(["talk.wav"] + list + ["-o", "out.wav"])
        #expect(result.status == 64, "\(result)")
        #expect(
            result.stderrLines.first
                == "Error: the censor list is empty: no entry in --words or --word can censor a word")
        #expect(result.stderrLines.last == "See 'censor --help' for more information.")
        #expect(!workspace.exists("out.wav"))
    }

    @Test(
        "a transcript from standard input or a FIFO is read whole",
        arguments: [
            #""$0" talk.wav --transcript /dev/stdin --word damn -o out.wav < seg.json"#,
            #"mkfifo pipe.json && { cat seg.json > pipe.json & } && "$0" talk.wav --transcript pipe.json --word damn -o out.wav"#,
        ])
    func nonRegularTranscript(_ script: String) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Self.cases[0].content.write(to: workspace.file("seg.json"))
        let program = try CensorCommand.executable()
        let result = try CensorCommand.run(
            program: URL(fileURLWithPath: "/bin/sh"), ["-c", script, program.path], in: workspace.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("1 span censored"), "\(result)")
    }

    @Test("Windows-1252 text is read with a warning that names the option to choose another encoding")
    func legacyEncodingWarning() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let srt = Self.cases.first { $0.file == "old.srt" }!
        try srt.content.write(to: workspace.file("old.srt"))
        let result = try workspace.run(["talk.wav", "--transcript", "old.srt", "--word", "café", "--dry-run"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stderr.contains(
                "Warning: old.srt is not UTF-8 text; it was read as windows-1252 (give "
                    + "--transcript-encoding NAME if it is in another encoding)"), "\(result)")
        #expect(result.stdout.hasSuffix("\tcafé\tcafé\n"), "\(result)")
        let named = try workspace.run([
            "talk.wav", "--transcript", "old.srt", "--word", "café", "--dry-run",
            "--transcript-encoding", "Latin1",
        ])
        #expect(named.status == 0 && !named.stderr.contains("Warning: old.srt is not UTF-8"), "\(named)")
        let unknown = try workspace.run(["talk.wav", "--transcript", "old.srt", "--transcript-encoding", "klingon"])
        #expect(unknown.status == 64, "\(unknown)")
    }

    @Test("a forced format is matched case-insensitively; a misspelt one suggests the closest")
    func formatNames() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let forced = try workspace.run([
            "talk.wav", "--transcript-format", "Whisper-JSON", "--word", "damn", "--dry-run",
        ])
        #expect(forced.status == 0, "\(forced)")
        let misspelt = try workspace.run([
            "talk.wav", "--transcript-format", "Deepgramm", "--word", "damn", "--dry-run",
        ])
        #expect(misspelt.status == 64, "\(misspelt)")
        #expect(
            misspelt.stderrLines.first?.hasPrefix(
                "Error: --transcript-format 'Deepgramm': no such format; did you mean 'deepgram'?") == true,
            "\(misspelt)")
    }

    @Test("--verbose and --dry-run name the format, the words and their times")
    func transcriptSummary() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        for flags in [["-o", "out.wav", "--verbose"], ["--dry-run"]] {
            let result = try workspace.run(["talk.wav", "--word", "damn"] + flags)
            #expect(result.status == 0, "\(result)")
            #expect(
                result.stderrLines.contains(
                    "censor: transcript talk.json: whisper-json, 5 words (0 with estimated times), 0.100–1.900 s"),
                "\(result)")
        }
    }

    @Test(
        "--verbose's plan says how far snapping moved each edge from the padded word times, as the report carries them")
    func verboseSnapping() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try workspace.run([
            "talk.wav", "--word", "damn", "--no-refine", "-o", "out.wav", "--verbose", "--report", "-",
        ])
        #expect(result.status == 0, "\(result)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let span = try #require((report["spans"] as? [[String: Any]])?.first)
        let (start, end) = (try #require(span["startFrame"] as? Int), try #require(span["endFrame"] as? Int))
        // "damn," at 0.5–0.8 s, no padding, at 22,050 Hz.
        let (padded, paddedEnd) = (Int((0.5 * 22_050.0).rounded(.down)), Int((0.8 * 22_050.0).rounded(.up)))
        let line =
            "  1. 0.500–0.800 s 'damn,' [damn]: core \(start)..<\(end), snapped \(start - padded)/+\(end - paddedEnd) frames, "
            + "fades \(try #require(span["fadeStartFrame"] as? Int))..<\(start) and \(end)..<\(try #require(span["fadeEndFrame"] as? Int))"
            // Refinement off: `auto` did not judge the times, and says so.
            + "; not aligned: the transcript's times, not judged"
        #expect(result.stderrLines.contains(line), "\(result)")
        #expect(start <= padded && end >= paddedEnd)
    }

    @Test("a transcript in French, or --language fr: nothing is aligned, and --verbose and the report say why")
    func otherLanguageIsNotAligned() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Data(Workspace.transcript.replacingOccurrences(of: #""language": "en""#, with: #""language": "fr""#).utf8)
            .write(to: workspace.file("french.json"))
        let reason = "not aligned: language fr (the aligner speaks English only)"
        for arguments in [["--transcript", "french.json"], ["--language", "fr", "--align", "pocketsphinx"]] {
            let result = try workspace.run(
                ["talk.wav", "--word", "damn", "-o", "out.wav", "--verbose", "--report", "-", "--force"]
                    + arguments)
            #expect(result.status == 0, "\(result)")
            #expect(
                result.stderrLines.contains {
                    $0.hasPrefix("  1. 0.500–0.800 s 'damn,' [damn]:") && $0.hasSuffix("; " + reason)
                },
                "\(result)")
            let report = try #require(
                try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let span = try #require((report["spans"] as? [[String: Any]])?.first)
            #expect(span["alignment"] as? [String] == [reason], "\(result)")
        }
        // English as the transcript names it: the reason is another.
        let english = try workspace.run(["talk.wav", "--word", "damn", "--dry-run", "--verbose", "--report", "-"])
        #expect(english.status == 0 && !english.stdout.contains("language"), "\(english)")
        let bad = try workspace.run(["talk.wav", "--word", "damn", "--dry-run", "--language", "fr;rm"])
        #expect(bad.status == 64, "\(bad)")
        #expect(
            bad.stderrLines.first == "Error: --language 'fr;rm': expected a language code such as en, fr or de-DE",
            "\(bad)")
    }

    @Test("doubtful times of censored words are listed in a warning and marked in the report; others are not")
    func doubtfulTimes() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let text =
            #"[{"word": "damn", "start": 0.5, "end": 0.5}, {"word": "crap", "start": 0.9, "end": 1.9, "confidence": 0.1}, {"word": "Bonjour", "start": 0.0, "end": 3.5}, {"word": "well", "start": 1.9, "end": 1.9, "confidence": 0.01}]"#
        try Data(text.utf8).write(to: workspace.file("odd.json"))
        let result = try workspace.run([
            "talk.wav", "--transcript", "odd.json", "--words", "words.txt", "--word", "bonjour",
            "-o", "out.wav", "--report", "-",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stderrLines.contains(
                "Warning: odd.json (json-words): 1 word lasts no time at all; each is censored for 0.100 s around its instant "
                    + "(the report marks them \"zero-length\"): 'damn' at 0.500–0.500 s"), "\(result)")
        #expect(
            result.stderrLines.contains(
                "Warning: odd.json (json-words): 1 word lasts longer than 3.000 s; censored as given, they may take much more "
                    + "than the word (the report marks them \"long\"): 'Bonjour' at 0.000–3.500 s"), "\(result)")
        #expect(
            result.stderrLines.contains(
                "Warning: odd.json (json-words): 1 word has a confidence below 0.25; censored as given (the report marks "
                    + "them \"low-confidence\"): 'crap' at 0.900–1.900 s"), "\(result)")
        #expect(!result.stderr.contains("'well'"), "\(result)")
        // "Bonjour" covers the other two, so the three share one span, which carries every doubt.
        #expect(result.stdout.contains(#""doubts": ["zero-length", "long", "low-confidence"]"#), "\(result)")
        #expect(result.stdout.contains(#""firstTime": 0, "lastTime": 3.5"#), "\(result)")
    }
}

/// Finding an input's transcript beside it when none is given.
@Suite struct TranscriptLocatorTests {
    @Test("one language variant (talk.en.vtt, as yt-dlp names it) is found; several are an error naming them")
    func languageVariants() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try FileManager.default.removeItem(at: workspace.file("talk.json"))
        let captions = "WEBVTT\n\n00:00:00.500 --> 00:00:00.800\ndamn\n"
        try Data(captions.utf8).write(to: workspace.file("talk.en.vtt"))
        let one = try workspace.run(["talk.wav", "--word", "damn", "--dry-run"])
        #expect(one.status == 0, "\(one)")
        #expect(one.stdout == "0.500\t0.800\tdamn\tdamn\n", "\(one)")
        try Data(captions.utf8).write(to: workspace.file("talk.fr-CA.srt"))
        let two = try workspace.run(["talk.wav", "--word", "damn", "--dry-run"])
        #expect(two.status == 1, "\(two)")
        #expect(
            two.stderrLines.first == "Error: no transcript for 'talk.wav': several lie beside it (talk.en.vtt, "
                + "talk.fr-CA.srt); give --transcript <file>", "\(two)")
    }
}
