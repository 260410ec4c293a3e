import CensorTestFiles
import Testing

@testable import CensorPlanning

/// The default alignment (``WordAlignment/auto``) with refinement on, on espeak-ng speech whose
/// true word times are known (``SpokenSentence``): exact times are left to refinement; times
/// with independent errors on each edge make it align every censored word.
@Suite struct AutoAlignTests {
    /// Two sentences of ``SpokenSentence/words`` one after the other.
    static let words = SpokenSentence.words + SpokenSentence.words
    /// Seconds each word's start and end are moved by in the jittered transcript (within ±150 ms).
    static let jitter: [(Double, Double)] = [
        (0.12, -0.1), (-0.13, 0.14), (0.09, -0.12), (0.13, 0.11), (-0.14, 0.1), (0.11, -0.13), (0.14, 0.12),
        (-0.1, -0.14),
        (0.1, 0.13), (-0.12, -0.1), (0.13, 0.09), (-0.11, 0.14), (0.12, -0.12), (-0.14, 0.1), (0.1, 0.13),
        (0.13, -0.11),
    ]

    /// The plan of matches of words 3 ("garden") and 12 ("party", in the second sentence) with `align`, from the
    /// true times, or those moved by ``jitter``.
    static func plan(_ align: WordAlignment, jittered: Bool) throws -> (
        plan: Plan, truth: [(start: Double, end: Double)]
    ) {
        let (samples, truth) = try SpokenSentence.sentence(words)
        var audio = InterleavedBuffer(samples: samples, channelCount: 1)
        let words = words.indices.map { index in
            let (start, end) = jittered ? jitter[index] : (0, 0)
            return Word(
                text: Self.words[index], start: truth[index].start + start,
                end: max(
                    truth[index].start + start + 0.03,
                    truth[index].end + end))
        }
        let matches = [3, 12].map { SpokenSentence.match(words, $0) }
        let plan = try Planner(options: PlanOptions(align: align), transcriptWords: words)
            .plan(matches, sampleRate: SpokenSentence.rate, audio: &audio)
        return (plan, truth)
    }

    @Test("exact times fit: nothing is aligned, and the plan is refinement's alone (as with --align off)")
    func exactTimesAreLeftToRefinement() throws {
        let (plan, _) = try Self.plan(.auto, jittered: false)
        let fit = try #require(plan.timesFit)
        #expect(fit.fits)
        #expect(fit.alignedMatches == 0)
        let off = try Self.plan(.off, jittered: false).plan.spans
        #expect(plan.spans.map(\.span) == off.map(\.span))
        #expect(
            plan.spans.map(\.refinedStart) == off.map(\.refinedStart)
                && plan.spans.map(\.refinedEnd) == off.map(\.refinedEnd))
        // Each span says why its word was not aligned; with alignment off, nothing.
        #expect(plan.spans.flatMap(\.alignment) == [.timesFit, .timesFit])
        #expect(off.allSatisfy { $0.alignment.isEmpty })
    }

    @Test("jittered times do not fit: both censored words are aligned, and each span covers its word's true times")
    func jitteredTimesAreAligned() throws {
        let (plan, truth) = try Self.plan(.auto, jittered: true)
        let fit = try #require(plan.timesFit)
        #expect(fit.needsAlignment)
        #expect(fit.alignedMatches == 2)
        try #require(plan.spans.count == 2)
        #expect(plan.spans.allSatisfy { $0.alignment.count == 1 && $0.alignment[0] != .timesFit })
        for (span, index) in zip(plan.spans, [3, 12]) {
            let times = try AlignedPlanTests.times(of: span)
            #expect(
                times.start <= truth[index].start && times.end >= truth[index].end,
                "\(Self.words[index]): \(times) against \(truth[index])")
        }
        // Without alignment "party" (given 120 ms late, and ending 120 ms early) keeps
        // refinement's times.
        let off = try Self.plan(.off, jittered: true).plan
        #expect(off.timesFit == nil)
        #expect(off.spans != plan.spans)
    }
}
