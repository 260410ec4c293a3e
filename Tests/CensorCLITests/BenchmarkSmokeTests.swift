import Foundation
import Testing

/// The benchmark executable (`CensorBenchmarks`) runs: one tiny case, its results read back as
/// JSON. No timing is judged; the machines are shared and noisy.
@Suite struct BenchmarkSmokeTests {
    /// `CensorBenchmarks` beside the `censor` executable the CLI tests use (SwiftPM builds every
    /// product into one folder); `CENSOR_BENCHMARKS_EXECUTABLE` overrides the search.
    static func executable() throws -> URL {
        if let override = ProcessInfo.processInfo.environment["CENSOR_BENCHMARKS_EXECUTABLE"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        let candidates = CensorCommand.candidateFolders.map { $0.appendingPathComponent("CensorBenchmarks") }
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate
        }
        throw CensorCommand.NotFound(searched: candidates.map(\.path))
    }

    /// Runs the benchmarks with `arguments`; returns the exit status, standard output and error.
    static func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("censor-bench-smoke-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outURL = folder.appendingPathComponent("stdout"), errURL = folder.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        let process = Process()
        process.executableURL = try executable()
        // Generated inputs, if a case needed any, would go to the private folder.
        process.arguments = arguments + ["--data", folder.appendingPathComponent("data").path]
        process.currentDirectoryURL = folder
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return (process.terminationStatus,
                String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    @Test("runs the noop case and reports it as JSON with ordered statistics")
    func noopCase() throws {
        let result = try Self.run(["--filter", "^noop$", "--iterations", "5", "--warmup", "1", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "not a JSON object")
        let results = try #require(document["results"] as? [[String: Any]], "no results array")
        #expect(results.map { $0["name"] as? String } == ["noop"], "only the selected case runs")
        let noop = try #require(results.first)
        #expect(noop["status"] as? String == "ok")
        #expect((noop["samples"] as? [Double])?.count == 5)
        let summary = try #require(noop["summary"] as? [String: Any], "no summary")
        let figures = try ["min", "median", "p90", "max"].map { key in
            try #require(summary[key] as? Double, "no \(key)")
        }
        #expect(figures == figures.sorted(), "min ≤ median ≤ p90 ≤ max")
        #expect(document["machine"] is [String: Any])
    }

    @Test("prints the same case as a Markdown table")
    func markdownFormat() throws {
        let result = try Self.run(["--filter", "^noop$", "--iterations", "3", "--warmup", "0", "--format", "markdown"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("| case | runs | min | median | p90 | max |"))
        #expect(result.stdout.contains("| noop | 3 |"))
    }

    @Test("refuses an unknown format with usage status 64")
    func usageError() throws {
        let result = try Self.run(["--format", "yaml"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--format takes text, markdown or json"))
        #expect(result.stdout.isEmpty)
    }
}
