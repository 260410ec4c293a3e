import CensorKit
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The `censor` command run file to file as a child process, as a user runs it: transcript
/// and list loading, planning, the streaming pass, encoding and the atomic rename all count.
/// Peak memory is the child's own (`wait4`'s `ru_maxrss`).
enum EndToEndCases {
    static let counts = [10, 100, 1_000, 10_000]
    static let modes = ["beep", "duck", "mute"]
    /// The counts also run with `--no-refine` (`e2e/wav/<mode>/<count>/no-refine`): the engine
    /// without edge refinement's analysis.
    static let unrefinedCounts = [10, 1_000, 10_000]
    /// The test file's length: 10 minutes.
    static let duration = 600
    /// The word count of the FLAC and MP3 cases.
    static let encodedCount = 1_000
    /// An everyday 10 minutes of speech: 1500 words, one in 60 listed (25 censored).
    static let speech = EndToEndLayout.speech(over: Double(duration), listedEvery: 60)

    /// Every mode at every word count on the WAV, some counts again with `--no-refine`, then the
    /// everyday-speech case.
    static func wav(_ session: Session) -> [Benchmark] {
        var cases: [Benchmark] = []
        for count in counts {
            for mode in modes {
                cases.append(
                    censorCase(
                        session, container: "wav", layout: .spread(count, over: Double(duration)),
                        label: "\(count)", mode: mode, runs: session.options.runs(5, quick: 3)))
            }
        }
        for count in unrefinedCounts {
            for mode in modes {
                cases.append(
                    censorCase(
                        session, container: "wav", layout: .spread(count, over: Double(duration)),
                        label: "\(count)", mode: mode, runs: session.options.runs(5, quick: 3),
                        refine: false))
            }
        }
        for mode in modes {
            cases.append(
                censorCase(
                    session, container: "wav", layout: speech, label: "speech",
                    mode: mode, runs: session.options.runs(5, quick: 3)))
        }
        return cases
    }

    /// Every mode at 1000 words on the same audio encoded as FLAC or MP3 (output in the same
    /// container, as censor keeps it).
    static func encoded(_ session: Session, container: String) -> [Benchmark] {
        // Encoding dominates (FLAC ~4 s, MP3 ~15 s a run): no warm-up, fewer runs.
        modes.map { mode in
            censorCase(
                session, container: container, layout: .spread(encodedCount, over: Double(duration)),
                label: "\(encodedCount)", mode: mode, runs: encodedRuns(session, container), warmup: 0)
        }
    }

    /// Timed runs of a FLAC or MP3 case, censor's or the copy's.
    static func encodedRuns(_ session: Session, _ container: String) -> Int {
        container == "mp3" ? session.options.runs(2, quick: 1) : session.options.runs(3, quick: 1)
    }

    /// Runs `censor` on `container` input with the words of `layout`.
    static func censorCase(
        _ session: Session, container: String, layout: EndToEndLayout, label: String, mode: String,
        runs: Int, warmup: Int = 1, seconds: Int = duration, name: String? = nil, pairWithCopy: Bool = true,
        refine: Bool = true, options: [String] = []
    ) -> Benchmark {
        Benchmark(
            name: name ?? "e2e/\(container)/\(mode)/\(label)" + (refine ? "" : "/no-refine"), warmup: warmup,
            iterations: runs,
            work: [.audio(seconds: Double(seconds))]
        ) {
            let censor = try session.censorExecutable()
            let input =
                container == "wav"
                ? try session.inputs.wav(seconds: seconds) : try session.inputs.encoded(container, seconds: seconds)
            let transcript = try session.inputs.transcript(layout)
            let list = try session.inputs.endToEndList()
            let output = try session.inputs.output("censored.\(container)")
            return Iteration(
                setUp: { unlink(output) },
                run: {
                    try Subprocess.run(
                        censor,
                        [
                            input, "--transcript", transcript, "--words", list,
                            "--mode", mode, "-o", output,
                        ] + (refine ? [] : ["--no-refine"]) + options)
                },
                tearDown: { unlink(output) },
                note: try planSummary(input: input, transcript: transcript, list: list, refine: refine),
                paired: container == "wav" && seconds == duration && pairWithCopy
                    ? try BaselineCases.pairedCopy(session) : nil)
        }
    }

    /// "1000 spans, 300.0 s censored": what censor will do, planned in-process as the command
    /// line plans with its default options (`--align auto`, the transcript's words weighed by
    /// refinement).
    static func planSummary(input: String, transcript: String, list: String, refine: Bool = true) throws -> String {
        let words = try Transcript.load(path: transcript)
        let matches = try CensorList.load(path: list).matches(in: words)
        var audio = try AudioReader(path: input)
        let planner = Planner(options: try PlanOptions(refine: refine, align: .auto), transcriptWords: words.words)
        let plan = try planner.plan(matches, sampleRate: audio.format.sampleRate, audio: &audio)
        let censored = plan.spans.reduce(0) { $0 + $1.end - $1.start }
        return "\(words.words.count) words, \(matches.count) matched, \(plan.spans.count) spans, "
            + String(format: "%.1f s censored", Double(censored) / Double(audio.format.sampleRate))
    }
}
