import Foundation

/// `--manifest` and the options that only go with it.
struct ManifestOptions: Sendable {
    /// The manifest's path, or `-` for standard input.
    var path: String
    /// `--results`: where each job's outcome is written as a JSON line.
    var results: String?
    /// The slice of the jobs this process runs.
    var shard: Shard
    /// What set the slice (`--shard`, `JOB_COMPLETION_INDEX`, `SLURM_ARRAY_TASK_ID`), `nil` for every job.
    var shardSource: String?
    /// Whether up-to-date jobs are skipped (on unless `--no-resume`).
    var resume: Bool

    /// The manifest options of a command line, `nil` without `--manifest`.
    ///
    /// - Throws: ``UsageError`` when a manifest-only option is given without `--manifest`, when
    ///   inputs or single-file options are given with it, or for a malformed slice.
    init?(
        values: [String: String], flags: Set<String>, arguments: Arguments,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(UsageError) {
        guard let path = values[Option.manifest.name] else {
            for option in [Option.results, .shard, .shards, .shardBy] where values[option.name] != nil {
                throw UsageError("\(option.name) goes with --manifest")
            }
            for option in [Option.resume, .noResume] where flags.contains(option.name) {
                throw UsageError("\(option.name) goes with --manifest")
            }
            return nil
        }
        guard arguments.inputs.isEmpty else {
            throw UsageError(
                "--manifest names the inputs, so no <input> may be given as well ('\(arguments.inputs[0])')")
        }
        let single: [(Option, Bool)] = [
            (.transcript, arguments.transcript != nil), (.output, arguments.output != nil),
            (.outputDir, arguments.outputDir != nil), (.inPlace, arguments.inPlace), (.labels, arguments.labels != nil),
            (.markers, !arguments.markers.isEmpty),
            (.report, arguments.report != nil), (.raw, arguments.raw != nil),
        ]
        if let given = single.first(where: \.1) {
            throw UsageError(
                "\(given.0.name) cannot be combined with --manifest: each manifest line names its own "
                    + "files (and --results records every job)")
        }
        self.path = path
        results = values[Option.results.name]
        let key =
            try values[Option.shardBy.name].map { name throws(UsageError) in
                guard let key = Shard.Key(rawValue: name) else {
                    throw UsageError("--shard-by '\(name)': expected line or hash")
                }
                return key
            } ?? .line
        (shard, shardSource) = try Shard.resolve(
            shard: values[Option.shard.name], shards: values[Option.shards.name], key: key, environment: environment)
        if flags.contains(Option.resume.name), flags.contains(Option.noResume.name) {
            throw UsageError("--resume and --no-resume contradict each other")
        }
        resume = !flags.contains(Option.noResume.name)
    }
}
