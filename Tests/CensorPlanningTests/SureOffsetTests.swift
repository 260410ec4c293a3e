import Testing

@testable import CensorPlanning

/// When the transcript's offset is sure enough that the refined times need not contain the given
/// ones (``TranscriptOffsetEvidence/sureOffsets(sampleRate:)``): at 16 kHz a step is a 5 ms
/// hop (80 samples), the search ±50 steps, the reach (window) 30 steps, a fade 12 steps (60 ms)
/// and the fit's fade bias 6 steps (30 ms).
@Suite struct SureOffsetTests {
    static let rate = 16000

    /// Evidence over −50…50 steps of 1000 compared frames: the frames agreeing are 900 but
    /// `frames` (offset in steps → frames) there; the word edges meeting a boundary 10 but `edges` there.
    static func evidence(frames: [Int: Int], edges: [Int: Int] = [:]) -> TranscriptOffsetEvidence {
        let offsets = -50...50
        let agreeing = offsets.map { frames[$0] ?? 900 }
        let agreement = zip(offsets, agreeing).map { $1 + EdgeRefiner.Tuning.boundaryWeight * (edges[$0] ?? 10) }
        return TranscriptOffsetEvidence(hop: 80, agreement: agreement, frames: agreeing, compared: 1000, reach: 30)
    }

    @Test("frames ahead by 4 % within the window: their run, as before")
    func framesAloneWithinTheWindow() {
        let evidence = Self.evidence(frames: [20: 950, 21: 950, 22: 950])
        #expect(evidence.sureOffsets(sampleRate: Self.rate) == 1600...1760)
    }

    @Test(
        "frames ahead by 2.5 % beyond a fade are sure when the word edges meet boundaries twice as often at the placed offset; from 30 ms before the run"
    )
    func wordEdgesMakeAWeakFitSure() {
        // Frames best at +16…+18 steps (80–90 ms), 25 of 1000 more than as given; 25 edges meet a
        // boundary at +24 steps (the placed offset, 120 ms) against 10 as given.
        let frames = [16: 925, 17: 925, 18: 925]
        let sure = Self.evidence(frames: frames, edges: [24: 25])
        #expect(sure.offset == 1920)
        #expect(sure.framesAlone.gain == 0.025)
        #expect(sure.sureOffsets(sampleRate: Self.rate) == 800...1440)
        // 19 edges are fewer than twice 10: not sure.
        #expect(Self.evidence(frames: frames, edges: [24: 19]).sureOffsets(sampleRate: Self.rate) == nil)
        // The same on the negative side (a transcript late): from 30 ms before the run.
        let late = Self.evidence(frames: [-18: 925, -17: 925, -16: 925], edges: [-24: 25])
        #expect(late.offset == -1920)
        #expect(late.sureOffsets(sampleRate: Self.rate) == -1920 ... -1280)
        // A run within a fade of the given times (+8…+10 steps: 40–50 ms), where exact times'
        // fits lie on real speech: not sure, however many edges meet boundaries.
        let nearby = Self.evidence(frames: [8: 925, 9: 925, 10: 925], edges: [24: 40])
        #expect(nearby.offset == 1920)
        #expect(nearby.sureOffsets(sampleRate: Self.rate) == nil)
        // A placed offset on the other side of the given times from the frames' run: not sure.
        let against = Self.evidence(frames: frames, edges: [-24: 25])
        #expect(against.offset == -1920)
        #expect(against.sureOffsets(sampleRate: Self.rate) == nil)
    }

    @Test(
        "frames ahead by 5 % beyond the window are sure on the positive side only, from 30 ms before the run to the window"
    )
    func fitCarriedBeyondTheWindowByAFade() {
        // Best at +31…+36 steps (155–180 ms): beyond the 150 ms window, placed at the window.
        let early = Self.evidence(frames: [31: 950, 32: 950, 33: 950, 34: 950, 35: 950, 36: 950])
        #expect(early.offset == 2400)
        #expect(early.sureOffsets(sampleRate: Self.rate) == 2000...2400)
        // On the negative side a fade does not carry a fit beyond the window: not sure.
        let late = Self.evidence(frames: [-36: 950, -35: 950, -34: 950, -33: 950, -32: 950, -31: 950])
        #expect(late.offset == -2400)
        #expect(late.sureOffsets(sampleRate: Self.rate) == nil)
        // A run whose start, 30 ms earlier, still lies beyond the window (+37…+40 steps): not sure.
        let far = Self.evidence(frames: [37: 950, 38: 950, 39: 950, 40: 950])
        #expect(far.offset == 2400)
        #expect(far.sureOffsets(sampleRate: Self.rate) == nil)
        // Ahead by 3 % only: placed nowhere, and not sure.
        let weak = Self.evidence(frames: [31: 930, 32: 930, 33: 930, 34: 930, 35: 930, 36: 930])
        #expect(weak.offset == 0)
        #expect(weak.sureOffsets(sampleRate: Self.rate) == nil)
    }
}
