import CensorKit
import Foundation
import Testing

@testable import CensorCLI

/// Slicing a manifest for a fleet: every job in exactly one slice for any number of slices and
/// either way of dealing; the slice taken from Kubernetes' and Slurm's variables; the digests
/// that tell a rerun what is up to date.
@Suite struct ShardTests {
    /// A manifest of `count` jobs (inputs need not exist to be dealt), in a fresh folder.
    static func manifest(jobs count: Int, first: Int = 0) throws -> (Workspace, Manifest) {
        let workspace = try Workspace()
        let lines = (first..<(first + count)).map { #"{"input": "in/episode-\#($0).wav", "output": "out/\#($0).wav"}"# }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: workspace.file("jobs.jsonl"))
        return (workspace, try Manifest(path: workspace.path("jobs.jsonl")))
    }

    @Test(
        "every job falls in exactly one of N slices, by line and by hash", arguments: [1, 2, 7, 64], Shard.Key.allCases)
    func partition(count: Int, key: Shard.Key) throws {
        let (workspace, manifest) = try Self.manifest(jobs: 300)
        defer { workspace.remove() }
        var sizes = [Int](repeating: 0, count: count)
        for entry in manifest.entries {
            let owners = (0..<count).filter {
                Shard(index: $0, count: count, key: key).owns(position: entry.position, input: entry.shardKey)
            }
            #expect(owners.count == 1, "line \(entry.line) is in slices \(owners)")
            for owner in owners { sizes[owner] += 1 }
        }
        #expect(sizes.reduce(0, +) == 300)
        if key == .line {
            // Dealt in turn: slice sizes differ by at most one.
            #expect(sizes == (0..<count).map { 300 / count + ($0 < 300 % count ? 1 : 0) })
        } else {
            #expect(sizes.filter { $0 > 0 }.count == min(count, 64), "\(sizes)")
        }
    }

    @Test("by hash, a job keeps its slice when lines are added before it; by line it need not")
    func hashIsStable() throws {
        let (original, before) = try Self.manifest(jobs: 100, first: 50)
        defer { original.remove() }
        let (grown, after) = try Self.manifest(jobs: 150, first: 0)
        defer { grown.remove() }
        func slice(_ entry: Manifest.Entry, _ key: Shard.Key) -> Int? {
            (0..<7).first { Shard(index: $0, count: 7, key: key).owns(position: entry.position, input: entry.shardKey) }
        }
        let moved = zip(before.entries, after.entries.dropFirst(50)).map { old, new in
            #expect(old.shardKey == new.shardKey)
            #expect(slice(old, .hash) == slice(new, .hash))
            return slice(old, .line) != slice(new, .line)
        }
        #expect(moved.contains(true))
    }

    @Test("FNV-1a 64 gives the published values, the same on every machine")
    func fnv() {
        #expect(Shard.fnv1a("") == 0xcbf2_9ce4_8422_2325)
        #expect(Shard.fnv1a("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(Shard.fnv1a("foobar") == 0x8594_4171_f739_67e8)
    }

    @Test("the slice comes from --shard, else JOB_COMPLETION_INDEX with --shards, else Slurm's array variables")
    func resolve() throws {
        let kubernetes = try Shard.resolve(
            shard: nil, shards: "5", key: .hash, environment: ["JOB_COMPLETION_INDEX": "2"])
        #expect(
            kubernetes.shard == Shard(index: 2, count: 5, key: .hash) && kubernetes.source == "JOB_COMPLETION_INDEX")
        let slurm = try Shard.resolve(
            shard: nil, shards: nil, key: .line,
            environment: [
                "SLURM_ARRAY_TASK_ID": "7", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "4",
            ])
        #expect(slurm.shard == Shard(index: 3, count: 4, key: .line) && slurm.source == "SLURM_ARRAY_TASK_ID")
        let slurmFromZero = try Shard.resolve(
            shard: nil, shards: nil, key: .line,
            environment: ["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_COUNT": "16"])
        #expect(slurmFromZero.shard == Shard(index: 0, count: 16, key: .line))
        let given = try Shard.resolve(
            shard: "1/3", shards: nil, key: .line,
            environment: [
                "SLURM_ARRAY_TASK_ID": "0",
                "SLURM_ARRAY_TASK_COUNT": "16",
            ])
        #expect(given.shard == Shard(index: 1, count: 3, key: .line) && given.source == "--shard")
        let none = try Shard.resolve(shard: nil, shards: nil, key: .line, environment: [:])
        #expect(none.shard == Shard(index: 0, count: 1, key: .line) && none.source == nil)
        #expect(throws: UsageError.self) {
            try Shard.resolve(shard: nil, shards: nil, key: .line, environment: ["JOB_COMPLETION_INDEX": "0"])
        }
        #expect(throws: UsageError.self) {
            try Shard.resolve(shard: nil, shards: "5", key: .line, environment: ["JOB_COMPLETION_INDEX": "5"])
        }
        #expect(throws: UsageError.self) {
            try Shard.resolve(shard: nil, shards: nil, key: .line, environment: ["SLURM_ARRAY_TASK_ID": "3"])
        }
    }

    @Test(
        "hostile scheduler variables are usage errors (exit 64) naming the variable, never a trap",
        arguments: [
            (
                ["SLURM_ARRAY_TASK_MIN": "-9223372036854775808"],
                "SLURM_ARRAY_TASK_MIN '-9223372036854775808': expected a whole number, 0 or above"
            ),
            (["SLURM_ARRAY_TASK_MIN": "one"], "SLURM_ARRAY_TASK_MIN 'one': expected a whole number, 0 or above"),
            (
                ["SLURM_ARRAY_TASK_MIN": "9223372036854775807"],
                "SLURM_ARRAY_TASK_ID 1 is below SLURM_ARRAY_TASK_MIN 9223372036854775807"
            ),
            (
                ["SLURM_ARRAY_TASK_ID": "9223372036854775808"],
                "SLURM_ARRAY_TASK_ID '9223372036854775808': expected a whole number"
            ),
            (["SLURM_ARRAY_TASK_COUNT": "-2"], "SLURM_ARRAY_TASK_COUNT '-2': expected a whole number above 0"),
        ])
    func hostileVariables(variables: [String: String], error: String) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Data(#"{"input": "talk.wav", "output": "out.wav"}"#.utf8).write(to: workspace.file("jobs.jsonl"))
        var environment = ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "2"]
        environment.merge(variables) { $1 }
        let result = try workspace.shell(
            "\"$CENSOR\" --manifest jobs.jsonl --words words.txt", environment: environment)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderrLines.first == "Error: " + error, "\(result)")
        #expect(!result.stderr.contains("interrupted"))
        #expect(!workspace.exists("out.wav"))
    }

    @Test(
        "a stopping signal the process sends itself is the crash handler's, not an interruption; the kernel's SIGPIPE is"
    )
    func crashHandlerSignals() {
        #expect(SignalHandling.isCrashHandlerStop(SIGUSR1, code: Int32(SI_USER), sender: getpid()))
        #expect(SignalHandling.isCrashHandlerStop(SIGTERM, code: Int32(SI_USER), sender: getpid()))
        #expect(!SignalHandling.isCrashHandlerStop(SIGUSR1, code: Int32(SI_USER), sender: getppid()))
        #expect(!SignalHandling.isCrashHandlerStop(SIGPIPE, code: Int32(SI_USER), sender: getpid()))
        #expect(!SignalHandling.isCrashHandlerStop(SIGHUP, code: Int32(SI_KERNEL), sender: 0))
    }

    @Test(
        "slices run side by side as separate processes censor every job exactly once, and a rerun does nothing",
        arguments: [
            (["--shards", "3"], ["JOB_COMPLETION_INDEX"], 3),
            (["--shard-by", "hash"], ["SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT"], 7),
        ])
    func fleet(options: [String], variables: [String], count: Int) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try FileManager.default.createDirectory(at: workspace.file("out"), withIntermediateDirectories: false)
        let lines = (0..<20).map { #"{"input": "talk.wav", "transcript": "talk.json", "output": "out/\#($0).wav"}"# }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: workspace.file("jobs.jsonl"))
        func runFleet() throws -> [[String: Any]] {
            // Every slice started at once, in the background, as a scheduler would.
            let script =
                (0..<count).map { index in
                    let environment =
                        variables.count == 1
                        ? "\(variables[0])=\(index)"
                        : "\(variables[0])=\(index) \(variables[1])=\(count)"
                    return "\(environment) \"$CENSOR\" --manifest jobs.jsonl --words words.txt --no-refine -j 1 -q "
                        + options.joined(separator: " ") + " --results r\(index).jsonl &"
                }.joined(separator: "\n") + "\nwait"
            let result = try workspace.shell(script)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
            return try (0..<count).flatMap { try ManifestTests.results(workspace, "r\($0).jsonl") }
        }
        let first = try runFleet()
        #expect(first.compactMap { $0["line"] as? Int }.sorted() == Array(1...20))
        #expect(first.allSatisfy { $0["status"] as? String == "done" })
        #expect(try workspace.contents("out").filter { !$0.hasPrefix(".") }.count == 20)
        let again = try runFleet()
        #expect(again.compactMap { $0["line"] as? Int }.sorted() == Array(1...20))
        #expect(again.allSatisfy { $0["status"] as? String == "skipped" })
    }

    @Test("SHA-256 gives the FIPS 180-4 test vectors, fed whole or in pieces across block boundaries")
    func sha256() throws {
        func digest(_ text: String, pieces: Int = 1) -> String {
            var hash = SHA256()
            let bytes = Array(text.utf8)
            let size = max(1, bytes.count / pieces)
            for start in stride(from: 0, to: bytes.count, by: size) {
                bytes[start..<min(bytes.count, start + size)].withUnsafeBytes { hash.update($0) }
            }
            return hash.finish()
        }
        #expect(digest("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(digest("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let long = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
        for pieces in [1, 3, 56] {
            #expect(digest(long, pieces: pieces) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        }
        #expect(
            digest(String(repeating: "a", count: 1_000_000), pieces: 7)
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}
