import CensorKit
import Foundation
import Synchronization

/// Runs the jobs of a manifest (`--manifest`) that fall in this process's slice, `--jobs` at a
/// time; skips those whose output is up to date (see ``ResumeRecord``); writes `--results`
/// and a closing summary. A bad line or a failing job fails alone.
struct ManifestRun {
    let arguments: Arguments
    /// The command line's manifest options (its ``Arguments/manifest``).
    let options: ManifestOptions

    /// What became of one job.
    struct JobResult: Sendable {
        enum Status: String, Sendable {
            case done, skipped, failed
        }

        var entry: Manifest.Entry
        var status: Status
        var output: String?
        var spans = 0
        var seconds = 0.0
        var audioSeconds = 0.0
        var error: String?
    }

    /// Runs the slice; returns whether every job succeeded or was up to date.
    ///
    /// - Throws: ``ManifestError`` when the manifest cannot be read; ``CensorError`` when
    ///   `--results` is refused or cannot be written; what loading the command line's list throws.
    func run() throws -> Bool {
        let resultsFile = OutputTransaction(
            overwrite: arguments.force || options.results.map(Self.holdsEarlierResults) == true,
            protecting: options.path == "-" ? [] : [(options.path, .manifest)])
        if let results = options.results { try resultsFile.reserve(results) }
        let manifest = try Manifest(path: options.path)
        let owned = manifest.entries.filter { options.shard.owns(position: $0.position, input: $0.shardKey) }
        let lists = ListCache(base: try Batch(arguments: arguments).loadList())
        let progress = ProgressLine(enabled: !arguments.quiet && !arguments.dryRun && Console.errorIsTerminal)
        let printing = Mutex(())
        let results = WorkQueue<Manifest.Entry, JobResult>(owned).run(width: arguments.jobs) { entry in
            let started = Date()
            var result = run(entry, lists: lists) { outcome, jobArguments in
                progress.clear()
                printing.withLock { _ in Printer(arguments: jobArguments, total: owned.count).print(outcome) }
            }
            if result.status != .skipped { result.seconds = Date().timeIntervalSince(started) }
            progress.fileFinished(of: owned.count)
            return result
        }
        progress.clear()
        if let path = options.results {
            try resultsFile.write(results.map { (try? JSONLine.text(of: ResultLine($0))) ?? "\n" }.joined(), to: path)
            try resultsFile.commit()
        }
        summarize(results, manifest: manifest)
        return results.allSatisfy { $0.status != .failed }
    }

    /// Runs one job, or skips it when its output is up to date.
    private func run(
        _ entry: Manifest.Entry, lists: ListCache, print: (Job.Outcome, Arguments) -> Void
    ) -> JobResult {
        var result = JobResult(entry: entry, status: .failed)
        do {
            let job = try entry.job.get()
            result.output = job.output
            let jobArguments = try arguments(for: job)
            let sources = try sources(of: job, arguments: jobArguments)
            let record = ResumeRecord.read(for: job.output)
            if options.resume, !arguments.dryRun, let record, record.sources == sources,
                record.matches(output: job.output)
            {
                result.status = .skipped
                result.spans = record.spans
                result.audioSeconds = record.audioSeconds
                return result
            }
            var runArguments = jobArguments
            // An output with a record beside it was written by a manifest run: redoing the job replaces it.
            runArguments.force = arguments.force || record != nil
            var runJob = Job(
                input: job.input, arguments: runArguments, list: try lists.list(for: job, arguments: runArguments))
            runJob.record = sources
            runJob.protected =
                (options.path == "-" ? [] : [(options.path, .manifest)])
                + runArguments.lists.compactMap { if case let .file(path) = $0 { (path, .list) } else { nil } }
            let outcome = runJob.run(progress: nil)
            print(outcome, runArguments)
            if let error = outcome.error { throw error }
            guard let report = outcome.report else { return result }
            result.spans = report.spans.count
            result.audioSeconds = Double(report.frames) / Double(report.sampleRate)
            result.status = .done
        } catch {
            result.error = ErrorText.describe(error)
        }
        return result
    }

    /// The command line's arguments with the job's files and settings.
    private func arguments(for job: ManifestJob) throws -> Arguments {
        var result = arguments
        result.manifest = nil
        result.inputs = [job.input]
        let files = [("input", job.input), ("transcript", job.transcript)] + (job.lists ?? []).map { ("list", $0) }
        for case let (role, path?) in files where !FileManager.default.fileExists(atPath: path) {
            throw ManifestLineError("the \(role) '\(path)' does not exist")
        }
        result.transcript = try job.transcript ?? TranscriptLocator.transcript(beside: job.input)
        result.output = job.output
        if let mode = job.mode, mode != arguments.mode.name {
            result.mode =
                switch mode {
                case "duck": .duck(gainDB: Parameters.duckGain.defaultValue)
                case "mute": .mute
                default: .beep(Beep())
                }
        }
        if let lists = job.lists {
            result.lists = lists.map { .file($0) }
            result.alsoDefault = false
        }
        // The manifest gives milliseconds, checked against the same ranges when it was read.
        result.plan = try result.plan.replacing(
            padBefore: (job.padBefore ?? job.pad).map { $0 / 1000 },
            padAfter: (job.padAfter ?? job.pad).map { $0 / 1000 })
        return result
    }

    /// The digests and settings an output of `job` depends on.
    private func sources(of job: ManifestJob, arguments: Arguments) throws -> ResumeRecord.Sources {
        ResumeRecord.Sources(
            input: try SHA256.digest(ofFile: job.input),
            transcript: try SHA256.digest(ofFile: arguments.transcript!, limit: arguments.maxTextSize),
            lists: try ResumeRecord.Sources.listsDigest(arguments), settings: ResumeRecord.Sources.settings(arguments))
    }

    /// Whether `path` is a regular file holding an earlier `--results` (nothing, or JSON lines
    /// with a `line` and a `status`): the record of a run, which a rerun replaces without
    /// `--force`. Any other file there is kept unless `--force`.
    private static func holdsEarlierResults(_ path: String) -> Bool {
        guard ResumeRecord.size(of: path) != nil, let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 4096)) ?? Data()
        guard let firstLine = head.split(separator: UInt8(ascii: "\n")).first else { return true }
        return (try? JSONDecoder().decode(ResultLine.Heading.self, from: Data(firstLine))) != nil
    }

    /// Prints the counts and every failure with its line.
    private func summarize(_ results: [JobResult], manifest: Manifest) {
        let failed = results.filter { $0.status == .failed }
        guard !arguments.quiet || !failed.isEmpty else { return }
        let count = { (status: JobResult.Status) in results.filter { $0.status == status }.count }
        let slice =
            options.shardSource.map {
                " (slice \(options.shard.index) of \(options.shard.count) by "
                    + "\(options.shard.key.rawValue), from \($0))"
            } ?? ""
        var lines = [
            "censor: \(manifest.name)\(slice): \(results.count) of \(manifest.entries.count) jobs: "
                + "\(count(.done)) done, \(count(.skipped)) up to date, \(failed.count) failed"
                + (failed.isEmpty ? "" : ":")
        ]
        for result in failed {
            let error = result.error ?? "failed"
            let located =
                error.hasPrefix("\(manifest.name):") ? error : "\(manifest.name):\(result.entry.line): \(error)"
            lines.append("  FAILED  \(located)")
        }
        Console.error(lines: lines)
    }
}

/// Censor lists loaded once per distinct set of files, shared by the jobs that use them.
private final class ListCache: Sendable {
    private let base: CensorList
    private let loaded = Mutex([String: CensorList]())

    init(base: CensorList) {
        self.base = base
    }

    /// The list of `job`: the command line's, or the job's own files (with the command line's
    /// other list settings in `arguments`).
    func list(for job: ManifestJob, arguments: Arguments) throws -> CensorList {
        guard let files = job.lists else { return base }
        let key = files.joined(separator: "\n")
        if let list = loaded.withLock({ $0[key] }) { return list }
        let list = try Batch(arguments: arguments).loadList()
        loaded.withLock { $0[key] = list }
        return list
    }
}
