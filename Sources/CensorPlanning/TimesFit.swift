/// How well a transcript's word times fit the audio, as ``WordAlignment/auto`` judges it before
/// planning: from the word edges that refinement's offset analysis weighs (the words around up to
/// 16 matches), the share that meet a boundary in the audio (a frame at the noise floor or a clear
/// dip, within 10 ms) at the given times, against the share that meet one by chance (the mean over
/// every offset searched, ±250 ms).
///
/// Times that follow the audio put their word edges on its boundaries far more often than chance;
/// times with independent errors on each edge (a recognizer's ±150 ms jitter) or off as a whole
/// (a 120 ms shift) meet them about as often as chance. When the times do not fit, `auto`
/// aligns every censored word with PocketSphinx, not only the estimated ones (BENCHMARKS.md,
/// "The default aligns when the times do not fit").
public struct TimesFit: Sendable, Hashable, Codable {
    /// The transcript's word edges weighed.
    public var edges: Int
    /// The share of them that meet a boundary in the audio at the given times.
    public var edgeShare: Double
    /// The share that meet one by chance: the mean over every offset searched.
    public var chanceShare: Double
    /// The censored matches aligned because the times did not fit (0 when they fit, or when
    /// the aligner could align none: no model, no word it can say, or ``tooManyToAlign``).
    public var alignedMatches = 0
    /// Whether the times did not fit but the censored matches were more than `auto` aligns
    /// (``Planner/autoAlignedMatches``), so none was aligned.
    public var tooManyToAlign = false

    /// The least ratio of ``edgeShare`` to ``chanceShare`` for times that fit: exact times on
    /// the espeak-ng corpus reach 1.38 and more, ±150 ms jitter on real speech stays under it in
    /// 73 of 78 recordings and draws (BENCHMARKS.md).
    public static let leastRatio = 1.3
    /// Standard errors (binomial, of ``edges`` draws at ``chanceShare``) by which ``edgeShare``
    /// must exceed chance for times that fit: a clip of a few words meets boundaries well above
    /// chance now and then by luck.
    public static let leastErrors = 3.0

    /// The judgement of `edges` word edges, `meeting` of which meet a boundary at the given
    /// times and `chance` (a mean, so fractional) by chance.
    public init(edges: Int, meeting: Int, chance: Double) {
        self.edges = edges
        edgeShare = edges > 0 ? Double(meeting) / Double(edges) : 0
        chanceShare = edges > 0 ? chance / Double(edges) : 0
    }

    /// The most ``chanceShare`` of audio the times are judged by: where nearly every frame is a
    /// boundary (a steady tone, near silence, noise that dips everywhere), nothing in the audio
    /// can contradict the times, and they are left to refinement alone. Real speech reaches 0.93
    /// (a speaker with a cold), the espeak-ng corpus 0.73, the tests' tone with noise 0.94.
    public static let mostChance = 0.95

    /// Whether the audio can judge the times: some word edges were weighed, fewer than
    /// ``mostChance`` of them meet a boundary by chance, and some edge as given meets none (where
    /// every one does, as on the tests' tone, nothing contradicts the times; no real recording's
    /// did: 0.98 at the most).
    public var isJudged: Bool { edges > 0 && chanceShare < Self.mostChance && edgeShare < 1 }

    /// Whether the times were judged and do not fit: `auto` then aligns every censored word.
    public var needsAlignment: Bool { isJudged && !fits }

    /// Whether the times fit the audio: ``edgeShare`` at least ``leastRatio`` times
    /// ``chanceShare`` and above it by ``leastErrors`` standard errors.
    public var fits: Bool {
        guard edges > 0, chanceShare > 0, chanceShare < 1 else { return false }
        let error = (chanceShare * (1 - chanceShare) / Double(edges)).squareRoot()
        return edgeShare >= Self.leastRatio * chanceShare && edgeShare - chanceShare >= Self.leastErrors * error
    }
}
