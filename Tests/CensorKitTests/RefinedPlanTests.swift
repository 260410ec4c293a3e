import CensorTestSignals
import Foundation
import Testing

@testable import CensorKit

/// Edge refinement inside the planner and the report: on by default, off on request, and the
/// report telling the transcript's times from the refined ones.
@Suite struct RefinedPlanTests {
    static let rate = 48000

    /// Noise at −50 dBFS with harmonic bursts at `bursts` (seconds).
    static func audio(seconds: Double = 4, bursts: [(Double, Double)]) -> InterleavedBuffer {
        var samples = Signals.background(seconds: seconds, sampleRate: rate, level: -50)
        for (start, end) in bursts { Signals.addBurst(to: &samples, from: start, to: end, sampleRate: rate) }
        return InterleavedBuffer(samples: samples, channelCount: 1)
    }

    static func match(_ start: Double, _ end: Double, index: Int = 0) -> Match {
        Match(wordIndices: index..<(index + 1), text: "damn", pattern: "damn", start: start, end: end)
    }

    @Test("refinement is on by default, with the window from its Parameter")
    func defaults() {
        let options = PlanOptions()
        #expect(options.refine)
        #expect(options.refineWindow == Parameters.refineWindow.defaultValue)
        #expect(Parameters.refineWindow.range.contains(Parameters.refineWindow.defaultValue))
    }

    @Test("refine: false plans exactly the transcript's spans, even where the audio says otherwise")
    func refineOffKeepsTheTranscript() throws {
        var audio = Self.audio(bursts: [(1.0, 1.4), (2.0, 2.5)])
        let matches = [Self.match(1.1, 1.35, index: 0), Self.match(1.95, 2.3, index: 1)]
        let options = try PlanOptions(padBefore: 0.01, padAfter: 0.02, crossfade: 0.005, snapWindow: 0, refine: false)
        let planner = Planner(options: options)
        let plan = try planner.plan(matches, sampleRate: Self.rate, audio: &audio)
        let fade = 240
        let expected = try matches.map { match in
            let core = try #require(planner.coreFrames(of: match, sampleRate: Self.rate, frameCount: audio.frameCount))
            return PlannedSpan(
                ordered: core.lowerBound - fade, start: core.lowerBound, end: core.upperBound,
                fadeEnd: core.upperBound + fade, matches: [match])
        }
        #expect(plan.spans == expected)
        #expect(plan.spans.allSatisfy { $0.refinedStart == nil && $0.refinedEnd == nil })
    }

    @Test("with refinement the core covers the word's sound, padded, and records the refined times")
    func refinedCoreCoversTheSound() throws {
        var audio = Self.audio(bursts: [(1.0, 1.4)])
        let match = Self.match(1.1, 1.3)  // 100 ms late start, 100 ms early end
        let options = try PlanOptions(padBefore: 0.02, padAfter: 0.03, crossfade: 0.005, snapWindow: 0)
        let plan = try Planner(options: options).plan([match], sampleRate: Self.rate, audio: &audio)
        let span = try #require(plan.spans.first)
        let refinedStart = try #require(span.refinedStart), refinedEnd = try #require(span.refinedEnd)
        #expect(refinedStart <= 1.0 && refinedStart >= 0.994)
        #expect(refinedEnd >= 1.4 && refinedEnd <= 1.406)
        // Padding applies to the refined times, as docs/ARCHITECTURE.md's frame contract says.
        #expect(span.start == Int(((refinedStart - 0.02) * Double(Self.rate)).rounded(.down)))
        #expect(span.end == Int(((refinedEnd + 0.03) * Double(Self.rate)).rounded(.up)))
    }

    @Test("exact times plan the same spans with refinement on as off")
    func exactTimesSameSpans() throws {
        var audio = Self.audio(bursts: [(0.8, 1.2), (2.1, 2.45)])
        let matches = [Self.match(0.8, 1.2, index: 0), Self.match(2.1, 2.45, index: 1)]
        let on = try Planner(options: PlanOptions()).plan(matches, sampleRate: Self.rate, audio: &audio)
        let off = try Planner(options: try PlanOptions(refine: false)).plan(
            matches, sampleRate: Self.rate, audio: &audio)
        #expect(on == off)
    }

    @Test("merged spans carry the earliest refined start and the latest refined end")
    func mergedSpans() throws {
        // Two words back to back (an edge no longer runs across a pause into the next word, so
        // spans merge where the words touch).
        var audio = Self.audio(bursts: [(1.0, 1.3), (1.3, 1.6)])
        let matches = [Self.match(1.05, 1.3, index: 0), Self.match(1.3, 1.55, index: 1)]
        let plan = try Planner(options: try PlanOptions(snapWindow: 0)).plan(
            matches, sampleRate: Self.rate, audio: &audio)
        #expect(plan.spans.count == 1)
        let span = try #require(plan.spans.first)
        #expect(span.matches.count == 2)
        #expect(try #require(span.refinedStart) <= 1.0)
        #expect(try #require(span.refinedEnd) >= 1.6)
    }

    @Test("the report gives the transcript's times and the refined times, in that order")
    func reportKeys() throws {
        var audio = Self.audio(bursts: [(1.0, 1.4), (2.0, 2.4)])
        let matches = [Self.match(1.1, 1.4, index: 0), Self.match(2.0, 2.4, index: 1)]
        let plan = try Planner(options: try PlanOptions(snapWindow: 0)).plan(
            matches, sampleRate: Self.rate, audio: &audio)
        let report = Report(
            input: "in.wav", output: "out.wav", sampleRate: Self.rate, channels: 1,
            frames: audio.frameCount, mode: "mute", spans: plan.spans.map(Report.Entry.init))
        #expect(report.spans.map(\.start) == [1.1, 2.0])
        #expect(report.spans[0].refinedStart < 1.1)
        #expect(report.spans[1].refinedStart == 2.0)
        #expect(report.spans.map(\.refinedEnd) == [1.4, 2.4])
        let json = report.json()
        let keys = [
            "\"text\"", "\"pattern\"", "\"start\"", "\"end\"", "\"refinedStart\"", "\"refinedEnd\"",
            "\"startFrame\"", "\"endFrame\"", "\"fadeStartFrame\"", "\"fadeEndFrame\"",
        ]
        let line = try #require(json.split(separator: "\n").first { $0.contains("\"spans\"") })
        let positions = keys.map { line.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(zip(positions, positions.dropFirst()).allSatisfy { $0! < $1! })
        #expect(
            line.contains("\"start\": 2, \"end\": 2.4, \"refinedStart\": 2, \"refinedEnd\": 2.4,")
                || json.contains(
                    "\"start\": 2, \"end\": 2.4, \"refinedStart\": 2, \"refinedEnd\": 2.4,")
        )
    }
}
