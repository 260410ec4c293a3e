import CensorDSP
import Foundation

/// A matched beep's engine that measures the spans' levels while the render runs, rather than
/// all of them before it: the render would otherwise wait for a read of every censored frame.
///
/// The spans are cut, in time order, into up to ``runs`` runs of about equal frames to measure.
/// The first run's levels are measured before the render starts (on two threads, as
/// ``CensorEngine/init(spans:mode:sampleRate:measuring:)`` measures); the others' on a thread
/// of their own with a reader of its own, one run after another, while the render works
/// through the runs before. Before each block, ``prepare(_:)`` waits for the runs it reaches.
///
/// Each run is rendered by a ``CensorEngine`` of its spans alone, and nothing a span's beep is
/// made of (its levels, fades and tone) depends on other spans: the output is that of one
/// engine of every span, to the bit.
struct MeasuringBeepEngine: BlockCensor {
    /// The most runs the spans are cut into.
    static let runs = 8
    /// Spans from which measuring while rendering is worth a thread.
    static let leastSpans = 16

    private let spans: [Span]
    /// The index in `spans` of each run's first span, and `spans.count`.
    private let runStarts: [Int]
    /// The engines of the runs measured so far, in order.
    private var engines: [CensorEngine]
    /// The run the latest block began in: those before it are done.
    private var current = 0
    /// The runs' engines as the measuring thread makes them (index 0 unused: the first run's is
    /// made before), and what it threw.
    private let measured: ThreadResults<CensorEngine>
    /// Left while the measuring thread runs.
    private let measuring = DispatchGroup()

    /// Measures the first run of `spans` now and starts measuring the others on a thread
    /// that reads through `reopen`.
    ///
    /// - Parameters:
    ///   - spans: Sorted, non-overlapping spans, as ``Planner`` makes them.
    ///   - mode: A beep of matched level.
    ///   - sampleRate: Frames per second.
    ///   - audio: The original audio, for the first run.
    ///   - reopen: Another reader of `audio`, for the others.
    /// - Throws: What ``CensorEngine/init(spans:mode:sampleRate:measuring:)`` throws for the first run.
    init(
        spans: [Span], mode: CensorMode, sampleRate: Int, audio: inout some FrameSource,
        reopen: @escaping @Sendable () throws -> any FrameSource
    ) throws {
        self.spans = spans
        runStarts = Self.runStarts(of: spans)
        engines = [
            try CensorEngine(
                spans: Array(spans[runStarts[0]..<runStarts[1]]), mode: mode, sampleRate: sampleRate, measuring: &audio)
        ]
        measured = ThreadResults(count: runStarts.count - 1)
        let (measured, measuring, runStarts) = (measured, measuring, runStarts)
        guard runStarts.count > 2 else { return }
        measuring.enter()
        // A thread of its own, not a dispatch queue's: the render may run on a pool thread (a
        // batch's jobs), and blocks in `prepare` until this one has measured.
        Thread {
            defer { measuring.leave() }
            do {
                var source = try reopen()
                for run in 1..<(runStarts.count - 1) where !measured.hasFailed {
                    measured.set(
                        run,
                        try CensorEngine(
                            spans: Array(spans[runStarts[run]..<runStarts[run + 1]]), mode: mode,
                            sampleRate: sampleRate,
                            measuring: &source, parallel: false))
                }
            } catch {
                measured.fail(error)
            }
        }.start()
    }

    /// Where runs of about equal frames to measure begin in `spans`, and `spans.count`; a
    /// run holds at least one span.
    static func runStarts(of spans: [Span]) -> [Int] {
        let total = spans.reduce(0) { $0 + $1.fadeEnd - $1.fadeStart }
        var starts = [0]
        var measured = 0
        for (index, span) in spans.enumerated() {
            if index > starts[starts.count - 1], measured * runs >= total * starts.count { starts.append(index) }
            measured += span.fadeEnd - span.fadeStart
        }
        return starts + [spans.count]
    }

    /// Waits until the levels of every run that reaches into `frames` are measured.
    ///
    /// - Throws: What measuring them threw.
    mutating func prepare(_ frames: Range<Int>) throws {
        while engines.count < runStarts.count - 1, spans[runStarts[engines.count]].fadeStart < frames.upperBound {
            engines.append(try measured.value(at: engines.count))
        }
    }

    mutating func process<Codec: SampleCodec>(
        _ block: UnsafeMutableBufferPointer<Codec.Sample>, firstFrame: Int, codec: Codec
    ) {
        while current < engines.count - 1, spans[runStarts[current + 1] - 1].fadeEnd <= firstFrame { current += 1 }
        for run in current..<engines.count { engines[run].process(block, firstFrame: firstFrame, codec: codec) }
    }

    /// Asked after ``prepare(_:)`` for the same frames: every run that reaches into them has
    /// its engine.
    func replacedRuns(in frames: Range<Int>) -> [Range<Int>] {
        (current..<engines.count).flatMap { engines[$0].replacedRuns(in: frames) }
    }

    /// Stops measuring and waits for the thread that measures: after the render, or when it
    /// failed.
    func stop() {
        measured.fail(Stopped())
        measuring.wait()
    }

    /// What stops the measuring thread before its next run.
    private struct Stopped: Error {}
}
