import CensorKit
import Foundation

/// Runs every input of a command line, `--jobs` at a time, and reports on them in order.
struct Batch {
    let arguments: Arguments

    /// Censors every input; returns whether all succeeded.
    ///
    /// - Throws: When the censor list cannot be loaded, an output path is refused before any
    ///   work, or the combined report cannot be written (nothing has been censored in the first
    ///   two cases).
    func run() throws -> Bool {
        let lists: [(path: String, role: OutputTransaction.Role)] = arguments.lists.compactMap {
            if case let .file(path) = $0 { (path, .list) } else { nil }
        }
        let inputs = arguments.inputs.map { (path: $0, role: OutputTransaction.Role.input) }
        let explicitTranscript =
            arguments.transcript.map { [(path: $0, role: OutputTransaction.Role.transcript)] } ?? []
        let list = try loadList()
        let outputs =
            arguments.dryRun ? [] : arguments.inputs.map { Job(input: $0, arguments: arguments, list: list).outputPath }
        try Self.checkDistinct(
            outputs + [arguments.report, arguments.labels, arguments.review, arguments.subtitles].compactMap { $0 })
        // With several inputs the report combines them all: its own transaction, checked now.
        var combinedReport: OutputTransaction?
        if let path = arguments.report, arguments.inputs.count > 1 {
            let transaction = OutputTransaction(
                overwrite: arguments.force,
                protecting: inputs + lists + explicitTranscript + outputs.map { ($0, .output) })
            try transaction.reserve(path)
            combinedReport = transaction
        }
        let report =
            combinedReport == nil
            ? [] : arguments.report.map { [(path: $0, role: OutputTransaction.Role.output)] } ?? []
        let jobs = arguments.inputs.enumerated().map { index, input in
            let others = outputs.indices.filter { $0 != index }.map {
                (path: outputs[$0], role: OutputTransaction.Role.output)
            }
            return Job(
                input: input, arguments: arguments, list: list,
                protected: inputs.filter { $0.path != input } + lists + explicitTranscript + others + report)
        }
        let progress = ProgressLine(enabled: !arguments.quiet && !arguments.dryRun && Console.errorIsTerminal)
        let printer = Printer(arguments: arguments, total: jobs.count)
        let results = WorkQueue<Job, Job.Outcome>(jobs).run(width: arguments.jobs) { job in
            let outcome = job.run(progress: jobs.count == 1 ? progress.update : nil)
            progress.clear()
            printer.print(outcome)
            if jobs.count > 1 { progress.fileFinished(of: jobs.count) }
            return outcome
        }
        progress.clear()
        if let combinedReport, let path = arguments.report {
            if results.allSatisfy({ $0.error != nil }) {
                // Every input failed: nothing was censored, and no report says otherwise (nor
                // stands in the way of the run that follows the fix).
                combinedReport.discard()
            } else {
                let reports = results.compactMap(\.report).map { $0.json() }
                try combinedReport.write("[\n" + reports.joined(separator: ",\n") + "]\n", to: path)
                try combinedReport.commit()
            }
        }
        if jobs.count > 1 { printer.summarize(results) }
        return results.allSatisfy { $0.error == nil }
    }

    /// Refuses a run whose outputs name one file twice (two inputs of one name into one
    /// `--output-dir`, a report written over the audio output), before anything is censored.
    private static func checkDistinct(_ paths: [String]) throws(CensorError) {
        var seen: [FileIdentity: String] = [:]
        for path in paths {
            let identity = FileIdentity(of: path)
            if let first = seen[identity] {
                throw .outputIsProtected(path: path, file: first, role: OutputTransaction.Role.output.rawValue)
            }
            seen[identity] = path
        }
    }

    /// The censor list: every `--words` file and `--word`, in order, and the built-in list when
    /// none is given or `--also-default` asks for it.
    func loadList() throws -> CensorList {
        let fold = arguments.foldDiacritics
        var list = CensorList(entries: [], foldingDiacritics: fold)
        for source in arguments.lists {
            switch source {
            case let .file(path):
                list.append(
                    contentsOf: try CensorList.load(path: path, foldingDiacritics: fold, limit: arguments.maxTextSize))
            case let .word(word):
                list.append(contentsOf: CensorList(entries: [word], foldingDiacritics: fold))
            }
        }
        if arguments.alsoDefault { list.append(contentsOf: .defaultEnglish) }
        // Censoring with nothing to censor would copy every input: a mistake in the command line.
        if list.censorsNothing {
            throw UsageError("the censor list is empty: no entry in --words or --word can censor a word")
        }
        return list
    }
}
