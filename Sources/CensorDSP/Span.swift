/// A region of the audio to censor, in frames.
///
/// `[start, end)` is the core, censored at full strength; `[fadeStart, start)` and
/// `[end, fadeEnd)` are the crossfades into and out of it. Outside `[fadeStart, fadeEnd)` the
/// audio is left exactly as it was. Always `fadeStart <= start <= end <= fadeEnd`.
public struct Span: Sendable, Hashable {
    /// First frame of the fade into the core.
    public var fadeStart: Int
    /// First frame of the core.
    public var start: Int
    /// The frame after the core.
    public var end: Int
    /// The frame after the fade out of the core.
    public var fadeEnd: Int
    /// The matches this span censors, in order (several when spans were merged).
    public var matches: [Match]
    /// The earliest start of the span's words after edge refinement, in seconds; `nil` when
    /// refinement left it at the transcript's (or was off).
    public var refinedStart: Double?
    /// The latest end of the span's words after edge refinement, in seconds; `nil` when
    /// refinement left it at the transcript's (or was off).
    public var refinedEnd: Double?

    /// Creates a span.
    ///
    /// - Parameters:
    ///   - fadeStart: First frame of the fade in; at most `start`.
    ///   - start: First frame of the core.
    ///   - end: The frame after the core; at least `start`.
    ///   - fadeEnd: The frame after the fade out; at least `end`.
    ///   - matches: The matches the span censors.
    ///   - refinedStart: The words' earliest refined start in seconds, when refinement moved it.
    ///   - refinedEnd: The words' latest refined end in seconds, when refinement moved it.
    public init(
        fadeStart: Int, start: Int, end: Int, fadeEnd: Int, matches: [Match] = [],
        refinedStart: Double? = nil, refinedEnd: Double? = nil
    ) {
        precondition(fadeStart <= start && start <= end && end <= fadeEnd, "span bounds out of order")
        self.fadeStart = fadeStart
        self.start = start
        self.end = end
        self.fadeEnd = fadeEnd
        self.matches = matches
        self.refinedStart = refinedStart
        self.refinedEnd = refinedEnd
    }

    /// The frames censored at full strength.
    public var core: Range<Int> { start..<end }

    /// Every frame the span changes: the core and both fades.
    public var modified: Range<Int> { fadeStart..<fadeEnd }
}
