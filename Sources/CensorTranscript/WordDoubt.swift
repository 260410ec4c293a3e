/// A reason to doubt a word's times, as given by the recognizer: censor still censors the word
/// (widened where it must be), but says so in a warning and in the report.
public enum WordDoubt: String, Sendable, Hashable, CaseIterable {
    /// The word starts and ends at the same instant (Google and whisper.cpp write such words);
    /// it is censored for `WordDoubt.minimumCoreSeconds` around that instant.
    case zeroLength = "zero-length"
    /// The word lasts longer than `WordDoubt.longWordSeconds`: a recognizer that lost track of
    /// time (a 22 s "Bonjour"), so the span may censor much more than the word.
    case long = "long"
    /// The recognizer's confidence is below `WordDoubt.lowConfidenceBelow`: the word may not be what
    /// was said, or not where.
    case lowConfidence = "low-confidence"

    /// The core, in seconds, that a zero-length word is censored for, centred on its instant:
    /// the length of a short spoken word.
    public static let minimumCoreSeconds = 0.1
    /// Words longer than this, in seconds, are doubted: few spoken words last more than 2 s.
    public static let longWordSeconds = 3.0
    /// Words whose confidence (0...1) is below this are doubted.
    public static let lowConfidenceBelow = 0.25
}

extension Word {
    /// What is doubtful about the word's times, in `WordDoubt.allCases` order; empty for most
    /// words. Estimated times are not doubts: `isTimeEstimated` says so.
    public var doubts: [WordDoubt] {
        var doubts: [WordDoubt] = []
        if end == start { doubts.append(.zeroLength) }
        if end - start > WordDoubt.longWordSeconds { doubts.append(.long) }
        if let confidence, confidence < WordDoubt.lowConfidenceBelow { doubts.append(.lowConfidence) }
        return doubts
    }
}
