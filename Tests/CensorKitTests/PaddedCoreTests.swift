import CensorKit
import CensorTestSignals
import Foundation
import Testing

/// The core before snapping, which the report carries per span so that a front end can say how
/// far snapping moved each edge without planning again.
@Suite struct PaddedCoreTests {
    static let rate = 8000

    static func match(_ start: Double, _ end: Double, index: Int) -> Match {
        Match(wordIndices: index..<(index + 1), text: "w\(index)", pattern: "w", start: start, end: end)
    }

    @Test("a span's padded core is its words' padded frames before snapping; merged spans join them")
    func paddedCores() throws {
        // Times and pads in sixteenths of a second: exact frames at 8 kHz.
        let options = try PlanOptions(padBefore: 0.0625, padAfter: 0.0625, refine: false)
        let censor = try Censor(mode: .mute, options: options)
        var audio = try AudioBuffer(
            samples: Signals.sine(frequency: 100, sampleRate: Self.rate, frames: 2 * Self.rate, phase: 0.3),
            channelCount: 1, sampleRate: Self.rate)
        // 0.5–0.75 s padded is 3500..<6500; 0.875–1.0 s is 6500..<8500, touching it: one span.
        // 1.5–1.5625 s is 11500..<13000, alone.
        let matches = [
            Self.match(0.5, 0.75, index: 0), Self.match(0.875, 1.0, index: 1), Self.match(1.5, 1.5625, index: 2),
        ]
        let plan = try censor.plan(audio, matches: matches)
        #expect(plan.spans.map(\.paddedCore) == [3500..<8500, 11_500..<13_000])
        let report = try censor.censor(&audio, matches: matches)
        #expect(report.spans.map { $0.paddedStartFrame..<$0.paddedEndFrame } == [3500..<8500, 11_500..<13_000])
        // Snapping only widens, within its 10 ms (80 frames) window, to a zero crossing of the 100 Hz sine.
        for span in report.spans {
            #expect(span.startFrame <= span.paddedStartFrame && span.paddedStartFrame - span.startFrame <= 80)
            #expect(span.endFrame >= span.paddedEndFrame && span.endFrame - span.paddedEndFrame <= 80)
        }
        #expect(report.spans.contains { $0.startFrame != $0.paddedStartFrame || $0.endFrame != $0.paddedEndFrame })
    }

    @Test("without snapping the padded core is the core")
    func noSnap() throws {
        let options = try PlanOptions(padBefore: 0.0625, padAfter: 0, snapWindow: 0, refine: false)
        var audio = try AudioBuffer(
            samples: Signals.sine(frequency: 100, sampleRate: Self.rate, frames: Self.rate, phase: 0.3),
            channelCount: 1, sampleRate: Self.rate)
        let report = try Censor(mode: .mute, options: options).censor(
            &audio, matches: [Self.match(0.5, 0.75, index: 0)])
        #expect(
            report.spans.map { [$0.paddedStartFrame, $0.paddedEndFrame, $0.startFrame, $0.endFrame] } == [
                [3500, 6000, 3500, 6000]
            ])
    }
}
