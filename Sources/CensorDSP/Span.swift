/// A region of the audio to censor, in frames.
///
/// `[start, end)` is the core, censored at full strength; `[fadeStart, start)` and
/// `[end, fadeEnd)` are the crossfades into and out of it. Outside `[fadeStart, fadeEnd)` the
/// audio is left exactly as it was. Always `0 <= fadeStart <= start <= end <= fadeEnd`: the
/// initialiser checks it, and the bounds cannot be changed afterwards.
///
/// A span is frames only: what it censors (words, matches) is the planner's to keep beside it
/// (CensorKit's `PlannedSpan`); ``Swift/Array/mergedBySpan(_:combining:)`` merges such pairs.
public struct Span: Sendable, Hashable {
    /// First frame of the fade into the core.
    public package(set) var fadeStart: Int
    /// First frame of the core.
    public package(set) var start: Int
    /// The frame after the core.
    public package(set) var end: Int
    /// The frame after the fade out of the core.
    public package(set) var fadeEnd: Int
    /// Creates a span.
    ///
    /// - Parameters:
    ///   - fadeStart: First frame of the fade in; at most `start`.
    ///   - start: First frame of the core.
    ///   - end: The frame after the core; at least `start`.
    ///   - fadeEnd: The frame after the fade out; at least `end`.
    /// - Throws: ``SpanError`` when the frames are negative or out of order.
    public init(fadeStart: Int, start: Int, end: Int, fadeEnd: Int) throws(SpanError) {
        guard 0 <= fadeStart, fadeStart <= start, start <= end, end <= fadeEnd else {
            throw SpanError(fadeStart: fadeStart, start: start, end: end, fadeEnd: fadeEnd)
        }
        self.init(ordered: fadeStart, start: start, end: end, fadeEnd: fadeEnd)
    }

    /// Creates a span whose bounds the caller has ordered, as planning does.
    package init(ordered fadeStart: Int, start: Int, end: Int, fadeEnd: Int) {
        precondition(fadeStart <= start && start <= end && end <= fadeEnd, "span bounds out of order")
        self.fadeStart = fadeStart
        self.start = start
        self.end = end
        self.fadeEnd = fadeEnd
    }

    /// The frames censored at full strength.
    public var core: Range<Int> { start..<end }

    /// Every frame the span changes: the core and both fades.
    public var modified: Range<Int> { fadeStart..<fadeEnd }
}

/// Span bounds that are negative or out of order.
public struct SpanError: Error, CustomStringConvertible, Sendable, Hashable {
    /// The frames given.
    public let fadeStart: Int, start: Int, end: Int, fadeEnd: Int

    /// The error for these frames.
    public init(fadeStart: Int, start: Int, end: Int, fadeEnd: Int) {
        (self.fadeStart, self.start, self.end, self.fadeEnd) = (fadeStart, start, end, fadeEnd)
    }

    public var description: String {
        "span frames \(fadeStart), \(start), \(end), \(fadeEnd): expected 0 ≤ fadeStart ≤ start ≤ end ≤ fadeEnd"
    }
}
