/// Censors matched words in audio: plans the spans, then renders them in one streaming pass.
///
/// ```swift
/// let transcript = try Transcript.load(contentsOf: URL(fileURLWithPath: "talk.json"))
/// let list = CensorList(entries: ["damn", "piece of crap"])
/// let censor = Censor(mode: .beep(Beep()))
/// let report = try censor.censorFile(
///     input: "talk.wav", output: "talk.censored.wav", matches: list.matches(in: transcript))
/// print(report.json())
/// ```
public struct Censor: Sendable {
    /// Frames read, censored and written at a time when streaming a file.
    public static let defaultBlockFrames = 65_536

    /// The version of censor, as its files' ``CensorMarker`` and `--version` give it.
    public static let version = "0.1.0"

    /// What happens to censored audio.
    public var mode: CensorMode
    /// How matches become spans.
    public var planner: Planner
    /// Frames per streaming block; any size gives the same output.
    public var blockFrames: Int

    /// Creates a censor.
    ///
    /// - Parameters:
    ///   - mode: Beep, duck or mute; default a matched-level 1000 Hz beep.
    ///   - options: Padding, crossfade and edge snapping.
    ///   - blockFrames: Frames per streaming block.
    public init(
        mode: CensorMode = .beep(Beep()), options: PlanOptions = PlanOptions(),
        blockFrames: Int = Censor.defaultBlockFrames
    ) {
        precondition(blockFrames > 0, "blocks hold at least one frame")
        self.mode = mode
        planner = Planner(options: options)
        self.blockFrames = blockFrames
    }

    /// Censors audio held in memory.
    ///
    /// - Parameters:
    ///   - audio: Interleaved audio, changed in place.
    ///   - sampleRate: Its frames per second.
    ///   - matches: The words to censor.
    /// - Returns: The plan that was rendered.
    public func censor(_ audio: inout InterleavedBuffer, sampleRate: Int, matches: [Match]) -> Plan {
        var source = audio
        // Reading from memory cannot fail.
        let plan = try! planner.plan(matches, sampleRate: sampleRate, audio: &source)
        var engine = try! makeEngine(plan: plan, channelCount: audio.channelCount, sampleRate: sampleRate, audio: &source)
        engine.process(&audio.samples, firstFrame: 0)
        return plan
    }

    /// The engine that renders `plan`, with beep levels measured from `audio` when needed.
    func makeEngine(
        plan: Plan, channelCount: Int, sampleRate: Int, audio: inout some FrameSource
    ) throws -> CensorEngine {
        var amplitudes: [[Float]] = []
        var fades: [BeepFade] = []
        if case let .beep(beep) = mode {
            (amplitudes, fades) = try BeepLevels.levels(for: plan.spans, beep: beep, in: &audio)
        }
        return CensorEngine(spans: plan.spans, mode: mode, channelCount: channelCount,
                            sampleRate: sampleRate, beepAmplitudes: amplitudes, beepFades: fades)
    }
}
