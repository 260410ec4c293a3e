/// Audio a streaming pass reads block by block, from its start: a file (``AudioReader``) or
/// a pipe read with a look-ahead (`StreamCensor`).
protocol AudioBlockReader: AnyObject {
    /// Container, encoding, rate and channels.
    var format: AudioFileFormat { get }
    /// The frames to read: the pass stops there, or where the audio ends first.
    var frameCount: Int { get }
    /// Reads up to `frames` frames at the read position; returns how many were read (0 at the end).
    func read<Sample: SndFileSample>(into buffer: UnsafeMutablePointer<Sample>, frames: Int) throws -> Int
}

/// What censors each block of a streaming pass: a ``CensorEngine`` with every span planned
/// beforehand, or `StreamCensor`, which plans them as the audio arrives.
protocol BlockCensor {
    /// Gets ready to censor the next block, of `frames` (or fewer, where the input ends), and
    /// throws what keeps it from censoring them.
    mutating func prepare(_ frames: Range<Int>) throws
    /// Censors one block of stored samples in place; blocks come in order.
    mutating func process<Codec: SampleCodec>(
        _ block: UnsafeMutableBufferPointer<Codec.Sample>, firstFrame: Int, codec: Codec)
    /// The runs of the next block's `frames` that ``process(_:firstFrame:codec:)`` will
    /// overwrite whatever they hold, in order: a seekable input need not be read there.
    func replacedRuns(in frames: Range<Int>) -> [Range<Int>]
}

extension BlockCensor {
    /// Ready for any block: every span's censoring is known from the start.
    mutating func prepare(_ frames: Range<Int>) throws {}
}

extension AudioReader: AudioBlockReader {}

extension CensorEngine: BlockCensor {}
