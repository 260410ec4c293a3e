/// Turns matched word times into spans of frames, as docs/ARCHITECTURE.md's frame contract defines.
///
/// First, unless ``PlanOptions/refine`` is off, each match's start and end move to where the
/// word's sound really begins and ends, judged from short-time spectra of the audio around it
/// (at most ``PlanOptions/refineWindow`` away; see `EdgeRefiner`). For the resulting
/// `[start, end]` seconds the core is
/// `[floor((start − padBefore)·rate), ceil((end + padAfter)·rate))`, clamped to the file; edge
/// snapping then moves each edge outward (never inward) to a zero crossing; crossfades are added
/// outside the core; spans whose modified regions touch are merged.
///
/// ```swift
/// let planner = Planner(options: try PlanOptions(padBefore: 0.02, padAfter: 0.02))
/// var audio = try AudioReader(path: "talk.wav")
/// let plan = try planner.plan(matches, sampleRate: audio.format.sampleRate, audio: &audio)
/// ```
public struct Planner: Sendable {
    /// How spans are made.
    public var options: PlanOptions
    /// The transcript's words, which the matches' ``Match/wordIndices`` point into; empty when
    /// unknown. With them, refinement weighs the audio against the words around each match: an
    /// edge does not run deep into a neighbouring word the transcript places there (see
    /// ``RefineStrategy``), and a transcript late or early as a whole is re-placed first.
    public var transcriptWords: [Word] = []
    /// The indices of the matches whose times the aligner placed in the audio: refinement does
    /// not move them by the transcript's offset as a whole (judged from the words around many
    /// matches, aligned or not).
    var alignedMatches: Set<Int> = []

    /// Creates a planner.
    ///
    /// - Parameters:
    ///   - options: Refinement, padding, crossfade and snapping; defaults from ``Parameters``.
    ///   - transcriptWords: The transcript's words the matches point into, for refinement.
    public init(options: PlanOptions = PlanOptions(), transcriptWords: [Word] = []) {
        self.options = options
        self.transcriptWords = transcriptWords
    }

    /// Plans the spans for `matches` in `audio`.
    ///
    /// - Parameters:
    ///   - matches: The matched words, in any order.
    ///   - sampleRate: Frames per second of `audio`.
    ///   - audio: The recording, read around each match for refinement and near each edge
    ///     for snapping.
    /// - Returns: Merged, sorted spans within the file, and the matches past its end.
    /// - Throws: When `audio` cannot be read.
    /// - Complexity: O(*m* log *m* + *n* + *m*·(*r* + *w*)) for *m* matches, the *n* frames
    ///   refinement transforms (each frame around a match, up to 2 s of it plus its window and half
    ///   a second on each side, once: at most the file), the *r* frames whose levels it weighs
    ///   for each match, and a snap window of *w* frames. Refinement runs on one thread per
    ///   processor when there are many matches and `audio` has a ``FrameSource/reopener``.
    public func plan(_ matches: [Match], sampleRate: Int, audio: inout some FrameSource) throws -> Plan {
        // The per-match spans are made in a function of their own, so that what made them (the
        // refined times, the placed cores) is freed before merging; they carry no matches until
        // merged (`matchIndices` gives each one's in `matches`), so no match is copied twice.
        let (spans, matchIndices, skipped, timesFit) = try unmergedSpans(matches, sampleRate: sampleRate, audio: &audio)
        var merged = spans.merged { [matches[matchIndices[$0]]] }
        for index in merged.indices {
            let words = merged[index].matches
            if merged[index].refinedStart == words.map(\.start).min() { merged[index].refinedStart = nil }
            if merged[index].refinedEnd == words.map(\.end).max() { merged[index].refinedEnd = nil }
        }
        var plan = Plan(spans: merged, skipped: skipped)
        plan.timesFit = timesFit
        return plan
    }

    /// One span per match within the file, refined, padded, snapped and with its fades, in the
    /// order of `matches`, without the match: its index in `matches` is in `matchIndices`; and
    /// the matches wholly outside the file.
    private func unmergedSpans(
        _ matches: [Match], sampleRate: Int, audio: inout some FrameSource
    ) throws -> (spans: [PlannedSpan], matchIndices: [Int], skipped: [Match], timesFit: TimesFit?) {
        let frameCount = audio.frameCount
        var snapper = EdgeSnapper(windowFrames: frames(options.snapWindow, sampleRate))
        // `auto` first judges whether the times fit the audio (from refinement's own analysis);
        // where they do not, every match is aligned.
        var judged = try judgedTimes(matches, sampleRate: sampleRate, audio: &audio)
        let misfit = judged.fit?.needsAlignment == true
        let every = misfit && matches.count <= Self.autoAlignedMatches
        judged.fit?.tooManyToAlign = misfit && !every
        // With alignment on, the matches (and the words refinement weighs) carry the aligner's times.
        let unaligned: AlignmentReason =
            judged.fit.map { $0.tooManyToAlign ? .tooMany : $0.fits ? .timesFit : .unjudgeable }
            ?? .notJudged
        let aligned = try aligned(matches, every: every, unaligned: unaligned, sampleRate: sampleRate, audio: &audio)
        if every { judged.fit?.alignedMatches = aligned.placed.count }
        var refining = Planner(options: options, transcriptWords: aligned.words)
        refining.alignedMatches = alignedMatches.union(aligned.placed)
        // The analysis judged is refinement's own while alignment changed nothing.
        let unchanged = aligned.placed.isEmpty && aligned.matches == matches && aligned.words == transcriptWords
        let refined = try refining.refinedTimes(
            aligned.matches, sampleRate: sampleRate, audio: &audio,
            analysis: unchanged ? judged.analysis : nil)
        var placed: [(match: Int, core: Range<Int>, times: TimeRange)] = []
        var skipped: [Match] = []
        placed.reserveCapacity(matches.count)
        for (index, match) in matches.enumerated() {
            let given = aligned.matches[index]
            let times = widened(refined[index] ?? TimeRange(given.start, given.end), for: given)
            guard
                let core = coreFrames(
                    start: times.start, end: times.end, sampleRate: sampleRate, frameCount: frameCount)
            else {
                skipped.append(match)
                continue
            }
            placed.append((index, core, times))
        }
        // Only edges that can end up a merged span's are snapped: packed words cost two reads, not two each.
        let outer = snapper.outerEdges(of: placed.map(\.core))
        var spans: [PlannedSpan] = []
        spans.reserveCapacity(placed.count)
        for (index, (match, unsnapped, times)) in placed.enumerated() {
            let core = try snapper.widen(unsnapped, in: &audio, edges: outer[index])
            let fade = frames(options.crossfade, sampleRate)
            // The times used, refined or not; after merging, those equal to the transcript's are
            // cleared again.
            spans.append(
                PlannedSpan(
                    Span(
                        ordered: max(0, core.lowerBound - fade), start: core.lowerBound,
                        end: core.upperBound, fadeEnd: min(frameCount, core.upperBound + fade)),
                    refinedStart: times.start, refinedEnd: times.end, paddedCore: unsnapped))
            if !aligned.reasons.isEmpty { spans[spans.count - 1].alignment = [aligned.reasons[match]] }
        }
        return (spans, placed.map(\.match), skipped, judged.fit)
    }

    /// The core frames of one match's transcript times, padded and clamped, before refinement
    /// and snapping; `nil` when it lies wholly outside `0..<frameCount`.
    ///
    /// - Parameters:
    ///   - match: The matched words.
    ///   - sampleRate: Frames per second.
    ///   - frameCount: The file's length in frames.
    /// - Returns: A non-empty range, or `nil`.
    package func coreFrames(of match: Match, sampleRate: Int, frameCount: Int) -> Range<Int>? {
        coreFrames(start: match.start, end: match.end, sampleRate: sampleRate, frameCount: frameCount)
    }

    /// The core frames of `[start, end]` seconds, padded and clamped; `nil` when wholly outside.
    func coreFrames(start: Double, end: Double, sampleRate: Int, frameCount: Int) -> Range<Int>? {
        let rate = Double(sampleRate)
        let first = ((start - options.padBefore) * rate).rounded(.down)
        let last = ((end + options.padAfter) * rate).rounded(.up)
        guard first < Double(frameCount), last > 0, first.isFinite, last.isFinite else { return nil }
        // Clamp while still in Double: a finite time can lie beyond Int's range.
        let lower = Int(max(0, first))
        let upper = Int(min(last, Double(frameCount)))
        return lower..<min(frameCount, max(upper, lower + 1))
    }

    private func frames(_ seconds: Double, _ sampleRate: Int) -> Int {
        Int((seconds * Double(sampleRate)).rounded())
    }
}
