import CXattr
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Output safety, item by item: every file censor writes — audio, report, labels — follows the same
/// rules. Nothing is clobbered (not the input, not a file that exists), nothing is lost (a
/// failure leaves no output at all), and no path placed in the way by someone else leads a
/// write elsewhere.
@Suite struct OutputSafetyTests {
    static let standard = ["talk.wav", "--transcript", "talk.json", "--words", "words.txt"]

    /// Every file of the workspace with its bytes, to compare before and after a run.
    static func snapshot(_ workspace: Workspace) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try workspace.contents() { files[name] = try? workspace.bytes(name) }
        return files
    }

    // MARK: 1. Data loss

    @Test(
        "--report or --labels naming the input, transcript, list or audio output is refused before any work",
        arguments: [
            ["--report", "talk.wav"], ["--labels", "talk.wav"], ["--report", "talk.json"], ["--labels", "words.txt"],
            ["--report", "./talk.wav", "--force"], ["--report", "out.wav", "-o", "out.wav"],
            ["--labels", "same.txt", "--report", "same.txt"],
        ])
    func sideFileIsAnotherFile(_ options: [String]) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let before = try Self.snapshot(workspace)
        let result = try workspace.run(Self.standard + options)
        #expect(result.status == 1, "\(result)")
        let named = options[1]
        #expect(result.stderrLines.first?.hasPrefix("Error: output '\(named)' is ") == true, "\(result)")
        #expect(try Self.snapshot(workspace) == before, "a refused run changed or added files")
    }

    @Test(
        "an existing report or label file is kept without --force, with or without --dry-run",
        arguments: [
            ["--report", "side.txt"], ["--labels", "side.txt"], ["--report", "side.txt", "--dry-run"],
            ["--labels", "side.txt", "--dry-run"],
        ])
    func sideFileNotClobbered(_ options: [String]) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Data("last week's report".utf8).write(to: workspace.file("side.txt"))
        let before = try Self.snapshot(workspace)
        let result = try workspace.run(Self.standard + options)
        #expect(result.status == 1, "\(result)")
        #expect(
            result.stderrLines.first == "Error: output 'side.txt' already exists; use --force to overwrite it",
            "\(result)")
        #expect(try Self.snapshot(workspace) == before, "no audio output either: the job is one transaction")
        let forced = try workspace.run(Self.standard + options + ["--force"])
        #expect(forced.status == 0, "\(forced)")
        #expect(try workspace.bytes("side.txt") != Data("last week's report".utf8))
    }

    // MARK: 2. Symlink attack

    @Test("a link placed where the old fixed temporary name was is never followed")
    func plantedLinkNotFollowed() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Data("root only".utf8).write(to: workspace.file("victim"))
        for name in ["report.json.partial", "labels.txt.partial"] {
            try FileManager.default.createSymbolicLink(atPath: workspace.path(name), withDestinationPath: "victim")
        }
        let result = try workspace.run(Self.standard + ["--report", "report.json", "--labels", "labels.txt"])
        #expect(result.status == 0, "\(result)")
        #expect(try workspace.bytes("victim") == Data("root only".utf8))
        #expect(
            try String(decoding: workspace.bytes("report.json"), as: UTF8.self).hasPrefix("{\"input\": \"talk.wav\""))
        #expect(temporaryFiles(in: try workspace.contents()).isEmpty)
    }

    @Test("a link at the destination itself counts as an existing file: refused without --force")
    func linkAtDestinationRefused() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Data("root only".utf8).write(to: workspace.file("victim"))
        try FileManager.default.createSymbolicLink(atPath: workspace.path("report.json"), withDestinationPath: "victim")
        let result = try workspace.run(Self.standard + ["--report", "report.json"])
        #expect(result.status == 1, "\(result)")
        #expect(try workspace.bytes("victim") == Data("root only".utf8))
        #expect(!workspace.exists("talk.censored.wav"))
    }

    // MARK: 3. Crash on huge times

    @Test("a word at 1e19 s with --report: reported as skipped, exit 0, no trap")
    func hugeTimeReported() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let transcript =
            #"{"segments": [{"start": 0, "end": 1e19, "text": " damn damn", "words": ["#
            + #"{"word": " damn", "start": 0.5, "end": 0.8}, {"word": " damn", "start": 1e19, "end": 1.5e19}]}]}"#
        try Data(transcript.utf8).write(to: workspace.file("huge.json"))
        let result = try workspace.run([
            "talk.wav", "--transcript", "huge.json", "--words", "words.txt", "--report", "-",
            "--labels", "labels.txt",
        ])
        #expect(result.status == 0, "\(result)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let skipped = try #require(report["skipped"] as? [[String: Any]])
        #expect(skipped.count == 1)
        #expect(skipped.first?["start"] as? Double == 1e19)
        #expect(skipped.first?["end"] as? Double == 1.5e19)
        #expect(result.stderr.contains("'damn' at 1e+19–1.5e+19 s lies past the end"), "\(result)")
    }

    // MARK: 4. A job that fails after its audio is written leaves nothing

    @Test("a report that another run wrote meanwhile: this run's audio and labels are withdrawn, exit 1")
    func reportTakenMeanwhile() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let run = try InterruptionTests.PipeRun(
            // (A word the transcript lacks: censor reads the pipe straight through, with no seek.)
            [
                "live.wav", "--transcript", "talk.json", "--word", "heck", "-o", "out.wav", "--report", "shared.json",
                "--labels", "labels.txt",
            ], pipes: ["live.wav"], in: workspace)
        // Another run's report appears while this one is writing.
        try Data("the other run's report".utf8).write(to: workspace.file("shared.json"))
        let result = try run.finish()
        #expect(result.status == 1, "\(result)")
        #expect(
            result.stderrLines.contains("Error: output 'shared.json' already exists; use --force to overwrite it"),
            "\(result)")
        #expect(try workspace.bytes("shared.json") == Data("the other run's report".utf8))
        #expect(!workspace.exists("out.wav"))
        #expect(!workspace.exists("labels.txt"))
        #expect(temporaryFiles(in: try workspace.contents()).isEmpty)
    }

    // MARK: 5. Special files are written through, links followed

    @Test(
        "-o /dev/stdout and -o - write the WAV to standard output; no file is created or replaced",
        arguments: [["-o", "/dev/stdout", "--force"], ["-o", "/dev/stdout"], ["-o", "-"]])
    func standardOutput(_ options: [String]) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let before = try workspace.contents()
        let result = try workspace.run(Self.standard + options + ["-q"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.utf8.starts(with: Array("RIFF".utf8)), "\(result.stdout.prefix(16))")
        #expect(try workspace.contents() == before, "no file named '-' or anything else")
        var info = stat()
        #expect(lstat("/dev/stdout", &info) == 0 && info.st_mode & S_IFMT == S_IFLNK, "/dev/stdout is still a link")
    }

    @Test("a FIFO output is written through and stays a FIFO, with --force too", arguments: [false, true])
    func fifoWrittenThrough(_ force: Bool) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try #require(mkfifo(workspace.path("out.wav"), 0o600) == 0)
        let reader = open(workspace.path("out.wav"), O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        let running = try CensorCommand.Running(
            Self.standard + ["-o", "out.wav", "-q"] + (force ? ["--force"] : []),
            in: workspace.url)
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline {
            let count = read(reader, &buffer, buffer.count)
            if count > 0 {
                received.append(contentsOf: buffer[0..<count])
            } else if !running.isRunning, count == 0 || errno != EAGAIN {
                break
            } else {
                usleep(1_000)
            }
        }
        let result = try running.wait()
        #expect(result.status == 0, "\(result)")
        let wav = try #require(
            try? WAVFile(
                contentsOf: {
                    let url = workspace.file("received.wav")
                    try received.write(to: url)
                    return url
                }()))
        #expect(wav.data.count == Workspace.frames * Workspace.channels * 2)
        var info = stat()
        #expect(lstat(workspace.path("out.wav"), &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }

    @Test("a symlinked output: the link stays and its target is replaced (with --force) or created")
    func symlinkOutput() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try FileManager.default.createDirectory(at: workspace.file("real"), withIntermediateDirectories: false)
        try Data("old".utf8).write(to: workspace.file("real/kept.wav"))
        try FileManager.default.createSymbolicLink(
            atPath: workspace.path("kept.wav"), withDestinationPath: "real/kept.wav")
        try FileManager.default.createSymbolicLink(
            atPath: workspace.path("new.wav"), withDestinationPath: "real/new.wav")
        let refused = try workspace.run(Self.standard + ["-o", "kept.wav"])
        #expect(refused.status == 1, "\(refused)")
        #expect(try workspace.bytes("real/kept.wav") == Data("old".utf8))
        for (name, force) in [("kept.wav", true), ("new.wav", false)] {
            let result = try workspace.run(Self.standard + ["-o", name, "-q"] + (force ? ["--force"] : []))
            #expect(result.status == 0, "\(result)")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: workspace.path(name)) == "real/\(name)")
            #expect(try WAVFile(contentsOf: workspace.file("real/\(name)")).data.count == Workspace.frames * 4)
            #expect(temporaryFiles(in: try workspace.contents("real")).isEmpty)
        }
    }

    @Test("-o /dev/null needs no --force and leaves /dev/null a character device")
    func devNull() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try workspace.run(Self.standard + ["-o", "/dev/null", "-q"])
        #expect(result.status == 0, "\(result)")
        var info = stat()
        #expect(stat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
    }

    // MARK: 6. --in-place

    @Test("--in-place keeps the owner, group, mode and extended attributes")
    func inPlaceKeepsAttributes() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let path = workspace.path("talk.wav")
        let owner: uid_t = 65_534, group: gid_t = 65_534
        let canChown = chown(path, owner, group) == 0
        chmod(path, 0o640)
        let note = Array("keep me".utf8)
        let hasAttributes = setxattr(path, "user.note", note, note.count, 0) == 0
        let result = try workspace.run(Self.standard + ["--in-place", "-q"])
        #expect(result.status == 0, "\(result)")
        var info = stat()
        try #require(stat(path, &info) == 0)
        #expect(info.st_mode & 0o7777 == 0o640)
        if canChown { #expect(info.st_uid == owner && info.st_gid == group, "owner \(info.st_uid):\(info.st_gid)") }
        if hasAttributes {
            var value = [UInt8](repeating: 0, count: 32)
            let length = getxattr(path, "user.note", &value, value.count)
            #expect(length == note.count && Array(value[0..<max(0, length)]) == note)
        }
        #expect(try WAVFile(contentsOf: workspace.file("talk.wav")).samples16 != Workspace.samples(), "censored")
    }

    @Test("--in-place on a file with two hard links is refused without --force; with it, only this name changes")
    func inPlaceHardLink() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try #require(link(workspace.path("talk.wav"), workspace.path("other.wav")) == 0)
        let original = try workspace.bytes("talk.wav")
        let refused = try workspace.run(Self.standard + ["--in-place"])
        #expect(refused.status == 1, "\(refused)")
        #expect(
            refused.stderrLines.first == "Error: 'talk.wav' has 2 hard links; replacing it in place would leave "
                + "the other name with the uncensored audio; use --force to replace this name only", "\(refused)")
        #expect(try workspace.bytes("talk.wav") == original)
        let forced = try workspace.run(Self.standard + ["--in-place", "--force", "-q"])
        #expect(forced.status == 0, "\(forced)")
        #expect(try workspace.bytes("talk.wav") != original)
        #expect(try workspace.bytes("other.wav") == original)
    }

    @Test("--in-place through a symlink censors the target and keeps the link")
    func inPlaceSymlink() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try FileManager.default.moveItem(at: workspace.file("talk.wav"), to: workspace.file("real.wav"))
        try FileManager.default.createSymbolicLink(atPath: workspace.path("talk.wav"), withDestinationPath: "real.wav")
        let result = try workspace.run(Self.standard + ["--in-place", "-q"])
        #expect(result.status == 0, "\(result)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: workspace.path("talk.wav")) == "real.wav")
        #expect(try WAVFile(contentsOf: workspace.file("real.wav")).samples16 != Workspace.samples())
    }

    @Test("a second --in-place run skips the censored file with a note, exit 0, the file unchanged")
    func inPlaceTwice() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let first = try workspace.run(Self.standard + ["--in-place", "-q"])
        #expect(first.status == 0, "\(first)")
        let censored = try FileSnapshot(workspace.file("talk.wav"))
        let second = try workspace.run(Self.standard + ["--in-place"])
        #expect(second.status == 0, "\(second)")
        #expect(
            second.stderrLines == [
                "censor: talk.wav: skipped: it was censored already (censored by censor 0.1.0: "
                    + "2 spans at 0.500-0.800, 1.245-1.555 s); use --force to censor it again"
            ], "\(second)")
        #expect(try FileSnapshot(workspace.file("talk.wav")) == censored)
    }

    // MARK: 8. Messages safe to print

    @Test("control characters from transcripts and file names reach stderr escaped")
    func controlCharactersEscaped() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let name = "evil\u{1B}]0;owned\u{07}\u{202E}.wav"
        let missing = try workspace.run([name, "--transcript", "talk.json", "--words", "words.txt"])
        #expect(missing.status == 1)
        #expect(missing.stderrLines.first?.contains("evil\\x1B]0;owned\\x07\\u{202E}.wav") == true, "\(missing)")
        // A word inside the audio (a dry-run line on stdout) and one past its end (a warning).
        let transcript =
            #"{"segments": [{"start": 0, "end": 6, "text": "x", "words": ["#
            + #"{"word": " crap\u0007\u001b", "start": 1.0, "end": 1.2}, {"word": " damn\u0007\u001b", "start": 5, "end": 6}]}]}"#
        try Data(transcript.utf8).write(to: workspace.file("ctl.json"))
        let result = try workspace.run(["talk.wav", "--transcript", "ctl.json", "--words", "words.txt", "--dry-run"])
        #expect(result.status == 0, "\(result)")
        for text in [result.stderr, result.stdout] {
            #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(result)")
        }
        #expect(result.stdout == "1.000\t1.200\tcrap\\x07\\x1B\tcrap\n", "\(result)")
        #expect(result.stderr.contains("'damn\\x07\\x1B' at 5.000–6.000 s lies past the end"), "\(result)")
    }

    @Test("an error quoting a huge line quotes 80 characters and an ellipsis")
    func longLineCut() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Data(("!" + String(repeating: "#", count: 1_000_000)).utf8).write(to: workspace.file("huge.txt"))
        let result = try workspace.run(["talk.wav", "--transcript", "talk.json", "--words", "huge.txt"])
        #expect(result.status == 1, "\(result)")
        #expect(
            result.stderrLines == [
                "Error: huge.txt: line 1:column 1: expected a word or phrase with a letter or "
                    + "digit, found '!" + String(repeating: "#", count: 79) + "…'"
            ])
    }

    // MARK: 9. Signals and stale temporary files

    @Test("a stale temporary file of censor's naming, of a process gone, is removed by the next run; others stay")
    func staleTemporaryRemoved() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let stale = ".out.wav.censor-99999999-k3j2.tmp"
        let live = ".out.wav.censor-\(getpid())-k3j2.tmp"
        let foreign = ".out.wav.other-99999999-k3j2.tmp"
        for name in [stale, live, foreign] {
            try Data(count: 4_096).write(to: workspace.file(name))
            FileSnapshot.backdate(workspace.file(name))
        }
        let result = try workspace.run(Self.standard + ["-o", "out.wav", "-q"])
        #expect(result.status == 0, "\(result)")
        #expect(!workspace.exists(stale))
        #expect(workspace.exists(live), "its process is running")
        #expect(workspace.exists(foreign), "not censor's naming")
    }

    @Test(
        "a temporary file of a live censor in another PID namespace (its lock held, its process id unknown here) is kept"
    )
    func otherNamespaceKept() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        // What a censor in another container leaves while it works: its own process id, dead
        // here, and the lock it holds on the file (here held by flock(1) for it).
        let live = ".out.wav.censor-99999999-k3j2.tmp", dead = ".out.wav.censor-99999999-z9.tmp"
        for name in [live, dead] {
            try Data(count: 4_096).write(to: workspace.file(name))
            FileSnapshot.backdate(workspace.file(name))
        }
        let result = try workspace.shell(
            "flock \(live) sh -c 'touch locked; sleep 5' & holder=$!; "
                + "while [ ! -e locked ]; do sleep 0.05; done; "
                + #""$CENSOR" talk.wav --transcript talk.json --words words.txt -o out.wav -q; status=$?; kill $holder; exit $status"#
        )
        #expect(result.status == 0, "\(result)")
        #expect(workspace.exists("out.wav"))
        #expect(workspace.exists(live), "its lock is held")
        #expect(!workspace.exists(dead), "no process holds its lock")
    }

    @Test(
        "two censors in separate PID namespaces write into one folder at once: neither removes the other's files",
        .enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare")))
    func twoNamespaces() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        // A long recording, so that the first job is still writing when the second starts.
        let made = try workspace.shell("sox -n -r 44100 -c 2 -b 16 long.wav synth 120 sine 440")
        try #require(made.status == 0, "\(made)")
        // As process 1 of a new PID namespace, LeakSanitizer cannot suspend the process's other
        // threads and reports false leaks ("Running thread 2 was not suspended"), so a sanitized
        // build checks leaks everywhere but here. The shell waits for both jobs whatever the second's status.
        let result = try workspace.shell(
            #"export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"; "#
                + #"unshare --pid --fork "$CENSOR" long.wav --transcript talk.json --words words.txt "#
                + #"-o a.wav -q --no-refine & first=$!; sleep 0.5; "#
                + #"unshare --pid --fork "$CENSOR" talk.wav --transcript talk.json --words words.txt -o b.wav -q; second=$?; "#
                + #"wait $first && exit $second"#)
        #expect(result.status == 0, "\(result)")
        let names = try workspace.contents()
        #expect(workspace.exists("a.wav") && workspace.exists("b.wav"), "\(names)")
        #expect(try workspace.contents().filter { $0.hasPrefix(".") }.isEmpty)
    }

    @Test("every kind of temporary file shares one naming: a stale one of each kind is removed; a fresh one is kept")
    func staleOfEveryKindRemoved() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try FileManager.default.createDirectory(at: workspace.file("spool"), withIntermediateDirectories: false)
        // Of a process that is gone: an output's, a media run's scratch WAV and subtitles beside
        // the output; standard input's spool and a review excerpt in the temporary folder.
        let stale = [
            ".out.wav.censor-99999999-k3j2.tmp", ".out.mp4.censor-99999999-a7.tmp.wav",
            ".out.mp4.censor-99999999-b8.tmp.srt", "spool/.stdin.censor-99999999-c9.tmp.wav",
            "spool/.review.censor-99999999-d0.tmp.ogg",
        ]
        // Of the same naming, written after this run started (by a run elsewhere on a shared
        // folder, whose process id means nothing here): kept.
        let fresh = [".out.wav.censor-99999998-e1.tmp", "spool/.stdin.censor-99999998-f2.tmp.wav"]
        for name in stale + fresh { try Data(count: 4_096).write(to: workspace.file(name)) }
        for name in stale { FileSnapshot.backdate(workspace.file(name)) }
        for name in fresh {
            var times = [
                timespec(tv_sec: time(nil) + 3_600, tv_nsec: 0), timespec(tv_sec: time(nil) + 3_600, tv_nsec: 0),
            ]
            _ = utimensat(AT_FDCWD, workspace.path(name), &times, 0)
        }
        let result = try workspace.shell(
            "\"$CENSOR\" - --transcript talk.json --words words.txt -o out.wav -q < talk.wav",
            environment: ["TMPDIR": workspace.path("spool")])
        #expect(result.status == 0, "\(result)")
        #expect(stale.filter { workspace.exists($0) } == [])
        #expect(fresh.filter { workspace.exists($0) } == fresh)
        #expect(
            try workspace.contents("spool") == [".stdin.censor-99999998-f2.tmp.wav"], "the run's own spool is gone too")
    }
}
