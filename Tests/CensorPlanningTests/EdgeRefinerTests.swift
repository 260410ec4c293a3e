import CensorTestSignals
import Foundation
import Testing

@testable import CensorPlanning

/// Edge refinement on synthetic signals with known onsets: harmonic tone bursts ("words") in
/// silence or seeded noise.
@Suite struct EdgeRefinerTests {
    static func refine(
        _ samples: [Float], sampleRate: Int, start: Double, end: Double, window: Double = 0.15, channels: Int = 1
    ) throws -> TimeRange {
        var refiner = EdgeRefiner(sampleRate: sampleRate, window: window)
        var audio = InterleavedBuffer(samples: samples, channelCount: channels)
        return try refiner.refine(start: start, end: end, in: &audio)
    }

    // MARK: - Edges land on the sound

    /// (sample rate, background level dBFS or nil for silence, start error s, end error s).
    static let burstCases: [(Int, Double?, Double, Double)] = [
        (48000, nil, 0.10, -0.10), (48000, -50, 0.12, -0.08), (44100, -40, 0.05, -0.14),
        (22050, -35, 0.14, -0.05), (16000, -45, 0.09, -0.12), (8000, -40, 0.10, -0.10),
    ]

    @Test(
        "a late start and an early end move out to within a few ms of the burst's true edges",
        arguments: burstCases)
    func edgesLandOnTheBurst(rate: Int, level: Double?, startError: Double, endError: Double) throws {
        // The burst peaks near −13 dBFS: its SNR is 22 to 37 dB over the noise, or infinite.
        var samples = Signals.background(seconds: 2.5, sampleRate: rate, level: level)
        let (onset, offset) = (1.0, 1.45)
        Signals.addBurst(to: &samples, from: onset, to: offset, sampleRate: rate)
        let refined = try Self.refine(samples, sampleRate: rate, start: onset + startError, end: offset + endError)
        // Never inside the sound (it would leak), at most 6 ms outside it.
        #expect(refined.start <= onset && refined.start >= onset - 0.006, "start \(refined.start) for onset \(onset)")
        #expect(refined.end >= offset && refined.end <= offset + 0.006, "end \(refined.end) for offset \(offset)")
    }

    @Test("a burst in one channel of a stereo recording is found as well as in mono")
    func stereoBurstInOneChannel() throws {
        let rate = 48000
        let left = Signals.background(seconds: 2, sampleRate: rate, level: -50, seed: 3)
        var right = Signals.background(seconds: 2, sampleRate: rate, level: -50, seed: 4)
        Signals.addBurst(to: &right, from: 0.8, to: 1.2, sampleRate: rate)
        let stereo = zip(left, right).flatMap { [$0, $1] }
        let refined = try Self.refine(stereo, sampleRate: rate, start: 0.9, end: 1.1, channels: 2)
        #expect(refined.start <= 0.8 && refined.start >= 0.794)
        #expect(refined.end >= 1.2 && refined.end <= 1.206)
    }

    @Test("a burst in antiphase in the two channels (one polarity-inverted) is found as in mono")
    func antiphaseBurst() throws {
        let rate = 48000
        let noise = Signals.background(seconds: 2, sampleRate: rate, level: -50, seed: 3)
        var left = noise
        Signals.addBurst(to: &left, from: 0.8, to: 1.2, sampleRate: rate)
        let right = zip(left, noise).map { -$0 + $1 - $1 * 0.5 }  // the burst inverted, the noise partly
        let stereo = zip(left, right).flatMap { [$0, $1] }
        var audio = InterleavedBuffer(samples: stereo, channelCount: 2)
        #expect(try ChannelMix(for: &audio).weights == [0.5, -0.5])
        let refined = try Self.refine(stereo, sampleRate: rate, start: 0.9, end: 1.1, channels: 2)
        #expect(refined.start <= 0.8 && refined.start >= 0.794)
        #expect(refined.end >= 1.2 && refined.end <= 1.206)
    }

    @Test("channels in phase, or unrelated, are mixed as their plain mean")
    func plainMean() throws {
        let rate = 16000
        let first = Signals.background(seconds: 3, sampleRate: rate, level: -30, seed: 8)
        let other = Signals.background(seconds: 3, sampleRate: rate, level: -30, seed: 9)
        var inPhase = InterleavedBuffer(samples: zip(first, other).flatMap { [$0, $0 * 0.7, $1] }, channelCount: 3)
        #expect(try ChannelMix(for: &inPhase).weights == [1 / 3, 1 / 3, 1 / 3])
        var short = InterleavedBuffer(samples: [0.5, -0.5, 0.25, -0.25], channelCount: 2)
        #expect(try ChannelMix(for: &short).weights == [0.5, -0.5])
        var mono = InterleavedBuffer(samples: first, channelCount: 1)
        #expect(try ChannelMix(for: &mono).weights == [1])
    }

    // MARK: - Never worse

    @Test(
        "exact times stay exactly as given: no edge moves for a burst that starts and ends on them",
        arguments: [48000, 44100, 22050, 16000])
    func exactTimesStay(rate: Int) throws {
        var samples = Signals.background(seconds: 2, sampleRate: rate, level: -45)
        Signals.addBurst(to: &samples, from: 0.7, to: 1.05, sampleRate: rate)
        let refined = try Self.refine(samples, sampleRate: rate, start: 0.7, end: 1.05)
        #expect(refined.start == 0.7)
        #expect(refined.end == 1.05)
    }

    @Test("the refined range always contains the given one, whatever the times and the audio")
    func refinedContainsGiven() throws {
        let rate = 16000
        var samples = Signals.background(seconds: 6, sampleRate: rate, level: -40, seed: 99)
        for (start, end) in [(0.4, 0.7), (0.85, 1.3), (1.38, 1.6), (2.5, 3.4), (3.5, 3.6), (4.4, 5.5)] {
            Signals.addBurst(to: &samples, from: start, to: end, fundamental: 120 + 100 * start, sampleRate: rate)
        }
        var random = Signals.Random(seed: 5)
        var moved = 0
        for _ in 0..<200 {
            let start = 0.1 + Double(random.next() % 5500) / 1000
            let end = start + 0.03 + Double(random.next() % 600) / 1000
            let refined = try Self.refine(samples, sampleRate: rate, start: start, end: end)
            #expect(
                refined.start <= start && refined.end >= end, "\(start)–\(end) became \(refined.start)–\(refined.end)")
            #expect(start - refined.start <= 0.15 + 1e-9 && refined.end - end <= 0.15 + 1e-9)
            if refined != TimeRange(start, end) { moved += 1 }
        }
        #expect(moved > 50, "only \(moved) of 200 ranges moved")
    }

    // MARK: - Silence, noise, steady sound

    /// (background level dBFS or nil for silence, seed).
    static let quietCases: [(Double?, UInt64)] = [(nil, 1), (-60, 2), (-30, 3), (-10, 4)]

    @Test("silence and steady noise move no edge", arguments: quietCases)
    func silenceAndNoiseStay(level: Double?, seed: UInt64) throws {
        let samples = Signals.background(seconds: 3, sampleRate: 48000, level: level, seed: seed)
        for (start, end) in [(0.2, 0.5), (1.0, 1.6), (2.3, 2.9), (0.0, 3.0)] {
            let refined = try Self.refine(samples, sampleRate: 48000, start: start, end: end)
            #expect(refined == TimeRange(start, end))
        }
    }

    @Test("a steady tone moves no edge")
    func steadyToneStays() throws {
        let samples = Signals.sine(frequency: 440, sampleRate: 44100, frames: 3 * 44100, amplitude: 0.5)
        let refined = try Self.refine(samples, sampleRate: 44100, start: 1.0, end: 1.4)
        #expect(refined == TimeRange(1.0, 1.4))
    }

    @Test("sound that goes on past the window takes the edge to the window's limit, no further")
    func soundBeyondTheWindow() throws {
        let rate = 22050
        var samples = Signals.background(seconds: 3, sampleRate: rate, level: -50)
        Signals.addBurst(to: &samples, from: 0.8, to: 1.5, sampleRate: rate)
        let refined = try Self.refine(samples, sampleRate: rate, start: 1.0, end: 1.3, window: 0.15)
        // The window is 3308 frames (150 ms, rounded to the frame).
        #expect(refined.start == 1.0 - 3308.0 / 22050)
        #expect(refined.end == 1.3 + 3308.0 / 22050)
    }

    @Test("in speech without pauses the edge stops in the nearest dip within the window")
    func connectedSpeechStopsInADip() throws {
        let rate = 22050
        var samples = Signals.background(seconds: 4, sampleRate: rate, level: -50)
        // Words of 120 ms with 80 ms gaps between them (shorter than a closure), 0.9 s to 2.5 s.
        for word in 0..<8 {
            let start = 0.9 + 0.2 * Double(word)
            Signals.addBurst(
                to: &samples, from: start, to: start + 0.12, fundamental: 150 + 10 * Double(word),
                sampleRate: rate)
        }
        // Within 150 ms before 1.55 s the gap at 1.42–1.50; within 150 ms after 1.78 s the gap at 1.82–1.90.
        let refined = try Self.refine(samples, sampleRate: rate, start: 1.55, end: 1.78, window: 0.15)
        #expect(refined.start >= 1.415)
        #expect(refined.start <= 1.505)
        #expect(refined.end >= 1.815)
        #expect(refined.end <= 1.905)
    }

    // MARK: - Neighbours

    @Test("an edge stops at a pause: the neighbouring word across it is not taken in")
    func stopsAtAPause() throws {
        let rate = 16000
        var samples = Signals.background(seconds: 3, sampleRate: rate, level: -45)
        Signals.addBurst(to: &samples, from: 0.5, to: 0.9, fundamental: 140, sampleRate: rate)  // neighbour before
        Signals.addBurst(to: &samples, from: 1.05, to: 1.4, fundamental: 200, sampleRate: rate)  // the word
        Signals.addBurst(to: &samples, from: 1.55, to: 2.0, fundamental: 160, sampleRate: rate)  // neighbour after
        // Times 100 ms late: the start moves back to the word, the end (in the pause) stays.
        let late = try Self.refine(samples, sampleRate: rate, start: 1.15, end: 1.5)
        #expect(late.start <= 1.05 && late.start >= 1.044)
        #expect(late.end == 1.5)
        // Times 100 ms early: the start (in the pause) stays, the end moves to the word's end.
        let early = try Self.refine(samples, sampleRate: rate, start: 0.95, end: 1.3)
        #expect(early.start == 0.95)
        #expect(early.end >= 1.4 && early.end <= 1.406)
    }

    @Test("a given range in a pause takes in the nearest sound within the window")
    func rangeInAPause() throws {
        let rate = 16000
        var samples = Signals.background(seconds: 3, sampleRate: rate, level: -45)
        Signals.addBurst(to: &samples, from: 1.0, to: 1.12, sampleRate: rate)
        // The transcript puts a short word 40 ms after the sound ended.
        let refined = try Self.refine(samples, sampleRate: rate, start: 1.16, end: 1.3, window: 0.2)
        #expect(refined.start <= 1.0 && refined.start >= 0.994)
        #expect(refined.end == 1.3)
    }

    @Test(
        "the stretch analysed lies on quarter seconds, reaches the window and half a second past the match, and is one for matches in one quarter second",
        arguments: [16_000, 44_100, 48_000])
    func analysisStretch(rate: Int) throws {
        let refiner = EdgeRefiner(sampleRate: rate, window: 0.15)
        let step = rate / 4, reach = 0.65 * Double(rate)
        let frameCount = 600 * rate
        var seen: Set<Range<Int>> = []
        // Short words every 50 ms through two seconds: one stretch per quarter second a word starts in
        // (and one more for a word that ends in the next).
        for index in 0..<40 {
            let start = Double(10 * rate) + Double(index) * 0.05 * Double(rate)
            let given = (start, start + 0.015 * Double(rate))
            let range = try #require(refiner.analysisRange(given, frameCount: frameCount))
            #expect(range.lowerBound % step == 0 && range.upperBound % step == 0)
            #expect(Double(range.lowerBound) <= given.0 - reach && Double(range.upperBound) >= given.1 + reach)
            #expect(
                Double(range.lowerBound) > given.0 - reach - Double(2 * step),
                "at most the reach to the next step, and a step")
            seen.insert(range)
        }
        #expect(seen.count <= 10)
        // Clamped to the file at both ends.
        #expect(
            refiner.analysisRange((0.1 * Double(rate), 0.2 * Double(rate)), frameCount: frameCount)?.lowerBound == 0)
        #expect(
            refiner.analysisRange((Double(frameCount) - 100, Double(frameCount) - 10), frameCount: frameCount)?
                .upperBound == frameCount)
    }
}
