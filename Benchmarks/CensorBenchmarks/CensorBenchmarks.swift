import Foundation

/// censor's benchmark suite: `CensorBenchmarks --help` lists the options; `make bench` builds
/// in release mode and runs it with the baselines; BENCHMARKS.md has the latest results.
///
/// Exit status: 0 when every selected case ran or was skipped, 1 when one failed (or the
/// results could not be written), 64 on a usage error.
@main
enum CensorBenchmarks {
    static func main() {
        let options: Options
        do {
            options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
        } catch {
            Console.progress(
                "Error: \(error)\n\(Options.usageLine)\nSee 'CensorBenchmarks --help' for more information.")
            exit(64)
        }
        if options.help {
            print(Options.usage)
            exit(0)
        }
        do {
            exit(try run(options))
        } catch {
            Console.progress("Error: \(error)")
            exit(1)
        }
    }

    /// Runs the selected cases (or loads saved results) and prints them; returns the exit status.
    static func run(_ options: Options) throws -> Int32 {
        let results: SuiteResults
        if let path = options.renderFrom {
            results = try OutputFormats.load(json: try Data(contentsOf: URL(fileURLWithPath: path)))
        } else {
            let session = Session(options: options)
            let benchmarks = session.benchmarks().filter { options.selects($0.name) }
            if options.list {
                for benchmark in benchmarks { print(benchmark.name) }
                return 0
            }
            guard !benchmarks.isEmpty else {
                Console.progress("Error: no case matches the filter; --list shows them")
                return 64
            }
            let loadAtStart = loadAverages()
            Console.progress(
                "Running \(benchmarks.count) case\(benchmarks.count == 1 ? "" : "s") (\(options.mode.rawValue) mode)")
            session.runner.run(benchmarks)
            session.cleanUp()
            results = SuiteResults(
                machine: Machine.current(), mode: options.mode.rawValue,
                date: ISO8601DateFormatter().string(from: Date()), results: session.runner.results,
                memoryMethod: Subprocess.memoryMethod, loadAtStart: loadAtStart, loadAtEnd: loadAverages())
            if let path = options.jsonOutput {
                try Data(try OutputFormats.json(results).utf8).write(to: URL(fileURLWithPath: path))
            }
        }
        print(try OutputFormats.render(results, as: options.format), terminator: "")
        return results.results.contains { $0.status == .failed } ? 1 : 0
    }
}
