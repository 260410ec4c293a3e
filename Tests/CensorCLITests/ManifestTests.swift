import Foundation
import Testing

/// `--manifest`: many jobs from one file, each with its own files and settings; bad lines
/// fail alone; `--results` records every job; reruns skip exactly the jobs that are up to date.
@Suite struct ManifestTests {
    /// A workspace with `batch/in/{a,b}.wav`, their transcripts, `batch/words.txt` and `batch/out/`.
    static func batchWorkspace() throws -> Workspace {
        let workspace = try Workspace()
        let manager = FileManager.default
        try manager.createDirectory(at: workspace.file("batch/in"), withIntermediateDirectories: true)
        try manager.createDirectory(at: workspace.file("batch/out"), withIntermediateDirectories: true)
        for name in ["a", "b"] {
            try manager.copyItem(at: workspace.file("talk.wav"), to: workspace.file("batch/in/\(name).wav"))
            try manager.copyItem(at: workspace.file("talk.json"), to: workspace.file("batch/in/\(name).json"))
        }
        try manager.copyItem(at: workspace.file("words.txt"), to: workspace.file("batch/words.txt"))
        return workspace
    }

    static let twoJobs = """
        {"input": "in/a.wav", "transcript": "in/a.json", "output": "out/a.wav"}
        {"input": "in/b.wav", "output": "out/b.wav", "mode": "mute", "pad": 20}

        """

    /// The `--results` lines of a run.
    static func results(_ workspace: Workspace, _ name: String = "results.jsonl") throws -> [[String: Any]] {
        try String(decoding: workspace.bytes(name), as: UTF8.self).split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    static func statuses(_ workspace: Workspace) throws -> [String] {
        try results(workspace).map { $0["status"] as? String ?? "?" }
    }

    /// Runs the manifest `batch/jobs.jsonl` from the workspace's root with the batch's list.
    static func runBatch(_ workspace: Workspace, _ extra: [String] = []) throws -> CensorCommand.Result {
        try workspace.run(
            [
                "--manifest", "batch/jobs.jsonl", "--words", "batch/words.txt", "--results", "results.jsonl",
                "-j", "2",
            ] + extra)
    }

    @Test(
        "each job's output equals the single-file run with the job's settings, bit for bit; paths are the manifest folder's"
    )
    func jobsMatchSingleRuns() throws {
        let workspace = try Self.batchWorkspace()
        defer { workspace.remove() }
        try Data(Self.twoJobs.utf8).write(to: workspace.file("batch/jobs.jsonl"))
        let result = try Self.runBatch(workspace)
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stderrLines.last == "censor: batch/jobs.jsonl: 2 of 2 jobs: 2 done, 0 up to date, 0 failed",
            "\(result)")
        let beep = try workspace.run(["talk.wav"] + StdinInputTests.censoring + ["-o", "beep.wav"])
        let mute = try workspace.run(
            ["talk.wav"] + StdinInputTests.censoring + ["--mode", "mute", "--pad", "20", "-o", "mute.wav"])
        #expect(beep.status == 0 && mute.status == 0)
        let a = try WAVFile(contentsOf: workspace.file("batch/out/a.wav")).data
        let b = try WAVFile(contentsOf: workspace.file("batch/out/b.wav")).data
        #expect(a == (try WAVFile(contentsOf: workspace.file("beep.wav")).data))
        #expect(b == (try WAVFile(contentsOf: workspace.file("mute.wav")).data))
        #expect(a != b)
        let results = try Self.results(workspace)
        #expect(results.map { $0["line"] as? Int } == [1, 2])
        #expect(results.map { $0["status"] as? String } == ["done", "done"])
        #expect(results.map { $0["spans"] as? Int } == [2, 2])
        #expect(results.map { $0["audioSeconds"] as? Double } == [2.0, 2.0])
        #expect(
            results.map { $0["output"] as? String } == [
                workspace.path("batch/out/a.wav"), workspace.path("batch/out/b.wav"),
            ])
        #expect(results.allSatisfy { $0["error"] is NSNull && ($0["seconds"] as? Double ?? -1) >= 0 })
    }

    @Test("a CSV manifest read from standard input takes its paths from the working folder")
    func csvFromStandardInput() throws {
        let workspace = try Self.batchWorkspace()
        defer { workspace.remove() }
        let csv = """
            input,transcript,output,mode,pad
            batch/in/a.wav,batch/in/a.json,"batch/out/a, beeped.wav",,
            # a comment
            batch/in/b.wav,,batch/out/b.wav,mute,20

            """
        try Data(csv.utf8).write(to: workspace.file("jobs.csv"))
        let result = try workspace.shell(
            "\"$CENSOR\" --manifest - --words batch/words.txt --results results.jsonl < jobs.csv")
        #expect(result.status == 0, "\(result)")
        #expect(try Self.results(workspace).map { $0["line"] as? Int } == [2, 4])
        #expect(try Self.statuses(workspace) == ["done", "done"])
        #expect(workspace.exists("batch/out/a, beeped.wav") && workspace.exists("batch/out/b.wav"))
    }

    @Test("bad lines are reported with their numbers, the other jobs still run, and the exit status is 1")
    func badLines() throws {
        let workspace = try Self.batchWorkspace()
        defer { workspace.remove() }
        let manifest = """
            {"input": "in/a.wav", "output": "out/a.wav"}
            {"input": "in/b.wav", "output": 
            {"input": "in/missing.wav", "output": "out/m.wav"}
            {"input": "in/b.wav", "transcript": "in/none.json", "output": "out/n.wav"}
            {"input": "in/b.wav", "output": "out/a.wav"}
            {"input": "in/b.wav", "output": "out/x.wav", "volume": 3}
            {"input": "in/b.wav", "output": "out/y.wav", "pad": 9000}
            {"input": "in/b.wav", "output": "out/b.wav"}

            """
        try Data(manifest.utf8).write(to: workspace.file("batch/jobs.jsonl"))
        let result = try Self.runBatch(workspace)
        #expect(result.status == 1, "\(result)")
        let folder = workspace.path("batch")
        #expect(
            Array(result.stderrLines.suffix(7)) == [
                "censor: batch/jobs.jsonl: 8 of 8 jobs: 2 done, 0 up to date, 6 failed:",
                "  FAILED  batch/jobs.jsonl:2: not a JSON object; expected one such as {\"input\": \"a.wav\", \"output\": \"clean/a.wav\"}",
                "  FAILED  batch/jobs.jsonl:3: the input '\(folder)/in/missing.wav' does not exist",
                "  FAILED  batch/jobs.jsonl:4: the transcript '\(folder)/in/none.json' does not exist",
                "  FAILED  batch/jobs.jsonl:5: the output '\(folder)/out/a.wav' is line 1's output already; each job needs an output of its own",
                "  FAILED  batch/jobs.jsonl:6: unknown key 'volume'; expected input, transcript, output, mode, list, pad, padBefore, padAfter",
                "  FAILED  batch/jobs.jsonl:7: 'pad' 9000: expected 0 to 2000 ms",
            ], "\(result)")
        #expect(
            try Self.statuses(workspace) == [
                "done", "failed", "failed", "failed", "failed", "failed", "failed", "done",
            ])
        #expect(try workspace.contents("batch/out").filter { !$0.hasPrefix(".") } == ["a.wav", "b.wav"])
    }

    @Test("a value of the wrong JSON type fails its line, naming the key and showing the value as JSON writes it")
    func wrongTypes() throws {
        let workspace = try Self.batchWorkspace()
        defer { workspace.remove() }
        let manifest = """
            {"input": "in/a.wav", "output": "out/a.wav", "pad": true}
            {"input": "in/a.wav", "output": "out/b.wav", "mode": null}
            {"input": "in/a.wav", "output": "out/c.wav", "mode": false}
            {"input": "in/a.wav", "output": "out/d.wav", "list": ["words.txt", null]}
            {"input": "in/a.wav", "output": "out/e.wav", "mode": {"b": 1, "a": "x"}}
            {"input": "in/a.wav", "output": "out/f.wav", "mode": [1, "x", 2.5]}
            {"input": "in/a.wav", "output": "out/g.wav", "padAfter": "20"}
            {"input": ["in/a.wav"], "output": "out/h.wav"}

            """
        try Data(manifest.utf8).write(to: workspace.file("batch/jobs.jsonl"))
        let result = try Self.runBatch(workspace)
        #expect(result.status == 1, "\(result)")
        #expect(
            Array(result.stderrLines.suffix(8)) == [
                "  FAILED  batch/jobs.jsonl:1: 'pad' is not a number of ms",
                "  FAILED  batch/jobs.jsonl:2: 'mode' null: expected beep, duck or mute",
                "  FAILED  batch/jobs.jsonl:3: 'mode' false: expected beep, duck or mute",
                "  FAILED  batch/jobs.jsonl:4: 'list' holds null; expected paths of censor lists",
                "  FAILED  batch/jobs.jsonl:5: 'mode' {\"a\": \"x\", \"b\": 1}: expected beep, duck or mute",
                "  FAILED  batch/jobs.jsonl:6: 'mode' [1, \"x\", 2.5]: expected beep, duck or mute",
                "  FAILED  batch/jobs.jsonl:7: 'padAfter' is not a number of ms",
                "  FAILED  batch/jobs.jsonl:8: 'input' is not a path; expected a non-empty string",
            ], "\(result)")
        #expect(try Self.statuses(workspace) == Array(repeating: "failed", count: 8))
        #expect(try workspace.contents("batch/out").isEmpty)
    }

    @Test("a rerun skips every up-to-date job and leaves its output untouched")
    func rerunSkips() throws {
        let workspace = try Self.batchWorkspace()
        defer { workspace.remove() }
        try Data(Self.twoJobs.utf8).write(to: workspace.file("batch/jobs.jsonl"))
        #expect(try Self.runBatch(workspace).status == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: workspace.path("batch/out/a.wav"))
        let before = try workspace.bytes("batch/out/a.wav")
        let rerun = try Self.runBatch(workspace, ["--resume"])
        #expect(rerun.status == 0, "\(rerun)")
        #expect(
            rerun.stderrLines == ["censor: batch/jobs.jsonl: 2 of 2 jobs: 0 done, 2 up to date, 0 failed"], "\(rerun)")
        #expect(try Self.statuses(workspace) == ["skipped", "skipped"])
        #expect(try Self.results(workspace).map { $0["spans"] as? Int } == [2, 2])
        let after = try FileManager.default.attributesOfItem(atPath: workspace.path("batch/out/a.wav"))
        #expect(after[.modificationDate] as? Date == attributes[.modificationDate] as? Date)
        #expect(after[.systemFileNumber] as? Int == attributes[.systemFileNumber] as? Int)
        #expect(try workspace.bytes("batch/out/a.wav") == before)
        #expect(
            try workspace.contents("batch/out") == [
                ".a.wav.censor-job.json", ".b.wav.censor-job.json", "a.wav", "b.wav",
            ])
    }

    @Test("a changed input, transcript, list, setting or output redoes exactly the jobs it concerns")
    func changesRedo() throws {
        let workspace = try Self.batchWorkspace()
        defer { workspace.remove() }
        try Data(Self.twoJobs.utf8).write(to: workspace.file("batch/jobs.jsonl"))
        #expect(try Self.runBatch(workspace).status == 0)

        // One sample of b's input changes: b alone is redone.
        var wav = try WAVFile(contentsOf: workspace.file("batch/in/b.wav"))
        wav.data[wav.data.startIndex + 1000] ^= 1
        try wav.write(to: workspace.file("batch/in/b.wav"))
        #expect(try Self.runBatch(workspace).status == 0)
        #expect(try Self.statuses(workspace) == ["skipped", "done"])

        // a's transcript changes: a alone.
        try Data((Workspace.transcript + "\n").utf8).write(to: workspace.file("batch/in/a.json"))
        #expect(try Self.runBatch(workspace).status == 0)
        #expect(try Self.statuses(workspace) == ["done", "skipped"])

        // The list both use changes: both.
        try Data("damn\ncrap\nwell\n".utf8).write(to: workspace.file("batch/words.txt"))
        #expect(try Self.runBatch(workspace).status == 0)
        #expect(try Self.statuses(workspace) == ["done", "done"])

        // A command-line setting a (and not b, whose pad is its own) uses: a alone.
        #expect(try Self.runBatch(workspace, ["--pad", "10"]).status == 0)
        #expect(try Self.statuses(workspace) == ["done", "skipped"])

        // An output removed: that job alone.
        try FileManager.default.removeItem(at: workspace.file("batch/out/b.wav"))
        #expect(try Self.runBatch(workspace, ["--pad", "10"]).status == 0)
        #expect(try Self.statuses(workspace) == ["skipped", "done"])

        // --no-resume: every job.
        #expect(try Self.runBatch(workspace, ["--pad", "10", "--no-resume"]).status == 0)
        #expect(try Self.statuses(workspace) == ["done", "done"])
    }

    @Test("an output that exists without a record of this run's making is not overwritten without --force")
    func foreignOutputKept() throws {
        let workspace = try Self.batchWorkspace()
        defer { workspace.remove() }
        try Data(Self.twoJobs.utf8).write(to: workspace.file("batch/jobs.jsonl"))
        try Data("precious".utf8).write(to: workspace.file("batch/out/a.wav"))
        let result = try Self.runBatch(workspace)
        #expect(result.status == 1, "\(result)")
        #expect(try Self.statuses(workspace) == ["failed", "done"])
        #expect(try workspace.bytes("batch/out/a.wav") == Data("precious".utf8))
        #expect(try Self.runBatch(workspace, ["--force"]).status == 0)
        #expect(try Self.statuses(workspace) == ["done", "skipped"])
    }

    @Test("an output changed since its record, at the same size, is redone: --resume checks the output's digest")
    func resumeChecksDigest() throws {
        let workspace = try Self.batchWorkspace()
        defer { workspace.remove() }
        try Data(Self.twoJobs.utf8).write(to: workspace.file("batch/jobs.jsonl"))
        #expect(try Self.runBatch(workspace).status == 0)
        let censored = try workspace.bytes("batch/out/a.wav")
        // The uncensored audio put back in the censored file's place, its size kept.
        var tampered = censored
        let input = try workspace.bytes("batch/in/a.wav")
        tampered.replaceSubrange(44..<input.count, with: input[44...])
        try #require(tampered.count == censored.count && tampered != censored)
        try tampered.write(to: workspace.file("batch/out/a.wav"))
        let rerun = try Self.runBatch(workspace)
        #expect(rerun.status == 0, "\(rerun)")
        #expect(try Self.statuses(workspace) == ["done", "skipped"])
        #expect(try workspace.bytes("batch/out/a.wav") == censored)
    }

    @Test(
        "a link or another file planted at a job's record path is neither followed nor replaced, with --force too",
        arguments: [false, true])
    func plantedRecordRefused(link: Bool) throws {
        let workspace = try Self.batchWorkspace()
        defer { workspace.remove() }
        try Data(Self.twoJobs.utf8).write(to: workspace.file("batch/jobs.jsonl"))
        try Data("precious\n".utf8).write(to: workspace.file("victim.txt"))
        let record = workspace.path("batch/out/.a.wav.censor-job.json")
        if link {
            try FileManager.default.createSymbolicLink(
                atPath: record, withDestinationPath: workspace.path("victim.txt"))
        } else {
            try FileManager.default.copyItem(atPath: workspace.path("victim.txt"), toPath: record)
        }
        for extra in [[], ["--force"]] {
            let result = try Self.runBatch(workspace, extra)
            #expect(result.status == 1, "\(result)")
            #expect(
                result.stderrLines.contains(
                    "  FAILED  batch/jobs.jsonl:1: cannot write output '\(record)': a file that is "
                        + "not a record censor wrote is there; remove it"), "\(result)")
            #expect(try Self.statuses(workspace) == ["failed", extra.isEmpty ? "done" : "skipped"])
            #expect(try workspace.bytes("victim.txt") == Data("precious\n".utf8))
            #expect(try workspace.bytes("batch/out/.a.wav.censor-job.json") == Data("precious\n".utf8))
            // The job's output is withdrawn with its record: no output without its record.
            #expect(!workspace.exists("batch/out/a.wav"))
        }
        #expect(
            try FileManager.default.attributesOfItem(atPath: record)[.type] as? FileAttributeType
                == (link ? .typeSymbolicLink : .typeRegular))
    }

    @Test(
        "two jobs writing one file through a symlinked folder, or a job writing another's input: refused before any work",
        arguments: [false, true])
    func outputsComparedAsFiles(existing: Bool) throws {
        let workspace = try Self.batchWorkspace()
        defer { workspace.remove() }
        try FileManager.default.createSymbolicLink(atPath: workspace.path("batch/alias"), withDestinationPath: "out")
        if existing { try Data("old".utf8).write(to: workspace.file("batch/out/a.wav")) }
        try Data(
            """
            {"input": "in/a.wav", "output": "out/a.wav"}
            {"input": "in/b.wav", "output": "alias/./a.wav"}
            {"input": "in/b.wav", "transcript": "in/b.json", "output": "in/a.wav"}
            {"input": "in/b.wav", "transcript": "in/b.json", "output": "out/b.wav", "list": "words.txt"}
            {"input": "in/a.wav", "transcript": "in/a.json", "output": "alias/../words.txt"}

            """.utf8
        ).write(to: workspace.file("batch/jobs.jsonl"))
        let inputs = try ["batch/in/a.wav", "batch/in/b.wav", "batch/words.txt"].map { try workspace.bytes($0) }
        let result = try Self.runBatch(workspace, ["--force"])
        #expect(result.status == 1, "\(result)")
        let folder = workspace.url.appendingPathComponent("batch").path
        #expect(
            Array(result.stderrLines.suffix(3)) == [
                "  FAILED  batch/jobs.jsonl:2: the output '\(folder)/alias/a.wav' is line 1's output already; each job needs an output of its own",
                "  FAILED  batch/jobs.jsonl:3: the output '\(folder)/in/a.wav' is line 1's input; each job needs an output no job reads",
                "  FAILED  batch/jobs.jsonl:5: the output '\(folder)/words.txt' is line 4's censor list; "
                    + "each job needs an output no job reads",
            ], "\(result)")
        #expect(try Self.statuses(workspace) == ["done", "failed", "failed", "done", "failed"])
        #expect(try ["batch/in/a.wav", "batch/in/b.wav", "batch/words.txt"].map { try workspace.bytes($0) } == inputs)
    }

    @Test("--results replaces an earlier results file, but no other file, without --force")
    func resultsFileKept() throws {
        let workspace = try Self.batchWorkspace()
        defer { workspace.remove() }
        try Data(Self.twoJobs.utf8).write(to: workspace.file("batch/jobs.jsonl"))
        try Data("precious\n".utf8).write(to: workspace.file("results.jsonl"))
        let refused = try Self.runBatch(workspace)
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderrLines == ["Error: output 'results.jsonl' already exists; use --force to overwrite it"])
        #expect(try workspace.bytes("results.jsonl") == Data("precious\n".utf8))
        #expect(try workspace.contents("batch/out").filter { !$0.hasPrefix(".") }.isEmpty)
        #expect(try Self.runBatch(workspace, ["--force"]).status == 0)
        #expect(try Self.statuses(workspace) == ["done", "done"])
        #expect(try Self.runBatch(workspace).status == 0)
        #expect(try Self.statuses(workspace) == ["skipped", "skipped"])
    }

    @Test(
        "a manifest that is missing, empty of jobs or has a bad CSV header stops the run with exit 1",
        arguments: [
            (
                "missing.jsonl", nil,
                "cannot read the manifest 'missing.jsonl': no such file; expected JSON Lines (.jsonl) or CSV (.csv)"
            ),
            ("empty.jsonl", "\n# nothing here\n", "the manifest 'empty.jsonl' lists no jobs"),
            (
                "bad.csv", "input,volume\n",
                "bad.csv:1: unknown column 'volume'; expected a header of input, transcript, output, "
                    + "mode, list, pad, padBefore, padAfter (input required)"
            ),
        ])
    func unusableManifest(name: String, text: String?, message: String) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        if let text { try Data(text.utf8).write(to: workspace.file(name)) }
        let result = try workspace.run(["--manifest", name, "--results", "results.jsonl"])
        #expect(result.status == 1)
        #expect(result.stderrLines == ["Error: \(message)"], "\(result)")
        #expect(!workspace.exists("results.jsonl"))
    }

    @Test(
        "manifest usage errors",
        arguments: [
            (
                ["talk.wav", "--manifest", "jobs.jsonl"],
                "--manifest names the inputs, so no <input> may be given as well ('talk.wav')"
            ),
            (
                ["--manifest", "jobs.jsonl", "-o", "x.wav"],
                "--output cannot be combined with --manifest: each manifest line names its own files (and --results records every job)"
            ),
            (["talk.wav", "--results", "r.jsonl"], "--results goes with --manifest"),
            (["talk.wav", "--no-resume"], "--no-resume goes with --manifest"),
            (["talk.wav", "--resume"], "--resume goes with --manifest"),
            (
                ["--manifest", "jobs.jsonl", "--resume", "--no-resume"],
                "--resume and --no-resume contradict each other"
            ),
            (["--manifest", "jobs.jsonl", "--shard", "3/3"], "--shard: slice 3 is not among the 3 slices 0 to 2"),
            (
                ["--manifest", "jobs.jsonl", "--shard", "1"],
                "--shard '1': expected I/N such as 0/4 (slice I of N, I from 0 to N-1)"
            ),
            (
                ["--manifest", "jobs.jsonl", "--shards", "4"],
                "--shards N needs JOB_COMPLETION_INDEX in the environment (a Kubernetes Indexed Job); elsewhere give --shard I/N"
            ),
            (["--manifest", "jobs.jsonl", "--shard-by", "size"], "--shard-by 'size': expected line or hash"),
        ])
    func usageErrors(arguments: [String], message: String) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try workspace.shell("\"$CENSOR\" " + arguments.map { "'\($0)'" }.joined(separator: " "))
        #expect(result.status == 64)
        #expect(result.stderrLines.first == "Error: \(message)", "\(result)")
    }
}
