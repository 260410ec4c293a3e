/// When the planner first aligns the transcript's words to the audio with the PocketSphinx
/// forced aligner (``WordAligner``), before edge refinement.
public enum WordAlignment: String, Sendable, Hashable, CaseIterable {
    /// Never: the transcript's times (refined or not) are used.
    case off
    /// Only matches whose times censor estimated (words spread over a segment or a subtitle
    /// cue, ``Match/isTimeEstimated``): there the aligner's times are far closer than the
    /// estimates. Other matches keep the transcript's times.
    case auto
    /// Every match.
    case pocketsphinx

    /// Whether a match is aligned.
    func applies(to match: Match) -> Bool {
        switch self {
        case .off: false
        case .auto: match.isTimeEstimated
        case .pocketsphinx: true
        }
    }
}
