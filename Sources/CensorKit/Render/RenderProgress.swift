/// How far a file's censoring pass has come.
public struct RenderProgress: Sendable, Hashable {
    /// Input frames read, censored and written so far.
    public var framesDone: Int
    /// The input's length in frames, as it declares it.
    public var frameCount: Int
    /// The input's frames per second.
    public var sampleRate: Int
    /// What is being done: decoding a container's audio stream (through ffmpeg) comes before
    /// censoring it.
    public var stage: Stage

    /// A stage of a file's run.
    public enum Stage: String, Sendable, Hashable {
        /// A container's audio stream is being decoded; `framesDone` counts decoded frames.
        case decoding
        /// The audio is being censored and written (for a container: encoded and muxed).
        case censoring
    }

    /// The share done, from 0 to 1.
    public var fraction: Double {
        frameCount > 0 ? min(1, Double(framesDone) / Double(frameCount)) : 0
    }

    /// Creates a progress value.
    public init(framesDone: Int, frameCount: Int, sampleRate: Int, stage: Stage = .censoring) {
        self.framesDone = framesDone
        self.frameCount = frameCount
        self.sampleRate = sampleRate
        self.stage = stage
    }
}
