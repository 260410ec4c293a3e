import CensorKit
import Dispatch
import Foundation
import Synchronization

/// Runs every input of a command line, `--jobs` at a time, and reports on them in order.
struct Batch {
    let arguments: Arguments

    /// Censors every input; returns whether all succeeded.
    ///
    /// - Throws: When the censor list cannot be loaded or the combined report not written
    ///   (nothing has been censored in the first case).
    func run() throws -> Bool {
        for path in [arguments.report, arguments.labels, arguments.subtitles].compactMap({ $0 }) {
            try OutputFileError.checkWritable(path)
        }
        let list = try loadList()
        let jobs = arguments.inputs.map { Job(input: $0, arguments: arguments, list: list) }
        let progress = ProgressLine(enabled: !arguments.quiet && !arguments.dryRun && Console.errorIsTerminal)
        let printer = Printer(arguments: arguments, total: jobs.count)
        let queue = JobQueue(jobs)
        DispatchQueue.concurrentPerform(iterations: min(arguments.jobs, jobs.count)) { _ in
            while let (index, job) = queue.next() {
                let outcome = job.run(progress: jobs.count == 1 ? progress.update : nil)
                queue.finish(index, outcome)
                progress.clear()
                printer.print(outcome)
                if jobs.count > 1 { progress.fileFinished(of: jobs.count) }
            }
        }
        progress.clear()
        let results = queue.outcomes
        try writeReports(results)
        if jobs.count > 1 { printer.summarize(results) }
        return results.allSatisfy { $0.error == nil }
    }

    /// The censor list: every `--words` file and `--word`, in order, and the built-in list when
    /// none is given or `--also-default` asks for it.
    private func loadList() throws -> CensorList {
        let fold = arguments.foldDiacritics
        var list = CensorList(entries: [], foldingDiacritics: fold)
        for source in arguments.lists {
            switch source {
            case let .file(path):
                list.append(contentsOf: try CensorList.load(contentsOf: URL(fileURLWithPath: path), foldingDiacritics: fold))
            case let .word(word):
                list.append(contentsOf: CensorList(entries: [word], foldingDiacritics: fold))
            }
        }
        if arguments.alsoDefault { list.append(contentsOf: .defaultEnglish) }
        return list
    }

    /// Writes `--report`: one report object, or an array of them for several inputs.
    private func writeReports(_ outcomes: [Job.Outcome]) throws {
        guard let path = arguments.report else { return }
        let reports = outcomes.compactMap(\.report)
        guard arguments.inputs.count > 1 else {
            if let report = reports.first { try OutputFileError.write(report.json(), to: path) }
            return
        }
        try OutputFileError.write("[\n" + reports.map { $0.json() }.joined(separator: ",\n") + "]\n", to: path)
    }
}

/// Hands out jobs to worker threads and collects their outcomes in input order.
private final class JobQueue: Sendable {
    private let jobs: [Job]
    private let state: Mutex<(next: Int, outcomes: [Job.Outcome?])>

    init(_ jobs: [Job]) {
        self.jobs = jobs
        state = Mutex((0, Array(repeating: nil, count: jobs.count)))
    }

    /// The next job to run, with its index; `nil` when all have been handed out.
    func next() -> (Int, Job)? {
        state.withLock { state in
            guard state.next < jobs.count else { return nil }
            defer { state.next += 1 }
            return (state.next, jobs[state.next])
        }
    }

    /// Records the outcome of job `index`.
    func finish(_ index: Int, _ outcome: Job.Outcome) {
        state.withLock { $0.outcomes[index] = outcome }
    }

    /// Every recorded outcome, in input order.
    var outcomes: [Job.Outcome] {
        state.withLock { $0.outcomes.compactMap { $0 } }
    }
}
