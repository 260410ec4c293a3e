import Foundation

/// Which coded blocks of a compressed stream censoring changes, how, and which decoded frames
/// that affects: the plan the direct MP3 and AAC editors share.
///
/// A block (an MP3 granule, an AAC frame) of `blockSamples` samples has coefficients that reach
/// `reach` undelayed output samples from its own start, through the codec's overlapping
/// transform: block *k* touches `[S·k, S·k + reach)`. Decoders drop the first `D` undelayed
/// samples (the encoder delay the stream's header or the container's edit list names). So for a
/// planned core `[a, b)` in decoded frames, blocks `⌊(a + D − (reach − S)) / S⌋ ..< ⌈(b + D) / S⌉`
/// are changed: every decoded sample of the core is then made only of changed blocks, at full
/// strength. The overlap-add of the first and last block with their neighbours is the fade (the
/// codec's window crossfade), so no extra ramp blocks are needed to be click-free.
struct CodedGainPlan {
    /// What happens to a changed block's gain.
    enum Change: Sendable, Hashable {
        /// Silenced: every coefficient zeroed, or scaled far below −90 dBFS.
        case mute
        /// Lowered by this many steps of 2^(1/4) (≈ 1.505 dB), stopping at 0.
        case lower(steps: Int)

        /// The change for a mode that keeps the compressed data: mute, or duck by `gainDB`
        /// rounded to the nearest step; `nil` for beep.
        init?(_ mode: CensorMode) {
            switch mode {
            case .mute: self = .mute
            case let .duck(gainDB): self = .lower(steps: Int((-gainDB / CodedGainPlan.stepDB).rounded()))
            case .beep, .cut: return nil
            }
        }

        /// The new 8-bit `global_gain` for one that was `gain` (0 for mute).
        func apply(to gain: UInt8) -> UInt8 {
            switch self {
            case .mute: 0
            case let .lower(steps): UInt8(max(0, Int(gain) - steps))
            }
        }
    }

    /// The gain of one `global_gain` step in dB, in MP3 and AAC alike: 20·log₁₀(2^(1/4)).
    static let stepDB = 20 * log10(2.0) / 4

    /// The change made to every block of ``runs``.
    let change: Change
    /// The changed blocks, sorted, disjoint and separated by at least one untouched block.
    let runs: [Range<Int>]
    /// For each run, its span in decoded frames: the core the change holds at full strength and
    /// the whole region it alters, with the planned spans' matches.
    let spans: [PlannedSpan]

    /// Maps planned spans onto blocks.
    ///
    /// - Parameters:
    ///   - planned: The planner's spans, in decoded frames; their cores are what must be censored.
    ///   - change: What to do to the blocks.
    ///   - blockSamples: Samples per block.
    ///   - reach: Undelayed output samples one block's coefficients reach from its start.
    ///   - decodedStartOffset: Undelayed samples decoders drop from the start.
    ///   - frameCount: The decoded length, to clamp to.
    ///   - undelayed: The undelayed samples a range of decoded frames may lie on, whichever
    ///     decoder made them (``MP3Timeline/undelayed(_:)``); by default the range moved by
    ///     `decodedStartOffset`.
    init(
        planned: [PlannedSpan], change: Change, blockSamples size: Int, reach: Int, decodedStartOffset offset: Int,
        frameCount: Int, undelayed: ((Range<Int>) -> Range<Int>)? = nil
    ) {
        self.change = change
        func clamp(_ frame: Int) -> Int { min(frameCount, max(0, frame)) }
        func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
        var widened: [(span: PlannedSpan, blocks: Range<Int>)] = planned.map { span in
            let frames = span.start..<max(span.start, span.end)
            let reached = undelayed?(frames) ?? (frames.lowerBound + offset)..<(frames.upperBound + offset)
            let first = max(0, floorDiv(reached.lowerBound - (reach - size), size))
            let last = max(first + 1, (reached.upperBound + size - 1) / size)
            var affected = span
            affected.span = Span(
                ordered: clamp(first * size - offset),
                start: first == 0 ? 0 : clamp(first * size + reach - size - offset),
                end: clamp(last * size - offset), fadeEnd: clamp((last - 1) * size + reach - offset))
            return (affected, first..<last)
        }
        // The same order `merged()` sorts in, so each merged span takes a consecutive group.
        widened.sort { ($0.span.fadeStart, $0.span.start) < ($1.span.fadeStart, $1.span.start) }
        spans = widened.map(\.span).merged()
        var runs: [Range<Int>] = []
        var index = 0
        for span in spans {
            var run = widened[index].blocks
            index += 1
            while index < widened.count, widened[index].span.fadeStart <= span.fadeEnd {
                run =
                    min(
                        run.lowerBound, widened[index].blocks.lowerBound)..<max(
                        run.upperBound, widened[index].blocks.upperBound)
                index += 1
            }
            runs.append(run)
        }
        self.runs = runs
    }
}
