import CensorTestSignals
import Foundation
import Testing

@testable import CensorPlanning

/// Refinement that places the transcript as a whole from the words around many matches, and
/// widens an edge by a margin where the audio sounds beyond it.
@Suite struct TranscriptOffsetTests {
    static let rate = 16000

    /// Six "words" (harmonic bursts of different pitch) with pauses of 100–250 ms between them.
    static let truth = [(0.30, 0.50), (0.62, 0.82), (0.95, 1.10), (1.25, 1.50), (1.60, 1.80), (2.05, 2.30)]

    static func recording() -> [Float] {
        var samples = Signals.background(seconds: 2.8, sampleRate: rate, level: -50)
        for (index, word) in truth.enumerated() {
            Signals.addBurst(
                to: &samples, from: word.0, to: word.1, fundamental: 140 + 25 * Double(index),
                sampleRate: rate)
        }
        return samples
    }

    @Test(
        "the offset is the middle of the best-fitting run nearest to the given times, when it gains 2 % of the frames inside the offsets searched"
    )
    func offsetIsThePlateauMiddle() {
        // Steps of 80 samples, offsets −5…5 steps; the given times (index 5) agree on 100 frames.
        var agreement = [120, 130, 130, 128, 104, 100, 101, 100, 99, 98, 97]
        let evidence = TranscriptOffsetEvidence(hop: 80, agreement: agreement, compared: 1000)
        // 3 % more frames agree at −4…−2 steps (within 0.3 % = 3 frames of the best: 127 and up):
        // the middle, −3 steps; all three are the offsets that fit.
        #expect(evidence.gain == 0.03)
        #expect(evidence.offset == -240)
        #expect(evidence.offsets == -320 ... -160)
        // The best fit at the end of the offsets searched (−5 steps): the times stay.
        agreement[0] = 131
        #expect(TranscriptOffsetEvidence(hop: 80, agreement: agreement, compared: 1000).offset == 0)
        // 1.5 % more: not enough, the times stay.
        agreement = [100, 115, 115, 112, 104, 100, 101, 100, 99, 98, 97]
        #expect(TranscriptOffsetEvidence(hop: 80, agreement: agreement, compared: 1000).offset == 0)
    }

    @Test(
        "the search reaches past the window: a plateau inside the search is taken when its middle lies within the reach"
    )
    func searchBeyondTheReach() {
        // Offsets −5…5 steps searched, reach ±3 steps: the best fit at −4…−2 (middle −3) is taken …
        let agreement = [120, 130, 130, 128, 104, 100, 101, 100, 99, 98, 97]
        #expect(
            TranscriptOffsetEvidence(hop: 80, agreement: agreement, compared: 1000, reach: 3).offsets == -320 ... -160)
        // … one at −4…−3 (middle −3.5 steps) is not: beyond the reach, though inside the search.
        let farther = [120, 130, 130, 126, 104, 100, 101, 100, 99, 98, 97]
        #expect(TranscriptOffsetEvidence(hop: 80, agreement: farther, compared: 1000, reach: 3).offset == 0)
        #expect(TranscriptOffsetEvidence(hop: 80, agreement: farther, compared: 1000).offsets == -320 ... -240)
        // The reach survives adding evidence.
        let sum = TranscriptOffsetEvidence(hop: 80, agreement: farther, compared: 1000, reach: 3)
            .adding(TranscriptOffsetEvidence(hop: 80, agreement: farther, compared: 1000, reach: 3))
        #expect(sum.reach == 3 && sum.offset == 0)
    }

    @Test(
        "a plateau beyond the reach is taken as the reach, that way, when the frames alone beat the given times by 4 % (the sure offsets' gain); the sure offsets stay unknown"
    )
    func plateauBeyondTheReachWithSureFrames() {
        // Offsets −5…5 steps, reach ±3: the plateau at −4…−3 (middle −3.5 steps) lies beyond it.
        let agreement = [120, 150, 150, 146, 104, 100, 101, 100, 99, 98, 97]
        // The frames alone gain 4.2 % of 1000 there: the times are off by at least the reach.
        let frames = [120, 142, 142, 136, 104, 100, 101, 100, 99, 98, 97]
        let evidence = TranscriptOffsetEvidence(hop: 80, agreement: agreement, frames: frames, compared: 1000, reach: 3)
        #expect(evidence.offset == -240)
        #expect(evidence.offsets == nil)
        #expect(evidence.framesAlone.offsets == nil)
        // The same fit late: +3 steps.
        let late = TranscriptOffsetEvidence(
            hop: 80, agreement: Array(agreement.reversed()), frames: Array(frames.reversed()), compared: 1000, reach: 3)
        #expect(late.offset == 240)
        // 3.9 % from the frames alone: the times stay.
        let short = frames.map { $0 == 142 ? 139 : $0 }
        #expect(
            TranscriptOffsetEvidence(hop: 80, agreement: agreement, frames: short, compared: 1000, reach: 3).offset == 0
        )
        // At the end of the offsets searched: the times stay.
        var atTheEnd = agreement
        atTheEnd[0] = 151
        #expect(
            TranscriptOffsetEvidence(hop: 80, agreement: atTheEnd, frames: frames, compared: 1000, reach: 3).offset == 0
        )
    }

    @Test("evidence of several matches adds up: two that alone fall short together move the times")
    func evidenceAddsUp() {
        let one = TranscriptOffsetEvidence(hop: 80, agreement: [100, 100, 100, 115, 112], compared: 1000)
        #expect(one.offset == 0)
        let two = one.adding(TranscriptOffsetEvidence(hop: 80, agreement: [60, 60, 60, 70, 65], compared: 500))
        #expect(two.agreement == [160, 160, 160, 185, 177])
        #expect(two.compared == 1500)
        // 25 of 1500 frames (1.7 %): still short of 2 %.
        #expect(two.offset == 0)
        let three = two.adding(TranscriptOffsetEvidence(hop: 80, agreement: [40, 40, 40, 60, 50], compared: 500))
        // 45 of 2000 (2.25 %) at +1 step; 227 at +2 is 18 frames (0.9 %) below it: +1 alone.
        #expect(three.offset == 80)
        // Evidence of another grid is not added.
        #expect(three.adding(TranscriptOffsetEvidence(hop: 40, agreement: [1, 2, 3], compared: 9)).compared == 2000)
    }

    @Test(
        "a transcript off as a whole, 120 ms late or by the whole window (150 ms) either way: each censored word is covered and the given times' pause left untouched (the offsets searched reach 100 ms past the window)",
        arguments: [0.12, 0.15, -0.15])
    func shiftedTranscriptPlannedFromTheMovedTimes(shift: Double) throws {
        let words = Self.truth.enumerated().map {
            Word(text: "w\($0.offset)", start: $0.element.0 + shift, end: $0.element.1 + shift)
        }
        let matches = [1, 4].map {
            Match(
                wordIndices: $0..<($0 + 1), text: words[$0].text, pattern: words[$0].text, start: words[$0].start,
                end: words[$0].end)
        }
        let options = try PlanOptions(padBefore: 0, padAfter: 0, crossfade: 0.005, snapWindow: 0)
        var audio = InterleavedBuffer(samples: Self.recording(), channelCount: 1)
        let plan = try Planner(options: options, transcriptWords: words).plan(
            matches, sampleRate: Self.rate, audio: &audio)
        #expect(plan.spans.count == 2)
        for (span, index) in zip(plan.spans, [1, 4]) {
            let (start, end) = (Int(Self.truth[index].0 * 16000), Int(Self.truth[index].1 * 16000))
            // The whole word, from at most 6 ms before it to at most 6 ms after it: the given
            // times, 120 or 150 ms off, are not kept (at 150 ms, with a best fit at the search's
            // end, they were before the search reached past the window).
            #expect(
                span.start <= start && span.start >= start - 96,
                "span \(span.start)..<\(span.end), word \(start)..<\(end)")
            #expect(span.end >= end && span.end <= end + 96, "span \(span.start)..<\(span.end), word \(start)..<\(end)")
        }
    }

    @Test("matches the aligner placed are not moved by the offset of a transcript 120 ms late around them")
    func alignedMatchesKeepTheirPlace() throws {
        let words = Self.truth.enumerated().map {
            Word(text: "w\($0.offset)", start: $0.element.0 + 0.12, end: $0.element.1 + 0.12)
        }
        // The matches carry their true times, as the aligner gives them; the words around stay late.
        let matches = [1, 4].map {
            Match(
                wordIndices: $0..<($0 + 1), text: words[$0].text, pattern: words[$0].text, start: Self.truth[$0].0,
                end: Self.truth[$0].1)
        }
        let options = try PlanOptions(padBefore: 0, padAfter: 0, crossfade: 0.005, snapWindow: 0)
        for aligned in [false, true] {
            var planner = Planner(options: options, transcriptWords: words)
            planner.alignedMatches = aligned ? [0, 1] : []
            var audio = InterleavedBuffer(samples: Self.recording(), channelCount: 1)
            let plan = try planner.plan(matches, sampleRate: Self.rate, audio: &audio)
            try #require(plan.spans.count == 2)
            for (span, index) in zip(plan.spans, [1, 4]) {
                let start = Int(Self.truth[index].0 * 16000)
                if aligned {
                    // The word begins in a pause: the start stays within 6 ms of it.
                    #expect(span.start <= start && span.start >= start - 96, "span \(span.start), word \(start)")
                } else {
                    // Moved by the sure offset: the start lies about 120 ms before the word.
                    #expect(span.start < start - 1200, "span \(span.start), word \(start)")
                }
            }
        }
    }

    @Test("an edge stopped at a short gap inside sound goes on by the strategy's margin: 150 ms, or 60 ms aggressive")
    func marginWhereTheSoundGoesOn() throws {
        // A word at 0.5–0.79 s, 10 ms of quiet, then sound again at 0.80–1.1 s; given end 0.78 s.
        var samples = Signals.background(seconds: 1.6, sampleRate: Self.rate, level: -50)
        Signals.addBurst(to: &samples, from: 0.5, to: 0.79, fundamental: 160, sampleRate: Self.rate)
        Signals.addBurst(to: &samples, from: 0.8, to: 1.1, fundamental: 220, sampleRate: Self.rate)
        for (strategy, margin) in [(RefineStrategy.conservative, 0.15), (.aggressive, 0.06)] {
            var refiner = EdgeRefiner(sampleRate: Self.rate, window: 0.15)
            refiner.strategy = strategy
            var audio = InterleavedBuffer(samples: samples, channelCount: 1)
            let refined = try refiner.refine(start: 0.5, end: 0.78, in: &audio)
            #expect(refined.start == 0.5)
            #expect(abs(refined.end - (0.78 + margin)) < 1e-9, "\(strategy): end \(refined.end)")
        }
    }

    @Test(
        "sure offsets are covered from their earliest up to the placed offset, not to their latest: a fading sound makes later offsets fit as well"
    )
    func sureOffsetsCoveredUpToThePlacedOne() throws {
        // Silence: nothing moves an edge but the offsets. Placed +130 ms, sure +120…+160 ms.
        var refiner = EdgeRefiner(sampleRate: Self.rate, window: 0.15)
        var audio = InterleavedBuffer(
            samples: Signals.background(seconds: 2, sampleRate: Self.rate, level: nil), channelCount: 1)
        var context = EdgeRefiner.Context()
        context.offset = 0.13
        context.sureOffsets = 0.12...0.16
        let refined = try refiner.refine(start: 0.8, end: 1.0, context: context, in: &audio)
        #expect(abs(refined.start - 0.92) < 1e-9, "start \(refined.start)")
        #expect(abs(refined.end - 1.13) < 1e-9, "end \(refined.end)")
        // A placed offset before the sure ones: their earliest alone (+120 ms), both edges.
        context.offset = 0.1
        let before = try refiner.refine(start: 0.8, end: 1.0, context: context, in: &audio)
        #expect(abs(before.start - 0.92) < 1e-9 && abs(before.end - 1.12) < 1e-9, "\(before)")
    }
}
