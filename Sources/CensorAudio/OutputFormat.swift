/// What to change about the output's format; everything left `nil` follows the input (or,
/// for the container, the output file's extension).
public struct OutputFormat: Sendable, Hashable {
    /// The container; `nil`: from the output's extension, else the input's.
    public package(set) var container: AudioContainer?
    /// The encoding; `nil`: the input's when the container takes it and it is lossless, else
    /// the container's best.
    public package(set) var encoding: AudioEncoding?
    /// The sample rate; `nil`: the input's. Another rate resamples with libsamplerate's best
    /// converter.
    public package(set) var sampleRate: Int?
    /// For lossy encodings, quality from 0 (smallest file) to 1 (best); `nil`: libsndfile's
    /// default.
    public package(set) var quality: Double?

    /// Settings that change nothing: the output's format follows the input's.
    public init() {}

    /// Creates output settings; each `nil` follows the input.
    ///
    /// - Parameters:
    ///   - container: The container.
    ///   - encoding: The encoding.
    ///   - sampleRate: The rate to resample to, 1000 to 768000 Hz (``Parameters/sampleRate``).
    ///   - quality: For lossy encodings, 0 to 1 (``Parameters/quality``).
    /// - Throws: ``ParameterError`` with the value out of range and the range.
    public init(
        container: AudioContainer? = nil, encoding: AudioEncoding? = nil, sampleRate: Int? = nil,
        quality: Double? = nil
    ) throws(ParameterError) {
        if let sampleRate { try Parameters.sampleRate.validate(sampleRate) }
        if let quality { try Parameters.quality.validate(quality) }
        self.container = container
        self.encoding = encoding
        self.sampleRate = sampleRate
        self.quality = quality
    }
}
