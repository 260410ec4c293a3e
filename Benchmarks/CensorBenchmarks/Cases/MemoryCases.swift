import Foundation

/// Peak resident memory of `censor` on a 1-minute, a 10-minute and (with `--full`) a 1-hour
/// file of everyday speech (2.5 words a second, one in 20 listed), in beep mode, which also
/// reads every censored word to match its level. Streaming means the peaks do not grow with
/// the file's length.
///
/// The transcripts grow with the recordings (150, 1,500 and 9,000 words), as real ones do. A
/// control case, `1h-1min-words`, censors the 1-hour file with the 1-minute file's transcript:
/// beside `1min` it shows what the audio's length alone costs, and beside `1h` what the
/// transcript's length costs.
///
/// These cases give `--align off`: the benchmark's speech-like signal follows no transcript, so
/// `--align auto` would align the censored words of the 1- and 10-minute files (up to 250) and
/// not those of the hour (more), and the PocketSphinx model it loads (about 40 MB, the same for
/// any length) would hide what streaming costs. `memory/beep/10min/aligned`, with the default,
/// measures the aligner's peak beside them.
enum MemoryCases {
    struct Length {
        var label: String
        /// The audio's length.
        var seconds: Int
        /// The length the transcript covers.
        var transcriptSeconds: Int
    }

    static let lengths = [
        Length(label: "1min", seconds: 60, transcriptSeconds: 60),
        Length(label: "10min", seconds: 600, transcriptSeconds: 600),
        Length(label: "1h-1min-words", seconds: 3_600, transcriptSeconds: 60),
        Length(label: "1h", seconds: 3_600, transcriptSeconds: 3_600),
    ]

    /// The case that aligns (the default options on the 10-minute file).
    static let alignedName = "memory/beep/10min/aligned"

    static func all(_ session: Session) -> [Benchmark] {
        let aligned = EndToEndCases.censorCase(
            session, container: "wav", layout: .speech(over: 600, listedEvery: 20), label: "10min", mode: "beep",
            runs: 1,
            warmup: 0, seconds: 600, name: alignedName, pairWithCopy: false)
        return lengths.map { length in
            let layout = EndToEndLayout.speech(over: Double(length.transcriptSeconds), listedEvery: 20)
            let large = length.seconds > 600
            var benchmark = EndToEndCases.censorCase(
                session, container: "wav", layout: layout, label: length.label, mode: "beep",
                runs: large ? 1 : session.options.runs(3, quick: 1), warmup: large ? 0 : 1,
                seconds: length.seconds, name: "memory/beep/\(length.label)", pairWithCopy: false,
                options: ["--align", "off"])
            guard large else { return benchmark }
            let prepare = benchmark.prepare
            let last = lengths.last(where: { $0.seconds == length.seconds })?.label == length.label
            benchmark.prepare = {
                guard session.options.mode == .full else {
                    throw Skip(reason: "--full only (writes a 690 MB WAV, deleted afterwards)")
                }
                var iteration = try prepare()
                // The last case on the large file deletes it.
                if last {
                    let input = try session.inputs.wav(seconds: length.seconds)
                    iteration.finish = { try? FileManager.default.removeItem(atPath: input) }
                }
                return iteration
            }
            return benchmark
        } + [aligned]
    }
}
