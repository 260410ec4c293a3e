/// Censors matched words in audio: plans the spans, then renders them in one streaming pass.
///
/// ```swift
/// let transcript = try Transcript.load(path: "talk.json")
/// let list = CensorList(entries: ["damn", "piece of crap"])
/// let censor = try Censor(mode: .beep(Beep()))
/// let report = try censor.censorFile(
///     input: "talk.wav", output: "talk.censored.wav", matches: list.matches(in: transcript))
/// print(report.json())
/// ```
///
/// Paths are `String`s throughout the library, as the operating system and libsndfile take
/// them; times are seconds (`Double`).
public struct Censor: Sendable {
    /// Frames read, censored and written at a time when streaming a file
    /// (``Parameters/blockFrames``).
    public static let defaultBlockFrames = Int(Parameters.blockFrames.defaultValue)

    /// The version of censor, as its files' ``CensorMarker`` and the command's version give it.
    public static let version = "0.1.0"

    /// What happens to censored audio.
    public let mode: CensorMode
    /// How matches become spans; its options are valid by construction (see ``PlanOptions``).
    public var planner: Planner
    /// Frames per streaming block; any size gives the same output.
    public let blockFrames: Int
    /// The job the ``CensorMarker`` of each output records, or `nil` to write no marker.
    public var marker: CensorMarker.Job? = .unnamed

    /// The default censor: a 1000 Hz beep as loud as the voice, default ``PlanOptions``.
    public init() {
        mode = .beep(Beep())
        planner = Planner(options: PlanOptions())
        blockFrames = Self.defaultBlockFrames
    }

    /// Creates a censor.
    ///
    /// - Parameters:
    ///   - mode: Beep, duck or mute; default a matched-level 1000 Hz beep. A duck gain is
    ///     −120 to 0 dB (``Parameters/duckGain``).
    ///   - options: Padding, crossfade, edge snapping and refinement.
    ///   - blockFrames: Frames per streaming block (``Parameters/blockFrames``).
    /// - Throws: ``ParameterError`` with the value out of range and the range.
    public init(
        mode: CensorMode = .beep(Beep()), options: PlanOptions = PlanOptions(),
        blockFrames: Int = Censor.defaultBlockFrames
    ) throws(ParameterError) {
        try mode.validate()
        self.mode = mode
        planner = Planner(options: options)
        self.blockFrames = try Parameters.blockFrames.validate(blockFrames)
    }

    /// The engine that renders `plan`, with beep levels measured from `audio` when needed.
    func makeEngine(plan: Plan, sampleRate: Int, audio: inout some FrameSource) throws -> CensorEngine {
        try CensorEngine(
            spans: plan.spans.map(\.span), mode: mode.resampled(to: sampleRate), sampleRate: sampleRate,
            measuring: &audio)
    }
}
