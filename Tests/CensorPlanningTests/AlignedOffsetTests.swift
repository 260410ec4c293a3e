import Foundation
import Testing

@testable import CensorPlanning

/// The transcript's offset as a whole, measured from the aligned windows
/// (``Planner/alignedOffset(_:words:)``): the median of the aligned words' middles against their
/// transcript times, none below four words, within the 40 ms the aligner's edges agree to, or within
/// three of its standard errors.
@Suite struct AlignedOffsetTests {
    /// Ten words of 200 ms, 50 ms apart, from 1 s.
    static let words = (0..<10).map { index in
        Word(text: "word\(index)", start: 1 + 0.25 * Double(index), end: 1.2 + 0.25 * Double(index))
    }

    /// The aligned times of `words[window]`, each moved by its entry of `moves`.
    static func aligned(_ window: Range<Int>, moves: [Double]) -> (
        window: Range<Int>, times: [(start: Double, end: Double)?]
    ) {
        (window, zip(window, moves).map { (words[$0].start + $1, words[$0].end + $1) })
    }

    @Test("a transcript 120 ms late: the words are aligned 120 ms earlier, one misplaced word aside")
    func late() {
        let windows = [
            Self.aligned(0..<5, moves: [-0.12, -0.11, -0.13, 0.4, -0.12]),
            Self.aligned(5..<8, moves: [-0.12, -0.125, -0.115]),
        ]
        #expect(abs(Planner.alignedOffset(windows, words: Self.words) + 0.12) < 1e-9)
    }

    @Test("a word aligned in two windows counts once, with the later window's times")
    func laterWindowWins() {
        let windows = [Self.aligned(0..<3, moves: [0.1, 0.1, 0.1]), Self.aligned(2..<4, moves: [0.2, 0.2])]
        // Differences 0.1, 0.1, 0.2, 0.2: the median 0.15 (deviations all 0.05: standard error 0.046,
        // three of them 0.14).
        #expect(abs(Planner.alignedOffset(windows, words: Self.words) - 0.15) < 1e-9)
    }

    @Test("edges off independently (jitter): the median stays within 40 ms, so no offset")
    func jitter() {
        let windows = [Self.aligned(0..<7, moves: [0.09, -0.12, 0.03, -0.02, 0.13, -0.08, 0.01])]
        #expect(Planner.alignedOffset(windows, words: Self.words) == 0)
    }

    @Test("a median of 35 ms is none, of 45 ms is one; three words say nothing")
    func limits() {
        #expect(
            Planner.alignedOffset([Self.aligned(0..<4, moves: [0.035, 0.035, 0.035, 0.035])], words: Self.words) == 0)
        #expect(
            abs(
                Planner.alignedOffset([Self.aligned(0..<4, moves: [0.045, 0.045, 0.045, 0.045])], words: Self.words)
                    - 0.045) < 1e-9)
        #expect(Planner.alignedOffset([Self.aligned(0..<3, moves: [0.2, 0.2, 0.2])], words: Self.words) == 0)
    }

    @Test("a median past 40 ms but within three standard errors (a wide spread) is none")
    func spread() {
        // Median 0.1, absolute deviations 0.1, 0.1, 0, 0.1, 0.1: their median 0.1, so the standard
        // error is 1.2533 × 1.4826 × 0.1 / √5 = 0.083, three of them 0.25.
        #expect(Planner.alignedOffset([Self.aligned(0..<5, moves: [0, 0.2, 0.1, 0, 0.2])], words: Self.words) == 0)
        // The same median with a narrow spread (deviations 0.01): taken.
        let narrow = Planner.alignedOffset(
            [Self.aligned(0..<5, moves: [0.09, 0.11, 0.1, 0.09, 0.11])], words: Self.words)
        #expect(abs(narrow - 0.1) < 1e-9)
    }

    @Test("skipped words (nil) and words with estimated times are not counted")
    func skippedAndEstimated() {
        var words = Self.words
        for index in 3..<6 { words[index].isTimeEstimated = true }
        let windows: [(window: Range<Int>, times: [(start: Double, end: Double)?])] = [
            (window: 0..<6, times: [nil, (1.4, 1.6), (1.65, 1.85), (1.9, 2.1), (2.15, 2.35), (2.4, 2.6)])
        ]
        // Counted: words 1 and 2 (+0.15 each); 0 is skipped, 3–5 are estimated: too few.
        #expect(Planner.alignedOffset(windows, words: words) == 0)
        let more = windows + [Self.aligned(6..<8, moves: [0.15, 0.15])]
        #expect(abs(Planner.alignedOffset(more, words: words) - 0.15) < 1e-9)
    }

    @Test("the share of aligned edges within 40 ms of the transcript's, moved by the offset")
    func agreement() {
        // Word 0: both edges 10 ms off; word 1: start 100 ms off; word 2: both 60 ms off.
        let windows: [(window: Range<Int>, times: [(start: Double, end: Double)?])] =
            [(0..<3, [(1.01, 1.21), (1.35, 1.45), (1.56, 1.76)])]
        #expect(Planner.agreement(windows, words: Self.words, offset: 0) == (3.0 / 6.0, 6))
        // The same words aligned 120 ms earlier, for a transcript 120 ms late: the same share.
        let early: [(window: Range<Int>, times: [(start: Double, end: Double)?])] =
            [(0..<3, [(0.89, 1.09), (1.23, 1.33), (1.44, 1.64)])]
        #expect(Planner.agreement(early, words: Self.words, offset: -0.12).share == 3.0 / 6.0)
        // Without it only word 1's start (1.23 for 1.25) agrees.
        #expect(Planner.agreement(early, words: Self.words, offset: 0).share == 1.0 / 6.0)
        #expect(Planner.agreement([], words: Self.words, offset: 0).share == 0)
        // Word 1 aligned again in a later window, both edges 10 ms off: it counts once, with
        // those times (4 of 6 edges), not as a fourth word (5 of 8).
        let again = windows + [(1..<2, [(1.26, 1.46)])]
        #expect(Planner.agreement(again, words: Self.words, offset: 0) == (4.0 / 6.0, 6))
    }

    @Test("the transcript vouches for its times when its agreeing share is above one half by two standard errors")
    func vouches() {
        // Each word's edges 10 ms (agreeing) or 100 ms (not) from the transcript's.
        func window(agreeing: Int, of count: Int) -> [(window: Range<Int>, times: [(start: Double, end: Double)?])] {
            [Self.aligned(0..<count, moves: (0..<count).map { $0 < agreeing ? 0.01 : 0.1 })]
        }
        // 12 of 12 edges.
        #expect(Planner.transcriptVouches(Planner.agreement(window(agreeing: 6, of: 6), words: Self.words, offset: 0)))
        // 16 of 20: 0.8 − 2 × 0.089 = 0.62.
        #expect(Planner.transcriptVouches(Planner.agreement(window(agreeing: 8, of: 10), words: Self.words, offset: 0)))
        // 6 of 8 agrees (0.75) but says little: 0.75 − 2 × 0.153 = 0.44.
        #expect(Planner.agreement(window(agreeing: 3, of: 4), words: Self.words, offset: 0) == (0.75, 8))
        #expect(!Planner.transcriptVouches(Planner.agreement(window(agreeing: 3, of: 4), words: Self.words, offset: 0)))
        // 6 of 12, as ±150 ms jitter gives a six-word recording now and then: 0.5 − 0.29.
        #expect(!Planner.transcriptVouches(Planner.agreement(window(agreeing: 3, of: 6), words: Self.words, offset: 0)))
        // All 20 edges, 120 ms early for a transcript 120 ms late: with the offset, yes; without, no.
        let early = [Self.aligned(0..<10, moves: [Double](repeating: -0.12, count: 10))]
        #expect(Planner.transcriptVouches(Planner.agreement(early, words: Self.words, offset: -0.12)))
        #expect(!Planner.transcriptVouches(Planner.agreement(early, words: Self.words, offset: 0)))
        #expect(!Planner.transcriptVouches(Planner.agreement([], words: Self.words, offset: 0)))
    }
}
