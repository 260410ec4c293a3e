import CensorTestSignals
import Foundation
import Testing

@testable import CensorKit

/// A beep's other sounds (``BeepSound``): a clip, pink noise and the word reversed, each in the
/// core at the tone's level rule, with the tone's fades, click-free by docs/ARCHITECTURE.md's measure.
@Suite struct BeepSoundTests {
    static let rate = 48_000

    /// A 440 Hz clip with a third harmonic, 50 ms: shorter than most spans, so it loops.
    static func clip(rate: Int = rate) throws -> SoundClip {
        let fundamental = Signals.sine(frequency: 440, sampleRate: rate, frames: rate / 20, amplitude: 0.2)
        let third = Signals.sine(frequency: 1320, sampleRate: rate, frames: rate / 20, amplitude: 0.05)
        return try SoundClip(samples: zip(fundamental, third).map { $0 + $1 }, channelCount: 1, sampleRate: rate)
    }

    /// ClickTests' half-scale 220 Hz tone with its words, censored with `beep`: the input, the
    /// output and the plan.
    static func render(_ beep: Beep, channels: Int = 1) throws -> (input: [Float], output: [Float], plan: Plan) {
        let frames = Int(ClickTests.seconds * Double(rate))
        let tone = Signals.sine(
            frequency: ClickTests.toneFrequency, sampleRate: rate, frames: frames, amplitude: 0.5,
            phase: 0.7, channels: channels)
        var buffer = try AudioBuffer(samples: tone, channelCount: channels, sampleRate: rate)
        let censor = try Censor(mode: .beep(beep))
        let plan = try censor.plan(buffer, matches: ClickTests.matches())
        _ = try censor.censor(&buffer, matches: ClickTests.matches())
        return (tone, buffer.samples, plan)
    }

    static func decibels(_ ratio: Double) -> Double { 20 * log10(ratio) }

    @Test("a clip: scaled to an RMS of 1/√2, peak known; silence and nothing refused")
    func clipScaling() throws {
        let clip = try Self.clip()
        #expect(abs(Signals.rms(clip.samples) - 0.5.squareRoot()) < 1e-6)
        #expect(clip.peak == clip.samples.map(abs).max())
        #expect(clip.loopFrames == 480)
        #expect(throws: SoundClipError.silent) {
            try SoundClip(samples: [0, 0, 0, 0], channelCount: 1, sampleRate: 8000)
        }
        #expect(throws: SoundClipError.empty) { try SoundClip(samples: [0.1], channelCount: 2, sampleRate: 8000) }
    }

    @Test("a clip plays from its start in each core, as loud as the tone it replaces, and loops")
    func clipInCore() throws {
        let clip = try Self.clip()
        let (input, output, plan) = try Self.render(try Beep(sound: .clip(clip)))
        try #require(plan.spans.count == ClickTests.words.count)
        var checked = 0
        for span in plan.spans.map(\.span) where span.end - span.start >= 2400 {
            let core = Array(output[span.core]), original = Array(input[span.core])
            // As loud as the voice: the core's RMS within 0.5 dB of the tone's it replaced (the
            // loop's equal-power crossfade of two phases of one tone is not quite steady).
            let level = Self.decibels(Signals.rms(core) / Signals.rms(original))
            #expect(abs(level) < 0.5, "span at \(span.start): \(level) dB")
            // The clip itself, from its start at the fade in: amplitude × clip, to the float.
            let amplitude = Float(Signals.rms(original) * 2.0.squareRoot())
            let first = span.start - span.fadeStart
            let played = min(span.end - span.start, clip.frameCount - clip.loopFrames - first)
            let expected = (0..<played).map { amplitude * clip.samples[first + $0] }
            let difference = zip(core.prefix(played), expected).map { abs($0 - $1) }.max() ?? 1
            #expect(difference < 2e-3 * amplitude, "span at \(span.start): off by \(difference)")
            // Spectrally the clip: its loop every 40 ms puts its 440 Hz on lines 25 Hz apart, and
            // the replaced 220 Hz lies more than 10 dB below it.
            #expect((425.0...455).contains(Signals.spectralPeak(core, sampleRate: Self.rate, from: 100, to: 2000)))
            let tone = Signals.goertzelPower(core, frequency: 220, sampleRate: Self.rate)
            let clipPower = Signals.goertzelPower(core, frequency: 440, sampleRate: Self.rate)
            #expect(10 * log10(tone / clipPower) < -10)
            checked += 1
        }
        #expect(checked == 7)
    }

    @Test("--beep-level with a clip: the core peaks at that level")
    func clipFixedLevel() throws {
        let (_, output, plan) = try Self.render(try Beep(level: .peak(dBFS: -12), sound: .clip(Self.clip())))
        let longest = try #require(plan.spans.map(\.span).max { $0.end - $0.start < $1.end - $1.start })
        #expect(abs(Signals.peakDBFS(output[longest.core]) + 12) < 0.05)
    }

    @Test(
        "a clip and reverse stay below −52 dBFS above 5 kHz, mono and stereo, 48 and 44.1 kHz",
        arguments: [BeepSound.reverse, .tone], [(48000, 1), (44100, 1), (48000, 2)])
    func clickFree(sound: BeepSound, format: (rate: Int, channels: Int)) throws {
        let beep = try Beep(sound: sound == .tone ? .clip(Self.clip()) : sound)
        let (plan, peaks) = try ClickTests.clickPeaks(mode: .beep(beep), rate: format.rate, channels: format.channels)
        #expect(plan.spans.count == ClickTests.words.count)
        for (channel, peak) in peaks.enumerated() {
            #expect(
                peak < ClickTests.limitDBFS, "\(beep.sound.name) at \(format.rate) Hz, channel \(channel): \(peak) dBFS"
            )
        }
    }

    @Test("the click measure can fail: a clip cut off hard at each core's edges reads as a click")
    func clickControl() throws {
        let hard = try PlanOptions(padBefore: 0, padAfter: 0, crossfade: 0, snapWindow: 0)
        let (_, peaks) = try ClickTests.clickPeaks(
            mode: .beep(Beep(sound: .clip(Self.clip()))), options: hard,
            rate: 48000, channels: 1)
        #expect(peaks[0] > -45)
    }

    @Test("reverse: each modified region played backwards, at its own level; --beep-level sets its peak")
    func reverse() throws {
        let (input, output, plan) = try Self.render(try Beep(sound: .reverse))
        for span in plan.spans.map(\.span) {
            let region = Array(input[span.fadeStart..<span.fadeEnd])
            for frame in span.core {
                #expect(output[frame] == region[region.count - 1 - (frame - span.fadeStart)])
            }
        }
        let (fixedInput, fixed, fixedPlan) = try Self.render(try Beep(level: .peak(dBFS: -20), sound: .reverse))
        let longest = try #require(fixedPlan.spans.map(\.span).max { $0.end - $0.start < $1.end - $1.start })
        #expect(abs(Signals.peakDBFS(fixed[longest.core]) + 20) < 0.05)
        #expect(abs(Signals.rms(fixedInput[longest.core]) - 0.5 / 2.0.squareRoot()) < 0.01)
    }

    @Test("pink noise: as loud as the voice in each core, the voice gone, the same on every run")
    func pinkNoise() throws {
        let (input, output, plan) = try Self.render(try Beep(sound: .pinkNoise), channels: 2)
        let again = try Self.render(try Beep(sound: .pinkNoise), channels: 2).output
        #expect(Signals.bits(output) == Signals.bits(again))
        for span in plan.spans.map(\.span) where span.end - span.start >= 4800 {
            let core = Array(output[(span.start * 2)..<(span.end * 2)]),
                original = Array(input[(span.start * 2)..<(span.end * 2)])
            #expect(abs(Self.decibels(Signals.rms(core) / Signals.rms(original))) < 1, "span at \(span.start)")
            let left = Signals.channel(0, of: core, channels: 2)
            // The tone's 220 Hz holds under 1 % of the core's power: noise, not the voice.
            let tone = Signals.goertzelPower(left, frequency: 220, sampleRate: Self.rate)
            let pure = Signals.goertzelPower(
                Signals.channel(0, of: original, channels: 2), frequency: 220, sampleRate: Self.rate)
            #expect(tone / pure < 0.01)
        }
        // Pink: each octave holds about as much power; white noise would give 6 dB more per octave
        // here. Measured over a generated second: 250–500 Hz against 2–4 kHz within 2 dB.
        let noise = SoundClip.pinkNoise(sampleRate: Self.rate, channels: 1)
        func band(_ low: Double) -> Double {
            stride(from: low, to: 2 * low, by: low / 16).reduce(0.0) {
                $0
                    + Signals.goertzelPower(
                        Array(noise.samples.prefix(Self.rate)), frequency: $1, sampleRate: Self.rate)
            } / 16 * low
        }
        #expect(abs(10 * log10(band(2000) / band(250))) < 2)
    }

    @Test("a clip of another rate is resampled to the audio's, and a reversal without the audio is refused")
    func resampledAndRefused() throws {
        let (_, output, plan) = try Self.render(try Beep(sound: .clip(Self.clip(rate: 22_050))))
        let longest = try #require(plan.spans.map(\.span).max { $0.end - $0.start < $1.end - $1.start })
        #expect(
            (425.0...455).contains(
                Signals.spectralPeak(Array(output[longest.core]), sampleRate: Self.rate, from: 100, to: 2000)))
        let span = try Span(fadeStart: 50, start: 100, end: 200, fadeEnd: 250)
        #expect(throws: CensorEngineError.reverseNeedsAudio) {
            try CensorEngine(
                spans: [span], mode: .beep(Beep(level: .peak(dBFS: -6), sound: .reverse)), channelCount: 1,
                sampleRate: 48_000)
        }
        #expect(throws: CensorEngineError.soundRate(clip: 22_050, audio: 48_000)) {
            try CensorEngine(
                spans: [span], mode: .beep(Beep(level: .peak(dBFS: -6), sound: .clip(Self.clip(rate: 22_050)))),
                channelCount: 1, sampleRate: 48_000)
        }
    }
}
