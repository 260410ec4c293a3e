/// What to change about the output's format; everything left `nil` follows the input (or,
/// for the container, the output file's extension).
public struct OutputFormat: Sendable, Hashable {
    /// The container; `nil`: from the output's extension, else the input's.
    public var container: AudioContainer?
    /// The encoding; `nil`: the input's when the container takes it and it is lossless, else
    /// the container's best.
    public var encoding: AudioEncoding?
    /// The sample rate; `nil`: the input's. Another rate resamples with libsamplerate's best
    /// converter.
    public var sampleRate: Int?
    /// For lossy encodings, quality from 0 (smallest file) to 1 (best); `nil`: libsndfile's
    /// default.
    public var quality: Double?

    /// Creates output settings; by default the output's format follows the input's.
    public init(
        container: AudioContainer? = nil, encoding: AudioEncoding? = nil, sampleRate: Int? = nil,
        quality: Double? = nil
    ) {
        self.container = container
        self.encoding = encoding
        self.sampleRate = sampleRate
        self.quality = quality
    }
}
