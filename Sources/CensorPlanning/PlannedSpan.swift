/// A span of a ``Plan``: the frames the engine censors (``span``), with the matches they
/// censor and how refinement moved the words' edges.
///
/// The frames' accessors (``start``, ``end``, ``fadeStart``, ``fadeEnd``, ``core``,
/// ``modified``) are the span's; ``CensorEngine`` takes the spans alone:
///
/// ```swift
/// let plan = try planner.plan(matches, sampleRate: rate, audio: &audio)
/// var engine = try CensorEngine(spans: plan.spans.map(\.span), mode: .mute, channelCount: 1, sampleRate: rate)
/// ```
public struct PlannedSpan: Sendable, Hashable {
    /// The frames censored: core and fades.
    public package(set) var span: Span
    /// The matches this span censors, in order (several when spans were merged).
    public package(set) var matches: [Match]
    /// The earliest start of the span's words after edge refinement, in seconds; `nil` when
    /// refinement left it at the transcript's (or was off).
    public package(set) var refinedStart: Double?
    /// The latest end of the span's words after edge refinement, in seconds; `nil` when
    /// refinement left it at the transcript's (or was off).
    public package(set) var refinedEnd: Double?
    /// The core as the words' times made it, before snapping to zero crossings: padded and
    /// clamped to the file (see ``Planner``), from the refined times where refinement moved
    /// them; for merged spans, from the first core's start to the last one's end.
    public package(set) var paddedCore: Range<Int>
    /// Why each of ``matches`` was or was not aligned to the audio, in their order; empty when
    /// alignment is off (``PlanOptions/align``).
    public package(set) var alignment: [AlignmentReason] = []

    /// A planned span.
    ///
    /// - Parameters:
    ///   - span: The frames censored.
    ///   - matches: The matches the span censors.
    ///   - refinedStart: The words' earliest refined start in seconds, when refinement moved it.
    ///   - refinedEnd: The words' latest refined end in seconds, when refinement moved it.
    ///   - paddedCore: The core before snapping; `nil` for the span's core (nothing snapped).
    public init(
        _ span: Span, matches: [Match] = [], refinedStart: Double? = nil, refinedEnd: Double? = nil,
        paddedCore: Range<Int>? = nil
    ) {
        self.span = span
        self.matches = matches
        self.refinedStart = refinedStart
        self.refinedEnd = refinedEnd
        self.paddedCore = paddedCore ?? span.core
    }

    /// A planned span of frames the caller has ordered, as planning and tests build one.
    package init(
        ordered fadeStart: Int, start: Int, end: Int, fadeEnd: Int, matches: [Match] = [],
        refinedStart: Double? = nil, refinedEnd: Double? = nil
    ) {
        self.init(
            Span(ordered: fadeStart, start: start, end: end, fadeEnd: fadeEnd), matches: matches,
            refinedStart: refinedStart, refinedEnd: refinedEnd)
    }

    /// First frame of the fade into the core.
    public var fadeStart: Int { span.fadeStart }
    /// First frame of the core.
    public var start: Int { span.start }
    /// The frame after the core.
    public var end: Int { span.end }
    /// The frame after the fade out of the core.
    public var fadeEnd: Int { span.fadeEnd }
    /// The frames censored at full strength.
    public var core: Range<Int> { span.core }
    /// Every frame the span changes: the core and both fades.
    public var modified: Range<Int> { span.modified }
}

extension Array where Element == PlannedSpan {
    /// The planned spans sorted by start, with every group whose modified regions touch or
    /// overlap merged into one (see ``Swift/Array/merged()``): its matches all of the group's in
    /// order, its refined start and end the earliest and latest of those the spans have.
    ///
    /// - Complexity: O(*n* log *n* + *m*) for *n* spans of *m* matches in all: each group is
    ///   grown in place, so packed spans that merge into one cost no more than scattered ones.
    ///   The padded cores are joined as the cores are.
    public func merged() -> [PlannedSpan] {
        merged { self[$0].matches }
    }

    /// The spans merged as ``merged()`` merges them, each group's matches those `matches` gives
    /// for its spans' indices, in the order merging takes them, gathered once the group is
    /// whole: spans made without their matches cost no copies of them, and no group's array
    /// is grown by copying.
    func merged(matches: (Int) -> [Match]) -> [PlannedSpan] {
        let groups = indices.map { MergingSpan(planned: self[$0], indices: [$0]) }.mergedBySpan(
            \MergingSpan.planned.span
        ) { group, next in
            group.indices.append(contentsOf: next.indices)
            group.planned.refinedStart = Self.extreme(group.planned.refinedStart, next.planned.refinedStart, by: <)
            group.planned.refinedEnd = Self.extreme(group.planned.refinedEnd, next.planned.refinedEnd, by: >)
            group.planned.paddedCore =
                Swift.min(
                    group.planned.paddedCore.lowerBound, next.planned.paddedCore.lowerBound)..<Swift.max(
                    group.planned.paddedCore.upperBound, next.planned.paddedCore.upperBound)
        }
        return groups.map { group in
            var planned = group.planned
            planned.matches = []
            planned.matches.reserveCapacity(group.indices.count)
            for index in group.indices { planned.matches.append(contentsOf: matches(index)) }
            planned.alignment = group.indices.flatMap { self[$0].alignment }
            return planned
        }
    }

    /// Of two optional times, the one `isBetter` prefers; either when the other is `nil`.
    private static func extreme(_ a: Double?, _ b: Double?, by isBetter: (Double, Double) -> Bool) -> Double? {
        guard let a else { return b }
        guard let b else { return a }
        return isBetter(b, a) ? b : a
    }
}

/// A span being merged, and the indices of the spans merged into it.
private struct MergingSpan {
    var planned: PlannedSpan
    var indices: [Int]
}
