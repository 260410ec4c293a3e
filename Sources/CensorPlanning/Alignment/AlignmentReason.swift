/// Why a censored match was or was not aligned to the audio (``PlannedSpan/alignment``), in the
/// words the report uses.
public enum AlignmentReason: Sendable, Hashable, CustomStringConvertible {
    /// The aligner's times were censored.
    case aligned
    /// The aligner's times were censored together with the transcript's (moved by its offset
    /// as a whole), for the reason given: the two disagree and nothing says which is right.
    case alignedWithGiven(String)
    /// The speech is in a language the aligner does not speak (``WordAligner/speaks(_:)``).
    case language(String)
    /// `auto`: the match's times are the transcript's (not estimated) and they fit the audio.
    case timesFit
    /// `auto`: the match's times are the transcript's, and the audio gives nothing to judge them
    /// by (a steady tone, near silence, every edge on a pause).
    case unjudgeable
    /// `auto`: the match's times are the transcript's, and they were not judged (refinement
    /// off, or no transcript words around the matches).
    case notJudged
    /// `auto`: the times do not fit, but the censored words are more than it aligns
    /// (``Planner/autoAlignedMatches``).
    case tooMany
    /// `auto`: the PocketSphinx library or model could not be loaded.
    case noModel
    /// The match's own words last longer than an alignment window (``Planner/alignmentLongestWindow``).
    case tooLong
    /// A word of the match the aligner cannot say, or no transcript words under it.
    case unknownWord
    /// The decoder found no path through the window's words in that audio.
    case noPath
    /// The aligner placed the match far from its times: it took other sound for it.
    case far

    public var description: String {
        switch self {
        case .aligned: "aligned"
        case .alignedWithGiven(let why): "aligned, and its transcript times kept too: \(why)"
        case .language(let code): "not aligned: language \(code) (the aligner speaks English only)"
        case .timesFit: "not aligned: the word times fit the audio"
        case .unjudgeable: "not aligned: the audio cannot judge the word times"
        case .notJudged: "not aligned: the transcript's times, not judged"
        case .tooMany: "not aligned: more censored words than auto aligns"
        case .noModel: "not aligned: no PocketSphinx model"
        case .tooLong: "not aligned: longer than an alignment window"
        case .unknownWord: "not aligned: a word the aligner cannot say"
        case .noPath: "not aligned: no path through its words in the audio"
        case .far: "not aligned: the aligner placed it far from its times"
        }
    }
}
