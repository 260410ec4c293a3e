import Foundation
import Testing

/// End-to-end tests of the options people use to review and batch their edits: dry runs,
/// label tracks, the built-in list, output folders, in-place edits, batches with a failing
/// member, output formats, discoverability and the progress line on a terminal.
@Suite struct WorkflowTests {
    static let standard = ["talk.wav", "--transcript", "talk.json", "--words", "words.txt"]

    @Test("--dry-run prints start, end, words and entry per span, tab-separated, and writes no audio")
    func dryRun() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try workspace.run(Self.standard + ["--dry-run"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "0.500\t0.800\tdamn,\tdamn\n1.250\t1.550\tcrap\tcrap\n", "\(result)")
        #expect(try workspace.contents() == ["talk.json", "talk.wav", "words.txt"])
    }

    @Test("--labels writes an Audacity label track of the censored cores")
    func labels() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try workspace.run(
            Self.standard + ["--labels", "edits.txt", "--no-refine", "--report", "report.json"])
        #expect(result.status == 0, "\(result)")
        let lines = try String(decoding: workspace.bytes("edits.txt"), as: UTF8.self).split(separator: "\n")
        let report = try #require(JSONSerialization.jsonObject(with: workspace.bytes("report.json")) as? [String: Any])
        let spans = try #require(report["spans"] as? [[String: Any]])
        #expect(lines.count == 2)
        for (line, span) in zip(lines, spans) {
            let fields = line.split(separator: "\t").map(String.init)
            let start = try #require(span["startFrame"] as? Int), end = try #require(span["endFrame"] as? Int)
            #expect(fields[0] == String(format: "%.6f", Double(start) / Double(Workspace.sampleRate)))
            #expect(fields[1] == String(format: "%.6f", Double(end) / Double(Workspace.sampleRate)))
            #expect(fields[2] == "\(span["text"]!) [\(span["pattern"]!)]")
        }
    }

    @Test("without --words or --word the built-in list is used; --also-default adds it to a list")
    func defaultList() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let transcript = Workspace.transcript.replacingOccurrences(of: " crap", with: " shit")
        try Data(transcript.utf8).write(to: workspace.file("talk.json"))
        let builtIn = try workspace.run(["talk.wav", "--transcript", "talk.json", "--dry-run"])
        #expect(builtIn.status == 0, "\(builtIn)")
        #expect(builtIn.stdout == "1.250\t1.550\tshit\t*shit*\n", "\(builtIn)")
        let both = try workspace.run(Self.standard + ["--also-default", "--dry-run"])
        #expect(both.stdout == "0.500\t0.800\tdamn,\tdamn\n1.250\t1.550\tshit\t*shit*\n", "\(both)")
        let listOnly = try workspace.run(Self.standard + ["--dry-run"])
        #expect(listOnly.stdout == "0.500\t0.800\tdamn,\tdamn\n", "\(listOnly)")
    }

    @Test("a batch finds each transcript by stem, writes into --output-dir, and one failure does not stop the rest")
    func batch() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.bytes("talk.wav").write(to: workspace.file("second.wav"))
        try workspace.bytes("talk.json").write(to: workspace.file("second.json"))
        try Data("not audio at all".utf8).write(to: workspace.file("broken.wav"))
        try workspace.bytes("talk.json").write(to: workspace.file("broken.json"))
        try FileManager.default.createDirectory(at: workspace.file("clean"), withIntermediateDirectories: false)
        let result = try workspace.run(
            [
                "talk.wav", "broken.wav", "second.wav", "--words", "words.txt", "--output-dir", "clean", "-j", "2",
                "--report", "reports.json",
            ])
        #expect(result.status == 1, "\(result)")
        #expect(try workspace.contents("clean") == ["second.wav", "talk.wav"])
        let summary = result.stderrLines.drop { !$0.hasPrefix("censor: 2 of 3 files done, 1 failed:") }
        let lines = Array(summary)
        #expect(lines.count == 4, "\(result)")
        #expect(lines.first == "censor: 2 of 3 files done, 1 failed:")
        #expect(lines.dropFirst().first == "  ok      talk.wav → clean/talk.wav (2 spans)")
        #expect(
            lines.dropFirst(2).first?.hasPrefix("  FAILED  broken.wav: cannot read audio file 'broken.wav': ") == true)
        #expect(lines.last == "  ok      second.wav → clean/second.wav (2 spans)")
        let reports = try #require(
            JSONSerialization.jsonObject(with: workspace.bytes("reports.json")) as? [[String: Any]])
        #expect(reports.map { $0["input"] as? String } == ["talk.wav", "second.wav"])
    }

    @Test("--in-place replaces the input, keeping its permissions, and only when asked")
    func inPlace() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let original = try workspace.bytes("talk.wav")
        let refused = try workspace.run(Self.standard + ["-o", "talk.wav"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("is the input file"), "\(refused)")
        #expect(try workspace.bytes("talk.wav") == original)

        #expect(chmod(workspace.path("talk.wav"), 0o640) == 0)
        let result = try workspace.run(Self.standard + ["--in-place", "--mode", "mute"])
        #expect(result.status == 0, "\(result)")
        #expect(try workspace.bytes("talk.wav") != original)
        // The same audio length and format; the file itself grows by the censored marker's tag.
        let censored = try WAVFile(contentsOf: workspace.file("talk.wav"))
        #expect(censored.data.count == original.count - 44)
        #expect(
            (censored.channels, censored.sampleRate, censored.bitsPerSample) == (
                Workspace.channels, Workspace.sampleRate, 16
            ))
        #expect(String(decoding: try workspace.bytes("talk.wav"), as: UTF8.self).contains("censored by censor "))
        var status = stat()
        #expect(stat(workspace.path("talk.wav"), &status) == 0)
        #expect(status.st_mode & 0o777 == 0o640)
        #expect(try workspace.contents() == ["talk.json", "talk.wav", "words.txt"])
    }

    @Test("--format, --encoding and --rate pick the output's container, encoding and rate")
    func outputFormat() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try workspace.run(
            Self.standard + ["--format", "aiff", "--encoding", "pcm24", "--rate", "44100", "-o", "out.aiff"])
        #expect(result.status == 0, "\(result)")
        let info = try Self.soxInfo(workspace.path("out.aiff"))
        #expect(info.contains("Sample Rate    : 44100"), "\(info)")
        #expect(info.contains("Precision      : 24-bit"), "\(info)")
        #expect(info.contains("Channels       : 2"), "\(info)")
        // Twice the rate: twice the frames, give or take the converter's last frame.
        let samples = try #require(info.split(separator: "\n").first { $0.hasPrefix("Duration") })
        #expect(samples.contains("= 88200 samples"), "\(info)")
    }

    @Test("--list-formats names the containers, encodings and transcript formats")
    func listFormats() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try workspace.run(["--list-formats"])
        #expect(result.status == 0)
        for expected in [
            "FLAC (Free Lossless Audio Codec)", "Signed 24 bit PCM", "  flac    pcm8 pcm16 pcm24",
            "  whisper-json", "  srt", "  textgrid",
        ] {
            #expect(result.stdout.contains(expected), "missing \(expected)")
        }
    }

    @Test("--completion prints a bash script bash accepts, naming every option", arguments: ["bash", "zsh"])
    func completion(shell: String) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try workspace.run(["--completion", shell])
        #expect(result.status == 0)
        for option in ["--transcript", "--mode", "--output-dir", "--in-place", "--dry-run", "--labels", "--jobs"] {
            #expect(result.stdout.contains(option), "\(shell) completion lacks \(option)")
        }
        if shell == "bash" {
            try Data(result.stdout.utf8).write(to: workspace.file("censor.bash"))
            let check = try Self.run("/bin/bash", ["-n", workspace.path("censor.bash")])
            #expect(check.status == 0, "\(check.output)")
        }
    }

    @Test("on a terminal a single progress line shows percent, elapsed time and speed; none in a pipe")
    func progressLine() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let binary = try CensorCommand.executable().path
        let command = ([binary] + Self.standard + ["-o", "out.wav"]).map { "'\($0)'" }.joined(separator: " ")
        let terminal = try Self.run(
            "/usr/bin/script", ["-qec", "cd '\(workspace.url.path)' && \(command)", "/dev/null"])
        #expect(terminal.status == 0, "\(terminal.output)")
        #expect(terminal.output.contains("\r\u{1B}[Kcensor: 100%"), "\(terminal.output)")
        #expect(terminal.output.contains("× real time"), "\(terminal.output)")
        let piped = try workspace.run(Self.standard + ["-o", "piped.wav"])
        #expect(!piped.stderr.contains("\r"), "\(piped)")
        #expect(!piped.stderr.contains("real time"), "\(piped)")
    }

    @Test("--quiet prints nothing on success; --verbose adds the plan")
    func quietAndVerbose() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let quiet = try workspace.run(Self.standard + ["-o", "quiet.wav", "--quiet"])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty && quiet.stdout.isEmpty, "\(quiet)")
        let verbose = try workspace.run(Self.standard + ["-o", "verbose.wav", "--verbose"])
        #expect(verbose.stderr.contains("censor: plan for talk.wav (22050 Hz, 44100 frames):"), "\(verbose)")
        #expect(verbose.stderr.contains("  1. 0.500–0.800 s 'damn,' [damn]: core "), "\(verbose)")
    }

    // MARK: - Helpers

    static func soxInfo(_ path: String) throws -> String {
        try run("/usr/bin/soxi", [path]).output
    }

    /// Runs a program and returns its exit status with standard output and error together.
    static func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
