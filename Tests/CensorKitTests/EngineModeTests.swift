import CensorTestSignals
import Foundation
import Testing

@testable import CensorKit

/// What each mode does inside a span's core, and that nothing outside the modified regions changes.
@Suite struct EngineModeTests {
    static let rate = 48000
    static let frameCount = 48000

    /// Spans over one second at 48 kHz: one at the first frame, one at the last, fades of
    /// different lengths, and a one-frame fade.
    static let spans: [Span] = [
        Span(ordered: 0, start: 0, end: 300, fadeEnd: 540),
        Span(ordered: 1000, start: 1240, end: 15_640, fadeEnd: 15_880),
        Span(ordered: 20_000, start: 20_001, end: 25_000, fadeEnd: 25_100),
        Span(ordered: 30_000, start: 30_240, end: 31_000, fadeEnd: 31_240),
        Span(ordered: 47_000, start: 47_240, end: 48_000, fadeEnd: 48_000),
    ]

    /// Per-channel levels of the test noise; six channels, from loud to quiet.
    static let channelAmplitudes = [0.5, 0.3, 0.1, 0.05, 0.2, 0.4]

    static func input(channels: Int, seed: UInt64 = 0xC0FFEE) -> [Float] {
        Signals.noise(frames: frameCount, channels: channels, amplitudes: channelAmplitudes, seed: seed)
    }

    /// Renders `spans` over `samples` in one block, measuring beep levels the way ``Censor`` does.
    static func render(_ samples: [Float], channels: Int, mode: CensorMode, spans: [Span] = spans) throws -> [Float] {
        var amplitudes: [[Float]] = []
        var fades: [BeepFade] = []
        if case let .beep(beep) = mode {
            var source = InterleavedBuffer(samples: samples, channelCount: channels)
            amplitudes = try BeepLevels.amplitudes(for: spans, beep: beep, in: &source)
            fades = try BeepLevels.fades(for: spans, amplitudes: amplitudes, in: &source)
        }
        var engine = try CensorEngine(
            spans: spans, mode: mode, channelCount: channels, sampleRate: rate, beepAmplitudes: amplitudes,
            beepFades: fades)
        var output = samples
        engine.process(&output, firstFrame: 0)
        return output
    }

    /// The frames outside every span's modified region.
    static func untouchedFrames(_ spans: [Span], frameCount: Int) -> [Int] {
        (0..<frameCount).filter { frame in !spans.contains { $0.modified.contains(frame) } }
    }

    static let channelCounts = [1, 2, 6]

    // MARK: - Mute

    @Test("mute and a beep name the spans' cores within a block as replaced; duck none")
    func replacedRuns() throws {
        for mode in [CensorMode.mute, .beep(try Beep(frequency: 1000, level: .peak(dBFS: -6)))] {
            let engine = try CensorEngine(spans: Self.spans, mode: mode, channelCount: 2, sampleRate: Self.rate)
            #expect(engine.replacedRuns(in: 0..<16_384) == [0..<300, 1240..<15_640])
            #expect(engine.replacedRuns(in: 15_000..<30_500) == [15_000..<15_640, 20_001..<25_000, 30_240..<30_500])
            #expect(engine.replacedRuns(in: 31_000..<47_240) == [])
            #expect(engine.replacedRuns(in: 47_000..<48_000) == [47_240..<48_000])
        }
        let duck = try CensorEngine(spans: Self.spans, mode: .duck(gainDB: -30), channelCount: 2, sampleRate: Self.rate)
        #expect(duck.replacedRuns(in: 0..<48_000) == [])
    }

    @Test(
        "whatever the replaced runs hold, mute and a beep give the same block: the input there is not needed",
        arguments: channelCounts)
    func replacedRunsNotRead(channels: Int) throws {
        let input = Self.input(channels: channels)
        for mode in [CensorMode.mute, .beep(try Beep(frequency: 1000, level: .peak(dBFS: -6)))] {
            // The beep's level is fixed and its fades given: nothing is measured from the audio.
            func engine() throws -> CensorEngine {
                try CensorEngine(spans: Self.spans, mode: mode, channelCount: channels, sampleRate: Self.rate)
            }
            var garbled = input
            for run in try engine().replacedRuns(in: 0..<Self.frameCount) {
                for index in (run.lowerBound * channels)..<(run.upperBound * channels) { garbled[index] = .nan }
            }
            #expect(garbled.contains { $0.isNaN })
            var (expected, output) = (input, garbled)
            var first = try engine(), second = try engine()
            first.process(&expected, firstFrame: 0)
            second.process(&output, firstFrame: 0)
            #expect(Signals.bits(output) == Signals.bits(expected))
        }
    }

    @Test("mute writes +0.0 (not −0.0) to every sample of every core", arguments: channelCounts)
    func muteIsDigitalSilence(channels: Int) throws {
        let input = Self.input(channels: channels)
        #expect(input.contains { $0 < 0 }, "the test needs negative samples, which × 0 would give −0.0")
        let output = try Self.render(input, channels: channels, mode: .mute)
        for span in Self.spans {
            let core = Array(output[(span.start * channels)..<(span.end * channels)])
            #expect(Signals.bits(core).allSatisfy { $0 == 0 }, "core \(span.core) is not all +0.0")
        }
    }

    // MARK: - Duck

    static let duckGains: [Double] = [-0.5, -6, -20, -30, -60, -120]

    @Test("duck multiplies every core sample by exactly Float(10^(dB/20))", arguments: duckGains, channelCounts)
    func duckIsExactGain(gainDB: Double, channels: Int) throws {
        let input = Self.input(channels: channels)
        let output = try Self.render(input, channels: channels, mode: .duck(gainDB: gainDB))
        let gain = Float(pow(10, gainDB / 20))
        var mismatches = 0
        for span in Self.spans {
            for index in (span.start * channels)..<(span.end * channels)
            where output[index].bitPattern != (input[index] * gain).bitPattern {
                mismatches += 1
            }
        }
        #expect(mismatches == 0, "\(mismatches) core samples differ from input × \(gain)")
    }

    @Test("duck fades move monotonically from unity to the gain and back, symmetric, never beyond either")
    func duckFadesAreMonotonic() throws {
        let span = Span(ordered: 100, start: 340, end: 1000, fadeEnd: 1240)
        let input = [Float](repeating: 0.5, count: 2000)
        let output = try Self.render(input, channels: 1, mode: .duck(gainDB: -30), spans: [span])
        let gain = Float(pow(10, -30.0 / 20))
        let fadeIn = (span.fadeStart..<span.start).map { output[$0] / 0.5 }
        let fadeOut = (span.end..<span.fadeEnd).map { output[$0] / 0.5 }
        #expect(zip(fadeIn, fadeIn.dropFirst()).allSatisfy { $0 > $1 }, "fade in is not strictly falling")
        #expect(zip(fadeOut, fadeOut.dropFirst()).allSatisfy { $0 < $1 }, "fade out is not strictly rising")
        #expect(fadeIn.allSatisfy { $0 < 1 && $0 > gain })
        #expect(fadeOut.allSatisfy { $0 < 1 && $0 > gain })
        #expect(zip(fadeIn, fadeOut.reversed()).allSatisfy { abs($0 - $1) <= 1e-6 }, "fades are not mirror images")
        // A raised cosine starts and ends flat: the first and last steps are far smaller than the middle one.
        let steps = zip(fadeIn, fadeIn.dropFirst()).map { $0 - $1 }
        #expect(steps.first! < steps[steps.count / 2] / 20)
        #expect(steps.last! < steps[steps.count / 2] / 20)
    }

    // MARK: - Untouched

    static let allModes: [CensorMode] = [
        .mute, .duck(gainDB: -30), .beep(Beep()), .beep(try! Beep(frequency: 440, level: .peak(dBFS: -6))),
    ]

    @Test("outside every modified region the output is bit-identical to the input", arguments: allModes, channelCounts)
    func untouchedIsIdentical(mode: CensorMode, channels: Int) throws {
        let input = Self.input(channels: channels)
        let output = try Self.render(input, channels: channels, mode: mode)
        let untouched = Self.untouchedFrames(Self.spans, frameCount: Self.frameCount)
        #expect(untouched.count == 48000 - 540 - 14_880 - 5100 - 1240 - 1000)
        var changed = 0
        for frame in untouched {
            for channel in 0..<channels
            where output[frame * channels + channel].bitPattern != input[frame * channels + channel].bitPattern {
                changed += 1
            }
        }
        #expect(changed == 0, "\(changed) untouched samples changed")
        // And the spans did change their cores, so the comparison above is not vacuous.
        for span in Self.spans {
            #expect(
                output[(span.start * channels)..<(span.end * channels)]
                    != input[(span.start * channels)..<(span.end * channels)])
        }
    }

    // MARK: - Beep

    @Test(
        "a beep's core is a tone at the beep frequency on every channel",
        arguments: [1000.0, 440.0], channelCounts)
    func beepFrequency(frequency: Double, channels: Int) throws {
        let input = Self.input(channels: channels)
        let output = try Self.render(input, channels: channels, mode: .beep(try Beep(frequency: frequency)))
        let span = Self.spans[1]
        for channel in Set([0, channels - 1]) {
            let core = Signals.channel(channel, of: output, channels: channels, frames: span.core)
            let peak = Signals.spectralPeak(core, sampleRate: Self.rate, from: 100, to: 4000, step: 5)
            #expect(abs(peak - frequency) <= 2.5, "channel \(channel) peaks at \(peak) Hz")
            // Nothing else: the tone holds nearly all of the core's power.
            let tonePower = Signals.goertzelPower(core, frequency: frequency, sampleRate: Self.rate)
            let offPower = Signals.goertzelPower(core, frequency: frequency * 1.5, sampleRate: Self.rate)
            #expect(offPower < tonePower * 1e-6)
        }
    }

    @Test("a matched beep has each channel's RMS of the audio it replaces, within 1%", arguments: channelCounts)
    func matchedBeepRMS(channels: Int) throws {
        let input = Self.input(channels: channels)
        let output = try Self.render(input, channels: channels, mode: .beep(Beep()))
        for span in Self.spans where span.core.count >= 760 {
            for channel in 0..<channels {
                let before = Signals.rms(Signals.channel(channel, of: input, channels: channels, frames: span.core))
                let after = Signals.rms(Signals.channel(channel, of: output, channels: channels, frames: span.core))
                #expect(
                    abs(after / before - 1) < 0.01, "span \(span.core) channel \(channel): RMS \(after) vs \(before)")
            }
        }
    }

    @Test("a fixed-level beep peaks at 10^(dBFS/20) on every channel", arguments: [0.0, -1, -6, -20, -40])
    func fixedLevelPeak(dBFS: Double) throws {
        let channels = 2
        let input = Self.input(channels: channels)
        let output = try Self.render(
            input, channels: channels, mode: .beep(try Beep(frequency: 440, level: .peak(dBFS: dBFS))))
        let expected = pow(10, dBFS / 20)
        let span = Self.spans[1]
        for channel in 0..<channels {
            let peak = Signals.peak(Signals.channel(channel, of: output, channels: channels, frames: span.core))
            #expect(abs(peak - expected) <= 1e-4, "channel \(channel) peaks at \(peak), expected \(expected)")
        }
    }

    @Test("a matched beep never exceeds Beep.maximumPeak, even replacing full-scale audio", arguments: channelCounts)
    func matchedBeepNeverClips(channels: Int) throws {
        // A full-scale square wave: RMS 1, so a matched sine would need a peak of √2.
        let input = (0..<(Self.frameCount * channels)).map { ($0 / channels / 37) % 2 == 0 ? Float(1) : -1 }
        let output = try Self.render(input, channels: channels, mode: .beep(Beep()))
        for span in Self.spans {
            let core = output[(span.start * channels)..<(span.end * channels)]
            let peak = Signals.peak(core)
            #expect(peak <= Double(Beep.maximumPeak), "core \(span.core) peaks at \(peak)")
            if span.core.count >= 48 {  // a whole 1 kHz period: the cap itself is reached
                #expect(peak >= Double(Beep.maximumPeak) * 0.999)
            }
        }
    }

    /// Loud inputs a matched beep replaces: a full-scale square wave (RMS 1) and a 220 Hz sine
    /// peaking at −1 dBFS (a normalized recording).
    static let loudInputs: [(String, Double)] = [("full-scale square", 0), ("220 Hz sine at −1 dBFS", -1)]

    /// docs/ARCHITECTURE.md: the beep is "never clipping". Equal-power gains sum to up to √2, so in the
    /// crossfades loud audio plus a tone capped at −1 dBFS can still pass full scale.
    @Test("a matched beep's crossfades do not push loud audio past full scale", arguments: loudInputs)
    func beepCrossfadeNeverClips(name: String, dBFS: Double) throws {
        let channels = 1
        let input: [Float] =
            dBFS == 0
            ? (0..<Self.frameCount).map { ($0 / 37) % 2 == 0 ? Float(1) : -1 }
            : Signals.sine(
                frequency: 220, sampleRate: Self.rate, frames: Self.frameCount, amplitude: pow(10, dBFS / 20))
        let output = try Self.render(input, channels: channels, mode: .beep(Beep()))
        let peaks = Self.spans.map { Signals.peak(output[$0.modified]) }
        #expect(peaks.allSatisfy { $0 <= 1 }, "\(name): modified regions peak at \(peaks)")
    }

    /// (span, frequency, level): spans starting at the file's first frame, mid-file with a fade,
    /// and a long one crossing many of the oscillator's re-anchor points.
    static let phaseCases: [(Span, Double, Double)] = [
        (Span(ordered: 0, start: 0, end: 4800, fadeEnd: 5040), 1000, -6),
        (Span(ordered: 777, start: 1017, end: 40_000, fadeEnd: 40_240), 440, -6),
        (Span(ordered: 12_345, start: 12_346, end: 47_000, fadeEnd: 47_999), 1234.5, -20),
        (Span(ordered: 3, start: 503, end: 47_500, fadeEnd: 47_510), 97.0, 0),
    ]

    @Test(
        "the beep starts at phase zero at the span's fadeStart: core = A·sin(2πf(n − fadeStart)/rate)",
        arguments: phaseCases)
    func beepPhase(span: Span, frequency: Double, dBFS: Double) throws {
        let channels = 2
        let input = Self.input(channels: channels)
        let output = try Self.render(
            input, channels: channels, mode: .beep(try Beep(frequency: frequency, level: .peak(dBFS: dBFS))),
            spans: [span])
        let amplitude = Double(Float(pow(10, dBFS / 20)))
        var worst = 0.0
        for frame in span.core {
            let expected =
                amplitude * sin(2 * Double.pi * frequency * Double(frame - span.fadeStart) / Double(Self.rate))
            for channel in 0..<channels {
                worst = max(worst, abs(Double(output[frame * channels + channel]) - expected))
            }
        }
        #expect(worst <= 1e-5 * amplitude, "largest deviation from the reference sine: \(worst)")
    }

    @Test("Censor renders what the planner planned: a muted core is silent, the rest untouched")
    func censorInMemory() throws {
        let channels = 2
        let samples = Self.input(channels: channels)
        var buffer = try AudioBuffer(samples: samples, channelCount: channels, sampleRate: Self.rate)
        let match = Match(wordIndices: 0..<1, text: "damn", pattern: "damn", start: 0.3001, end: 0.4502)
        let censor = try Censor(mode: .mute)
        let plan = try censor.plan(buffer, matches: [match])
        let report = try censor.censor(&buffer, matches: [match])
        #expect(report.spans == plan.spans.map(Report.Entry.init))
        let span = try #require(plan.spans.first)
        #expect(plan.spans.count == 1)
        #expect(span.start <= 14_404 && span.end >= 21_610)
        #expect(span.fadeStart == span.start - 240 && span.fadeEnd == span.end + 240)
        #expect(Signals.bits(buffer.samples[(span.start * channels)..<(span.end * channels)]).allSatisfy { $0 == 0 })
        var changed = 0
        for frame in Self.untouchedFrames(plan.spans.map(\.span), frameCount: Self.frameCount) {
            for channel in 0..<channels
            where buffer.samples[frame * channels + channel].bitPattern
                != samples[frame * channels + channel].bitPattern
            {
                changed += 1
            }
        }
        #expect(changed == 0)
    }
}
