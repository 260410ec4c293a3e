/// How matched words become spans of frames.
///
/// Every time is in seconds. The initialiser checks each against its ``Parameters`` range, and
/// the properties cannot be set afterwards, so options that exist are valid:
///
/// ```swift
/// let options = try PlanOptions(padBefore: 0.02, padAfter: 0.02, crossfade: 0.01)
/// let wider = try options.replacing(padAfter: 0.1)
/// ```
public struct PlanOptions: Sendable, Hashable {
    /// Seconds added before every word's start.
    public let padBefore: Double
    /// Seconds added after every word's end.
    public let padAfter: Double
    /// Seconds of crossfade on each side of a span's core.
    public let crossfade: Double
    /// How many seconds an edge may move outward to meet a zero crossing; 0 turns snapping off.
    public let snapWindow: Double
    /// Whether each word's start and end are first moved to where its sound really begins and
    /// ends, judged from the audio (see ``Planner``); `false` uses the transcript's times as given.
    public let refine: Bool
    /// How many seconds refinement may move an edge, each way.
    public let refineWindow: Double
    /// How far refinement trusts the transcript's neighbouring words against the audio.
    public let refineStrategy: RefineStrategy
    /// Which matches are first aligned to the audio with PocketSphinx (before refinement).
    public let align: WordAlignment
    /// The PocketSphinx model folder the aligner loads (see ``WordAligner/init(model:)``).
    public let alignModel: String
    /// The speech's language as a transcript or the caller names it (`en`, `fr-FR`, `en_us`,
    /// `eng`), `nil` when unknown: the aligner's model is US English, so with another language
    /// no word is aligned, whatever ``align`` says (see ``WordAligner/speaks(_:)``).
    public var language: String?

    /// The default options: every number at its ``Parameters`` default, refinement on and
    /// conservative, no alignment.
    public init() {
        padBefore = Parameters.padBefore.defaultValue
        padAfter = Parameters.padAfter.defaultValue
        crossfade = Parameters.crossfade.defaultValue
        snapWindow = Parameters.snapWindow.defaultValue
        refine = true
        refineWindow = Parameters.refineWindow.defaultValue
        refineStrategy = .conservative
        align = .off
        alignModel = WordAligner.defaultModel
    }

    /// Creates options; every argument defaults to its ``Parameters`` definition.
    ///
    /// - Parameters:
    ///   - padBefore: Seconds added before every word (``Parameters/padBefore``: 0 to 2).
    ///   - padAfter: Seconds added after every word (``Parameters/padAfter``: 0 to 2).
    ///   - crossfade: Seconds of crossfade on each side of a span (``Parameters/crossfade``: 0 to 1).
    ///   - snapWindow: Seconds an edge may move outward to a zero crossing
    ///     (``Parameters/snapWindow``: 0 to 0.1).
    ///   - refine: Whether to refine word edges from the audio.
    ///   - refineWindow: Seconds refinement may move an edge (``Parameters/refineWindow``: 0 to 1).
    ///   - refineStrategy: How far an edge may run into a neighbouring word.
    ///   - align: Which matches are first aligned to the audio with PocketSphinx.
    ///   - alignModel: The PocketSphinx model folder the aligner loads.
    /// - Throws: ``ParameterError`` naming the first value out of its range, and the range.
    public init(
        padBefore: Double = Parameters.padBefore.defaultValue,
        padAfter: Double = Parameters.padAfter.defaultValue,
        crossfade: Double = Parameters.crossfade.defaultValue,
        snapWindow: Double = Parameters.snapWindow.defaultValue,
        refine: Bool = true,
        refineWindow: Double = Parameters.refineWindow.defaultValue,
        refineStrategy: RefineStrategy = .conservative,
        align: WordAlignment = .off,
        alignModel: String = WordAligner.defaultModel
    ) throws(ParameterError) {
        self.padBefore = try Parameters.padBefore.validate(padBefore)
        self.padAfter = try Parameters.padAfter.validate(padAfter)
        self.crossfade = try Parameters.crossfade.validate(crossfade)
        self.snapWindow = try Parameters.snapWindow.validate(snapWindow)
        self.refine = refine
        self.refineWindow = try Parameters.refineWindow.validate(refineWindow)
        self.refineStrategy = refineStrategy
        self.align = align
        self.alignModel = alignModel
    }

    /// These options with the given ones changed, checked as ``init(padBefore:padAfter:crossfade:snapWindow:refine:refineWindow:refineStrategy:align:alignModel:)`` checks them.
    ///
    /// - Parameters: Each `nil` keeps this option's value.
    /// - Returns: The changed options.
    /// - Throws: ``ParameterError`` naming the first value out of its range, and the range.
    public func replacing(
        padBefore: Double? = nil, padAfter: Double? = nil, crossfade: Double? = nil, snapWindow: Double? = nil,
        refine: Bool? = nil, refineWindow: Double? = nil, refineStrategy: RefineStrategy? = nil,
        align: WordAlignment? = nil, alignModel: String? = nil
    ) throws(ParameterError) -> PlanOptions {
        try PlanOptions(
            padBefore: padBefore ?? self.padBefore, padAfter: padAfter ?? self.padAfter,
            crossfade: crossfade ?? self.crossfade, snapWindow: snapWindow ?? self.snapWindow,
            refine: refine ?? self.refine, refineWindow: refineWindow ?? self.refineWindow,
            refineStrategy: refineStrategy ?? self.refineStrategy,
            align: align ?? self.align, alignModel: alignModel ?? self.alignModel)
    }
}
