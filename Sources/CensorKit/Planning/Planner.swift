/// Turns matched word times into spans of frames, as DESIGN.md's frame contract defines.
///
/// For a match `[start, end]` seconds the core is
/// `[floor((start − padBefore)·rate), ceil((end + padAfter)·rate))`, clamped to the file; edge
/// snapping then moves each edge outward (never inward) to a zero crossing; crossfades are added
/// outside the core; spans whose modified regions touch are merged.
///
/// ```swift
/// let planner = Planner(options: PlanOptions(padBefore: 0.02, padAfter: 0.02))
/// var audio = try AudioReader(url: input)
/// let plan = try planner.plan(matches, sampleRate: 48_000, audio: &audio)
/// ```
public struct Planner: Sendable {
    /// How spans are made.
    public var options: PlanOptions

    /// Creates a planner.
    ///
    /// - Parameter options: Padding, crossfade and snapping; defaults from ``Parameters``.
    public init(options: PlanOptions = PlanOptions()) {
        self.options = options
    }

    /// Plans the spans for `matches` in `audio`.
    ///
    /// - Parameters:
    ///   - matches: The matched words, in any order.
    ///   - sampleRate: Frames per second of `audio`.
    ///   - audio: The recording, read near each edge for snapping.
    /// - Returns: Merged, sorted spans within the file, and the matches past its end.
    /// - Throws: When `audio` cannot be read.
    /// - Complexity: O(*m* log *m* + *m*·*w*) for *m* matches and a snap window of *w* frames.
    public func plan(_ matches: [Match], sampleRate: Int, audio: inout some FrameSource) throws -> Plan {
        let frameCount = audio.frameCount
        var snapper = EdgeSnapper(windowFrames: frames(options.snapWindow, sampleRate))
        var spans: [Span] = []
        var skipped: [Match] = []
        spans.reserveCapacity(matches.count)
        for match in matches {
            guard var core = coreFrames(of: match, sampleRate: sampleRate, frameCount: frameCount) else {
                skipped.append(match)
                continue
            }
            core = try snapper.widen(core, in: &audio)
            let fade = frames(options.crossfade, sampleRate)
            spans.append(Span(
                fadeStart: max(0, core.lowerBound - fade), start: core.lowerBound,
                end: core.upperBound, fadeEnd: min(frameCount, core.upperBound + fade),
                matches: [match]))
        }
        return Plan(spans: spans.merged(), skipped: skipped)
    }

    /// The core frames of one match, padded and clamped, before snapping; `nil` when it lies
    /// wholly outside `0..<frameCount`.
    ///
    /// - Parameters:
    ///   - match: The matched words.
    ///   - sampleRate: Frames per second.
    ///   - frameCount: The file's length in frames.
    /// - Returns: A non-empty range, or `nil`.
    public func coreFrames(of match: Match, sampleRate: Int, frameCount: Int) -> Range<Int>? {
        let rate = Double(sampleRate)
        let first = ((match.start - options.padBefore) * rate).rounded(.down)
        let last = ((match.end + options.padAfter) * rate).rounded(.up)
        guard first < Double(frameCount), last > 0, first.isFinite, last.isFinite else { return nil }
        let start = max(0, Int(first))
        let end = min(frameCount, max(Int(last), start + 1))
        return start..<end
    }

    private func frames(_ seconds: Double, _ sampleRate: Int) -> Int {
        Int((seconds * Double(sampleRate)).rounded())
    }
}
