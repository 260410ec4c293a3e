extension Planner {
    /// How far, in seconds, the times of a match whose words' times were estimated (spread over
    /// a subtitle cue or a recognizer's segment by their lengths, or placed between timed
    /// neighbours) are widened on each side, after refinement and before padding: estimates
    /// are off by a fraction of a word, and the part that falls outside would be heard.
    /// BENCHMARKS.md and the README give the leak measured with and without it.
    public static let estimatedTimeMargin = 0.25

    /// The times a match is censored over: `times` (refined or as given), widened by
    /// `estimatedTimeMargin` when the match's times were estimated, and to
    /// `WordDoubt.minimumCoreSeconds` around the instant of a zero-length match.
    ///
    /// - Parameters:
    ///   - times: The match's times after refinement, or as given.
    ///   - match: The match.
    /// - Returns: The times to plan the core from.
    package func widened(_ times: TimeRange, for match: Match) -> TimeRange {
        guard match.start == match.end || match.isTimeEstimated else { return times }
        var (start, end) = (times.start, times.end)
        if match.start == match.end {
            let half = WordDoubt.minimumCoreSeconds / 2
            start = min(start, match.start - half)
            end = max(end, match.end + half)
        }
        if match.isTimeEstimated {
            start -= Self.estimatedTimeMargin
            end += Self.estimatedTimeMargin
        }
        return TimeRange(min(times.start, max(0, start)), end)
    }
}
