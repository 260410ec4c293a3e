import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGUSR1, SIGUSR2 or SIGALRM during a run: every temporary output is removed, the input and any
/// output that existed before are left as they were, and censor exits with 128 + the signal.
///
/// The signal always lands mid-run with no timing involved: either the input is a named pipe
/// that censor waits on, its temporary output open, or censor is stopped (SIGSTOP) once its
/// temporary output exists and signalled before it continues.
@Suite struct InterruptionTests {
    /// A WAV header declaring ten times the workspace's frames, and the frames that follow it.
    static let overlongWAV: [UInt8] = {
        var bytes = Workspace.wavBytes
        let declared = UInt32((bytes.count - 44) * 10)
        withUnsafeBytes(of: declared.littleEndian) { bytes.replaceSubrange(40..<44, with: $0) }
        withUnsafeBytes(of: (declared + 36).littleEndian) { bytes.replaceSubrange(4..<8, with: $0) }
        return bytes
    }()

    /// censor reading named pipes, each fed with the start of a longer WAV, so that it waits
    /// for the rest with its temporary outputs open.
    final class PipeRun {
        let running: CensorCommand.Running
        private var pipes: [Int32] = []

        /// Starts `censor arguments…` in `workspace`, whose `pipes` are made named pipes, and
        /// returns once censor has a temporary output for each in `outputs` (a subfolder, or
        /// the workspace itself).
        init(_ arguments: [String], pipes names: [String], outputs: String? = nil, in workspace: Workspace) throws {
            for name in names { try #require(mkfifo(workspace.path(name), 0o600) == 0) }
            signal(SIGPIPE, SIG_IGN)  // should censor die first, writing to the pipe fails instead
            running = try CensorCommand.Running(arguments, in: workspace.url)
            for name in names {
                // The writing end opens (no ENXIO) once censor has opened the reading end.
                var pipe: Int32 = -1
                while pipe < 0, running.isRunning {
                    pipe = open(workspace.path(name), O_WRONLY | O_NONBLOCK)
                    if pipe < 0 { usleep(1_000) }
                }
                guard pipe >= 0 else { break }
                _ = fcntl(pipe, F_SETFL, fcntl(pipe, F_GETFL) & ~O_NONBLOCK)
                pipes.append(pipe)
                var sent = 0
                while sent < InterruptionTests.overlongWAV.count {
                    let count = InterruptionTests.overlongWAV[sent...].withUnsafeBytes {
                        write(pipe, $0.baseAddress, $0.count)
                    }
                    if count <= 0 { break }
                    sent += count
                }
            }
            // A generous bound, so that a mistake here fails the test instead of hanging the suite.
            let deadline = Date().addingTimeInterval(120)
            while running.isRunning, temporaryFiles(in: try workspace.contents(outputs)).count < names.count {
                guard Date() < deadline else {
                    running.send(SIGKILL)
                    Issue.record("censor made no temporary output in 120 s")
                    break
                }
                usleep(1_000)
            }
        }

        /// Closes the pipes, so that censor reads to their end and finishes, and waits for it.
        func finish() throws -> CensorCommand.Result {
            for pipe in pipes { close(pipe) }
            pipes = []
            return try running.wait()
        }

        /// Sends `signal`, waits for censor to end and closes the pipes. (Closed first, they
        /// would end the input, and censor might finish the file before it took the signal.)
        func interrupt(with signal: Int32) throws -> (wasRunning: Bool, result: CensorCommand.Result) {
            let wasRunning = running.isRunning
            running.send(signal)
            let result = try running.wait()
            for pipe in pipes { close(pipe) }
            return (wasRunning, result)
        }
    }

    static let signals: [(signal: Int32, status: Int32, name: String)] = [
        (SIGINT, 130, "SIGINT"), (SIGTERM, 143, "SIGTERM"), (SIGHUP, 129, "SIGHUP"),
        // SIGQUIT must not print a backtrace or finish with exit 0; SIGPIPE, SIGUSR1 and
        // SIGALRM must not leave the temporary file behind.
        (SIGQUIT, 131, "SIGQUIT"), (SIGPIPE, 141, "SIGPIPE"), (SIGUSR1, 138, "SIGUSR1"),
        (SIGUSR2, 140, "SIGUSR2"), (SIGALRM, 142, "SIGALRM"),
    ]

    @Test(
        "a signal mid-run removes the temporary output, leaves no output and exits 128 + its number",
        arguments: signals.map(\.signal))
    func exitStatus(_ number: Int32) throws {
        let (_, status, name) = try #require(Self.signals.first { $0.signal == number })
        let workspace = try Workspace()
        defer { workspace.remove() }
        let run = try PipeRun(
            ["live.wav", "--transcript", "talk.json", "--word", "heck", "-o", "out.wav"],
            pipes: ["live.wav"], in: workspace)
        let (wasRunning, result) = try run.interrupt(with: number)
        try #require(wasRunning, "censor ended before it could be interrupted: \(result)")
        #expect(result.status == status, "\(result)")
        #expect(
            result.stderrLines.contains(
                "censor: interrupted by \(name); unfinished outputs removed, "
                    + "inputs and existing files untouched"), "\(result)")
        #expect(!workspace.exists("out.wav"))
        #expect(temporaryFiles(in: try workspace.contents()).isEmpty)
    }

    @Test(
        "an interrupted --force run leaves the output that was there before as it was",
        arguments: [SIGINT, SIGTERM])
    func existingOutputKept(_ number: Int32) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Data("the only copy of last week's output".utf8).write(to: workspace.file("out.wav"))
        FileSnapshot.backdate(workspace.file("out.wav"))
        let existing = try FileSnapshot(workspace.file("out.wav"))
        let run = try PipeRun(
            ["live.wav", "--transcript", "talk.json", "--word", "heck", "-o", "out.wav", "--force"],
            pipes: ["live.wav"], in: workspace)
        let (wasRunning, result) = try run.interrupt(with: number)
        try #require(wasRunning, "censor ended before it could be interrupted: \(result)")
        #expect(result.status == 128 + number, "\(result)")
        #expect(try FileSnapshot(workspace.file("out.wav")) == existing)
        #expect(temporaryFiles(in: try workspace.contents()).isEmpty)
    }

    @Test("interrupting a batch of two files at once removes both temporary outputs")
    func batch() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try FileManager.default.createDirectory(at: workspace.file("out"), withIntermediateDirectories: false)
        for name in ["one", "two"] {
            try FileManager.default.copyItem(at: workspace.file("talk.json"), to: workspace.file("\(name).json"))
        }
        let run = try PipeRun(
            ["one.wav", "two.wav", "--word", "heck", "--output-dir", "out", "-j", "2"],
            pipes: ["one.wav", "two.wav"], outputs: "out", in: workspace)
        let live = temporaryFiles(in: try workspace.contents("out"))
        let (wasRunning, result) = try run.interrupt(with: SIGINT)
        try #require(wasRunning, "censor ended before it could be interrupted: \(result)")
        #expect(live.count == 2, "both jobs were writing: \(live)")
        #expect(result.status == 130, "\(result)")
        #expect(try workspace.contents("out").isEmpty)
    }

    /// A WAV of `minutes` of 48 kHz stereo 16-bit silence, sparse on disk: a header and a hole.
    static func writeSilence(minutes: Int, to url: URL) throws {
        let bytes = minutes * 60 * 48_000 * 4
        let header = WAVFile(formatTag: 1, channels: 2, sampleRate: 48_000, bitsPerSample: 16, data: Data())
        var head = header.bytes()
        withUnsafeBytes(of: UInt32(bytes + 36).littleEndian) { head.replaceSubrange(4..<8, with: $0) }
        withUnsafeBytes(of: UInt32(bytes).littleEndian) { head.replaceSubrange(40..<44, with: $0) }
        try head.write(to: url)
        try #require(truncate(url.path, off_t(44 + bytes)) == 0)
    }

    @Test(
        "an interrupted --in-place run leaves the input's bytes, modification time and inode as they were",
        arguments: [SIGINT, SIGTERM])
    func inPlaceInputKept(_ number: Int32) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Self.writeSilence(minutes: 10, to: workspace.file("long.wav"))
        try FileManager.default.copyItem(at: workspace.file("talk.json"), to: workspace.file("long.json"))
        FileSnapshot.backdate(workspace.file("long.wav"))
        let before = try FileSnapshot(workspace.file("long.wav"))
        let running = try CensorCommand.Running(["long.wav", "--words", "words.txt", "--in-place"], in: workspace.url)
        // Stop censor as soon as its temporary output exists, signal it, and let it go on.
        let deadline = Date().addingTimeInterval(120)
        while running.isRunning, temporaryFiles(in: try workspace.contents()).isEmpty, Date() < deadline { usleep(200) }
        kill(running.pid, SIGSTOP)
        let wasRunning = running.isRunning
        let temporary = temporaryFiles(in: try workspace.contents())
        running.send(number)
        kill(running.pid, SIGCONT)
        let result = try running.wait()
        try #require(wasRunning && temporary.count == 1, "censor ended before it could be stopped: \(result)")
        #expect(result.status == 128 + number, "\(result)")
        #expect(try FileSnapshot(workspace.file("long.wav")) == before)
        #expect(temporaryFiles(in: try workspace.contents()).isEmpty)
    }
}
