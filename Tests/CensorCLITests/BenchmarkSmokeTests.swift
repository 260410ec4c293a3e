import Foundation
import Testing

/// The benchmark executable (`CensorBenchmarks`) runs: one tiny case, its results read back as
/// JSON. No timing is judged; the machines are shared and noisy.
@Suite struct BenchmarkSmokeTests {
    /// Runs the benchmarks with `arguments` in a private folder, which also holds the inputs
    /// a case would generate.
    ///
    /// The executable is `CensorBenchmarks` beside the `censor` executable the CLI tests use
    /// (SwiftPM builds every product into one folder); `CENSOR_BENCHMARKS_EXECUTABLE` overrides
    /// the search.
    static func run(_ arguments: [String]) throws -> CensorCommand.Result {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("censor-bench-smoke-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = try CensorCommand.executable(named: "CensorBenchmarks", override: "CENSOR_BENCHMARKS_EXECUTABLE")
        return try CensorCommand.run(
            program: program, arguments + ["--data", folder.appendingPathComponent("data").path],
            in: folder)
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
