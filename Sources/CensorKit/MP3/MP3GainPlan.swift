import Foundation

/// Which granules of an MP3 censoring changes, how, and which decoded frames that affects.
///
/// A granule's coefficients reach the decoded audio through the IMDCT (36 subband samples
/// overlapped by half with each neighbour's) and the synthesis filterbank (512 taps, 32 samples
/// a step): granule *k* touches the undelayed output samples `[576k, 576k + 1632)`. Decoders
/// that honour the LAME tag drop the first `encoderDelay + 529` of them
/// (``MP3InfoHeader/decodedStartOffset``). So for a planned core `[a, b)` in decoded frames,
/// granules `⌊(a + D − 1056) / 576⌋ ..< ⌈(b + D) / 576⌉` are changed: every decoded sample of the
/// core is then made only of changed granules, at full strength. Where decoders' timelines part
/// (``MP3Timeline``), `a + D` is the earliest place any puts the core's start, `b + D` the
/// latest any puts its end. The overlap-add of the first
/// and last granule's neighbours is the fade (a sine-window crossfade, 576 samples long for
/// long blocks, 192 for short ones), so no extra ramp granules are needed to be click-free.
struct MP3GainPlan {
    /// What happens to a changed granule's `global_gain`.
    enum Change: Sendable, Hashable {
        /// Set to 0: every coefficient scaled by 2^(−210/4) or less, far below −90 dBFS.
        case mute
        /// Lowered by this many steps of 2^(1/4) (≈ 1.505 dB), stopping at 0.
        case lower(steps: Int)

        /// The change for a mode that keeps the compressed data: mute, or duck by `gainDB`
        /// rounded to the nearest step; `nil` for beep.
        init?(_ mode: CensorMode) {
            switch mode {
            case .mute: self = .mute
            case let .duck(gainDB): self = .lower(steps: Int((-gainDB / MP3GainPlan.stepDB).rounded()))
            case .beep: return nil
            }
        }

        /// The new `global_gain` for one that was `gain`.
        func apply(to gain: UInt8) -> UInt8 {
            switch self {
            case .mute: 0
            case let .lower(steps): UInt8(max(0, Int(gain) - steps))
            }
        }
    }

    /// The gain of one `global_gain` step in dB: 20·log₁₀(2^(1/4)).
    static let stepDB = 20 * log10(2.0) / 4
    /// Undelayed output samples one granule's coefficients reach: 2 × 576 (the IMDCT window)
    /// plus 480 (the synthesis filter's 512 taps less its 32-sample step).
    static let reach = 2 * MP3FrameHeader.granuleSamples + 512 - 32

    /// The change made to every granule of ``runs``.
    let change: Change
    /// The changed granules, sorted, disjoint and separated by at least one untouched granule.
    let runs: [Range<Int>]
    /// For each run, its span in decoded frames: the core the change holds at full strength and
    /// the whole region it alters, with the planned spans' matches.
    let spans: [PlannedSpan]

    /// Maps planned spans onto granules: those of every timeline `timeline` allows for a span,
    /// so that decoders that part from the planned timeline hear its core censored too.
    ///
    /// - Parameters:
    ///   - planned: The planner's spans, in decoded frames; their cores are what must be censored.
    ///   - change: What to do to the granules.
    ///   - timeline: Where decoded frames lie on the undelayed granules (``MP3Timeline``); its
    ///     length is what the spans are clamped to.
    init(planned: [PlannedSpan], change: Change, timeline: MP3Timeline) {
        self.change = change
        let size = MP3FrameHeader.granuleSamples, offset = timeline.startOffset, frameCount = timeline.frameCount
        func clamp(_ frame: Int) -> Int { min(frameCount, max(0, frame)) }
        func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
        var widened: [(span: PlannedSpan, granules: Range<Int>)] = planned.map { span in
            let undelayed = timeline.undelayed(span.start..<max(span.start, span.end))
            let first = max(0, floorDiv(undelayed.lowerBound - (Self.reach - size), size))
            let last = max(first + 1, (undelayed.upperBound + size - 1) / size)
            var affected = span
            affected.span = Span(
                ordered: clamp(first * size - offset),
                start: first == 0 ? 0 : clamp(first * size + Self.reach - size - offset),
                end: clamp(last * size - offset), fadeEnd: clamp((last - 1) * size + Self.reach - offset))
            return (affected, first..<last)
        }
        // The same order `merged()` sorts in, so each merged span takes a consecutive group.
        widened.sort { ($0.span.fadeStart, $0.span.start) < ($1.span.fadeStart, $1.span.start) }
        spans = widened.map(\.span).merged()
        var runs: [Range<Int>] = []
        var index = 0
        for span in spans {
            var run = widened[index].granules
            index += 1
            while index < widened.count, widened[index].span.fadeStart <= span.fadeEnd {
                run = min(run.lowerBound, widened[index].granules.lowerBound)..<max(run.upperBound, widened[index].granules.upperBound)
                index += 1
            }
            runs.append(run)
        }
        self.runs = runs
    }
}
