import Foundation
import Testing

@testable import CensorCLI

/// What censor prints can be read as censor's and only as censor's: a file name cannot start a
/// line of its own, a huge path is shortened, a closed pipe ends the run as SIGPIPE, standard
/// input is named as such, and libmpg123's own lines never appear.
@Suite struct MessageSafetyTests {
    static let censoring = StdinInputTests.censoring + ["--align", "off"]

    @Test("a line break in a file name is escaped: the summary stays one line and forges none")
    func lineBreakInName() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let name = "a\nError: forged.wav"
        try FileManager.default.copyItem(atPath: workspace.path("talk.wav"), toPath: workspace.path(name))
        let result = try workspace.run([name] + Self.censoring + ["-o", "x\ny.wav"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderrLines.count == 1, "\(result)")
        #expect(
            result.stderrLines.first?.hasPrefix("censor: a\\x0AError: forged.wav → x\\x0Ay.wav: 2 spans censored")
                == true,
            "\(result)")
    }

    @Test("a path of 30 000 characters is shortened in the error to its ends around an ellipsis")
    func longPath() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let folder = (0..<100).map { _ in String(repeating: "d", count: 299) }.joined(separator: "/")
        let result = try workspace.run(["talk.wav"] + Self.censoring + ["-o", "missing/" + folder + "/out.wav"])
        #expect(result.status == 1, "\(result)")
        let line = try #require(result.stderrLines.first)
        #expect(line.count < 300, "\(line.count) characters")
        let word = "'missing/" + folder + "/out.wav':"
        #expect(
            line == "Error: cannot write output " + word.prefix(100) + "…" + word.suffix(100)
                + " its folder does not exist",
            "\(line)")
    }

    @Test("`| head` closes standard output early: exit 141 as SIGPIPE, no message, no file left")
    func closedPipe() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try workspace.shell(
            #"{ "$CENSOR" talk.wav --transcript talk.json --words words.txt -o - 2>err.txt; "#
                + #"echo $? > status.txt; } | head -c 10 > /dev/null"#)
        #expect(result.status == 0, "\(result)")
        #expect(String(decoding: try workspace.bytes("status.txt"), as: UTF8.self) == "141\n")
        let errors = String(decoding: try workspace.bytes("err.txt"), as: UTF8.self)
        #expect(errors.isEmpty, "\(errors)")
        #expect(try workspace.contents().filter { $0.hasPrefix(".") }.isEmpty)
    }

    @Test("an error about audio from standard input names standard input, not its spool file")
    func standardInputNamed() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }).write(to: workspace.file("junk.bin"))
        let result = try workspace.shell(#""$CENSOR" - --transcript talk.json --words words.txt -o out.wav < junk.bin"#)
        #expect(result.status == 1, "\(result)")
        #expect(
            result.stderrLines.first?.hasPrefix("Error: cannot read audio file standard input: ") == true, "\(result)")
        #expect(!result.stderr.contains(".stdin.censor-"), "\(result)")
    }

    @Test("--dry-run on an MP3 whose Xing header is off: libmpg123's own lines stay off standard error")
    func libraryLinesDropped() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let made = try workspace.shell(
            "ffmpeg -v error -i talk.wav -c:a libmp3lame -b:a 64k full.mp3 && head -c 3000 full.mp3 > cut.mp3")
        try #require(made.status == 0, "\(made)")
        let result = try workspace.run(["cut.mp3"] + Self.censoring + ["--dry-run"])
        #expect(result.status == 0, "\(result)")
        #expect(!result.stderr.contains("Xing") && !result.stderr.contains("fuzzy"), "\(result)")
        #expect(
            result.stderrLines.allSatisfy {
                $0.hasPrefix("Warning: '") || $0.hasPrefix("Warning: talk.json ") || $0.hasPrefix("censor: ")
            },
            "\(result.stderrLines)")
    }
}

/// `--max-text-size`: a transcript or list past the limit (1 GiB unless raised) is refused
/// with an error naming the limit and the option; a device that never ends fails the same way,
/// and in a manifest only its job.
@Suite struct TextSizeLimitTests {
    @Test(
        "a list or transcript past the limit, a regular file or /dev/zero, fails with the limit named, exit 1",
        arguments: [
            ("--words", "/dev/zero", "censor list"), ("--transcript", "/dev/zero", "transcript"),
            ("--transcript", "talk.json", "transcript"),
        ])
    func refused(option: String, path: String, role: String) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        var arguments = ["talk.wav", "--transcript", "talk.json", "--words", "words.txt", "-o", "out.wav"]
        arguments[arguments.firstIndex(of: option)! + 1] = path
        let limit = path == "talk.json" ? "100" : "1M"
        let result = try workspace.run(arguments + ["--max-text-size", limit])
        #expect(result.status == 1, "\(result)")
        #expect(
            result.stderrLines == [
                "Error: \(path): cannot read the \(role): it holds more than "
                    + (limit == "1M" ? "1 MiB" : "100 bytes") + ", the most a transcript or censor list may hold; "
                    + "raise the limit with --max-text-size"
            ], "\(result)")
        #expect(!workspace.exists("out.wav"))
    }

    @Test("in a manifest, a job whose list is /dev/zero fails alone; the other finishes")
    func manifestJobFailsAlone() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Data(
            #"""
            {"input": "talk.wav", "output": "a.wav", "list": "/dev/zero"}
            {"input": "talk.wav", "output": "b.wav"}

            """#.utf8
        ).write(to: workspace.file("jobs.jsonl"))
        let result = try workspace.run([
            "--manifest", "jobs.jsonl", "--words", "words.txt", "--max-text-size", "1M", "-q",
        ])
        #expect(result.status == 1, "\(result)")
        #expect(
            result.stderrLines.last?.hasPrefix(
                "  FAILED  jobs.jsonl:1: /dev/zero: cannot read the censor list: it holds "
                    + "more than 1 MiB") == true, "\(result)")
        #expect(!workspace.exists("a.wav") && workspace.exists("b.wav"))
    }

    @Test("--max-text-size takes bytes or K, M, G; anything else is a usage error")
    func sizes() throws {
        let sizes = try ["65536", "500M", "2g"].map(Command.byteSize)
        #expect(sizes == [65_536, 500 << 20, 2 << 30])
        for bad in ["0", "-1K", "1T", "G", "9999999999999G"] {
            #expect(throws: UsageError.self) { try Command.byteSize(bad) }
        }
    }
}
