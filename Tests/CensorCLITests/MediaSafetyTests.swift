import Foundation
import Testing

/// What the media path reads, writes and leaves running: only the file named, only an output
/// whose format is named, and no ffmpeg or ffprobe outliving censor.
@Suite struct MediaSafetyTests {
    @Test("an HLS playlist and an ffconcat list named .mp4 are refused: no other local file is read into an output")
    func referencingDemuxers() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let media = try MediaFixture(workspace)
        try media.ffmpeg(["-i", media.speech, "-c:a", "aac", "secret.m4a"])
        try Data("#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:3,\nsecret.m4a\n#EXT-X-ENDLIST\n".utf8).write(
            to: workspace.file("list.mp4"))
        try Data("ffconcat version 1.0\nfile secret.m4a\n".utf8).write(to: workspace.file("joined.mp4"))
        for (name, demuxer) in [("list.mp4", "hls"), ("joined.mp4", "concat")] {
            let before = try workspace.contents()
            // Both read secret.m4a's audio into the output before, exit 0.
            let result = try workspace.run([name, "--transcript", "speech.json", "--word", "damn"])
            #expect(result.status == 1, "\(result)")
            #expect(
                result.stderrLines.first?.hasPrefix(
                    "Error: cannot read media file '\(name)': it is read by ffmpeg's "
                        + "'\(demuxer)' demuxer, which reads other files or devices than the one named") == true,
                "\(result)")
            #expect(try workspace.contents() == before, "no output")
        }
    }

    @Test("a FIFO named x.mp4 is refused at once rather than leaving ffprobe blocked")
    func fifo() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        #expect(mkfifo(workspace.path("x.mp4"), 0o600) == 0)
        let running = try CensorCommand.Running(
            ["x.mp4", "--transcript", "talk.json", "--word", "damn"], in: workspace.url)
        let deadline = Date().addingTimeInterval(10)
        while running.isRunning, Date() < deadline { usleep(10_000) }
        // ffprobe waited for a writer forever before.
        let stillRunning = running.isRunning
        if stillRunning { running.send(SIGKILL) }
        let result = try running.wait()
        #expect(!stillRunning && result.status == 1, "\(result)")
        #expect(
            result.stderr.hasPrefix(
                "Error: cannot read media file 'x.mp4': it is not a regular file (a FIFO, socket or device)"),
            "\(result)")
    }

    @Test(
        "a video written to /dev/null, standard output or a name without an extension is refused; nothing lands in /dev",
        arguments: ["/dev/null", "-", "/dev/stdout", "clean"])
    func unnamedOutputs(_ output: String) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let media = try MediaFixture(workspace)
        try media.ffmpeg([
            "-f", "lavfi", "-i", "testsrc=size=32x32:rate=5:duration=\(media.duration)", "-i", media.speech,
            "-c:v", "mpeg4", "-c:a", "aac", "-shortest", "talk.mkv",
        ])
        let devices = try FileManager.default.contentsOfDirectory(atPath: "/dev").sorted()
        let before = try workspace.contents()
        // A float WAV of the audio alone was written there before, exit 0 (its scratch files in /dev).
        let result = try workspace.run(["talk.mkv", "--transcript", "speech.json", "--word", "damn", "-o", output])
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderrLines.first
                == "Error: cannot write '\(output)': its name has no extension to say which format "
                + "'talk.mkv' is written as; name a file with the container's extension (.mkv, .mp4 … keep every stream) or an "
                + "audio format's (.wav, .flac … the censored audio alone); standard output and devices take no video or container"
        )
        #expect(try workspace.contents() == before)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: "/dev").sorted().filter { $0.contains("censor") }
                == devices.filter { $0.contains("censor") })
    }

    @Test("SIGTERM while ffmpeg decodes: censor exits 143 and no ffmpeg it started is left a second later")
    func childrenEnd() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try MediaFixture.run(
            "/usr/bin/ffmpeg",
            [
                "-nostdin", "-v", "error", "-f", "lavfi", "-i", "sine=frequency=300:duration=30",
                "-c:a", "aac", workspace.path("long.m4a"),
            ])
        // ffmpeg reading at the audio's own pace: 30 s of decoding, however fast the machine.
        try Data("#!/bin/sh\nexec /usr/bin/ffmpeg -re \"$@\"\n".utf8).write(to: workspace.file("paced-ffmpeg"))
        chmod(workspace.path("paced-ffmpeg"), 0o755)
        let running = try CensorCommand.Running(
            ["long.m4a", "--transcript", "talk.json", "--word", "damn"], in: workspace.url,
            environment: ["CENSOR_FFMPEG": workspace.path("paced-ffmpeg")])
        var children: [pid_t] = []
        let deadline = Date().addingTimeInterval(30)
        while running.isRunning, children.isEmpty, Date() < deadline {
            children = Self.children(of: running.pid).filter { Self.command(of: $0) == "ffmpeg" }
            usleep(10_000)
        }
        try #require(!children.isEmpty, "no ffmpeg child seen")
        running.send(SIGTERM)
        let result = try running.wait()
        #expect(result.status == 143, "\(result)")
        usleep(1_000_000)
        // The decoder ran on, its SIGTERM blocked, in a process group of its own, before.
        let left = children.filter { Self.command(of: $0) == "ffmpeg" }
        #expect(left.isEmpty, "ffmpeg \(left) still running")
        for pid in left { kill(pid, SIGKILL) }
    }

    /// The processes whose parent is `parent`, from /proc.
    static func children(of parent: pid_t) -> [pid_t] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap { pid_t($0) }.filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == parent
        }
    }

    /// The command name of process `pid` when it is alive (not a zombie), else `nil`.
    static func command(of pid: pid_t) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
        else { return nil }
        let state = stat[stat.index(after: close)...].split(separator: " ").first
        guard state != "Z" else { return nil }
        return String(stat[stat.index(after: open)..<close])
    }
}
