/// How matched words become spans of frames.
public struct PlanOptions: Sendable, Hashable {
    /// Seconds added before every word's start.
    public var padBefore: Double
    /// Seconds added after every word's end.
    public var padAfter: Double
    /// Seconds of crossfade on each side of a span's core.
    public var crossfade: Double
    /// How many seconds an edge may move outward to meet a zero crossing; 0 turns snapping off.
    public var snapWindow: Double
    /// Whether each word's start and end are first moved to where its sound really begins and
    /// ends, judged from the audio (see ``Planner``); `false` uses the transcript's times as given.
    public var refine: Bool
    /// How many seconds refinement may move an edge, each way.
    public var refineWindow: Double
    /// How far refinement trusts the transcript's neighbouring words against the audio.
    public var refineStrategy: RefineStrategy
    /// Which matches are first aligned to the audio with PocketSphinx (before refinement).
    public var align: WordAlignment = .off
    /// The PocketSphinx model folder the aligner loads (see ``WordAligner/init(model:)``).
    public var alignModel: String = WordAligner.defaultModel

    /// Creates options; every argument defaults to its ``Parameters`` definition.
    ///
    /// - Parameters:
    ///   - padBefore: Seconds added before every word.
    ///   - padAfter: Seconds added after every word.
    ///   - crossfade: Seconds of crossfade on each side of a span.
    ///   - snapWindow: Seconds an edge may move outward to a zero crossing.
    ///   - refine: Whether to refine word edges from the audio.
    ///   - refineWindow: Seconds refinement may move an edge.
    ///   - refineStrategy: How far an edge may run into a neighbouring word.
    public init(
        padBefore: Double = Parameters.padBefore.defaultValue / 1000,
        padAfter: Double = Parameters.padAfter.defaultValue / 1000,
        crossfade: Double = Parameters.crossfade.defaultValue / 1000,
        snapWindow: Double = Parameters.snapWindow.defaultValue / 1000,
        refine: Bool = true,
        refineWindow: Double = Parameters.refineWindow.defaultValue / 1000,
        refineStrategy: RefineStrategy = .conservative
    ) {
        self.padBefore = padBefore
        self.padAfter = padAfter
        self.crossfade = crossfade
        self.snapWindow = snapWindow
        self.refine = refine
        self.refineWindow = refineWindow
        self.refineStrategy = refineStrategy
    }
}
