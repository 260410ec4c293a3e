import Testing

@testable import CensorPlanning

/// How `--align auto` judges whether a transcript's times fit the audio (``TimesFit``,
/// ``Planner/timesFit(_:)``): the word edges meeting a boundary at the given times against their
/// mean over every offset searched.
@Suite struct TimesFitTests {
    /// Evidence over −50…50 steps of `edgeCount` word edges, `edges` of them meeting a boundary at
    /// every offset but those `at` gives (offset in steps → edges meeting one there).
    static func evidence(edgeCount: Int, edges: Int, at: [Int: Int] = [:]) -> TranscriptOffsetEvidence {
        let offsets = -50...50
        let frames = offsets.map { _ in 900 }
        let agreement = offsets.map { 900 + EdgeRefiner.Tuning.boundaryWeight * (at[$0] ?? edges) }
        var evidence = TranscriptOffsetEvidence(
            hop: 80, agreement: agreement, frames: frames, compared: 1000, reach: 30)
        evidence.edgeCount = edgeCount
        return evidence
    }

    @Test(
        "times that fit: 60 of 100 edges meet a boundary as given, 30 elsewhere (1.98 times chance, 6.5 standard errors)"
    )
    func fittingTimes() {
        let fit = Planner.timesFit(Self.evidence(edgeCount: 100, edges: 30, at: [0: 60]))
        #expect(fit.edges == 100)
        #expect(fit.edgeShare == 0.6)
        #expect(abs(fit.chanceShare - 3060.0 / 101 / 100) < 1e-12)
        #expect(fit.fits)
    }

    @Test("jittered times: 33 of 100 as given against 30 elsewhere (1.09 times chance) do not fit")
    func jitteredTimes() {
        let fit = Planner.timesFit(Self.evidence(edgeCount: 100, edges: 30, at: [0: 33]))
        #expect(fit.edgeShare == 0.33)
        #expect(!fit.fits)
        #expect(fit.needsAlignment)
    }

    @Test("times off as a whole: the edges meet boundaries 120 ms (24 steps) later, not as given: they do not fit")
    func shiftedTimes() {
        #expect(!Planner.timesFit(Self.evidence(edgeCount: 100, edges: 30, at: [24: 70, 25: 70])).fits)
    }

    @Test(
        "twice chance on 10 edges (6 against 3) is 2.0 standard errors, under the 3 asked: a clip of a few words does not fit by luck"
    )
    func fewEdges() {
        let fit = Planner.timesFit(Self.evidence(edgeCount: 10, edges: 3, at: [0: 6]))
        #expect(fit.edgeShare >= TimesFit.leastRatio * fit.chanceShare)
        #expect(!fit.fits)
        // The same shares over 100 edges: 6.3 standard errors.
        #expect(Planner.timesFit(Self.evidence(edgeCount: 100, edges: 30, at: [0: 60])).fits)
    }

    @Test(
        "no edge weighed, boundaries nearly everywhere, or every edge meeting one as given (a steady tone): not judged, so nothing is aligned"
    )
    func noEvidence() {
        for fit in [
            Planner.timesFit(Self.evidence(edgeCount: 0, edges: 0)),
            Planner.timesFit(Self.evidence(edgeCount: 20, edges: 20)),
            Planner.timesFit(Self.evidence(edgeCount: 100, edges: 96)),
            Planner.timesFit(Self.evidence(edgeCount: 100, edges: 90, at: [0: 100])),
        ] {
            #expect(!fit.isJudged)
            #expect(!fit.needsAlignment)
        }
        // 94 of 100 by chance (a speaker with a cold in noise reaches 93), 99 as given: judged, and not fitting.
        let noisy = Planner.timesFit(Self.evidence(edgeCount: 100, edges: 94, at: [0: 99]))
        #expect(noisy.isJudged)
        #expect(noisy.needsAlignment)
    }
}
