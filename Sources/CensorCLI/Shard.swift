/// One of `count` disjoint slices of a manifest's jobs, as a scheduler's array task runs it.
///
/// Every job belongs to exactly one slice, the same one on every machine: by line, the job's
/// position in the manifest modulo `count`; by hash, the FNV-1a hash of its input path as the
/// manifest writes it, modulo `count`, so adding or moving lines does not move other jobs.
struct Shard: Sendable, Equatable {
    /// How jobs are dealt to slices.
    enum Key: String, Sendable, CaseIterable {
        case line, hash
    }

    /// This slice's index, from 0.
    let index: Int
    /// The number of slices.
    let count: Int
    let key: Key

    /// Whether this slice runs the job at `position` (from 0, among the manifest's jobs) whose
    /// input path is `input`.
    func owns(position: Int, input: String) -> Bool {
        switch key {
        case .line: position % count == index
        case .hash: Int(Self.fnv1a(input) % UInt64(count)) == index
        }
    }

    /// The 64-bit FNV-1a hash of `text`'s UTF-8 bytes: the same on every machine and in every
    /// run, unlike Swift's `Hasher`.
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// The slice to run: `--shard I/N` when given, else Kubernetes' `JOB_COMPLETION_INDEX` with
    /// `--shards N`, else Slurm's `SLURM_ARRAY_TASK_ID` (less `SLURM_ARRAY_TASK_MIN`) of
    /// `SLURM_ARRAY_TASK_COUNT`, else every job.
    ///
    /// - Returns: The slice, and where it came from (for messages), `nil` for every job.
    /// - Throws: ``UsageError`` for a malformed or out-of-range slice, or `--shards` without an index.
    static func resolve(
        shard: String?, shards: String?, key: Key, environment: [String: String]
    ) throws(UsageError) -> (shard: Shard, source: String?) {
        if let shard {
            if shards != nil {
                throw UsageError("--shard and --shards cannot be combined: --shard I/N names the count")
            }
            let parts = shard.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
                throw UsageError("--shard '\(shard)': expected I/N such as 0/4 (slice I of N, I from 0 to N-1)")
            }
            return (try checked(index, count, key, source: "--shard"), "--shard")
        }
        if let text = environment["JOB_COMPLETION_INDEX"], !text.isEmpty {
            guard let shards else {
                throw UsageError(
                    "JOB_COMPLETION_INDEX is set (a Kubernetes Indexed Job) but --shards N is not given; "
                        + "give the Job's completions as --shards")
            }
            guard let index = Int(text) else {
                throw UsageError("JOB_COMPLETION_INDEX '\(text)': expected a whole number")
            }
            return (
                try checked(index, try count(shards, option: "--shards"), key, source: "JOB_COMPLETION_INDEX"),
                "JOB_COMPLETION_INDEX"
            )
        }
        if shards != nil {
            throw UsageError(
                "--shards N needs JOB_COMPLETION_INDEX in the environment (a Kubernetes Indexed Job); "
                    + "elsewhere give --shard I/N")
        }
        if let text = environment["SLURM_ARRAY_TASK_ID"], !text.isEmpty {
            guard let id = Int(text) else { throw UsageError("SLURM_ARRAY_TASK_ID '\(text)': expected a whole number") }
            guard let countText = environment["SLURM_ARRAY_TASK_COUNT"] else {
                throw UsageError("SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not; give --shard I/N")
            }
            var minimum = 0
            if let text = environment["SLURM_ARRAY_TASK_MIN"], !text.isEmpty {
                guard let value = Int(text), value >= 0 else {
                    throw UsageError("SLURM_ARRAY_TASK_MIN '\(text)': expected a whole number, 0 or above")
                }
                minimum = value
            }
            guard id >= minimum else {
                throw UsageError("SLURM_ARRAY_TASK_ID \(id) is below SLURM_ARRAY_TASK_MIN \(minimum)")
            }
            let count = try count(countText, option: "SLURM_ARRAY_TASK_COUNT")
            return (try checked(id - minimum, count, key, source: "SLURM_ARRAY_TASK_ID"), "SLURM_ARRAY_TASK_ID")
        }
        return (Shard(index: 0, count: 1, key: key), nil)
    }

    private static func count(_ text: String, option: String) throws(UsageError) -> Int {
        guard let count = Int(text), count > 0 else {
            throw UsageError("\(option) '\(text)': expected a whole number above 0")
        }
        return count
    }

    private static func checked(_ index: Int, _ count: Int, _ key: Key, source: String) throws(UsageError) -> Shard {
        guard count > 0 else { throw UsageError("\(source): the number of slices must be above 0, not \(count)") }
        guard (0..<count).contains(index) else {
            throw UsageError("\(source): slice \(index) is not among the \(count) slices 0 to \(count - 1)")
        }
        return Shard(index: index, count: count, key: key)
    }
}
