import CensorTestSignals
import Foundation
import Testing

@testable import CensorPlanning

/// docs/ARCHITECTURE.md's frame contract: padding, rounding, clamping, crossfades, edge snapping, merging.
@Suite struct PlannerTests {
    static func match(_ start: Double, _ end: Double, _ text: String = "damn", index: Int = 0) -> Match {
        Match(wordIndices: index..<(index + 1), text: text, pattern: text, start: start, end: end)
    }

    /// Silent mono audio of `frames` frames.
    static func silence(frames: Int, channels: Int = 1) -> InterleavedBuffer {
        InterleavedBuffer(samples: [Float](repeating: 0, count: frames * channels), channelCount: channels)
    }

    static let noSnap = try! PlanOptions(padBefore: 0, padAfter: 0, crossfade: 0, snapWindow: 0)

    // MARK: - Core frames

    /// (rate, start, end, padBefore, padAfter, expected core); expected values worked out by hand
    /// in exact decimal arithmetic: `[floor((start − padBefore)·rate), ceil((end + padAfter)·rate))`.
    static let coreCases: [(Int, Double, Double, Double, Double, Range<Int>)] = [
        (8000, 0.51234, 0.81239, 0, 0, 4098..<6500),
        (8000, 2.00017, 2.10041, 0.02, 0.03, 15841..<17044),
        (8000, 0.5, 0.75, 0, 0, 4000..<6000),
        (22050, 1.2797, 1.6331, 0, 0, 28217..<36010),
        (22050, 0.33331, 0.71113, 0.05, 0.1, 6246..<17886),
        (44100, 1.2797, 1.6331, 0, 0, 56434..<72020),
        (44100, 3.14159, 3.27183, 0.011, 0.017, 138059..<145038),
        (48000, 1.2797, 1.6331, 0, 0, 61425..<78389),
        (48000, 1.2797, 1.6331, 0.0004, 0.0005, 61406..<78413),
        (48000, 1.0, 1.5, 0, 0, 48000..<72000),
        (48000, 0.00001, 0.00002, 0, 0, 0..<1),
        (96000, 1.2797, 1.6331, 0, 0, 122851..<156778),
        (96000, 7.123457, 7.654321, 0.25, 0.125, 659851..<746815),
        (96000, 0.5, 0.75, 0.25, 0.125, 24000..<84000),
    ]

    @Test("core frames are floor((start − padBefore)·rate) ..< ceil((end + padAfter)·rate)", arguments: coreCases)
    func exactCoreFrames(
        rate: Int, start: Double, end: Double, padBefore: Double, padAfter: Double, expected: Range<Int>
    ) throws {
        let options = try PlanOptions(padBefore: padBefore, padAfter: padAfter, crossfade: 0, snapWindow: 0)
        let planner = Planner(options: options)
        let frameCount = 10 * rate
        let match = Self.match(start, end)
        #expect(planner.coreFrames(of: match, sampleRate: rate, frameCount: frameCount) == expected)

        var audio = Self.silence(frames: frameCount)
        let plan = try planner.plan([match], sampleRate: rate, audio: &audio)
        #expect(plan.skipped.isEmpty)
        #expect(
            plan.spans == [
                PlannedSpan(
                    ordered: expected.lowerBound, start: expected.lowerBound,
                    end: expected.upperBound, fadeEnd: expected.upperBound, matches: [match])
            ])
    }

    @Test("a word of zero length on an exact frame still censors that one frame")
    func zeroLengthWord() {
        let planner = Planner(options: Self.noSnap)
        #expect(planner.coreFrames(of: Self.match(0.5, 0.5), sampleRate: 8000, frameCount: 8000) == 4000..<4001)
    }

    // MARK: - Clamping

    /// (start, end, padBefore, padAfter, expected core or nil when skipped) in a 1 s file at 48 kHz.
    static let clampCases: [(Double, Double, Double, Double, Range<Int>?)] = [
        (-0.05, 0.10001, 0, 0, 0..<4801),  // starts before the file
        (0.01, 0.10001, 0.02, 0, 0..<4801),  // padding reaches before the file
        (0.9, 1.5, 0, 0, 43200..<48000),  // ends past the end
        (0.9901, 1.0, 0, 0.02, 47524..<48000),  // padding reaches past the end
        (-0.2, -0.0099, 0, 0.02, 0..<485),  // before the file, but padding reaches into it
        (-1, 2, 0, 0, 0..<48000),  // covers the whole file
        (1.2, 1.5, 0, 0, nil),  // wholly past the end
        (1.0, 1.5, 0, 0, nil),  // starts exactly at the end
        (1.01, 1.5, 0.0099, 0, nil),  // padding stops short of the last frame
        (-0.5, 0, 0, 0, nil),  // ends exactly at frame 0
    ]

    @Test("cores are clamped to the file; a match wholly outside it is skipped", arguments: clampCases)
    func clamping(start: Double, end: Double, padBefore: Double, padAfter: Double, expected: Range<Int>?) throws {
        let rate = 48000
        let options = try PlanOptions(padBefore: padBefore, padAfter: padAfter, crossfade: 0.005, snapWindow: 0)
        let planner = Planner(options: options)
        let match = Self.match(start, end)
        #expect(planner.coreFrames(of: match, sampleRate: rate, frameCount: rate) == expected)

        var audio = Self.silence(frames: rate)
        let plan = try planner.plan([match], sampleRate: rate, audio: &audio)
        if let expected {
            #expect(plan.skipped.isEmpty)
            let span = try #require(plan.spans.first)
            #expect(plan.spans.count == 1)
            #expect(span.core == expected)
            #expect(span.fadeStart == max(0, expected.lowerBound - 240))
            #expect(span.fadeEnd == min(rate, expected.upperBound + 240))
        } else {
            #expect(plan.spans.isEmpty)
            #expect(plan.skipped == [match])
        }
    }

    @Test("skipped matches are reported while the others are planned")
    func skippedBesideOthers() throws {
        let inside = Self.match(0.25, 0.5, "damn", index: 0)
        let past = Self.match(3.0, 3.5, "hell", index: 7)
        var audio = Self.silence(frames: 8000)
        let plan = try Planner(options: Self.noSnap).plan([past, inside], sampleRate: 8000, audio: &audio)
        #expect(plan.spans == [PlannedSpan(ordered: 2000, start: 2000, end: 4000, fadeEnd: 4000, matches: [inside])])
        #expect(plan.skipped == [past])
    }

    /// A transcript may hold any finite time (WordTimeRule accepts 1e20 s); planning must clamp
    /// rather than trap converting a huge frame number to `Int`.
    @Test("a word ending absurdly late is clamped, not a crash", arguments: [2.0, 1e20, 1e300])
    func hugeEndTime(end: Double) async {
        await #expect(processExitsWith: .success) { [end] in
            let planner = Planner(options: try PlanOptions(padBefore: 0, padAfter: 0, crossfade: 0, snapWindow: 0))
            let match = Match(wordIndices: 0..<1, text: "x", pattern: "x", start: 0.5, end: end)
            let core = planner.coreFrames(of: match, sampleRate: 48000, frameCount: 48000)
            if core != 24000..<48000 { exit(2) }
        }
    }

    // MARK: - Crossfades

    /// (rate, crossfade seconds, fade frames = round(crossfade·rate)).
    static let fadeCases: [(Int, Double, Int)] = [
        (8000, 0.003, 24), (22050, 0.005, 110), (44100, 0.0101, 445), (48000, 0.005, 240), (96000, 0.0051, 490),
    ]

    @Test("crossfades lie outside the core: round(crossfade·rate) frames each side, clamped", arguments: fadeCases)
    func crossfadesOutsideCore(rate: Int, crossfade: Double, fade: Int) throws {
        let options = try PlanOptions(padBefore: 0, padAfter: 0, crossfade: crossfade, snapWindow: 0)
        let frameCount = 2 * rate
        let middleCore = (rate / 2)..<rate
        let middle = Self.match(
            Signals.startTime(ofFrame: middleCore.lowerBound, sampleRate: rate),
            Signals.endTime(ofFrame: middleCore.upperBound, sampleRate: rate), index: 0)
        // Cores a few frames from each end, so the fades are cut off by the file's bounds.
        let early = Self.match(
            Signals.startTime(ofFrame: 3, sampleRate: rate),
            Signals.endTime(ofFrame: 50, sampleRate: rate), index: 1)
        let late = Self.match(
            Signals.startTime(ofFrame: frameCount - 60, sampleRate: rate),
            Signals.endTime(ofFrame: frameCount - 5, sampleRate: rate), index: 2)
        var audio = Self.silence(frames: frameCount)
        let plan = try Planner(options: options).plan([middle, early, late], sampleRate: rate, audio: &audio)
        #expect(
            plan.spans == [
                PlannedSpan(ordered: 0, start: 3, end: 50, fadeEnd: 50 + fade, matches: [early]),
                PlannedSpan(
                    ordered: middleCore.lowerBound - fade, start: middleCore.lowerBound,
                    end: middleCore.upperBound, fadeEnd: middleCore.upperBound + fade, matches: [middle]),
                PlannedSpan(
                    ordered: frameCount - 60 - fade, start: frameCount - 60, end: frameCount - 5,
                    fadeEnd: frameCount, matches: [late]),
            ])
    }

    // MARK: - Edge snapping

    /// The frame the contract says a mono start edge snaps to: walking outward from `start`, the
    /// first pair of neighbouring frames whose signs differ, and of the two the one nearer zero.
    static func expectedMonoStart(_ x: [Float], start: Int, window: Int) -> Int {
        var frame = start
        while frame > max(0, start - window) {
            let a = x[frame], b = x[frame - 1]
            if (a < 0) != (b < 0) { return abs(b) < abs(a) ? frame - 1 : frame }
            frame -= 1
        }
        return start
    }

    /// The last core frame the contract says a mono end edge snaps to, walking outward from `last`.
    static func expectedMonoLast(_ x: [Float], last: Int, window: Int) -> Int {
        var frame = last
        while frame < min(x.count - 1, last + window) {
            let a = x[frame], b = x[frame + 1]
            if (a < 0) != (b < 0) { return abs(b) < abs(a) ? frame + 1 : frame }
            frame += 1
        }
        return last
    }

    /// Whether `frame` is one of the two frames around a sign change, and the one nearer zero.
    static func isAtZeroCrossing(_ x: [Float], _ frame: Int) -> Bool {
        for neighbour in [frame - 1, frame + 1] where x.indices.contains(neighbour) {
            if (x[frame] < 0) != (x[neighbour] < 0), abs(x[frame]) <= abs(x[neighbour]) { return true }
        }
        return false
    }

    /// (rate, tone frequency, snap window seconds).
    static let snapCases: [(Int, Double, Double)] = [
        (48000, 220, 0.01), (44100, 220, 0.01), (48000, 97.3, 0.01), (22050, 1234.5, 0.002), (96000, 440, 0.005),
    ]

    @Test(
        "mono snapping only widens, stays within the window and lands on the nearest zero crossing",
        arguments: snapCases)
    func monoSnapping(rate: Int, frequency: Double, window: Double) throws {
        let frameCount = 3 * rate
        let x = Signals.sine(frequency: frequency, sampleRate: rate, frames: frameCount, amplitude: 0.5, phase: 0.3)
        let windowFrames = Int((window * Double(rate)).rounded())
        let planner = Planner(options: try PlanOptions(padBefore: 0, padAfter: 0, crossfade: 0, snapWindow: window))
        var random = Signals.Random(seed: 42)
        var checked = 0
        for index in 0..<40 {
            let start = 0.1 + Double(random.next() % 1_000_000) / 1_000_000 * 2.5
            let match = Self.match(start, start + 0.05 + Double(random.next() % 1000) / 10_000, index: index)
            let core = try #require(planner.coreFrames(of: match, sampleRate: rate, frameCount: frameCount))
            var audio = InterleavedBuffer(samples: x, channelCount: 1)
            let plan = try planner.plan([match], sampleRate: rate, audio: &audio)
            let span = try #require(plan.spans.first)

            #expect(span.start <= core.lowerBound, "start moved later at match \(index)")
            #expect(span.end >= core.upperBound, "end moved earlier at match \(index)")
            #expect(core.lowerBound - span.start <= windowFrames)
            #expect(span.end - core.upperBound <= windowFrames)
            #expect(span.start == Self.expectedMonoStart(x, start: core.lowerBound, window: windowFrames))
            #expect(span.end - 1 == Self.expectedMonoLast(x, last: core.upperBound - 1, window: windowFrames))
            // A tone's period is shorter than twice the window, so a crossing is always in reach.
            #expect(Self.isAtZeroCrossing(x, span.start), "start \(span.start) is not at a zero crossing")
            #expect(Self.isAtZeroCrossing(x, span.end - 1), "last frame \(span.end - 1) is not at a zero crossing")
            checked += 1
        }
        #expect(checked == 40)
    }

    /// `core` after edge snapping alone. The hand-made signals below have steps and impulses
    /// that word-edge refinement (which runs before snapping in ``Planner``) may rightly treat
    /// as sound, so they test the snapper directly; the planner-level tests above use steady
    /// tones and noise, which refinement leaves alone.
    static func snap(_ core: Range<Int>, window: Int, _ samples: [Float], channels: Int) throws -> Range<Int> {
        var snapper = EdgeSnapper(windowFrames: window)
        var audio = InterleavedBuffer(samples: samples, channelCount: channels)
        return try snapper.widen(core, in: &audio)
    }

    @Test("an edge already next to a zero crossing stays where it is")
    func edgeAlreadyAtCrossing() throws {
        // +0.5 outside 100..<200, −0.5 inside, −0.1 at its first and last frame: the core's edge
        // frames are already the nearer-zero frames of their crossings.
        var x = [Float](repeating: 0.5, count: 400)
        for frame in 100..<200 { x[frame] = -0.5 }
        x[100] = -0.1
        x[199] = -0.1
        #expect(try Self.snap(100..<200, window: 50, x, channels: 1) == 100..<200)
    }

    @Test("mono snapping moves to the nearer-zero frame of the crossing, even one frame further out")
    func monoNearerZeroFrame() throws {
        // Core 100..<200. Going out from 100: sign change between 95 (−0.01) and 96 (0.3) → 95.
        // Going out from 199: sign change between 206 (0.4) and 207 (−0.02) → 207, so end 208.
        var x = [Float](repeating: 0.5, count: 400)
        for frame in 0...95 { x[frame] = -0.5 }
        x[95] = -0.01
        x[96] = 0.3
        for frame in 207..<400 { x[frame] = -0.5 }
        x[206] = 0.4
        x[207] = -0.02
        #expect(try Self.snap(100..<200, window: 20, x, channels: 1) == 95..<208)
    }

    @Test("an edge with no crossing in reach keeps the core within the window")
    func noCrossingInWindow() throws {
        // All positive: no crossing; the mono search falls back to the quietest frame in the window.
        var x = [Float](repeating: 0.5, count: 400)
        x[90] = 0.2
        x[60] = 0.01  // outside the 20-frame window: must not be chosen
        x[215] = 0.1
        #expect(try Self.snap(100..<200, window: 20, x, channels: 1) == 90..<216)
    }

    /// (channels, quiet start-side frame, quiet end-side last frame) for a core of 1000..<2000
    /// and a 100-frame window; two equally quiet frames on each side, the nearer one must win.
    static let multichannelCases: [(Int, Int, Int)] = [(2, 950, 2040), (2, 901, 2099), (6, 999, 2000), (6, 930, 2070)]

    @Test(
        "several channels: each edge moves to the frame with the least summed |amplitude|, the nearest on a tie",
        arguments: multichannelCases)
    func multichannelSnapping(channels: Int, quietStart: Int, quietLast: Int) throws {
        let frames = 3000
        // Loud everywhere, with opposite signs across channels so that a plain sum would cancel.
        var samples = [Float](repeating: 0, count: frames * channels)
        for frame in 0..<frames {
            for channel in 0..<channels { samples[frame * channels + channel] = channel % 2 == 0 ? 0.6 : -0.6 }
        }
        func setQuiet(_ frame: Int, _ level: Float) {
            for channel in 0..<channels { samples[frame * channels + channel] = channel % 2 == 0 ? level : -level }
        }
        setQuiet(900, 0.05)  // the window's farthest frame, as quiet: loses the tie unless it is the one
        setQuiet(850, 0.0)  // silent, but outside the window
        setQuiet(quietStart - 1, 0.05 + 1e-6)  // one frame further out, barely louder
        setQuiet(quietStart, 0.05)
        setQuiet(2099, 0.05)
        setQuiet(2150, 0.0)
        setQuiet(quietLast + 1, 0.05 + 1e-6)
        setQuiet(quietLast, 0.05)
        #expect(try Self.snap(1000..<2000, window: 100, samples, channels: channels) == quietStart..<(quietLast + 1))
    }

    @Test("stereo snapping on real audio picks the window's quietest frame and only widens")
    func stereoSnappingOnNoise() throws {
        let rate = 44100
        let frames = rate
        let samples = Signals.noise(frames: frames, channels: 2, amplitudes: [0.5, 0.3], seed: 7)
        let window = 441
        let planner = Planner(options: try PlanOptions(padBefore: 0, padAfter: 0, crossfade: 0, snapWindow: 0.01))
        func score(_ frame: Int) -> Float { abs(samples[2 * frame]) + abs(samples[2 * frame + 1]) }
        for (startFrame, endFrame) in [(5000, 9000), (12345, 12400), (30001, 40007)] {
            var audio = InterleavedBuffer(samples: samples, channelCount: 2)
            let match = Self.match(
                Signals.startTime(ofFrame: startFrame, sampleRate: rate),
                Signals.endTime(ofFrame: endFrame, sampleRate: rate))
            let span = try #require(try planner.plan([match], sampleRate: rate, audio: &audio).spans.first)
            let startCandidates = (startFrame - window)...startFrame
            let lastCandidates = (endFrame - 1)...(endFrame - 1 + window)
            #expect(startCandidates.contains(span.start))
            #expect(lastCandidates.contains(span.end - 1))
            #expect(startCandidates.allSatisfy { score($0) >= score(span.start) })
            #expect(lastCandidates.allSatisfy { score($0) >= score(span.end - 1) })
        }
    }

    @Test("snapping never moves an edge beyond the file's bounds")
    func snappingAtFileBounds() throws {
        let rate = 8000
        let x = Signals.sine(frequency: 50.3, sampleRate: rate, frames: 1000, amplitude: 0.5, phase: 1.0)
        let planner = Planner(options: try PlanOptions(padBefore: 0, padAfter: 0, crossfade: 0.001, snapWindow: 0.01))
        var audio = InterleavedBuffer(samples: x, channelCount: 1)
        let plan = try planner.plan(
            [Self.match(0.0001, 0.0101, index: 0), Self.match(0.115, 0.1249, index: 1)],
            sampleRate: rate, audio: &audio)
        for span in plan.spans {
            #expect(span.fadeStart >= 0)
            #expect(span.fadeEnd <= 1000)
        }
        #expect(plan.spans.first?.start == 0)
        #expect(plan.spans.last?.end == 1000)
    }

    // MARK: - Merging

    static func span(_ fadeStart: Int, _ start: Int, _ end: Int, _ fadeEnd: Int, _ text: String) -> PlannedSpan {
        PlannedSpan(ordered: fadeStart, start: start, end: end, fadeEnd: fadeEnd, matches: [match(0, 0, text)])
    }

    @Test("spans whose modified regions touch merge into one that keeps both matches")
    func touchingSpansMerge() {
        let a = Self.span(100, 200, 300, 400, "a"), b = Self.span(400, 500, 600, 700, "b")
        #expect(
            [a, b].merged() == [
                PlannedSpan(ordered: 100, start: 200, end: 600, fadeEnd: 700, matches: a.matches + b.matches)
            ])
        #expect([b, a].merged() == [a, b].merged())
    }

    @Test("overlapping and nested spans merge")
    func overlappingSpansMerge() {
        let a = Self.span(100, 200, 300, 400, "a")
        let b = Self.span(350, 450, 550, 650, "b")
        let nested = Self.span(150, 210, 250, 260, "c")
        #expect(
            [a, b].merged() == [
                PlannedSpan(ordered: 100, start: 200, end: 550, fadeEnd: 650, matches: a.matches + b.matches)
            ])
        #expect(
            [nested, a].merged() == [
                PlannedSpan(ordered: 100, start: 200, end: 300, fadeEnd: 400, matches: a.matches + nested.matches)
            ])
    }

    @Test("a one-frame gap between modified regions keeps spans apart")
    func oneFrameGapKeepsApart() {
        let a = Self.span(100, 200, 300, 400, "a"), b = Self.span(401, 500, 600, 700, "b")
        #expect([b, a].merged() == [a, b])
    }

    @Test("merging chains through several spans and sorts the result")
    func mergeChains() {
        let spans = [
            Self.span(900, 950, 960, 1000, "d"), Self.span(300, 350, 360, 400, "b"),
            Self.span(0, 10, 20, 30, "a"), Self.span(400, 420, 430, 500, "c"), Self.span(1001, 1001, 1002, 1002, "e"),
        ]
        #expect(spans.merged().map(\.modified) == [0..<30, 300..<500, 900..<1000, 1001..<1002])
        #expect(spans.merged().map(\.core) == [10..<20, 350..<430, 950..<960, 1001..<1002])
        #expect(spans.merged()[1].matches.map(\.text) == ["b", "c"])
    }

    /// (second core's first frame, expected spans' modified regions): first core 48000..<49000
    /// with 240-frame fades, so its region ends at 49240.
    static let plannerMergeCases: [(Int, [Range<Int>])] = [
        (49480, [47760..<50240]),  // second region starts at 49240: touches
        (49400, [47760..<50160]),  // overlaps
        (49481, [47760..<49240, 49241..<50241]),  // one-frame gap
    ]

    @Test("the planner merges matches whose modified regions touch or overlap", arguments: plannerMergeCases)
    func plannerMerges(secondStart: Int, regions: [Range<Int>]) throws {
        let rate = 48000
        let first = Self.match(
            Signals.startTime(ofFrame: 48000, sampleRate: rate), Signals.endTime(ofFrame: 49000, sampleRate: rate),
            "one", index: 0)
        let second = Self.match(
            Signals.startTime(ofFrame: secondStart, sampleRate: rate),
            Signals.endTime(ofFrame: secondStart + 520, sampleRate: rate), "two", index: 1)
        var audio = Self.silence(frames: 2 * rate)
        let planner = Planner(options: try PlanOptions(padBefore: 0, padAfter: 0, crossfade: 0.005, snapWindow: 0))
        let plan = try planner.plan([second, first], sampleRate: rate, audio: &audio)
        #expect(plan.spans.map(\.modified) == regions)
        if regions.count == 1 {
            #expect(plan.spans.first?.core == 48000..<(secondStart + 520))
            #expect(plan.spans.first?.matches == [first, second])
        } else {
            #expect(plan.spans.map(\.matches) == [[first], [second]])
        }
    }
}
