import CensorKit
import Foundation
import Testing

/// Inputs the pipeline fuzz target (Fuzz/, `make fuzz`) found trouble with in planning.
@Suite struct EdgeRefinerRegressionTests {
    /// Two seconds of seeded stereo noise at 8 kHz.
    static func noise() -> InterleavedBuffer {
        var state: UInt32 = 0x5EED
        let samples = (0..<32_000).map { _ -> Float in
            state = state &* 1_664_525 &+ 1_013_904_223
            return Float(Int32(bitPattern: state) >> 8) / Float(1 << 24)
        }
        return InterleavedBuffer(samples: samples, channelCount: 2)
    }

    static func match(_ start: Double, _ end: Double) -> Match {
        Match(wordIndices: 0..<1, text: "damn", pattern: "damn", start: start, end: end)
    }

    @Test(
        "a word whose finite times lie beyond Int's range in frames is planned, clamped to the audio",
        arguments: [(0.5, 1e300), (-1e300, 0.2), (-1e300, 1e300), (0.5, 1e20), (1.9, 1.0e18)])
    func extremeTimes(_ times: (Double, Double)) throws {
        // Edge refinement turned these into frames with Int(_:), which traps past Int.max.
        var audio = Self.noise()
        let plan = try Planner(options: try PlanOptions(refine: true)).plan(
            [Self.match(times.0, times.1)], sampleRate: 8_000, audio: &audio)
        for span in plan.spans {
            #expect(0 <= span.fadeStart && span.fadeStart <= span.start && span.start < span.end)
            #expect(span.end <= span.fadeEnd && span.fadeEnd <= 16_000)
        }
        #expect(plan.spans.count + plan.skipped.count == 1)
    }

    @Test("rendering such a word in memory mutes to the end of the audio and nothing past it")
    func extremeTimesRendered() throws {
        var audio = try AudioBuffer(samples: Self.noise().samples, channelCount: 2, sampleRate: 8_000)
        let report = try Censor(mode: .mute).censor(&audio, matches: [Self.match(1.5, 1e300)])
        let span = try #require(report.spans.first)
        #expect(span.endFrame == 16_000)
        #expect(audio.samples.count == 32_000)
        #expect(audio.samples[(2 * 16_000 - 2)...].allSatisfy { $0 == 0 })
    }

    @Test("matches sharing a start, the later one ending first, are refined (their audio lies inside the kept samples)")
    func nestedMatches() throws {
        // Found by the pipeline target: two WebVTT cues with the same times, both listed.
        var audio = Self.noise()
        let matches = [
            Self.match(0.5, 1.2), Match(wordIndices: 1..<2, text: "crap", pattern: "crap", start: 0.5, end: 0.9),
        ]
        let plan = try Planner(options: try PlanOptions(padBefore: 0.02, padAfter: 0.02)).plan(
            matches, sampleRate: 8_000, audio: &audio)
        #expect(plan.spans.count == 1)
        #expect(plan.spans.first?.matches.count == 2)
    }

    @Test(
        "audio at a rate too low for the speech bands is censored at the given times, not trapped",
        arguments: [168, 200, 273, 300, 640])
    func lowSampleRate(rate: Int) throws {
        // Found by the audio target: a WAV of 168 Hz, whose band ends below 120 Hz, asked
        // refinement for bins past the spectrum's end (a precondition trap).
        var audio = try AudioBuffer(
            samples: Array(Self.noise().samples.prefix(4 * rate)), channelCount: 2, sampleRate: rate)
        let report = try Censor(mode: .mute).censor(&audio, matches: [Self.match(0.5, 1.0)])
        let span = try #require(report.spans.first)
        #expect(report.spans.count == 1)
        #expect(span.startFrame <= rate / 2 && span.endFrame >= rate)
        #expect(audio.samples[(2 * span.startFrame)..<(2 * span.endFrame)].allSatisfy { $0 == 0 })
    }
}
