import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Censoring AAC without re-encoding it: an hour of 128 kb/s M4A (ffmpeg's AAC encoder) with
/// 100 words muted, each run paired with `ffmpeg -i in.m4a -map 0 -c copy out.m4a` of the same
/// file, and against the decode and re-encode `--no-direct` does, in the same run. Target:
/// ≤ 2× the ffmpeg copy without refinement, ≥ 100× faster than the re-encode.
///
/// The transcript is ``MP3DirectCases/Transcript/speech``'s: 9,000 words of 0.3 s, one in 90
/// listed. With refinement on, the stream is decoded once for the edges' analysis.
enum AACDirectCases {
    static func all(_ session: Session) -> [Benchmark] {
        [
            copy(session),
            censor(session, label: "mute/no-refine", extra: ["--no-refine"]),
            censor(session, label: "mute", extra: []),
            // A decode and AAC encode of an hour: one run, no warm-up.
            censor(
                session, label: "mute/re-encode", extra: ["--no-direct", "--no-refine"], runs: 1, warmup: 0,
                paired: false),
        ]
    }

    /// The ffmpeg stream copy of the hour's M4A: the floor of a tool that rewrites the container.
    static func copy(_ session: Session) -> Benchmark {
        Benchmark(
            name: "aac-direct/ffmpeg-copy", warmup: 1, iterations: session.options.runs(5, quick: 3),
            work: [.audio(seconds: Double(MP3DirectCases.seconds))]
        ) {
            let input = try session.inputs.hourM4A()
            let output = try session.inputs.output("copy.m4a")
            return Iteration(
                setUp: { unlink(output) }, run: { try Subprocess.run("ffmpeg", copyArguments(input, output)) },
                tearDown: { unlink(output) })
        }
    }

    /// ffmpeg's arguments for a stream copy of `input` into `output`.
    static func copyArguments(_ input: String, _ output: String) -> [String] {
        ["-hide_banner", "-nostdin", "-loglevel", "error", "-y", "-i", input, "-map", "0", "-c", "copy", output]
    }

    /// `censor` on the hour's M4A with the 100 listed words of the speech transcript.
    static func censor(
        _ session: Session, label: String, extra: [String], runs: Int? = nil, warmup: Int = 1, paired: Bool = true
    ) -> Benchmark {
        Benchmark(
            name: "aac-direct/speech/\(label)/\(MP3DirectCases.words)", warmup: warmup,
            iterations: runs ?? session.options.runs(5, quick: 3),
            work: [.audio(seconds: Double(MP3DirectCases.seconds))]
        ) {
            let censor = try session.censorExecutable()
            let input = try session.inputs.hourM4A()
            let transcriptPath = try session.inputs.transcript(MP3DirectCases.Transcript.speech.layout)
            let list = try session.inputs.endToEndList()
            let output = try session.inputs.output("censored.m4a"), copy = try session.inputs.output("paired-copy.m4a")
            return Iteration(
                setUp: { unlink(output) },
                run: {
                    try Subprocess.run(
                        censor,
                        [
                            input, "--transcript", transcriptPath, "--words", list, "--mode", "mute",
                            "-o", output,
                        ] + extra)
                },
                tearDown: { unlink(output) },
                paired: paired
                    ? PairedBaseline(name: "ffmpeg -c copy") {
                        unlink(copy)
                        defer { unlink(copy) }
                        return try Subprocess.run("ffmpeg", copyArguments(input, copy))
                    } : nil)
        }
    }
}
