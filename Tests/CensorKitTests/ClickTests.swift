import CensorTestSignals
import Foundation
import Testing

@testable import CensorKit

/// docs/ARCHITECTURE.md's click measure: a half-scale 220 Hz tone censored at arbitrary phases, then a
/// 4th-order Butterworth high-pass at 5 kHz over the output must peak below −52 dBFS.
@Suite struct ClickTests {
    static let limitDBFS = -52.0
    static let toneFrequency = 220.0
    /// The filter's start-up transient is let die away over this much audio; no span lies in it.
    static let settleSeconds = 0.1

    /// Word times at arbitrary phases of the tone and of arbitrary lengths, some shorter than a
    /// crossfade, some spanning many periods (start s, length s).
    static let words: [(Double, Double)] = [
        (0.1234, 0.25),
        (0.5 + 1.0 / (7 * 220), 0.0137),
        (0.8111, 0.1),
        (1.0 + 3.0 / (11 * 220), 0.2503),
        (1.3337, 0.05),
        (1.618_03, 0.2),
        (2.0001, 0.0071),
        (2.414_21, 0.15),
        (2.718_28, 0.12),
        (3.0 + 0.5 / 220, 0.000_01),
    ]

    static let seconds = 3.3

    static func matches() -> [Match] {
        words.enumerated().map { index, word in
            Match(
                wordIndices: index..<(index + 1), text: "w\(index)", pattern: "w\(index)", start: word.0,
                end: word.0 + word.1)
        }
    }

    /// The tone, censored, filtered, and the filtered peak (dBFS) after the settling time, per channel.
    static func clickPeaks(
        mode: CensorMode, options: PlanOptions = PlanOptions(), rate: Int, channels: Int, amplitude: Double = 0.5
    ) throws -> (Plan, [Double]) {
        let frames = Int(seconds * Double(rate))
        let phases = (0..<channels).map { Double($0) * Double.pi / 3 }
        let tone = Signals.sine(
            frequency: toneFrequency, sampleRate: rate, frames: frames, amplitude: amplitude, phase: 0.7,
            channels: channels, channelPhases: phases)
        var buffer = try AudioBuffer(samples: tone, channelCount: channels, sampleRate: rate)
        let censor = try Censor(mode: mode, options: options)
        let plan = try censor.plan(buffer, matches: matches())
        _ = try censor.censor(&buffer, matches: matches())
        let settle = Int(settleSeconds * Double(rate))
        let peaks = (0..<channels).map { channel in
            let filtered = Signals.butterworthHighPass(
                Signals.channel(channel, of: buffer.samples, channels: channels),
                cutoff: 5000, sampleRate: rate)
            return Signals.peakDBFS(filtered[settle...])
        }
        return (plan, peaks)
    }

    static let modes: [CensorMode] = [.beep(Beep()), .duck(gainDB: -30), .mute]

    @Test(
        "every mode with default options stays below −52 dBFS above 5 kHz",
        arguments: modes, [(48000, 1), (44100, 1), (48000, 2)])
    func clickFree(mode: CensorMode, format: (rate: Int, channels: Int)) throws {
        let (plan, peaks) = try Self.clickPeaks(mode: mode, rate: format.rate, channels: format.channels)
        // Every word was planned, and none touches the settling time.
        #expect(plan.spans.count == Self.words.count)
        #expect(plan.spans.allSatisfy { $0.fadeStart >= Int(Self.settleSeconds * Double(format.rate)) })
        for (channel, peak) in peaks.enumerated() {
            #expect(peak < Self.limitDBFS, "\(mode.name) at \(format.rate) Hz, channel \(channel): \(peak) dBFS")
        }
    }

    /// docs/ARCHITECTURE.md: "a 1 ms raised-cosine ramp passes", and the beep's fade is "smooth at both ends"
    /// (a plain quarter-sine pair has a kink that clicks in short fades).
    @Test("a 1 ms crossfade still stays below −52 dBFS above 5 kHz in every mode", arguments: modes, [48000, 44100])
    func shortCrossfadeClickFree(mode: CensorMode, rate: Int) throws {
        let short = try PlanOptions(padBefore: 0, padAfter: 0, crossfade: 0.001, snapWindow: 0.01)
        let (plan, peaks) = try Self.clickPeaks(mode: mode, options: short, rate: rate, channels: 1)
        #expect(plan.spans.allSatisfy { $0.start - $0.fadeStart == Int((0.001 * Double(rate)).rounded()) })
        #expect(peaks[0] < Self.limitDBFS, "\(mode.name) at \(rate) Hz: \(peaks[0]) dBFS")
    }

    /// A near-full-scale tone makes equal-power beep fades overshoot, so they fade with
    /// complementary gains instead; those must be click-free too.
    @Test(
        "a beep over near-full-scale audio (complementary fades) stays below −52 dBFS above 5 kHz",
        arguments: [48000, 44100])
    func loudBeepClickFree(rate: Int) throws {
        let (plan, peaks) = try Self.clickPeaks(mode: .beep(Beep()), rate: rate, channels: 1, amplitude: 0.99)
        var source = InterleavedBuffer(
            samples: Signals.sine(
                frequency: Self.toneFrequency, sampleRate: rate, frames: Int(Self.seconds * Double(rate)),
                amplitude: 0.99, phase: 0.7),
            channelCount: 1)
        let amplitudes = try BeepLevels.amplitudes(for: plan.spans.map(\.span), beep: Beep(), in: &source)
        let fades = try BeepLevels.fades(for: plan.spans.map(\.span), amplitudes: amplitudes, in: &source)
        #expect(fades.contains(.complementary))
        #expect(peaks[0] < Self.limitDBFS, "loud beep at \(rate) Hz: \(peaks[0]) dBFS")
    }

    @Test(
        "the measure fails a hard switch: mute without crossfade or snapping clicks above −52 dBFS",
        arguments: [48000, 44100])
    func hardSwitchClicks(rate: Int) throws {
        let hard = try PlanOptions(padBefore: 0, padAfter: 0, crossfade: 0, snapWindow: 0)
        let (plan, peaks) = try Self.clickPeaks(mode: .mute, options: hard, rate: rate, channels: 1)
        #expect(plan.spans.allSatisfy { $0.fadeStart == $0.start && $0.end == $0.fadeEnd })
        #expect(peaks[0] > Self.limitDBFS, "a hard switch measured only \(peaks[0]) dBFS")
    }

    @Test("the unedited tone measures far below the limit, so the measure sees the edits, not the tone")
    func uneditedToneIsQuiet() throws {
        let (_, peaks) = try Self.clickPeaks(mode: .mute, options: PlanOptions(), rate: 48000, channels: 1)
        let rate = 48000
        let tone = Signals.sine(
            frequency: Self.toneFrequency, sampleRate: rate, frames: rate, amplitude: 0.5, phase: 0.7)
        let filtered = Signals.butterworthHighPass(tone, cutoff: 5000, sampleRate: rate)
        let toneOnly = Signals.peakDBFS(filtered[(rate / 10)...])
        #expect(toneOnly < -100, "the filtered tone alone peaks at \(toneOnly) dBFS")
        #expect(peaks[0] > toneOnly + 10, "the edits added nothing measurable")
    }

    /// (frequency, expected gain in dB) of the 4th-order Butterworth high-pass at 5 kHz, 48 kHz:
    /// |H| = 1/√(1 + (tan(π·fc/rate)/tan(π·f/rate))⁸) after the bilinear transform.
    static let filterCases: [(Double, Double)] = [
        (220, -20 * 4 * log10(tan(Double.pi * 5000 / 48000) / tan(Double.pi * 220 / 48000))),
        (1000, -10 * log10(1 + pow(tan(Double.pi * 5000 / 48000) / tan(Double.pi * 1000 / 48000), 8))),
        (5000, -10 * log10(2)),
        (12000, -10 * log10(1 + pow(tan(Double.pi * 5000 / 48000) / tan(Double.pi * 12000 / 48000), 8))),
    ]

    @Test("the measuring filter is a 4th-order Butterworth high-pass at 5 kHz", arguments: filterCases)
    func filterResponse(frequency: Double, expectedDB: Double) {
        let rate = 48000
        let tone = Signals.sine(frequency: frequency, sampleRate: rate, frames: rate, amplitude: 1)
        let filtered = Signals.butterworthHighPass(tone, cutoff: 5000, sampleRate: rate)
        let gainDB = 20 * log10(Signals.rms(filtered[(rate / 2)...]) / Signals.rms(tone[(rate / 2)...]))
        #expect(abs(gainDB - expectedDB) < 0.05, "\(frequency) Hz: \(gainDB) dB, expected \(expectedDB) dB")
    }
}
