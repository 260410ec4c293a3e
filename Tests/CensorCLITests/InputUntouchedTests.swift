import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file's bytes, modification time, inode and mode, to show that a run left it exactly as it was.
struct FileSnapshot: Equatable, CustomStringConvertible {
    let bytes: Data
    let modified: timespec
    let inode: UInt64
    let mode: UInt32

    init(_ url: URL) throws {
        var status = stat()
        guard stat(url.path, &status) == 0 else {
            throw CensorCommand.SpawnError(code: errno)
        }
        bytes = try Data(contentsOf: url)
        modified = status.st_mtim
        inode = UInt64(status.st_ino)
        mode = UInt32(status.st_mode)
    }

    static func == (a: FileSnapshot, b: FileSnapshot) -> Bool {
        a.bytes == b.bytes && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
            && a.inode == b.inode && a.mode == b.mode
    }

    var description: String {
        "\(bytes.count) bytes, modified \(modified.tv_sec).\(modified.tv_nsec), inode \(inode), mode \(String(mode, radix: 8))"
    }

    /// Sets `url`'s access and modification times to 2001-09-09 01:46:40 UTC, so that any write
    /// (even one within the same second as the test) shows.
    static func backdate(_ url: URL) {
        var times = [
            timespec(tv_sec: 1_000_000_000, tv_nsec: 123_456_789),
            timespec(tv_sec: 1_000_000_000, tv_nsec: 123_456_789),
        ]
        _ = utimensat(AT_FDCWD, url.path, &times, 0)
    }
}

/// Every run of `censor`, whatever it does and however it ends, leaves its input's bytes,
/// modification time, inode and permissions as they were, and the transcript's and censor
/// list's too.
@Suite struct InputUntouchedTests {
    struct Run: Sendable, CustomTestStringConvertible {
        let name: String
        let arguments: [String]
        /// Files to create first.
        var setup: [String: String] = [:]
        /// The exit status expected.
        var status: Int32 = 0
        var testDescription: String { name }
    }

    static let files = ["talk.json", "words.txt"]

    static let runs: [Run] = [
        Run(name: "default output", arguments: ["talk.wav", "--transcript", "talk.json", "--words", "words.txt"]),
        Run(
            name: "-o with another container (FLAC)",
            arguments: ["talk.wav", "--transcript", "talk.json", "--words", "words.txt", "-o", "out.flac"]),
        Run(
            name: "--rate (resampled)",
            arguments: [
                "talk.wav", "--transcript", "talk.json", "--words", "words.txt", "--rate", "44100", "-o", "r.wav",
            ]),
        Run(
            name: "--encoding float",
            arguments: [
                "talk.wav", "--transcript", "talk.json", "--words", "words.txt",
                "--encoding", "float", "-o", "f.wav",
            ]),
        Run(
            name: "--mode duck with a report and labels",
            arguments: [
                "talk.wav", "--transcript", "talk.json", "--words", "words.txt", "--mode", "duck",
                "--report", "report.json", "--labels", "labels.txt",
            ]),
        Run(
            name: "--mode mute, report on stdout",
            arguments: [
                "talk.wav", "--transcript", "talk.json", "--words", "words.txt", "--mode", "mute", "--report", "-",
            ]),
        Run(
            name: "--dry-run",
            arguments: ["talk.wav", "--transcript", "talk.json", "--words", "words.txt", "--dry-run"]),
        Run(name: "nothing matched", arguments: ["talk.wav", "--transcript", "talk.json", "--word", "zebra"]),
        Run(
            name: "several inputs into --output-dir",
            arguments: ["talk.wav", "talk.wav", "--words", "words.txt", "--output-dir", "out", "-j", "2"],
            setup: ["out/.keep": ""], status: 1),
        Run(
            name: "output exists without --force (refused)",
            arguments: ["talk.wav", "--transcript", "talk.json", "--words", "words.txt", "-o", "taken.wav"],
            setup: ["taken.wav": "not audio"], status: 1),
        Run(
            name: "--force over an existing output",
            arguments: ["talk.wav", "--transcript", "talk.json", "--words", "words.txt", "-o", "taken.wav", "--force"],
            setup: ["taken.wav": "not audio"]),
        Run(
            name: "a malformed transcript (fails)",
            arguments: ["talk.wav", "--transcript", "bad.json", "--words", "words.txt"],
            setup: ["bad.json": #"{"segments": [{"words": [{"word": "x", "start": 1}"#], status: 1),
        Run(
            name: "an unwritable output container (fails)",
            arguments: [
                "talk.wav", "--transcript", "talk.json", "--words", "words.txt", "-o", "out.opus", "--rate", "44100",
            ],
            status: 1),
        Run(name: "a usage error", arguments: ["talk.wav", "--mode", "bleep", "--words", "words.txt"], status: 64),
    ]

    @Test(
        "a run leaves the input, transcript and list byte for byte, with their times, inodes and modes",
        arguments: runs)
    func untouched(_ run: Run) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        for (name, text) in run.setup {
            try FileManager.default.createDirectory(
                at: workspace.file(name).deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: workspace.file(name))
        }
        let watched = ["talk.wav"] + Self.files
        for name in watched { FileSnapshot.backdate(workspace.file(name)) }
        let before = try watched.map { try FileSnapshot(workspace.file($0)) }
        let result = try workspace.run(run.arguments)
        #expect(result.status == run.status, "\(result)")
        for (name, snapshot) in zip(watched, before) {
            let after = try FileSnapshot(workspace.file(name))
            #expect(after == snapshot, "\(name) changed: was \(snapshot), is \(after)")
        }
        #expect(temporaryFiles(in: try workspace.contents()).isEmpty)
    }

    @Test("--in-place replaces the input only by its final rename: a failed in-place run leaves it as it was")
    func failedInPlace() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        FileSnapshot.backdate(workspace.file("talk.wav"))
        let before = try FileSnapshot(workspace.file("talk.wav"))
        // The transcript is malformed, so the run fails after the input has been opened.
        try Data(#"{"segments": [{"words": [{"word": " damn,", "start": 0.5, "end": -1}]}]}"#.utf8)
            .write(to: workspace.file("talk.json"))
        let result = try workspace.run(["talk.wav", "--words", "words.txt", "--in-place"])
        #expect(result.status == 1, "\(result)")
        #expect(try FileSnapshot(workspace.file("talk.wav")) == before)
        #expect(temporaryFiles(in: try workspace.contents()).isEmpty)
    }
}
