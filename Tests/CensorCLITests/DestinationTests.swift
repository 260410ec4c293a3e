import Foundation
import Testing

@testable import CensorAudio
@testable import CensorKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the output cannot go: a clear error naming it, nothing partial left behind, the input
/// untouched. And an output too large for WAV is written as RF64, never as a corrupt WAV.
@Suite struct DestinationTests {
    static let standard = ["talk.wav", "--transcript", "talk.json", "--words", "words.txt"]

    /// Runs `censor` through `sh -c script`, the script getting censor's path as `$0` and
    /// `arguments` as `$@` (so it can set a limit or mount a file system, then `exec "$0" "$@"`).
    static func shell(_ script: String, _ arguments: [String], in folder: URL) throws -> CensorCommand.Result {
        try CensorCommand.run(
            program: URL(fileURLWithPath: "/bin/sh"), ["-c", script, try CensorCommand.executable().path] + arguments,
            in: folder)
    }

    /// Checks a failed run: exit 1, `Error:` naming `named`, and the folder as it was.
    static func expectFailure(
        _ result: CensorCommand.Result, naming named: String, in workspace: Workspace, before: [String],
        input: FileSnapshot
    ) throws {
        #expect(result.status == 1, "\(result)")
        #expect(result.stderrLines.first?.hasPrefix("Error: ") == true, "\(result)")
        #expect(result.stderrLines.first?.contains("'\(named)'") == true, "\(result)")
        #expect(!result.stderr.contains(".tmp"), "the message names the user's file, not a temporary one")
        let after = try workspace.contents()
        #expect(after == before, "left behind: \(Set(after).subtracting(before).sorted())")
        #expect(try FileSnapshot(workspace.file("talk.wav")) == input)
    }

    @Test(
        "an output folder that does not exist: Error naming the output",
        arguments: [
            ["-o", "missing/deeper/out.wav"], ["--output-dir", "nowhere"],
        ])
    func missingFolder(_ destination: [String]) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let before = try workspace.contents(), input = try FileSnapshot(workspace.file("talk.wav"))
        let result = try workspace.run(Self.standard + destination)
        try Self.expectFailure(
            result, naming: destination[0] == "-o" ? "missing/deeper/out.wav" : "nowhere/talk.wav",
            in: workspace, before: before, input: input)
    }

    @Test("an output path that is a folder: Error saying so, the folder untouched, even with --force")
    func outputIsFolder() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try FileManager.default.createDirectory(at: workspace.file("out.wav"), withIntermediateDirectories: false)
        try Data("keep".utf8).write(to: workspace.file("out.wav/inside.txt"))
        let before = try workspace.contents(), input = try FileSnapshot(workspace.file("talk.wav"))
        let result = try workspace.run(Self.standard + ["-o", "out.wav", "--force"])
        try Self.expectFailure(result, naming: "out.wav", in: workspace, before: before, input: input)
        #expect(result.stderrLines.first?.contains("it is a directory") == true, "\(result)")
        #expect(try workspace.contents("out.wav") == ["inside.txt"])
    }

    @Test("a folder given as the input: Error saying so, not that its output name has no writer; nothing written")
    func inputIsFolder() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try FileManager.default.createDirectory(at: workspace.file("episodes"), withIntermediateDirectories: false)
        let before = try workspace.contents()
        let result = try workspace.run(["episodes", "--transcript", "talk.json", "--words", "words.txt"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderrLines == ["Error: cannot read audio file 'episodes': it is a directory"], "\(result)")
        #expect(try workspace.contents() == before)
    }

    /// Makes `folder` unwritable even for root: immutable (`chattr +i`) when running as root,
    /// read-only permissions otherwise. Returns how to undo it, or `nil` when it cannot be done.
    static func lock(_ folder: URL) -> (() -> Void)? {
        if geteuid() != 0 {
            chmod(folder.path, 0o555)
            return { chmod(folder.path, 0o755) }
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["chattr", "+i", folder.path]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return {
            let undo = Process()
            undo.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            undo.arguments = ["chattr", "-i", folder.path]
            try? undo.run()
            undo.waitUntilExit()
        }
    }

    @Test("a read-only output folder: Error naming the output and the folder, nothing created")
    func readOnlyFolder() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try FileManager.default.createDirectory(at: workspace.file("locked"), withIntermediateDirectories: false)
        let before = try workspace.contents(), input = try FileSnapshot(workspace.file("talk.wav"))
        guard let unlock = Self.lock(workspace.file("locked")) else {
            withKnownIssue("this file system cannot make a folder unwritable for root (no chattr +i)") {
                Issue.record("skipped")
            }
            return
        }
        let result = try workspace.run(Self.standard + ["-o", "locked/out.wav"])
        let inside = try workspace.contents("locked")
        unlock()
        try Self.expectFailure(result, naming: "locked/out.wav", in: workspace, before: before, input: input)
        #expect(result.stderrLines.first?.contains("cannot create a file in") == true, "\(result)")
        #expect(inside.isEmpty, "left in the folder: \(inside)")
    }

    @Test(
        "an output that is the input, spelled another way, is refused without --in-place, even with --force",
        arguments: ["./talk.wav", "sub/../talk.wav", "link.wav", "hard.wav", "ABSOLUTE"])
    func outputIsInput(_ spelling: String) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try FileManager.default.createDirectory(at: workspace.file("sub"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: workspace.path("link.wav"), withDestinationPath: "talk.wav")
        try FileManager.default.linkItem(atPath: workspace.path("talk.wav"), toPath: workspace.path("hard.wav"))
        FileSnapshot.backdate(workspace.file("talk.wav"))
        let output = spelling == "ABSOLUTE" ? workspace.path("talk.wav") : spelling
        let before = try workspace.contents(), input = try FileSnapshot(workspace.file("talk.wav"))
        let result = try workspace.run(Self.standard + ["-o", output, "--force"])
        try Self.expectFailure(result, naming: output, in: workspace, before: before, input: input)
        #expect(result.stderr.contains("is the input file"), "\(result)")
    }

    @Test("a file-size limit reached mid-write (as a full disk): Error naming the output, nothing left")
    func fileSizeLimit() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let before = try workspace.contents(), input = try FileSnapshot(workspace.file("talk.wav"))
        // 64 blocks of 512 bytes: the 176 kB output stops a fifth of the way in.
        let result = try Self.shell(
            #"ulimit -f 64 && exec "$0" "$@""#, Self.standard + ["-o", "out.wav"], in: workspace.url)
        if result.stderr.contains("ThreadSanitizer:DEADLYSIGNAL") {
            // `make sanitize`: ThreadSanitizer's runtime maps files of its own, which the limit breaks.
            withKnownIssue("ThreadSanitizer cannot run under a file-size limit") { Issue.record("\(result)") }
            return
        }
        try Self.expectFailure(result, naming: "out.wav", in: workspace, before: before, input: input)
        #expect(
            result.stderrLines.first?.hasPrefix("Error: writing output 'out.wav' failed at frame ") == true, "\(result)"
        )
        #expect(result.stderrLines.first?.hasSuffix(": File too large") == true, "\(result)")
    }

    /// Whether this machine lets a test mount a file system in a mount namespace of its own.
    static let canMountTmpfs: Bool = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("censor-mount-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "unshare", "-m", "sh", "-c", #"mount -t tmpfs -o size=64k censor-probe "$0""#, folder.path,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    @Test(
        "a full disk (a 64 kB tmpfs): Error naming the output, the file system left empty",
        .enabled(if: canMountTmpfs, "needs unshare and mount (root, or a user namespace)"))
    func fullDisk() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try FileManager.default.createDirectory(at: workspace.file("small"), withIntermediateDirectories: false)
        let before = try workspace.contents(), input = try FileSnapshot(workspace.file("talk.wav"))
        // In a private mount namespace: mount, run, then list what censor left on the tmpfs.
        let script = #"""
            exec unshare -m sh -c 'mount -t tmpfs -o size=64k censor-full small || exit 99
                "$0" "$@"; status=$?; ls -A small > listing.txt; exit $status' "$0" "$@"
            """#
        let result = try Self.shell(script, Self.standard + ["-o", "small/out.wav"], in: workspace.url)
        try #require(result.status != 99, "could not mount: \(result)")
        let listing = try String(decoding: workspace.bytes("listing.txt"), as: UTF8.self)
        try FileManager.default.removeItem(at: workspace.file("listing.txt"))
        try Self.expectFailure(result, naming: "small/out.wav", in: workspace, before: before, input: input)
        #expect(result.stderrLines.first?.hasSuffix(": No space left on device") == true, "\(result)")
        #expect(listing.isEmpty, "left on the full disk: \(listing)")
    }

    // Outputs of one run that name one file are refused before any work, rather than raced
    // for (one job writing and the other failing at its rename).
    @Test("two inputs of the same name into one --output-dir: refused before any work, nothing written")
    func sameNameInOneFolder() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        for folder in ["a", "b", "out"] {
            try FileManager.default.createDirectory(at: workspace.file(folder), withIntermediateDirectories: false)
        }
        try FileManager.default.copyItem(at: workspace.file("talk.wav"), to: workspace.file("a/ep.wav"))
        try FileManager.default.copyItem(at: workspace.file("talk.json"), to: workspace.file("a/ep.json"))
        try FileManager.default.copyItem(at: workspace.file("talk.wav"), to: workspace.file("b/ep.wav"))
        try FileManager.default.copyItem(at: workspace.file("talk.json"), to: workspace.file("b/ep.json"))
        let result = try workspace.run([
            "a/ep.wav", "b/ep.wav", "--words", "words.txt", "--output-dir", "out", "-j", "2",
        ])
        #expect(result.status == 1, "\(result)")
        #expect(
            result.stderrLines == [
                "Error: output 'out/ep.wav' is the same file as another output of this run, "
                    + "'out/ep.wav'; choose another path"
            ], "\(result)")
        #expect(try workspace.contents("out").isEmpty)
        for input in ["a/ep.wav", "b/ep.wav"] { #expect(try workspace.bytes(input) == Data(Workspace.wavBytes)) }
    }

    @Test("a batch whose every input fails leaves no combined report; one that succeeds in part reports the rest")
    func failedBatchLeavesNoReport() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try FileManager.default.copyItem(at: workspace.file("talk.wav"), to: workspace.file("second.wav"))
        try FileManager.default.copyItem(at: workspace.file("talk.json"), to: workspace.file("second.json"))
        let before = try workspace.contents()
        let failed = try workspace.run([
            "talk.wav", "second.wav", "--words", "words.txt", "--output-dir", "nowhere",
            "--report", "all.json", "-j", "2",
        ])
        #expect(failed.status == 1, "\(failed)")
        #expect(
            failed.stderr.contains("cannot write output 'nowhere/talk.wav': its folder does not exist"), "\(failed)")
        let after = try workspace.contents()
        #expect(after == before, "left behind: \(Set(after).subtracting(before).sorted())")
        // Fixed, the same command runs without --force; with one input missing, the other is reported.
        try FileManager.default.createDirectory(at: workspace.file("nowhere"), withIntermediateDirectories: false)
        try FileManager.default.removeItem(at: workspace.file("second.wav"))
        let partial = try workspace.run([
            "talk.wav", "second.wav", "--words", "words.txt", "--output-dir", "nowhere",
            "--report", "all.json", "-j", "2",
        ])
        #expect(partial.status == 1, "\(partial)")
        let reports = try #require(
            try JSONSerialization.jsonObject(with: workspace.bytes("all.json")) as? [[String: Any]])
        #expect(reports.map { $0["input"] as? String } == ["talk.wav"])
    }

    // MARK: - Outputs past 4 GiB, with the limit lowered so that a small file crosses it

    /// Censors the workspace's recording into `output` through the library, with WAV and AIFF
    /// holding at most `limit` bytes of audio.
    static func censor(_ workspace: Workspace, to output: String, limit: Int) throws -> Report {
        let transcript = try Transcript.load(path: workspace.file("talk.json").path)
        let matches = CensorList(entries: ["damn", "crap"]).matches(in: transcript)
        let transaction = OutputTransaction(overwrite: false, protecting: [(workspace.path("talk.wav"), .input)])
        let report = try Censor().censorFile(
            input: workspace.path("talk.wav"), output: workspace.path(output), matches: matches, format: OutputFormat(),
            replacingInput: false, into: transaction, sizeLimit: limit, progress: nil)
        try transaction.commit()
        return report
    }

    static let audioBytes = Workspace.frames * Workspace.channels * 2

    @Test("a WAV output past the limit is written as RF64, with a warning; the audio reads back the same")
    func wavBecomesRF64() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let report = try Self.censor(workspace, to: "big.wav", limit: Self.audioBytes - 1)
        #expect(
            report.warnings.contains { $0.contains("more than a WAV file can") && $0.contains("RF64") },
            "\(report.warnings)")
        let bytes = try workspace.bytes("big.wav")
        #expect(String(decoding: bytes.prefix(4), as: UTF8.self) == "RF64")
        let output = try AudioReader(path: workspace.path("big.wav"))
        #expect(output.format.container == .rf64)
        #expect(output.format.encoding == .pcm16)
        #expect(output.frameCount == Workspace.frames)
        // Bit-identical outside the censored spans.
        let input = try AudioReader(path: workspace.path("talk.wav"))
        var expected: [Float] = [], actual: [Float] = []
        let first = try #require(report.spans.first)
        try input.readFrames(0..<first.fadeStartFrame, into: &expected)
        try output.readFrames(0..<first.fadeStartFrame, into: &actual)
        #expect(actual == expected)
        #expect(temporaryFiles(in: try workspace.contents()).isEmpty)
    }

    @Test("a WAV output at the limit stays WAV, without a warning")
    func wavAtTheLimit() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let report = try Self.censor(workspace, to: "fits.wav", limit: Self.audioBytes)
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        #expect(String(decoding: try workspace.bytes("fits.wav").prefix(4), as: UTF8.self) == "RIFF")
    }

    @Test("an AIFF output past the limit is refused up front, naming the size and what to use instead")
    func aiffRefused() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let before = try workspace.contents()
        #expect {
            _ = try Self.censor(workspace, to: "big.aiff", limit: 1000)
        } throws: { error in
            guard case let .unsupportedOutput(path, reason) = error as? AudioError else { return false }
            return path.hasSuffix("big.aiff") && reason.contains("more than the")
                && reason.contains("an AIFF file can hold")
                && reason.hasSuffix("write CAF, W64 or RF64 instead")
        }
        #expect(try workspace.contents() == before)
    }

    @Test("the real limit: WAV and AIFF hold 4 GiB less 1 MiB of audio; 16-bit stereo counts 4 bytes a frame")
    func realLimit() throws {
        #expect(AudioFileFormat.classicSizeLimit == 4_294_967_295 - 1_048_576)
        let workspace = try Workspace()
        defer { workspace.remove() }
        let wav = try AudioReader(path: workspace.path("talk.wav")).format
        #expect(wav.maximumBytesPerFrame == 4)
        // 6.2 hours of 48 kHz stereo 16-bit is 4.0 GiB: over.
        let hours = 6.25 * 3600 * 48_000
        #expect(try wav.fitting(frames: Int(hours), path: "x.wav").warning != nil)
        #expect(try wav.fitting(frames: Int(hours / 2), path: "x.wav").warning == nil)
    }
}
