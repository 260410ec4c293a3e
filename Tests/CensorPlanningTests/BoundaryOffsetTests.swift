import CensorTestSignals
import Foundation
import Testing

@testable import CensorPlanning

/// The transcript's offset fitted on its word edges meeting the audio's boundaries (floor frames
/// and clear dips), besides its pauses meeting the audio's quiet frames.
@Suite struct BoundaryOffsetTests {
    static let rate = 16000

    @Test(
        "boundary frames: frames at the floor, and dips at most 0.3 of the highest activity within 80 ms on both sides")
    func boundaryFrames() {
        // 16 kHz: hop 80 samples (5 ms), so 80 ms is 16 frames.
        let refiner = EdgeRefiner(sampleRate: Self.rate, window: 0.15)
        var activity = [Float](repeating: 5, count: 60)
        activity[10] = 0.1  // at the floor (≤ 0.15)
        activity[30] = 1.5  // a dip: 1.5 ≤ 0.3 · 5
        activity[45] = 1.6  // too shallow: 1.6 > 0.3 · 5
        activity[0] = 0  // the first and last frame are never boundaries
        activity[59] = 0
        let flags = refiner.boundaryFrames(activity)
        #expect(flags.indices.filter { flags[$0] } == [10, 30])
        // A dip with a lower neighbour is not the dip's bottom.
        activity[31] = 1.0
        let moved = refiner.boundaryFrames(activity)
        #expect(moved.indices.filter { moved[$0] } == [10, 31])
    }

    @Test("edge hits: an edge counts at each shift that brings it within 10 ms (2 frames) of a boundary")
    func edgeHits() {
        let refiner = EdgeRefiner(sampleRate: Self.rate, window: 0.15)
        var boundaries = [Bool](repeating: false, count: 100)
        boundaries[50] = true
        // Edge at frame 45: within 2 frames of 50 when shifted by +3…+7 frames (indices 13…17 of −10…10).
        let hits = refiner.edgeHits([45], boundaries: boundaries, steps: 10)
        #expect(hits.count == 21)
        #expect(hits.indices.filter { hits[$0] == 1 } == Array(13...17))
        #expect(hits.reduce(0, +) == 5)
        // Two edges on the same boundary count twice where both meet it.
        let both = refiner.edgeHits([45, 47], boundaries: boundaries, steps: 10)
        #expect(both[13] == 2 && both[11] == 1 && both[18] == 0)
    }

    @Test("an offset placed by word edges is sure only when the frames alone place it and agree 4 % more there")
    func sureFromFramesAlone() {
        // Offsets −2…2 steps; the best fit (all evidence) at +1 step, 60 of 1000 more than as given.
        let agreement = [100, 100, 100, 160, 120]
        let placedByEdges = TranscriptOffsetEvidence(
            hop: 80, agreement: agreement, frames: [100, 100, 100, 110, 100],
            compared: 1000)
        #expect(placedByEdges.offset == 80)
        // The frames alone agree 10 more of 1000 there: 1 %, placed by nothing sure.
        #expect(placedByEdges.framesAlone.gain == 0.01)
        #expect(placedByEdges.framesAlone.offsets == nil)
        // Frames whose best fit lies at the end of the offsets searched say only "that much or more".
        let atTheEnd = TranscriptOffsetEvidence(
            hop: 80, agreement: agreement, frames: [100, 100, 100, 140, 150],
            compared: 1000)
        #expect(atTheEnd.offset == 80)
        #expect(atTheEnd.framesAlone.gain == 0.05)
        #expect(atTheEnd.framesAlone.offsets == nil)
        let placedByFrames = TranscriptOffsetEvidence(
            hop: 80, agreement: agreement, frames: [100, 100, 100, 150, 100],
            compared: 1000)
        #expect(placedByFrames.framesAlone.gain == 0.05)
        #expect(placedByFrames.framesAlone.offsets == 80...80)
        // Added evidence keeps the frames apart.
        #expect(placedByEdges.adding(placedByFrames).frames == [200, 200, 200, 260, 200])
    }

    /// Ten words of speech with no pause, 0.5–3.5 s, in 4 s of quiet: bursts of different pitch
    /// whose level dips to a tenth around each word boundary (±25 ms, raised cosine) — still
    /// sound to the frames' agreement, a clear dip to the boundary search.
    static let truth = [
        (0.5, 0.8), (0.8, 1.13), (1.13, 1.5), (1.5, 1.82), (1.82, 2.18), (2.18, 2.5), (2.5, 2.85),
        (2.85, 3.2), (3.2, 3.35), (3.35, 3.5),
    ]

    static func recording() -> [Float] {
        var samples = Signals.background(seconds: 4, sampleRate: rate, level: -50)
        var speech = [Float](repeating: 0, count: samples.count)
        for (index, word) in truth.enumerated() {
            Signals.addBurst(
                to: &speech, from: word.0, to: word.1, fundamental: 130 + 30 * Double(index % 4),
                sampleRate: rate)
        }
        let notch = 0.025
        for index in samples.indices {
            let time = Double(index) / Double(rate)
            let distance = truth.dropFirst().map { abs($0.0 - time) }.min()!
            let gain = distance >= notch ? 1 : 0.1 + 0.9 * (0.5 - 0.5 * cos(Double.pi * distance / notch))
            samples[index] += speech[index] * Float(gain)
        }
        return samples
    }

    @Test(
        "speech without pauses, 120 ms late or early as a whole: placed by its word edges, each censored word is wholly covered",
        arguments: [0.12, -0.12])
    func connectedSpeechShifted(shift: Double) throws {
        // The first and last word's times are estimated, so the utterance's ends are not weighed:
        // between them the frames agree as well at every offset.
        let words = Self.truth.enumerated().map {
            Word(
                text: "w\($0.offset)", start: $0.element.0 + shift, end: $0.element.1 + shift,
                isTimeEstimated: $0.offset == 0 || $0.offset == Self.truth.count - 1)
        }
        let censored = [3, 6]
        let matches = censored.map {
            Match(
                wordIndices: $0..<($0 + 1), text: words[$0].text, pattern: words[$0].text, start: words[$0].start,
                end: words[$0].end)
        }
        let options = try PlanOptions(padBefore: 0, padAfter: 0, crossfade: 0.005, snapWindow: 0)
        var audio = InterleavedBuffer(samples: Self.recording(), channelCount: 1)
        let plan = try Planner(options: options, transcriptWords: words).plan(
            matches, sampleRate: Self.rate, audio: &audio)
        try #require(plan.spans.count == 2)
        for (span, index) in zip(plan.spans, censored) {
            let (start, end) = (Int(Self.truth[index].0 * 16000), Int(Self.truth[index].1 * 16000))
            // The whole word (with the frames' agreement alone the times would stay, and the
            // neighbour's given times would stop the edge 110 ms inside the word) …
            #expect(span.start <= start && span.end >= end, "span \(span.start)..<\(span.end), word \(start)..<\(end)")
            // … and neither neighbour taken past its middle.
            let previousMiddle = Int((Self.truth[index - 1].0 + Self.truth[index - 1].1) / 2 * 16000)
            let nextMiddle = Int((Self.truth[index + 1].0 + Self.truth[index + 1].1) / 2 * 16000)
            #expect(span.start > previousMiddle && span.end < nextMiddle, "span \(span.start)..<\(span.end)")
        }
    }
}
