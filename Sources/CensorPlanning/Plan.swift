/// The spans to censor in one recording, and the matches that fell outside it.
public struct Plan: Sendable, Hashable {
    /// Merged spans, sorted, within the file, with the matches each censors.
    public var spans: [PlannedSpan]
    /// Matches that lie wholly outside the audio (past its end), so nothing was censored for them.
    public var skipped: [Match]
    /// How well the transcript's times fit the audio, when ``WordAlignment/auto`` judged it
    /// (refinement on, transcript words given): where they do not, every match was aligned.
    public var timesFit: TimesFit?

    /// Creates a plan.
    public init(spans: [PlannedSpan], skipped: [Match] = []) {
        self.spans = spans
        self.skipped = skipped
    }
}
