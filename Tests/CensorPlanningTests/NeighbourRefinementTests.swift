import CensorTestSignals
import Foundation
import Testing

@testable import CensorPlanning

/// Edge refinement weighing the transcript's neighbouring words: synthetic "words" (harmonic
/// bursts of different pitch) with known edges.
@Suite struct NeighbourRefinementTests {
    static let rate = 16000

    static func words(_ times: [(Double, Double)], shift: Double = 0) -> [Word] {
        times.enumerated().map { Word(text: "w\($0.offset)", start: $0.element.0 + shift, end: $0.element.1 + shift) }
    }

    static func match(_ index: Int, of words: [Word]) -> Match {
        Match(
            wordIndices: index..<(index + 1), text: words[index].text, pattern: words[index].text,
            start: words[index].start, end: words[index].end)
    }

    /// "A [n] B" spoken without a pause: three bursts back to back, the middle one 150 ms.
    static func connected() -> [Float] {
        var samples = Signals.background(seconds: 2, sampleRate: rate, level: -50)
        Signals.addBurst(to: &samples, from: 0.5, to: 0.8, fundamental: 140, sampleRate: rate)
        Signals.addBurst(to: &samples, from: 0.8, to: 0.95, fundamental: 210, sampleRate: rate)
        Signals.addBurst(to: &samples, from: 0.95, to: 1.25, fundamental: 170, sampleRate: rate)
        return samples
    }

    @Test("two censored words one short word apart, exact times: the word between them is untouched")
    func shortNeighbourBetweenCensoredWords() throws {
        let words = Self.words([(0.5, 0.8), (0.8, 0.95), (0.95, 1.25)])
        let options = try PlanOptions(padBefore: 0, padAfter: 0, crossfade: 0.005, snapWindow: 0)
        var audio = InterleavedBuffer(samples: Self.connected(), channelCount: 1)
        let matches = [Self.match(0, of: words), Self.match(2, of: words)]
        let plan = try Planner(options: options, transcriptWords: words).plan(
            matches, sampleRate: Self.rate, audio: &audio)
        // Two spans; each edge runs at most 10 ms (and the 5 ms fade) into the neighbour
        // at 0.80–0.95 s: frames 13040..<14960 of its 12800..<15200 are untouched.
        #expect(plan.spans.count == 2)
        #expect(plan.spans[0].fadeEnd <= 13_040)
        #expect(plan.spans[1].fadeStart >= 14_960)
    }

    @Test(
        "without the transcript's words the same sound takes the edge to the window's limit, swallowing the neighbour")
    func withoutNeighboursTheWindowLimits() throws {
        let words = Self.words([(0.5, 0.8), (0.8, 0.95), (0.95, 1.25)])
        let options = try PlanOptions(padBefore: 0, padAfter: 0, crossfade: 0.005, snapWindow: 0)
        var audio = InterleavedBuffer(samples: Self.connected(), channelCount: 1)
        let matches = [Self.match(0, of: words), Self.match(2, of: words)]
        let plan = try Planner(options: options).plan(matches, sampleRate: Self.rate, audio: &audio)
        // 150 ms windows from 0.80 and 0.95 s overlap: one merged span over the neighbour.
        #expect(plan.spans.count == 1)
        #expect(plan.spans[0].start <= 8_000)
        #expect(plan.spans[0].end >= 20_000)
    }

    @Test("the aggressive strategy may run to the middle of the neighbour, no further")
    func aggressiveStopsAtTheMiddle() throws {
        let words = Self.words([(0.5, 0.8), (0.8, 0.95), (0.95, 1.25)])
        var refiner = EdgeRefiner(sampleRate: Self.rate, window: 0.15)
        refiner.strategy = .aggressive
        var audio = InterleavedBuffer(samples: Self.connected(), channelCount: 1)
        let planner = Planner(transcriptWords: words)
        let refined = try refiner.refine(
            start: 0.5, end: 0.8, context: planner.context(of: Self.match(0, of: words)), in: &audio)
        #expect(refined.start == 0.5)
        #expect(refined.end > 0.8 && refined.end <= 0.875)
    }

    @Test(
        "a transcript word's edge runs up to 10 ms into the neighbour; an aligned word's stops at the aligned neighbour's"
    )
    func alignedNeighboursAreNotEntered() throws {
        let words = Self.words([(0.5, 0.8), (0.8, 0.95), (0.95, 1.25)])
        let planner = Planner(transcriptWords: words)
        var context = planner.context(of: Self.match(0, of: words))
        var audio = InterleavedBuffer(samples: Self.connected(), channelCount: 1)
        var refiner = EdgeRefiner(sampleRate: Self.rate, window: 0.15)
        let given = try refiner.refine(start: 0.5, end: 0.8, context: context, in: &audio)
        #expect(given.end > 0.8 && given.end <= 0.81)
        context.isAligned = true
        refiner = EdgeRefiner(sampleRate: Self.rate, window: 0.15)
        #expect(try refiner.refine(start: 0.5, end: 0.8, context: context, in: &audio).end == 0.8)
        // The planner marks the matches the aligner placed.
        var aligned = planner
        aligned.alignedMatches = [0]
        let matches = [Self.match(0, of: words)]
        #expect(try planner.refinedTimes(matches, sampleRate: Self.rate, audio: &audio)[0]?.end == given.end)
        #expect(try aligned.refinedTimes(matches, sampleRate: Self.rate, audio: &audio)[0]?.end == 0.8)
    }

    @Test("an edge inside the word moves to the nearest boundary, not the outermost dip in the window")
    func nearestBoundary() throws {
        var samples = Signals.background(seconds: 2, sampleRate: Self.rate, level: -50)
        Signals.addBurst(to: &samples, from: 0.62, to: 0.76, fundamental: 150, sampleRate: Self.rate)
        Signals.addBurst(to: &samples, from: 0.80, to: 0.96, fundamental: 190, sampleRate: Self.rate)
        Signals.addBurst(to: &samples, from: 1.0, to: 1.3, fundamental: 230, sampleRate: Self.rate)
        var refiner = EdgeRefiner(sampleRate: Self.rate, window: 0.4)
        var audio = InterleavedBuffer(samples: samples, channelCount: 1)
        // Given start 60 ms late: the word's onset at 1.0 s, not the gap at 0.76–0.80 s.
        let refined = try refiner.refine(start: 1.06, end: 1.3, in: &audio)
        #expect(refined.start >= 0.985 && refined.start <= 1.0)
        #expect(refined.end == 1.3)
    }

    @Test(
        "a transcript 120 ms late as a whole is re-placed by its pauses: a short word before its given time is caught")
    func lateTranscriptIsReplaced() throws {
        let truth = [(0.3, 0.5), (0.62, 0.82), (0.9, 0.96), (1.04, 1.3), (1.45, 1.6), (1.8, 2.0)]
        var samples = Signals.background(seconds: 2.6, sampleRate: Self.rate, level: -50)
        for (index, word) in truth.enumerated() {
            Signals.addBurst(
                to: &samples, from: word.0, to: word.1, fundamental: 140 + 25 * Double(index),
                sampleRate: Self.rate)
        }
        let words = Self.words(truth, shift: 0.12)
        var refiner = EdgeRefiner(sampleRate: Self.rate, window: 0.15)
        var audio = InterleavedBuffer(samples: samples, channelCount: 1)
        let context = Planner(transcriptWords: words).context(of: Self.match(2, of: words))
        let refined = try refiner.refine(start: 1.02, end: 1.08, context: context, in: &audio)
        // The word at 0.90–0.96 s is covered; the given range is kept.
        #expect(refined.start <= 0.905)
        #expect(refined.end >= 1.08)
    }
}
