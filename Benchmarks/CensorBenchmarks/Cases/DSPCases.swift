import CensorKit
import Foundation

/// The censoring kernels alone, on audio in memory.
///
/// `dsp/float/…` runs ``CensorEngine/process(_:firstFrame:)`` on 10 s of 48 kHz stereo `Float`
/// samples. The file path's integer codecs are internal to CensorKit, so `dsp/pcm16-file/…`
/// measures them through ``Censor/censorFile(input:output:matches:overwrite:)`` on a 16-bit WAV
/// in memory (`/dev/shm`): its difference from the `copy` case (nothing censored) is the
/// kernel's cost in the stored sample type.
enum DSPCases {
    static let sampleRate = 48_000
    static let channels = 2
    static let bufferSeconds = 10.0
    static let fileSeconds = 60

    static let modes: [(name: String, mode: CensorMode)] = [
        ("beep", .beep(Beep())), ("duck", .duck(gainDB: -30)), ("mute", .mute),
    ]

    /// How spans cover the buffer.
    enum Layout: String, CaseIterable {
        /// One span over everything: the core kernels.
        case core
        /// 0.3 s words every 0.6 s, 5 ms fades: half the audio censored, as in `e2e/…/1000`.
        case words
        /// 30 ms words every 60 ms: fades are a third of the work.
        case fades

        func spans(frames: Int, sampleRate: Int) -> [Span] {
            let fade = sampleRate / 200
            switch self {
            case .core:
                return [try! Span(fadeStart: 0, start: fade, end: frames - fade, fadeEnd: frames)]
            case .words, .fades:
                let period = self == .words ? sampleRate * 6 / 10 : sampleRate * 6 / 100
                let length = period / 2
                return stride(from: 0, to: frames - period, by: period).map { origin in
                    let start = origin + period / 4
                    return try! Span(
                        fadeStart: start - fade, start: start, end: start + length, fadeEnd: start + length + fade)
                }
            }
        }
    }

    static func all(_ session: Session) -> [Benchmark] {
        var cases: [Benchmark] = []
        for layout in Layout.allCases {
            for (name, mode) in modes {
                cases.append(floatCase(session, layout: layout, modeName: name, mode: mode))
            }
        }
        cases.append(fileCase(session, modeName: nil, mode: .mute))
        for (name, mode) in modes {
            cases.append(fileCase(session, modeName: name, mode: mode))
        }
        return cases
    }

    /// Keeps the buffers a float case works on between its closures.
    private final class FloatState {
        let original: [Float]
        var samples: [Float]
        var engine: CensorEngine?
        init(original: [Float]) {
            self.original = original
            samples = original
        }
    }

    private static func floatCase(_ session: Session, layout: Layout, modeName: String, mode: CensorMode) -> Benchmark {
        let frames = Int(bufferSeconds) * sampleRate
        return Benchmark(
            name: "dsp/float/\(modeName)/\(layout.rawValue)", warmup: 3,
            iterations: session.options.runs(30, quick: 10),
            work: [.audio(seconds: bufferSeconds), .items(Double(frames), "frames")]
        ) {
            let state = FloatState(original: SpeechLikeSignal.buffer(seconds: bufferSeconds))
            let spans = layout.spans(frames: frames, sampleRate: sampleRate)
            let amplitudes = Array(repeating: Array(repeating: Float(0.25), count: channels), count: spans.count)
            let censored = spans.reduce(0) { $0 + $1.fadeEnd - $1.fadeStart }
            return Iteration(
                setUp: {
                    // Restore the input without reallocating, so the timed run does no copy-on-write.
                    state.samples.withUnsafeMutableBufferPointer { target in
                        state.original.withUnsafeBufferPointer { source in
                            target.baseAddress!.update(from: source.baseAddress!, count: source.count)
                        }
                    }
                    state.engine = try CensorEngine(
                        spans: spans, mode: mode, channelCount: channels, sampleRate: sampleRate,
                        beepAmplitudes: amplitudes)
                },
                run: {
                    state.engine!.process(&state.samples, firstFrame: 0)
                    return nil
                },
                note:
                    "\(spans.count) span\(spans.count == 1 ? "" : "s"), \(Format.percent(Double(censored) / Double(frames))) of frames modified"
            )
        }
    }

    private static func fileCase(_ session: Session, modeName: String?, mode: CensorMode) -> Benchmark {
        let name = modeName.map { "dsp/pcm16-file/\($0)/core" } ?? "dsp/pcm16-file/copy"
        return Benchmark(
            name: name, warmup: 2, iterations: session.options.runs(10, quick: 5),
            work: [.audio(seconds: Double(fileSeconds))]
        ) {
            let folder = try session.scratchFolder()
            let input = "\(folder)/speech-\(fileSeconds)s.wav"
            if !FileManager.default.fileExists(atPath: input) {
                try FileManager.default.copyItem(atPath: try session.inputs.wav(seconds: fileSeconds), toPath: input)
            }
            let output = "\(folder)/out.wav"
            let matches =
                modeName == nil
                ? []
                : [
                    Match(wordIndices: 0..<1, text: "all", pattern: "all", start: 0, end: Double(fileSeconds))
                ]
            let censor = try Censor(mode: mode)
            return Iteration(
                setUp: { try? FileManager.default.removeItem(atPath: output) },
                run: {
                    _ = try censor.censorFile(input: input, output: output, matches: matches)
                    return nil
                },
                note: "in-process, files in \(folder.hasPrefix("/dev/shm") ? "/dev/shm" : folder)"
                    + (modeName == nil ? ", nothing censored" : ", every frame censored"))
        }
    }
}
