import CensorTestSignals
import Foundation
import Testing

@testable import CensorDSP

/// The engine's output does not depend on how the audio is cut into blocks.
@Suite struct BlockBoundaryTests {
    static let rate = 48000
    static let frameCount = 124_800  // 2.6 s

    /// Spans at the first and the last frame, straddling the 64- and 4096-frame block
    /// boundaries, a one-frame core, and a 2.2 s span crossing the oscillator's 1024-frame
    /// re-anchor points (at frames 10 000 + k·1024).
    static let spans: [Span] = [
        Span(ordered: 0, start: 0, end: 100, fadeEnd: 340),
        Span(ordered: 4000, start: 4090, end: 4100, fadeEnd: 4340),
        Span(ordered: 8100, start: 8191, end: 8192, fadeEnd: 8200),
        Span(ordered: 8200, start: 8250, end: 8300, fadeEnd: 8320),
        Span(ordered: 10_000, start: 10_240, end: 115_600, fadeEnd: 115_840),
        Span(ordered: 124_000, start: 124_240, end: 124_800, fadeEnd: 124_800),
    ]

    static let modes: [CensorMode] = [
        .mute, .duck(gainDB: -30), .beep(Beep()), .beep(try! Beep(frequency: 440, level: .peak(dBFS: -6))),
        .beep(try! Beep(frequency: 1234.567, level: .matched)),
    ]

    static func input(channels: Int) -> [Float] {
        Signals.noise(frames: frameCount, channels: channels, amplitudes: [0.5, 0.25, 0.7, 0.1, 0.3, 0.05], seed: 99)
    }

    static func engine(for mode: CensorMode, samples: [Float], channels: Int) throws -> CensorEngine {
        var amplitudes: [[Float]] = []
        if case let .beep(beep) = mode {
            var source = InterleavedBuffer(samples: samples, channelCount: channels)
            amplitudes = try BeepLevels.amplitudes(for: spans, beep: beep, in: &source)
        }
        return try CensorEngine(
            spans: spans, mode: mode, channelCount: channels, sampleRate: rate, beepAmplitudes: amplitudes)
    }

    /// `samples` rendered from frame `first` on, in blocks of the given sizes (cycled).
    static func render(_ samples: [Float], channels: Int, mode: CensorMode, blockSizes: [Int], from first: Int = 0)
        throws -> [Float]
    {
        var engine = try engine(for: mode, samples: samples, channels: channels)
        var output: [Float] = []
        output.reserveCapacity(samples.count - first * channels)
        var frame = first
        var index = 0
        while frame < frameCount {
            let count = min(blockSizes[index % blockSizes.count], frameCount - frame)
            var block = Array(samples[(frame * channels)..<((frame + count) * channels)])
            engine.process(&block, firstFrame: frame)
            output += block
            frame += count
            index += 1
        }
        return output
    }

    static let channelCounts = [1, 2, 6]

    @Test(
        "blocks of 1, 7, 64, 4096 frames and of uneven sizes give the same bits as one huge block",
        arguments: modes, channelCounts)
    func blockSizesAgree(mode: CensorMode, channels: Int) throws {
        let input = Self.input(channels: channels)
        let whole = try Self.render(input, channels: channels, mode: mode, blockSizes: [Self.frameCount])
        #expect(whole != input)
        let reference = Signals.bits(whole)
        for sizes in [[1], [7], [64], [4096], [1023, 1, 2049, 5, 64, 1024]] {
            let blocked = Signals.bits(try Self.render(input, channels: channels, mode: mode, blockSizes: sizes))
            let differing = zip(blocked, reference).filter { $0 != $1 }.count
            #expect(blocked.count == reference.count)
            #expect(differing == 0, "blocks of \(sizes): \(differing) samples differ")
        }
    }

    /// Frames to start at: inside the long span's fade in and core, on and just off its
    /// re-anchor points, and inside its fade out.
    static let midStreamStarts = [
        10_001, 10_240, 10_000 + 1024, 10_000 + 5 * 1024 - 1, 10_000 + 50 * 1024 + 7, 115_700,
    ]

    @Test("an engine that starts mid-stream, inside a span, renders the same bits from there on", arguments: modes)
    func startingMidSpan(mode: CensorMode) throws {
        let channels = 2
        let input = Self.input(channels: channels)
        let whole = Signals.bits(try Self.render(input, channels: channels, mode: mode, blockSizes: [Self.frameCount]))
        for first in Self.midStreamStarts {
            for sizes in [[Self.frameCount], [333]] {
                let tail = Signals.bits(
                    try Self.render(input, channels: channels, mode: mode, blockSizes: sizes, from: first))
                let differing = zip(tail, whole[(first * channels)...]).filter { $0 != $1 }.count
                #expect(tail.count == (Self.frameCount - first) * channels)
                #expect(differing == 0, "starting at \(first) in blocks of \(sizes): \(differing) samples differ")
            }
        }
    }

    @Test(
        "the long beep keeps its phase across re-anchor points: it matches a reference sine throughout",
        arguments: [1, 7, 4096])
    func longBeepPhase(blockSize: Int) throws {
        let channels = 1
        let input = Self.input(channels: channels)
        let mode = CensorMode.beep(try Beep(frequency: 1000, level: .peak(dBFS: 0)))
        let output = try Self.render(input, channels: channels, mode: mode, blockSizes: [blockSize])
        let span = Self.spans[4]
        var worst = 0.0
        for frame in span.core {
            let expected = sin(2 * Double.pi * 1000 * Double(frame - span.fadeStart) / Double(Self.rate))
            worst = max(worst, abs(Double(output[frame]) - expected))
        }
        #expect(worst <= 1e-5, "largest deviation \(worst)")
    }
}
