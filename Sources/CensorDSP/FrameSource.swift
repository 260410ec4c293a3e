/// Random access to audio as interleaved `Float` frames, for the analysis planning needs.
///
/// Planning reads only the audio near each span (edge snapping, beep levels), so its cost grows
/// with the censored duration, not the file's length. ``AudioReader`` reads from a file;
/// ``InterleavedBuffer`` from memory.
public protocol FrameSource {
    /// The number of interleaved channels.
    var channelCount: Int { get }
    /// The number of frames available.
    var frameCount: Int { get }

    /// Reads frames into `buffer`, replacing its contents with `range.count × channelCount`
    /// interleaved samples (normalized so that full scale is ±1).
    ///
    /// - Parameters:
    ///   - range: The frames to read; within `0..<frameCount`.
    ///   - buffer: Receives the samples.
    /// - Throws: When the audio cannot be read.
    mutating func readFrames(_ range: Range<Int>, into buffer: inout [Float]) throws

    /// Opens the same audio again, with a read position of its own, so that planning can
    /// analyse it on several threads at once; `nil` (the default) keeps planning on one thread.
    var reopener: (@Sendable () throws -> any FrameSource)? { get }
}

extension FrameSource {
    public var reopener: (@Sendable () throws -> any FrameSource)? { nil }
}

/// Interleaved `Float` audio held in memory, without a rate: the package's own stand-in for a
/// recording in DSP code and tests. Callers use `AudioBuffer` (CensorAudio), whose initialiser
/// checks what this one only asserts.
package struct InterleavedBuffer: FrameSource, Sendable, Hashable {
    /// The samples, frame after frame, channel after channel within a frame.
    package var samples: [Float]
    /// The number of channels.
    package let channelCount: Int

    /// Creates a buffer.
    ///
    /// - Parameters:
    ///   - samples: Interleaved samples; their count is a multiple of `channelCount`.
    ///   - channelCount: The number of channels, at least 1.
    package init(samples: [Float], channelCount: Int) {
        precondition(channelCount > 0 && samples.count % channelCount == 0, "samples do not fill whole frames")
        self.samples = samples
        self.channelCount = channelCount
    }

    /// The number of whole frames.
    package var frameCount: Int { samples.count / channelCount }

    package var reopener: (@Sendable () throws -> any FrameSource)? { { [self] in self } }

    package func readFrames(_ range: Range<Int>, into buffer: inout [Float]) {
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: samples[(range.lowerBound * channelCount)..<(range.upperBound * channelCount)])
    }
}
