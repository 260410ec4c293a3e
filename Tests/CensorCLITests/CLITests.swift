import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// End-to-end tests of the `censor` command: the built executable run as a separate process,
/// judged only by its exit status, what it prints and the files it leaves on disk.
@Suite struct CLITests {
    /// The usage line errors print: the help's `USAGE:` line, as `Usage:`.
    static func usageLine() throws -> String {
        let help = try CensorCommand.run(["--help"], in: FileManager.default.temporaryDirectory).stdout
        let line = try #require(help.split(separator: "\n").first { $0.hasPrefix("USAGE: ") })
        return "Usage: " + line.dropFirst("USAGE: ".count)
    }

    static let seeHelp = "See 'censor --help' for more information."

    /// The documented keys of a report and of each of its spans (docs/ARCHITECTURE.md "Report").
    static let reportKeys: Set = ["input", "output", "sampleRate", "channels", "frames", "mode", "spans"]
    static let spanKeys: Set = [
        "text", "pattern", "start", "end", "refinedStart", "refinedEnd", "startFrame", "endFrame", "fadeStartFrame",
        "fadeEndFrame",
    ]

    /// The arguments of an ordinary run on the workspace's files.
    static let standard = ["talk.wav", "--transcript", "talk.json", "--words", "words.txt"]

    /// The report printed by `--report -` or written to a file, parsed.
    static func parseReport(_ text: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(object as? [String: Any], "the report is not a JSON object")
    }

    static func spans(of report: [String: Any]) throws -> [[String: Any]] {
        try #require(report["spans"] as? [[String: Any]], "spans is not an array of objects")
    }

    // MARK: - Success

    @Test("censors into <stem>.censored.<ext> beside the input by default, exit 0")
    func defaultOutputName() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let input = try workspace.bytes("talk.wav")
        let result = try workspace.run(Self.standard)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.isEmpty, "nothing but data goes to stdout, and no report was asked for")
        #expect(result.stderr.contains("talk.censored.wav"), "\(result)")
        #expect(try workspace.contents() == ["talk.censored.wav", "talk.json", "talk.wav", "words.txt"])
        let output = try WAVFile(contentsOf: workspace.file("talk.censored.wav"))
        #expect(output.channels == Workspace.channels)
        #expect(output.sampleRate == Workspace.sampleRate)
        #expect(output.bitsPerSample == 16)
        #expect(output.data.count == input.count - 44)
        #expect(output.data != (try WAVFile(contentsOf: workspace.file("talk.wav"))).data, "something was censored")
        #expect(try workspace.bytes("talk.wav") == input, "the input is never written")
    }

    @Test("writes the default output beside an input in another folder, given by absolute path")
    func defaultOutputBesideInput() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try FileManager.default.createDirectory(at: workspace.file("episodes.v2"), withIntermediateDirectories: false)
        try FileManager.default.moveItem(at: workspace.file("talk.wav"), to: workspace.file("episodes.v2/ep1.wav"))
        let input = workspace.path("episodes.v2/ep1.wav")
        let result = try workspace.run([input, "--transcript", "talk.json", "--word", "damn"])
        #expect(result.status == 0, "\(result)")
        #expect(try workspace.contents("episodes.v2") == ["ep1.censored.wav", "ep1.wav"])
    }

    @Test("without --transcript, finds the transcript beside the input by its stem")
    func findsTranscriptBesideInput() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try workspace.run(["talk.wav", "--words", "words.txt", "--report", "-"])
        #expect(result.status == 0, "\(result)")
        #expect(try Self.spans(of: try Self.parseReport(result.stdout)).count == 2)
        #expect(workspace.exists("talk.censored.wav"))
    }

    @Test("--report - prints the JSON report with every documented key to stdout")
    func reportToStandardOutput() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try workspace.run(Self.standard + ["-o", "clean.wav", "--report", "-"])
        #expect(result.status == 0, "\(result)")
        let report = try Self.parseReport(result.stdout)
        #expect(Self.reportKeys.isSubset(of: Set(report.keys)), "keys: \(report.keys.sorted())")
        #expect(report["input"] as? String == "talk.wav")
        #expect(report["output"] as? String == "clean.wav")
        #expect(report["sampleRate"] as? Int == Workspace.sampleRate)
        #expect(report["channels"] as? Int == Workspace.channels)
        #expect(report["frames"] as? Int == Workspace.frames)
        #expect(report["mode"] as? String == "beep")
        let spans = try Self.spans(of: report)
        try #require(spans.count == 2)
        for span in spans {
            #expect(Self.spanKeys.isSubset(of: Set(span.keys)), "keys: \(span.keys.sorted())")
        }
        #expect(spans.map { $0["text"] as? String } == ["damn,", "crap"])
        #expect(spans.map { $0["pattern"] as? String } == ["damn", "crap"])
        #expect(spans.map { $0["start"] as? Double } == [0.5, 1.25])
        #expect(spans.map { $0["end"] as? Double } == [0.8, 1.55])
        for span in spans {
            let fadeStart = try #require(span["fadeStartFrame"] as? Int)
            let start = try #require(span["startFrame"] as? Int)
            let end = try #require(span["endFrame"] as? Int)
            let fadeEnd = try #require(span["fadeEndFrame"] as? Int)
            let seconds = try #require(span["start"] as? Double), endSeconds = try #require(span["end"] as? Double)
            #expect(
                0 <= fadeStart && fadeStart <= start && start < end && end <= fadeEnd && fadeEnd <= Workspace.frames)
            // The core covers the word (edge snapping only ever widens it).
            #expect(start <= Int((seconds * Double(Workspace.sampleRate)).rounded(.down)))
            #expect(end >= Int((endSeconds * Double(Workspace.sampleRate)).rounded(.up)))
        }
        #expect(workspace.exists("clean.wav"))
    }

    @Test("--report FILE writes the same JSON to the file and nothing to stdout")
    func reportToFile() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try workspace.run(Self.standard + ["--mode", "mute", "--report", "report.json"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.isEmpty)
        let report = try Self.parseReport(String(decoding: try workspace.bytes("report.json"), as: UTF8.self))
        #expect(Self.reportKeys.isSubset(of: Set(report.keys)))
        #expect(report["mode"] as? String == "mute")
        #expect(report["output"] as? String == "talk.censored.wav")
        #expect(try Self.spans(of: report).count == 2)
    }

    @Test("the report's frames match the audio: zero in each core, the input's bytes outside the spans")
    func reportMatchesTheAudio() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try workspace.run(Self.standard + ["--mode", "mute", "--pad", "20", "--report", "-"])
        #expect(result.status == 0, "\(result)")
        let spans = try Self.spans(of: try Self.parseReport(result.stdout))
        let input = try WAVFile(contentsOf: workspace.file("talk.wav")).samples16
        let output = try WAVFile(contentsOf: workspace.file("talk.censored.wav")).samples16
        try #require(output.count == input.count)
        var modified = [Bool](repeating: false, count: Workspace.frames)
        var coreSamples = 0, nonZeroCore = 0
        for span in spans {
            let fadeStart = try #require(span["fadeStartFrame"] as? Int),
                fadeEnd = try #require(span["fadeEndFrame"] as? Int)
            let start = try #require(span["startFrame"] as? Int), end = try #require(span["endFrame"] as? Int)
            for frame in fadeStart..<fadeEnd { modified[frame] = true }
            for index in (start * Workspace.channels)..<(end * Workspace.channels) {
                coreSamples += 1
                if output[index] != 0 { nonZeroCore += 1 }
            }
        }
        let changedOutside = input.indices.filter { !modified[$0 / Workspace.channels] && input[$0] != output[$0] }
        #expect(coreSamples > 0)
        #expect(nonZeroCore == 0)
        #expect(changedOutside.isEmpty, "\(changedOutside.count) samples changed outside the spans")
    }

    @Test("nothing matched: exit 0 and the output's sample data equals the input's byte for byte")
    func nothingMatchedCopies() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try workspace.run(["talk.wav", "--transcript", "talk.json", "--word", "heck", "--report", "-"])
        #expect(result.status == 0, "\(result)")
        #expect(try Self.spans(of: try Self.parseReport(result.stdout)).isEmpty)
        let input = try WAVFile(contentsOf: workspace.file("talk.wav"))
        let output = try WAVFile(contentsOf: workspace.file("talk.censored.wav"))
        #expect(output.formatTag == input.formatTag)
        #expect(output.channels == input.channels)
        #expect(output.sampleRate == input.sampleRate)
        #expect(output.bitsPerSample == input.bitsPerSample)
        #expect(output.data == input.data)
    }

    // MARK: - Overwriting

    @Test("refuses to overwrite an existing output without --force: exit 1, file unchanged")
    func refusesToOverwrite() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let existing = Data("keep me".utf8)
        try existing.write(to: workspace.file("talk.censored.wav"))
        let result = try workspace.run(Self.standard)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.hasPrefix("Error: "), "\(result)")
        #expect(result.stderr.contains("talk.censored.wav"), "\(result)")
        #expect(result.stderr.contains("--force"), "\(result)")
        #expect(!result.stderr.contains(Self.seeHelp), "a failure is not a usage error")
        #expect(try workspace.bytes("talk.censored.wav") == existing)
        #expect(temporaryFiles(in: try workspace.contents()).isEmpty)
    }

    @Test("--force overwrites an existing output")
    func forceOverwrites() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Data("old".utf8).write(to: workspace.file("out.wav"))
        let result = try workspace.run(Self.standard + ["-o", "out.wav", "--force"])
        #expect(result.status == 0, "\(result)")
        let output = try WAVFile(contentsOf: workspace.file("out.wav"))
        #expect(output.data.count == Workspace.frames * Workspace.channels * 2)
        #expect(temporaryFiles(in: try workspace.contents()).isEmpty)
    }

    // MARK: - Usage errors

    struct UsageCase: Sendable, CustomTestStringConvertible {
        let name: String
        let arguments: [String]
        /// What the `Error:` line must say.
        let message: String
        var testDescription: String { name }
    }

    static let usageCases: [UsageCase] = [
        UsageCase(
            name: "missing input", arguments: ["--transcript", "talk.json", "--words", "words.txt"],
            message: "missing the input audio file"),
        UsageCase(
            name: "a --word that can never match",
            arguments: ["talk.wav", "--transcript", "talk.json", "--word", "!!!"],
            message: "--word '!!!': expected a word, phrase or glob with a letter or digit"),
        UsageCase(
            name: "bad --mode", arguments: standard + ["--mode", "loud"],
            message: "--mode 'loud': expected beep, duck, mute or cut"),
        UsageCase(
            name: "non-number --pad", arguments: standard + ["--pad", "abc"],
            message: "--pad 'abc': expected a number in ms"),
        UsageCase(
            name: "out-of-range --duck-gain", arguments: standard + ["--mode", "duck", "--duck-gain", "-200"],
            message: "--duck-gain -200: expected a value from -120 to 0 dB"),
        // The library's ParameterError, rendered with the flag and in the flag's unit (ms for times).
        UsageCase(
            name: "out-of-range --pad", arguments: standard + ["--pad", "2500"],
            message: "--pad 2500: expected a value from 0 to 2000 ms"),
        UsageCase(
            name: "out-of-range --pad-after beside a valid --pad",
            arguments: standard + ["--pad", "20", "--pad-after", "-1"],
            message: "--pad-after -1: expected a value from 0 to 2000 ms"),
        UsageCase(
            name: "out-of-range --pad-before", arguments: standard + ["--pad-before", "2000.5"],
            message: "--pad-before 2000.5: expected a value from 0 to 2000 ms"),
        UsageCase(
            name: "out-of-range --crossfade", arguments: standard + ["--crossfade", "1234.5"],
            message: "--crossfade 1234.5: expected a value from 0 to 1000 ms"),
        UsageCase(
            name: "out-of-range --refine-window", arguments: standard + ["--refine-window", "1001"],
            message: "--refine-window 1001: expected a value from 0 to 1000 ms"),
        UsageCase(
            name: "out-of-range --beep-frequency", arguments: standard + ["--beep-frequency", "19"],
            message: "--beep-frequency 19: expected a value from 20 to 20000 Hz"),
        UsageCase(
            name: "out-of-range --beep-level", arguments: standard + ["--beep-level", "3"],
            message: "--beep-level 3: expected a value from -120 to 0 dBFS"),
        UsageCase(
            name: "out-of-range --audio-stream", arguments: standard + ["--audio-stream", "128"],
            message: "--audio-stream 128: expected a value from 0 to 127 N"),
        UsageCase(
            name: "out-of-range --bitrate", arguments: standard + ["--bitrate", "4"],
            message: "--bitrate 4: expected a value from 8 to 640 kbps"),
        UsageCase(
            name: "fractional --bitrate", arguments: standard + ["--bitrate", "96.5"],
            message: "--bitrate '96.5': expected a whole number"),
        UsageCase(
            name: "out-of-range --max-cue-chars",
            arguments: [
                "talk.wav", "--transcript", "talk.json", "--words",
                "words.txt", "--subtitles", "out.srt", "--max-cue-chars", "9",
            ],
            message: "--max-cue-chars 9: expected a value from 10 to 500 N"),
        // Output settings: the library's OutputFormat checks the ranges, the command words them.
        UsageCase(
            name: "out-of-range --rate", arguments: standard + ["--rate", "500"],
            message: "--rate '500': expected a whole number of hertz from 1000 to 768000"),
        UsageCase(
            name: "fractional --rate", arguments: standard + ["--rate", "44100.5"],
            message: "--rate '44100.5': expected a whole number of hertz from 1000 to 768000"),
        UsageCase(
            name: "out-of-range --quality", arguments: standard + ["--quality", "1.5"],
            message: "--quality '1.5': expected a number from 0 to 1"),
        UsageCase(
            name: "non-number --quality", arguments: standard + ["--quality", "best"],
            message: "--quality 'best': expected a number from 0 to 1"),
        UsageCase(
            name: "unknown option with a suggestion", arguments: standard + ["--mdoe", "mute"],
            message: "unknown option '--mdoe'; did you mean '--mode'?"),
        UsageCase(
            name: "option without its value", arguments: standard + ["--pad"],
            message: "--pad needs a value"),
        UsageCase(
            name: "--transcript with two inputs", arguments: standard + ["talk.wav"],
            message: "--transcript takes one input, but 2 were given"),
        UsageCase(
            name: "-o with two inputs", arguments: ["talk.wav", "talk.wav", "--words", "words.txt", "-o", "x.wav"],
            message: "--output takes one input, but 2 were given"),
    ]

    @Test("usage errors exit 64 with Error:, the usage line and the help hint", arguments: usageCases)
    func usageErrors(_ usage: UsageCase) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let before = try workspace.contents()
        let input = try workspace.bytes("talk.wav")
        let result = try workspace.run(usage.arguments)
        #expect(result.status == 64, "\(result)")
        #expect(result.stdout.isEmpty)
        let lines = result.stderrLines
        try #require(lines.count == 3, "\(result)")
        #expect(lines[0].hasPrefix("Error: "))
        #expect(lines[0].contains(usage.message), "\(lines[0])")
        #expect(lines[1] == (try Self.usageLine()))
        #expect(lines[2] == Self.seeHelp)
        #expect(try workspace.contents() == before, "a usage error writes nothing")
        #expect(try workspace.bytes("talk.wav") == input)
    }

    // MARK: - Failures

    struct FailureCase: Sendable, CustomTestStringConvertible {
        let name: String
        /// Files to create first: name and bytes.
        let setup: [String: [UInt8]]
        let arguments: [String]
        /// The file the message must name.
        let named: String
        var testDescription: String { name }
    }

    static let failureCases: [FailureCase] = {
        // Seeded bytes that no audio format recognizes.
        var state: UInt32 = 0xBAD5_EED5
        let noise = (0..<4096).map { _ -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        return [
            FailureCase(
                name: "missing input file", setup: [:],
                arguments: ["missing.wav", "--transcript", "talk.json", "--words", "words.txt"],
                named: "missing.wav"),
            FailureCase(
                name: "input that is not audio", setup: ["noise.wav": noise],
                arguments: ["noise.wav", "--transcript", "talk.json", "--words", "words.txt"],
                named: "noise.wav"),
            FailureCase(
                name: "malformed transcript", setup: ["bad.json": Array(#"{"segments": [{"words": [}"#.utf8)],
                arguments: ["talk.wav", "--transcript", "bad.json", "--words", "words.txt"],
                named: "bad.json"),
            FailureCase(
                name: "no --transcript and none beside the input", setup: ["lonely.wav": Workspace.wavBytes],
                arguments: ["lonely.wav", "--words", "words.txt"],
                named: "lonely.wav"),
            FailureCase(
                name: "missing words file", setup: [:],
                arguments: ["talk.wav", "--transcript", "talk.json", "--words", "nolist.txt"],
                named: "nolist.txt"),
            FailureCase(
                name: "output folder missing", setup: [:],
                arguments: standard + ["-o", "nofolder/out.wav"],
                named: "nofolder/out.wav"),
            FailureCase(
                name: "output is the input", setup: [:],
                arguments: standard + ["-o", "talk.wav", "--force"],
                named: "talk.wav"),
            // Opus takes 8, 12, 16, 24 and 48 kHz only; without --rate it would be resampled to 48 kHz.
            FailureCase(
                name: "unwritable output container", setup: [:],
                arguments: standard + ["-o", "out.opus", "--rate", "44100"],
                named: "out.opus"),
        ]
    }()

    @Test(
        "failures exit 1 naming the file, leave no output and no temporary file, and never touch the input",
        arguments: failureCases)
    func failures(_ failure: FailureCase) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        for (name, bytes) in failure.setup { try Data(bytes).write(to: workspace.file(name)) }
        let before = try workspace.contents()
        let inputs = try before.map { try workspace.bytes($0) }
        let result = try workspace.run(failure.arguments)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.isEmpty)
        let lines = result.stderrLines
        #expect(lines.first?.hasPrefix("Error: ") == true, "\(result)")
        #expect(lines.first?.contains(failure.named) == true, "\(result)")
        #expect(!lines.contains(Self.seeHelp), "a failure is not a usage error")
        #expect(!result.stderr.contains(".tmp"), "the message names the user's file, not a temporary one")
        let after = try workspace.contents()
        #expect(after == before, "left behind: \(Set(after).subtracting(before).sorted())")
        #expect(temporaryFiles(in: after).isEmpty)
        #expect(try before.map { try workspace.bytes($0) } == inputs, "the files given are unchanged")
    }

    @Test(
        "a report or label track that cannot be written fails the run and leaves no output",
        arguments: ["--report", "--labels"])
    func unwritableSideFile(_ option: String) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try workspace.run(Self.standard + [option, "nofolder/side.txt"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.hasPrefix("Error: ") || result.stderr.contains("\nError: "), "\(result)")
        #expect(result.stderr.contains("nofolder/side.txt"), "\(result)")
        // Otherwise the user, having fixed the path, is refused: the output "already exists".
        #expect(!workspace.exists("talk.censored.wav"), "a failed run left its output")
        #expect(temporaryFiles(in: try workspace.contents()).isEmpty)
    }

    @Test("an interrupted run leaves no output and no temporary file", arguments: [SIGTERM, SIGINT])
    func interruption(_ signalNumber: Int32) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        // The input is a named pipe, so censor blocks mid-file, with its temporary output open,
        // until the test writes more: the signal lands mid-run with no timing involved.
        let fifo = workspace.path("live.wav")
        try #require(mkfifo(fifo, 0o600) == 0)
        signal(SIGPIPE, SIG_IGN)  // should censor die first, writing to the pipe fails instead
        let running = try CensorCommand.Running(
            ["live.wav", "--transcript", "talk.json", "--word", "heck", "-o", "out.wav"], in: workspace.url)
        // The pipe's writing end opens (no ENXIO) once censor has opened its reading end.
        var pipe: Int32 = -1
        while pipe < 0, running.isRunning {
            pipe = open(fifo, O_WRONLY | O_NONBLOCK)
            if pipe < 0 { usleep(1_000) }
        }
        guard pipe >= 0 else {
            Issue.record("censor ended before opening its input: \(try running.wait())")
            return
        }
        _ = fcntl(pipe, F_SETFL, fcntl(pipe, F_GETFL) & ~O_NONBLOCK)
        // A WAV header declaring ten times the frames that follow.
        var bytes = [UInt8](
            WAVFile.pcm16(
                samples: Workspace.samples(), channels: Workspace.channels, sampleRate: Workspace.sampleRate
            ).bytes())
        let declared = UInt32((bytes.count - 44) * 10)
        withUnsafeBytes(of: declared.littleEndian) { bytes.replaceSubrange(40..<44, with: $0) }
        withUnsafeBytes(of: (declared + 36).littleEndian) { bytes.replaceSubrange(4..<8, with: $0) }
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { write(pipe, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            sent += count
        }
        // censor now waits for the rest of the audio, its temporary output in place.
        while running.isRunning, temporaryFiles(in: try workspace.contents()).isEmpty { usleep(1_000) }
        let wasRunning = running.isRunning
        running.send(signalNumber)
        close(pipe)
        let result = try running.wait()
        try #require(wasRunning, "censor ended before it could be interrupted: \(result)")
        #expect(result.status != 0, "\(result)")
        #expect(!workspace.exists("out.wav"))
        let left = temporaryFiles(in: try workspace.contents())
        #expect(left.isEmpty, "an interrupted run left \(left)")
    }

    // MARK: - Help and version

    @Test(
        "--help and -h print help to stdout and exit 0, even among other arguments",
        arguments: [["--help"], ["-h"], ["talk.wav", "--help"], ["--mode", "loud", "--help"]])
    func help(_ arguments: [String]) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try workspace.run(arguments)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.hasPrefix("OVERVIEW: "))
        #expect(try workspace.contents() == ["talk.json", "talk.wav", "words.txt"])
    }

    @Test("--version prints the version to stdout and exits 0")
    func version() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try workspace.run(["--version"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.wholeMatch(of: /censor \d+\.\d+\.\d+\n/) != nil, "\(result.stdout)")
    }

    @Test("--help prints exactly the pinned text")
    func helpGolden() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try workspace.run(["--help"])
        #expect(result.status == 0)
        let expected = Self.goldenHelp.split(separator: "\n", omittingEmptySubsequences: false)
        let actual = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, (want, got)) in zip(expected, actual).enumerated() where want != got {
            Issue.record("line \(index + 1) differs:\n  expected: \(want)\n  actual:   \(got)")
            break
        }
        #expect(result.stdout == Self.goldenHelp)
    }

    /// The complete `censor --help` output. Update it deliberately when the help changes.
    static let goldenHelp = """
        OVERVIEW: Beep, duck or mute every listed word in a recording, to the sample and without
        clicks, leaving every other sample exactly as it was.

        Each input is read with its timed transcript and the censor list; every listed word's
        span is censored at full strength, with smooth fades outside it; the result is written
        to a temporary file beside the output and renamed into place when complete. The input
        is never written (unless --in-place, and then only by that rename).

        USAGE: censor <input>... [--transcript <file>] (--words <file> | --word <word>)... [<options>]

        ARGUMENTS:
          <input>                     Audio files to censor: WAV, AIFF, FLAC, Ogg
                                      Vorbis/Opus, MP3, CAF, W64, RF64 and every other
                                      format libsndfile reads (see --list-formats);
                                      videos and containers through ffmpeg (MP4, M4A,
                                      MOV, MKV, WebM, AVI …), with every other stream
                                      copied.

        OPTIONS:
          --transcript <file>         The timed transcript. With one input only;
                                      otherwise each input's transcript is found beside
                                      it by stem (a.wav: a.json, a.vtt, a.srt, a.sbv,
                                      a.json3, a.TextGrid, a.eaf, a.ctm, a.txt, a.csv,
                                      a.tsv, a.lrc, or one a.<language>.vtt and the
                                      like). (default: found beside the input, else the
                                      input's own subtitles)
          --transcript-stream <n>     Read the transcript from this subtitle stream of a
                                      video (SubRip, mov_text, WebVTT or ASS in MKV,
                                      MP4, MOV …), counting subtitle streams from 0. Its
                                      cues give no word times: each word's is estimated
                                      within its cue. Without this and --transcript, a
                                      video with no transcript beside it is read from
                                      its only text subtitle stream, or the one marked
                                      default; with several and none default, the error
                                      lists them.
          --transcript-format <name>  Read the transcript as this format instead of
                                      detecting it from the content: whisperx,
                                      apple-speech, stable-ts, whisperkit, whisper-json,
                                      whisper-cpp-json, deepgram, deepgram-streaming,
                                      aws-transcribe, speechmatics, speechmatics-legacy,
                                      ibm-watson, google-speech, azure-speech,
                                      azure-fast, assemblyai, elevenlabs, rev-ai, vosk,
                                      gentle, mfa-json, nemo, aeneas-json, bbc-kaldi,
                                      trint, youtube-json, json-words, webvtt, srt, sbv,
                                      textgrid, ttml, elan, whisper-cpp-csv, lrc,
                                      whisper-tsv, whisper-timestamped-csv, mfa-csv,
                                      ctm, audacity-labels. (default: detected)
          --transcript-encoding <name>
                                      Read the transcript's text in this encoding:
                                      utf-8, utf-16le, utf-16be, windows-1252,
                                      iso-8859-1, iso-8859-2, windows-1250,
                                      windows-1251, windows-1253, windows-1254,
                                      macintosh, shift_jis, euc-jp. (default: UTF-8, or
                                      UTF-16 with a byte-order mark; Windows-1252, with
                                      a warning, when not UTF-8)
          --tier <name>               Read the words from this tier of a TextGrid or MFA
                                      JSON transcript (a tier of another name than
                                      words, <speaker> - words or SPPAS's TokensAlign);
                                      an error lists the tiers the file has. (default:
                                      the words tier)
          --require-word-times        Refuse (exit 1) a transcript whose word times
                                      would be estimated (subtitle cues, recognizer
                                      segments without word times) instead of censoring
                                      them widened.
          --words <file>              A censor list: one entry a line (a word, a phrase,
                                      a glob such as fuck* or b?tch, an exception such
                                      as !hello, word|replacement), # comments; or a
                                      JSON array of strings. Repeatable. Replaces the
                                      built-in list. (default: the built-in English
                                      list)
          --word <word>               An entry to censor, as in a list file. Repeatable;
                                      replaces the built-in list.
          --also-default              Censor the built-in English list too, besides
                                      --words and --word.
          --fold-diacritics           Match regardless of accents (café matches cafe).
          --max-text-size <size>      The most a transcript or censor list may hold, in
                                      bytes or with K, M or G (binary units); a larger
                                      one, or a device that never ends (/dev/zero), is
                                      refused with an error. (default: 1G)
          --mode <mode>               What replaces a censored word: beep, duck or mute;
                                      or cut, which removes it and joins the rest with a
                                      short crossfade (audio only, an M4A's or MKA's
                                      too: the output is shorter, and its chapters,
                                      --labels, --markers, --subtitles and the report
                                      follow its timeline; a video is refused).
                                      (default: beep)
          --sound <sound>             What a beep plays instead of a tone, with the same
                                      fades and level (as loud as the voice, or
                                      --beep-level): an audio file (looped or cut to
                                      each span), noise (pink noise) or reverse (the
                                      word played backwards). (default: a tone of
                                      --beep-frequency)
          -o, --output <file>         Where to write the result (one input only); its
                                      extension picks the container; - for standard
                                      output. (default: <stem>.censored.<ext> beside the
                                      input)
          --output-dir <dir>          Write each result into this folder (it must
                                      exist), under its input's file name.
          --in-place                  Replace each input with its censored version
                                      (atomically, keeping its owner, group, mode and
                                      extended attributes; through a symlink, its
                                      target). A file whose censor marker proves it is
                                      this job's output, unchanged since, is skipped;
                                      any other is censored.
          --no-marker                 Write no censor marker into the output (a WAV
                                      chunk, MP4 box or tag of its own, with digests of
                                      the job and of the file); --in-place then censors
                                      a file again, and --manifest's resume relies on
                                      its records beside the outputs.
          --format <container>        Output container: wav, aiff, flac, ogg, mp3, caf,
                                      w64, rf64, au. (default: from -o's extension, else
                                      the input's)
          --encoding <encoding>       Output encoding: pcm8, pcm16, pcm24, pcm32, float,
                                      double, ulaw, alaw, vorbis, opus, mp3. Any change
                                      of encoding ends the bit-identity promise for
                                      untouched audio. (default: the input's, when the
                                      container takes it)
          --rate <hz>                 Resample the output to this rate with
                                      libsamplerate's best converter. (default: the
                                      input's)
          --quality <0-1>             Quality of lossy encodings (vorbis, opus, mp3), 0
                                      smallest to 1 best. (default: libsndfile's)
          --report <file>             Write the JSON report of what was censored; - for
                                      standard output. With several inputs, a JSON array
                                      of reports.
          --labels <file>             Write an Audacity label track of the censored
                                      spans, to review every edit over the audio (one
                                      input only).
          --markers <file>            Write the censored spans as markers for an editor
                                      or a player, the format from the extension: .edl
                                      (CMX 3600, a marker per span as DaVinci Resolve
                                      and Avid import them), .fcpxml (Final Cut Pro X),
                                      .otio (OpenTimelineIO), .kodi.edl (MPlayer/Kodi
                                      EDL muting each span of the input). Repeatable;
                                      one input only.
          --player-edl <file>         Write an MPlayer/Kodi EDL (start end 1 per span,
                                      in seconds of the input) whatever the file's name,
                                      so a player mutes the words in the original file.
          --fps <rate>                The frame rate --markers places marks on (25,
                                      29.97, 30000/1001 …), and the timecode counts in;
                                      the file's starting timecode tag, when it has one,
                                      is the first frame's. (default: the video's frame
                                      rate; 25 for audio)
          --review <file>             Write a review page: one self-contained HTML file
                                      with the waveforms, the transcript, a player with
                                      A/B switching, masked subtitles and a table of
                                      edits (one input only), for every file censor
                                      reads; a video plays beside the transcript. It
                                      plays the input and output by their paths relative
                                      to the page.
          --review-embed              Embed the audio around each edit in the review
                                      page (Ogg Vorbis excerpts), so it plays without
                                      the audio files beside it.
          --decisions <file>          Censor exactly the edits of a decisions file a
                                      review page exported (kept, widened, nudged and
                                      added ones, in frames; dropped ones not), instead
                                      of the list's matches (one input only).
          --dry-run                   Print what would be censored, one span a line
                                      (start, end, words, list entry), and write no
                                      audio.
          --force                     Overwrite outputs that exist; with --in-place,
                                      also replace a file with other hard links or
                                      censor one again.
          --pad <ms>                  Widen every censored word by this much on both
                                      sides. (default: 0 ms)
          --pad-before <ms>           Widen every censored word by this much before its
                                      start. (default: --pad)
          --pad-after <ms>            Widen every censored word by this much after its
                                      end. (default: --pad)
          --crossfade <ms>            Length of the click-free fade on each side of a
                                      censored span. (default: 5 ms)
          --no-refine                 Use the transcript's word times as given, instead
                                      of moving each censored word's edges to where its
                                      sound really begins and ends.
          --refine-window <ms>        How far a censored word's edge may move to where
                                      its sound really begins or ends. (default: 150 ms)
          --refine <strategy>         How far a refined edge may run into the
                                      transcript's neighbouring word: conservative (10
                                      ms; for good word times) or aggressive (to its
                                      middle, and an aligned word over its transcript
                                      times too; for times known to be off). (default:
                                      conservative)
          --align <when>              When to first align the transcript's words to the
                                      audio with PocketSphinx (US English; Debian's
                                      pocketsphinx-en-us): auto (words whose times were
                                      estimated from segments or cues, and every
                                      censored word, up to 250, of a file whose word
                                      times cannot be confirmed against its audio),
                                      pocketsphinx (every censored word) or off. A word
                                      the model lacks, or lasting more than a 10 s
                                      window, keeps its times. (default: auto)
          --language <code>           The speech's language (en, fr, de-DE …), instead
                                      of the one the transcript names: with any but
                                      English no word is aligned, whatever --align says
                                      (the aligner speaks English only). (default: the
                                      transcript's, else English)
          --mp3-direct                Censor an MP3 into an MP3 without re-encoding it
                                      (mute and duck): only the gain of the granules
                                      under each word changes, every other frame is
                                      copied byte for byte. Precision is one granule (13
                                      ms at 44.1 kHz). On by default when it applies.
          --no-mp3-direct             Decode and re-encode MP3s instead of censoring
                                      their compressed data.
          --no-direct                 Decode and re-encode instead of censoring the
                                      compressed data. By default mute and duck of an
                                      MP3 into an MP3, and of AAC-LC in ADTS, MP4, M4A,
                                      MOV, MKA or MKV into the same container, rewrite
                                      only the frames under each word (1024 samples each
                                      for AAC) and copy every other byte.
          --beep-frequency <hz>       Frequency of the beep tone. (default: 1000 Hz)
          --beep-level <dbfs>         Fixed peak level of the beep, instead of matching
                                      the voice's loudness. (default: as loud as the
                                      voice)
          --duck-gain <db>            Gain applied to censored audio in duck mode.
                                      (default: -30 dB)
          --audio-stream <n>          An audio stream of a video or container (MP4, MKV
                                      …) to censor, counting audio streams from 0;
                                      repeatable, or 'all'. The others are copied
                                      untouched; the transcript's times are the first
                                      one's. (default: all)
          --bitrate <kbps>            Bit rate of the re-encoded audio of a video or
                                      container (MP4, MKV …), and of an MP3 written from
                                      an MP3. (default: the source's)
          --subtitles <file>          Also write the transcript as subtitles (.srt or
                                      .vtt) with every censored word masked, in cues of
                                      at most --max-cue-chars characters (one input
                                      only).
          --mask <style>              How subtitles show a censored word without a
                                      word|replacement in the list: grawlix (d***),
                                      stars (****), symbols (#$@&). (default: grawlix)
          --max-cue-chars <n>         The most characters of a --subtitles cue; longer
                                      runs of words are broken at pauses and sentence
                                      ends first. (default: 40 characters)
          --embed-subtitles           Add the censored subtitles to a video output as a
                                      subtitle stream (mov_text in MP4/MOV, SubRip in
                                      MKV, WebVTT in WebM), besides the streams it has.
          -j, --jobs <n>              How many files to censor at once. (default: the
                                      number of cores)
          --raw <format>              Standard input (-) is headerless little-endian
                                      samples in this format: RATE:CHANNELS:ENCODING,
                                      such as 48000:2:pcm16. Encodings: pcm8, pcm16,
                                      pcm24, pcm32, float, double, ulaw, alaw (pcm8 is
                                      unsigned).
          --manifest <file>           Run the jobs a manifest lists, one a line: JSON
                                      Lines (.jsonl) with keys input, transcript,
                                      output, mode, list, pad, padBefore, padAfter, or
                                      CSV (.csv) with those column names in its header;
                                      - reads it from standard input. Relative paths are
                                      taken from the manifest's folder. A bad line fails
                                      alone; the exit status is then 1.
          --results <file>            With --manifest: write one JSON line per job: its
                                      line, input, output, status (done, skipped,
                                      failed), spans, seconds, audio seconds and error.
          --shard <i/n>               With --manifest: run only the i-th of n disjoint
                                      slices of its jobs (i from 0 to n-1). (default:
                                      JOB_COMPLETION_INDEX with --shards, or
                                      SLURM_ARRAY_TASK_ID of SLURM_ARRAY_TASK_COUNT;
                                      else all)
          --shards <n>                With --manifest: the number of slices when the
                                      slice's index comes from JOB_COMPLETION_INDEX (a
                                      Kubernetes Indexed Job).
          --shard-by <line|hash>      How jobs are dealt to slices: by their order in
                                      the manifest, or by a hash of their input path
                                      (stable when lines are added or moved). (default:
                                      line)
          --resume                    With --manifest, where it is the default: skip
                                      each job whose output exists and whose recorded
                                      input, transcript, list and settings are
                                      unchanged.
          --no-resume                 With --manifest: redo every job, even those
                                      --resume would skip.
          -q, --quiet                 Print nothing but errors.
          -v, --verbose               Also print the plan: every span's frames and how
                                      far snapping moved its edges.
          --list-formats              List the audio containers and encodings this build
                                      reads and writes, and the transcript formats with
                                      how each is detected.
          --list-streams              List the streams of each media file named (index,
                                      kind, codec, audio number for --audio-stream,
                                      rate, layout, language, title, disposition), and
                                      censor nothing.
          --completion <shell>        Print a completion script for bash, zsh or fish.
          --man                       Print the manual page (roff), made from the same
                                      definitions as this help.
          --version                   Show the version.
          -h, --help                  Show help information.

        EXAMPLES:
          censor talk.wav --transcript talk.json --words list.txt
          censor talk.wav --transcript talk.json --word damn --mode duck --duck-gain -40 -o clean.flac
          mkdir -p clean && censor *.wav --words list.txt --output-dir clean/ -j 4 --report reports.json
          censor talk.wav --transcript talk.json --words list.txt --dry-run
          censor talk.mp4 --transcript talk.json --words list.txt --subtitles talk.srt --embed-subtitles
          censor talk.wav --transcript talk.json --words list.txt --mode cut -o clean.flac --markers talk.edl
          censor talk.mp4 --transcript talk.json --words list.txt --sound noise --player-edl talk.kodi.edl

        EXIT STATUS:
          0   success, also when nothing matched (the output then equals the input)
          1   a file could not be processed (with several inputs: any of them)
          64  usage error

        """
}
