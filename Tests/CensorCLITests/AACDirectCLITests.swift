import Foundation
import Testing

/// Censoring AAC on its compressed data from the command line (the default for mute into the
/// same container) and `--no-direct`, end to end: which writer a run picks, what it leaves of
/// the input's bytes, what it says, and the usage errors.
@Suite struct AACDirectCLITests {
    /// A workspace whose recording is also an M4A and an ADTS file (stereo, 128 kb/s, ffmpeg's AAC encoder).
    static func workspace() throws -> Workspace {
        let workspace = try Workspace()
        for name in ["talk.m4a", "talk.aac"] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                "ffmpeg", "-v", "error", "-i", workspace.path("talk.wav"), "-ac", "2", "-c:a", "aac",
                "-b:a", "128k", workspace.path(name),
            ]
            try process.run()
            process.waitUntilExit()
            try #require(process.terminationStatus == 0)
        }
        return workspace
    }

    static func arguments(_ input: String) -> [String] {
        [input, "--transcript", "talk.json", "--words", "words.txt", "--report", "report.json"]
    }

    @Test(
        "mute and duck of a stereo M4A or ADTS file keep every byte but those of the packets under the two words",
        arguments: ["talk.m4a", "talk.aac"], ["mute", "duck"])
    func direct(input: String, mode: String) throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        let result = try workspace.run(Self.arguments(input) + ["--mode", mode])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stderrLines.allSatisfy { !$0.contains("re-encoded") && !$0.contains("muted instead") }, "\(result)")
        let before = try workspace.bytes(input)
        let after = try workspace.bytes(input.replacingOccurrences(of: "talk.", with: "talk.censored."))
        #expect(after.count == before.count)
        let report = try #require(JSONSerialization.jsonObject(with: workspace.bytes("report.json")) as? [String: Any])
        let direct = try #require(report["direct"] as? [String: Any])
        #expect(direct["codec"] as? String == "aac" && direct["blockFrames"] as? Int == 1024)
        // Two words of 0.3 s with padding at 22.05 kHz: about 10 packets each, and 2 more for the overlap.
        let edited = try #require(direct["editedPackets"] as? Int)
        #expect(edited >= 12 && edited <= 30, "\(edited) packets")
        // Each edited packet of at most 1 kB (128 kb/s, 46 ms) changes; nothing else does.
        let changed = zip(before, after).filter { $0 != $1 }.count
        #expect(changed > 0 && changed <= edited * 1024, "\(changed) bytes changed")
    }

    @Test("--no-direct, and a beep, decode and re-encode: the output's packets are all new, and a beep says why")
    func reencode() throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        for (extra, note) in [(["--mode", "mute", "--no-direct"], false), (["--mode", "beep"], true)] {
            let result = try workspace.run(Self.arguments("talk.m4a") + extra + ["--force"])
            #expect(result.status == 0, "\(result)")
            #expect(
                result.stderr.contains("'talk.m4a' was decoded and re-encoded, since a beep needs new audio") == note,
                "\(result)")
            let report = try #require(
                JSONSerialization.jsonObject(with: workspace.bytes("report.json")) as? [String: Any])
            #expect(report["direct"] == nil)
            let before = try workspace.bytes("talk.m4a"), after = try workspace.bytes("talk.censored.m4a")
            #expect(zip(before, after).filter { $0 != $1 }.count > min(before.count, after.count) / 2)
        }
    }

    /// What ffprobe lists of `path`'s first video stream's packets: timestamps, positions, sizes and each one's MD5.
    static func videoPackets(_ path: String) throws -> [String] {
        let process = Process(), pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "ffprobe", "-v", "error", "-select_streams", "v:0", "-show_data_hash", "MD5",
            "-show_entries", "packet=pts,pos,size,data_hash", "-of", "csv=p=0", path,
        ]
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test("mute of an MKV with video into an MKV is direct: same length, the video packets byte-identical")
    func matroskaWithVideo() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc=size=64x48:rate=10:d=4", "-i",
            workspace.path("talk.wav"), "-shortest", "-c:v", "mpeg4", "-ac", "2", "-c:a", "aac", "-b:a", "128k",
            workspace.path("talk.mkv"),
        ]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        let result = try workspace.run(Self.arguments("talk.mkv") + ["-o", "censored.mkv", "--mode", "mute"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderrLines.allSatisfy { !$0.contains("re-encoded") }, "\(result)")
        let report = try #require(JSONSerialization.jsonObject(with: workspace.bytes("report.json")) as? [String: Any])
        let direct = try #require(report["direct"] as? [String: Any])
        #expect(direct["codec"] as? String == "aac")
        let edited = try #require(direct["editedPackets"] as? Int)
        #expect(edited >= 12 && edited <= 30, "\(edited) packets")
        let before = try workspace.bytes("talk.mkv"), after = try workspace.bytes("censored.mkv")
        #expect(after.count == before.count)
        #expect(zip(before, after).filter { $0 != $1 }.count <= edited * 1024)
        let video = try Self.videoPackets(workspace.path("talk.mkv"))
        #expect(video.count >= 20)
        #expect(try Self.videoPackets(workspace.path("censored.mkv")) == video)
    }

    @Test("--mp3-direct with --no-direct is a usage error")
    func contradiction() throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        let result = try workspace.run(Self.arguments("talk.m4a") + ["--mode", "mute", "--mp3-direct", "--no-direct"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderrLines.first == "Error: --mp3-direct and --no-direct contradict each other", "\(result)")
    }
}
