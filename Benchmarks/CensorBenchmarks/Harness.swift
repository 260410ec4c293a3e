import Foundation

/// One named benchmark: a fixed amount of work, run a few times untimed to warm up, then a
/// fixed number of timed times.
struct Benchmark {
    /// Slash-separated, most general part first: `e2e/wav/beep/1000`.
    var name: String
    /// Untimed runs before the timed ones.
    var warmup: Int
    /// Timed runs.
    var iterations: Int
    /// What one run does, in the units users think in; throughput is work ÷ time.
    var work: [Work]
    /// Prepares the inputs (untimed, only when the case is selected) and returns the runs.
    /// Throws ``Skip`` when the case cannot or should not run here.
    var prepare: () throws -> Iteration
}

/// The code of one case's runs.
struct Iteration {
    /// Untimed, before each run: restoring buffers, deleting the last output.
    var setUp: () throws -> Void = {}
    /// The timed work. Returns the child's usage when the work is a child process, whose peak
    /// memory is then reported instead of this process's.
    var run: () throws -> ChildUsage?
    /// Untimed, after each run.
    var tearDown: () throws -> Void = {}
    /// Said beside the result: how many spans, what was skipped inside.
    var note: String? = nil
    /// Runs decided while preparing (a baseline projected to be slow runs once), overriding
    /// the case's own counts unless `--warmup`/`--iterations` were given.
    var runs: (warmup: Int, iterations: Int)? = nil
    /// After the last run, whatever happened: deleting large inputs.
    var finish: () -> Void = {}
    /// A baseline run just before each of this case's runs, for ratios made under the same load.
    var paired: PairedBaseline? = nil
}

/// A baseline timed right before each run of a case. The machine is shared: a load that comes
/// and goes over seconds moves a baseline measured minutes earlier, but hardly one measured
/// a moment before, so ratios of adjacent runs are steadier than ratios of medians.
struct PairedBaseline {
    /// What it is, as the tables say it: `sndfile-convert copy`.
    var name: String
    /// The whole run, cleanup included (only the run itself should cost time); the child's
    /// usage, for a CPU-time ratio beside the wall-time one.
    var run: () throws -> ChildUsage?
}

/// The amount of work one run does.
enum Work: Sendable {
    /// Audio of this many seconds passes through: reported as × real time.
    case audio(seconds: Double)
    /// A count of things (`words`, `frames`, `entries`): reported per second.
    case items(Double, String)

    /// The rate at `seconds` per run, with its unit.
    func rate(at seconds: Double) -> Rate {
        switch self {
        case let .audio(duration): Rate(value: duration / seconds, unit: "x real time")
        case let .items(count, unit): Rate(value: count / seconds, unit: "\(unit)/s")
        }
    }
}

/// A throughput figure.
struct Rate: Codable, Sendable {
    var value: Double
    var unit: String
}

/// Thrown by a case's `prepare` to skip it, with the reason shown in the results.
struct Skip: Error {
    var reason: String
}

/// What one case measured.
struct CaseResult: Codable, Sendable {
    enum Status: String, Codable, Sendable { case ok, skipped, failed }

    var name: String
    var status: Status
    /// Why it was skipped or how it failed.
    var reason: String?
    var warmup: Int
    /// Wall seconds of each timed run, in run order.
    var samples: [Double]
    var summary: Summary?
    /// Throughput at the median time.
    var rates: [Rate]
    /// The highest peak resident memory over the timed runs, in bytes.
    var peakRSSBytes: Int?
    /// `child` when the work ran in a child process (its own peak), `process` when in this one
    /// (this process's peak during the case, inputs included).
    var memoryScope: String?
    /// Median child CPU seconds (user + system), when the work ran in a child.
    var cpuSeconds: Double?
    var note: String?
    /// The paired baseline's name, its time before each timed run, and the ratios of each run
    /// to its baseline.
    var pairedBaseline: String?
    var pairedSamples: [Double]?
    var pairedRatio: Summary?
    /// The ratios of each run's child CPU time (user + system) to its baseline's: steadier than
    /// wall time when other work competes for the cores, though not free of it (caches, memory).
    var pairedCPURatio: Summary?
}

/// The whole run: machine, settings and every case's result.
struct SuiteResults: Codable, Sendable {
    var machine: Machine
    var mode: String
    var date: String
    var results: [CaseResult]
    /// How child processes' peak memory was measured.
    var memoryMethod: String
    /// `/proc/loadavg`'s 1-, 5- and 15-minute figures when the run started and ended: a busy
    /// machine (other builds) shows here and stretches every time.
    var loadAtStart: String?
    var loadAtEnd: String?

    func result(_ name: String) -> CaseResult? { results.first { $0.name == name } }

    /// The median seconds of a case that ran.
    func median(_ name: String) -> Double? {
        guard let result = result(name), result.status == .ok else { return nil }
        return result.summary?.median
    }

    /// A case's time as a multiple of the sndfile-convert copy: the median of its paired ratios
    /// when it ran with the copy paired, else its median over the copy case's median.
    func ratioToCopy(_ name: String, copy: String) -> Double? {
        guard let result = result(name), result.status == .ok else { return nil }
        if let paired = result.pairedRatio?.median { return paired }
        guard let median = result.summary?.median, let floor = self.median(copy), floor > 0 else { return nil }
        return median / floor
    }
}

/// Runs the selected cases in order, printing progress on standard error.
final class Runner {
    let options: Options
    private(set) var results: [CaseResult] = []

    init(options: Options) {
        self.options = options
    }

    /// The result of a case already run in this session.
    func result(_ name: String) -> CaseResult? { results.first { $0.name == name } }

    func run(_ benchmarks: [Benchmark]) {
        for benchmark in benchmarks where options.selects(benchmark.name) {
            let result = run(benchmark)
            results.append(result)
            Console.progress(Self.progressLine(result))
        }
    }

    private func run(_ benchmark: Benchmark) -> CaseResult {
        var result = CaseResult(
            name: benchmark.name, status: .ok, warmup: options.warmup ?? benchmark.warmup, samples: [], rates: [])
        Console.progress("  \(benchmark.name) …", newline: false)
        let iteration: Iteration
        do {
            iteration = try benchmark.prepare()
        } catch let skip as Skip {
            result.status = .skipped
            result.reason = skip.reason
            return result
        } catch {
            result.status = .failed
            result.reason = "preparing: \(error)"
            return result
        }
        defer { iteration.finish() }
        result.note = iteration.note
        result.warmup = options.warmup ?? iteration.runs?.warmup ?? benchmark.warmup
        let iterations = options.iterations ?? iteration.runs?.iterations ?? benchmark.iterations
        var peak = 0
        var childCPU: [Double] = []
        var pairedSamples: [Double] = []
        var pairedCPU: [Double] = []
        var ownCPU: [Double] = []
        do {
            for index in 0..<(result.warmup + iterations) {
                if let paired = iteration.paired {
                    let start = WallClock.now()
                    let usage = try paired.run()
                    if index >= result.warmup {
                        pairedSamples.append(WallClock.now() - start)
                        if let usage { pairedCPU.append(usage.userSeconds + usage.systemSeconds) }
                    }
                }
                try iteration.setUp()
                PeakMemory.reset()
                let start = WallClock.now()
                let child = try iteration.run()
                let elapsed = WallClock.now() - start
                let processPeak = PeakMemory.peakBytes()
                try iteration.tearDown()
                guard index >= result.warmup else { continue }
                result.samples.append(elapsed)
                if let child {
                    peak = max(peak, child.peakRSSBytes)
                    childCPU.append(child.userSeconds + child.systemSeconds)
                    ownCPU.append(child.userSeconds + child.systemSeconds)
                    result.memoryScope = "child"
                } else {
                    peak = max(peak, processPeak)
                    result.memoryScope = PeakMemory.resettable ? "process" : "process (lifetime)"
                }
            }
        } catch {
            result.status = .failed
            result.reason = "\(error)"
        }
        result.summary = Summary(result.samples)
        if let median = result.summary?.median, median > 0 {
            result.rates = benchmark.work.map { $0.rate(at: median) }
        }
        result.peakRSSBytes = result.samples.isEmpty ? nil : peak
        if let paired = iteration.paired, pairedSamples.count == result.samples.count, !pairedSamples.isEmpty {
            result.pairedBaseline = paired.name
            result.pairedSamples = pairedSamples
            result.pairedRatio = Summary(zip(result.samples, pairedSamples).map { $0 / $1 })
            if ownCPU.count == pairedCPU.count {
                result.pairedCPURatio = Summary(zip(ownCPU, pairedCPU).map { $0 / max($1, 1e-6) })
            }
        }
        result.cpuSeconds = Summary(childCPU)?.median
        return result
    }

    private static func progressLine(_ result: CaseResult) -> String {
        switch result.status {
        case .ok:
            let median = result.summary.map { Format.seconds($0.median) } ?? "-"
            return " median \(median) (\(result.samples.count) runs)"
        case .skipped: return " skipped: \(result.reason ?? "")"
        case .failed: return " FAILED: \(result.reason ?? "")"
        }
    }
}

/// Messages on standard error, so standard output holds only the chosen format.
enum Console {
    static func progress(_ text: String, newline: Bool = true) {
        FileHandle.standardError.write(Data((text + (newline ? "\n" : "")).utf8))
    }
}

/// Keeps a result alive so the optimizer cannot drop the work that made it.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {}

/// The system's load averages (1, 5 and 15 minutes), as `/proc/loadavg` has them.
func loadAverages() -> String? {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return nil }
    return text.split(separator: " ").prefix(3).joined(separator: " ")
}
