import Foundation
import Testing

/// `--mp3-direct` (the default for MP3 to MP3 with mute or duck) and `--no-mp3-direct`, end to
/// end: which writer a run picks, what it leaves of the input's bytes, and the usage errors.
@Suite struct MP3DirectCLITests {
    /// A workspace whose recording is also an MP3 (22.05 kHz joint stereo, made by ffmpeg's libmp3lame).
    static func workspace() throws -> Workspace {
        let workspace = try Workspace()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "ffmpeg", "-v", "error", "-i", workspace.path("talk.wav"), "-c:a", "libmp3lame", "-b:a", "64k",
            workspace.path("talk.mp3"),
        ]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        return workspace
    }

    static let arguments = ["talk.mp3", "--transcript", "talk.json", "--words", "words.txt", "--report", "report.json"]

    /// How many bytes of `a` and `b` differ (their lengths' difference counting as different).
    static func differingBytes(_ a: Data, _ b: Data) -> Int {
        zip(a, b).reduce(abs(a.count - b.count)) { $0 + ($1.0 != $1.1 ? 1 : 0) }
    }

    @Test(
        "mute and duck on an MP3 keep its bytes but a few side-information bytes per censored frame",
        arguments: [["--mode", "mute"], ["--mode", "duck"], ["--mode", "mute", "--mp3-direct"]])
    func direct(mode: [String]) throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        let result = try workspace.run(Self.arguments + mode)
        #expect(result.status == 0, "\(result)")
        #expect(!result.stderr.contains("re-encoded"))
        let input = try workspace.bytes("talk.mp3"), output = try workspace.bytes("talk.censored.mp3")
        #expect(output.count == input.count)
        // Two words of 0.3 s at 22.05 kHz: about 12 granules each of ~180 frames; each changed
        // frame changes at most its 2 global_gain bytes per channel plus their neighbours.
        let changed = Self.differingBytes(input, output)
        #expect(changed > 0 && changed <= 2 * 20 * 2 * 3, "\(changed) bytes changed")
        let report = try #require(JSONSerialization.jsonObject(with: workspace.bytes("report.json")) as? [String: Any])
        #expect((report["spans"] as? [Any])?.count == 2)
    }

    @Test("--no-mp3-direct decodes and re-encodes: the output's frames are all new")
    func reencode() throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        let result = try workspace.run(Self.arguments + ["--mode", "mute", "--no-mp3-direct"])
        #expect(result.status == 0, "\(result)")
        let input = try workspace.bytes("talk.mp3"), output = try workspace.bytes("talk.censored.mp3")
        #expect(Self.differingBytes(input, output) > input.count / 2)
    }

    @Test("beep on an MP3 re-encodes the whole file and says so")
    func beepReencodes() throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        let result = try workspace.run(Self.arguments)
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stderr.contains("'talk.mp3' was decoded and re-encoded, since a beep needs new audio"), "\(result)")
        #expect(try workspace.exists("talk.censored.mp3"))
    }

    @Test(
        "--mp3-direct with a beep, a format change or --no-mp3-direct is a usage error",
        arguments: [
            (
                ["--mp3-direct"],
                "--mp3-direct mutes or ducks the compressed data; a beep needs new audio (use --mode mute or duck)"
            ),
            (
                ["--mp3-direct", "--mode", "mute", "--rate", "16000"],
                "--mp3-direct keeps the MP3's own encoding; it cannot be "
                    + "combined with --format, --encoding, --rate or --quality that change it"
            ),
            (
                ["--mp3-direct", "--no-mp3-direct", "--mode", "mute"],
                "--mp3-direct and --no-mp3-direct contradict each other"
            ),
        ])
    func usage(extra: [String], message: String) throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        let result = try workspace.run(Self.arguments + extra)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderrLines.first == "Error: " + message, "\(result)")
        #expect(try workspace.contents() == ["talk.json", "talk.mp3", "talk.wav", "words.txt"])
    }
}
