import CensorKit

/// The options of pipelines (standard input), manifests and fleets (shards, resuming), and of
/// the manual page.
extension Option {
    static let raw = Option(
        "--raw", value: "format",
        help: "Standard input (-) is headerless little-endian samples in this format: RATE:CHANNELS:ENCODING, "
            + "such as 48000:2:pcm16. Encodings: "
            + RawAudioFormat.encodings.map(\.rawValue).joined(separator: ", ") + " (pcm8 is unsigned).")
    static let manifest = Option(
        "--manifest", value: "file",
        help: "Run the jobs a manifest lists, one a line: JSON Lines (.jsonl) with keys input, transcript, "
            + "output, mode, list, pad, padBefore, padAfter, or CSV (.csv) with those column names in its header; "
            + "- reads it from standard input. Relative paths are taken from the manifest's folder. A bad line "
            + "fails alone; the exit status is then 1.", completion: .file)
    static let results = Option(
        "--results", value: "file",
        help: "With --manifest: write one JSON line per job: its line, input, output, status (done, skipped, "
            + "failed), spans, seconds, audio seconds and error.", completion: .file)
    static let shard = Option(
        "--shard", value: "i/n",
        help: "With --manifest: run only the i-th of n disjoint slices of its jobs (i from 0 to n-1).",
        default: "JOB_COMPLETION_INDEX with --shards, or SLURM_ARRAY_TASK_ID of SLURM_ARRAY_TASK_COUNT; else all")
    static let shards = Option(
        "--shards", value: "n",
        help: "With --manifest: the number of slices when the slice's index comes from JOB_COMPLETION_INDEX "
            + "(a Kubernetes Indexed Job).")
    static let shardBy = Option(
        "--shard-by", value: "line|hash",
        help: "How jobs are dealt to slices: by their order in the manifest, or by a hash of their input path "
            + "(stable when lines are added or moved).", default: "line", completion: .words(["line", "hash"]))
    static let resume = Option(
        "--resume",
        help: "With --manifest, where it is the default: skip each job whose output exists and whose "
            + "recorded input, transcript, list and settings are unchanged.")
    static let noResume = Option(
        "--no-resume", help: "With --manifest: redo every job, even those --resume would skip.")
    static let manPage = Option(
        "--man", help: "Print the manual page (roff), made from the same definitions as this help.")
}
