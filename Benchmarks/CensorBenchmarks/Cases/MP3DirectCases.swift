import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Censoring an MP3 without re-encoding it: an hour at 128 kb/s with 100 words
/// muted, against `cp` of the same file (each run paired with one) and against the decode and
/// re-encode `--no-mp3-direct` does, in the same run. Target: ≤ 2× `cp`, ≥ 100× faster than
/// the re-encode.
///
/// Two transcripts, both with 100 listed words:
/// - `speech` (the target's case): an hour of speech, 2.5 words a second, each word 0.3 s —
///   9,000 words, one in 90 listed, as a podcast's transcript would be: 100 short spans and
///   200 short edges for refinement.
/// - `long-words` (a stress case): the `spread` layout, each listed word lasting 18 s, so half
///   the hour (75,000 frames) is censored: edited frames everywhere, and refinement's edges in
///   long, dense stretches.
enum MP3DirectCases {
    static let seconds = 3600
    static let words = 100

    /// The transcripts, named as the cases are.
    enum Transcript: String, CaseIterable {
        case speech
        case longWords = "long-words"

        var layout: EndToEndLayout {
            switch self {
            case .speech:
                .speech(over: Double(MP3DirectCases.seconds), listedEvery: MP3DirectCases.seconds * 5 / 2 / words)
            case .longWords: .spread(words, over: Double(MP3DirectCases.seconds))
            }
        }
    }

    static func all(_ session: Session) -> [Benchmark] {
        [copy(session)]
            + Transcript.allCases.flatMap { transcript in
                [
                    censor(session, transcript, label: "mute", extra: []),
                    censor(session, transcript, label: "mute/no-refine", extra: ["--no-refine"]),
                    censor(session, transcript, label: "duck/no-refine", extra: ["--no-refine"], mode: "duck"),
                ]
            }
            // A decode and LAME encode of an hour: one run, no warm-up.
            + [
                censor(
                    session, .speech, label: "mute/re-encode", extra: ["--no-mp3-direct"], runs: 1, warmup: 0,
                    paired: false)
            ]
    }

    /// `cp` of the hour's MP3: the floor.
    static func copy(_ session: Session) -> Benchmark {
        Benchmark(
            name: "mp3-direct/cp", warmup: 1, iterations: session.options.runs(5, quick: 3),
            work: [.audio(seconds: Double(seconds))]
        ) {
            let program = try session.tool("cp")
            let input = try session.inputs.hourMP3()
            let output = try session.inputs.output("copy.mp3")
            return Iteration(
                setUp: { unlink(output) }, run: { try Subprocess.run(program, [input, output]) },
                tearDown: { unlink(output) })
        }
    }

    /// `censor` on the hour's MP3 with the 100 listed words of `transcript`.
    static func censor(
        _ session: Session, _ transcript: Transcript, label: String, extra: [String], mode: String = "mute",
        runs: Int? = nil, warmup: Int = 1, paired: Bool = true
    ) -> Benchmark {
        Benchmark(
            name: "mp3-direct/\(transcript.rawValue)/\(label)/\(words)", warmup: warmup,
            iterations: runs ?? session.options.runs(5, quick: 3), work: [.audio(seconds: Double(seconds))]
        ) {
            let censor = try session.censorExecutable()
            let input = try session.inputs.hourMP3()
            let transcriptPath = try session.inputs.transcript(transcript.layout)
            let list = try session.inputs.endToEndList()
            let output = try session.inputs.output("censored.mp3")
            let cp = try session.tool("cp"), copy = try session.inputs.output("paired-copy.mp3")
            return Iteration(
                setUp: { unlink(output) },
                run: {
                    try Subprocess.run(
                        censor,
                        [
                            input, "--transcript", transcriptPath, "--words", list, "--mode", mode,
                            "-o", output,
                        ] + extra)
                },
                tearDown: { unlink(output) },
                paired: paired
                    ? PairedBaseline(name: "cp") {
                        unlink(copy)
                        defer { unlink(copy) }
                        return try Subprocess.run(cp, [input, copy])
                    } : nil)
        }
    }
}
