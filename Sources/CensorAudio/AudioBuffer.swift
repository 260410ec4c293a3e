import CSndFile
import Foundation

/// Audio held in memory with its format: interleaved `Float` samples (full scale ±1), the
/// sample rate and the channels' speaker positions.
///
/// It is what the in-memory API censors and writes: read a file into one, or fill one from
/// your own decoder; censor it with `Censor.censor(_:matches:)`; write it to a file with
/// `write(to:format:overwrite:)` or encode it to `Data` with ``encoded(as:)``.
///
/// ```swift
/// var audio = try AudioBuffer(samples: samples, channelCount: 2, sampleRate: 48_000)
/// let report = try Censor(mode: .mute).censor(&audio, matches: matches)
/// let flac = try audio.encoded(as: OutputFormat(container: .flac))
/// ```
public struct AudioBuffer: FrameSource, Sendable, Hashable {
    /// The samples, frame after frame, channel after channel within a frame; always whole frames.
    public package(set) var samples: [Float]
    /// Interleaved channels per frame, at least 1.
    public let channelCount: Int
    /// Frames per second, at least 1.
    public let sampleRate: Int
    /// Each channel's speaker, in channel order; empty when unknown.
    public let channelLayout: [ChannelPosition]

    /// Creates a buffer.
    ///
    /// - Parameters:
    ///   - samples: Interleaved samples; their count is a multiple of `channelCount`.
    ///   - channelCount: Channels per frame, at least 1.
    ///   - sampleRate: Frames per second, at least 1.
    ///   - channelLayout: Each channel's speaker, or empty when unknown.
    /// - Throws: ``AudioBufferError`` when a count or the rate does not fit.
    public init(
        samples: [Float], channelCount: Int, sampleRate: Int, channelLayout: [ChannelPosition] = []
    ) throws(AudioBufferError) {
        guard channelCount >= 1 else { throw .channelCount(channelCount) }
        guard sampleRate >= 1 else { throw .sampleRate(sampleRate) }
        guard samples.count % channelCount == 0 else {
            throw .partialFrame(samples: samples.count, channelCount: channelCount)
        }
        guard channelLayout.isEmpty || channelLayout.count == channelCount else {
            throw .channelLayout(positions: channelLayout.count, channelCount: channelCount)
        }
        self.samples = samples
        self.channelCount = channelCount
        self.sampleRate = sampleRate
        self.channelLayout = channelLayout
    }

    /// Reads a whole audio file into memory.
    ///
    /// - Parameter path: The audio file.
    /// - Throws: ``AudioError`` when it cannot be read.
    public init(contentsOf path: String) throws(AudioError) {
        let reader = try AudioReader(path: path)
        var samples: [Float] = []
        do {
            try reader.readFrames(0..<reader.frameCount, into: &samples)
        } catch let error as AudioError {
            throw error
        } catch {
            throw .readFailed(path: path, frame: 0, reason: "\(error)")
        }
        self.samples = samples
        channelCount = reader.channelCount
        sampleRate = reader.format.sampleRate
        channelLayout = reader.metadata.channelLayout
    }

    /// The number of frames.
    public var frameCount: Int { samples.count / channelCount }

    /// The length in seconds.
    public var duration: Double { Double(frameCount) / Double(sampleRate) }

    public var reopener: (@Sendable () throws -> any FrameSource)? { { [self] in self } }

    public func readFrames(_ range: Range<Int>, into buffer: inout [Float]) {
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: samples[(range.lowerBound * channelCount)..<(range.upperBound * channelCount)])
    }
}

/// Why an ``AudioBuffer`` cannot hold what it was given.
public enum AudioBufferError: Error, CustomStringConvertible, Sendable, Hashable {
    /// The channel count is below 1.
    case channelCount(Int)
    /// The sample rate is below 1.
    case sampleRate(Int)
    /// The samples do not fill whole frames.
    case partialFrame(samples: Int, channelCount: Int)
    /// The layout names a position for `positions` channels, not for each of `channelCount`.
    case channelLayout(positions: Int, channelCount: Int)

    public var description: String {
        switch self {
        case let .channelCount(count): "channel count \(count): expected at least 1"
        case let .sampleRate(rate): "sample rate \(rate): expected at least 1 frame per second"
        case let .partialFrame(samples, channels):
            "\(samples) samples do not fill whole frames of \(channels) channels"
        case let .channelLayout(positions, channels): "\(positions) channel positions for \(channels) channels"
        }
    }
}

extension AudioBuffer {
    /// The buffer encoded as an audio file in memory.
    ///
    /// - Parameter format: Container (required), encoding and quality; its sample rate, if
    ///   given, must be the buffer's.
    /// - Returns: The file's bytes.
    /// - Throws: ``AudioError/unsupportedOutput(path:reason:)`` without a container, or when
    ///   the container cannot hold this audio.
    public func encoded(as format: OutputFormat) throws(AudioError) -> Data {
        guard let container = format.container else {
            throw .unsupportedOutput(path: "(memory)", reason: "no container given; name one, such as .wav or .flac")
        }
        let fileFormat = try self.format(for: "(memory).\(container.rawValue)", requested: format)
        let writer = try AudioWriter(
            inMemoryNamed: "(memory)", format: fileFormat, metadata: metadata, quality: format.quality)
        try write(into: writer)
        return Data(writer.memory!.bytes)
    }

    /// The file format to write: `requested` resolved against a 32-bit float input at this
    /// buffer's rate and channels.
    package func format(for path: String, requested: OutputFormat) throws(AudioError) -> AudioFileFormat {
        if let rate = requested.sampleRate, rate != sampleRate {
            throw .unsupportedOutput(
                path: path,
                reason: "the buffer holds \(sampleRate) Hz audio; writing it at \(rate) Hz would need resampling")
        }
        let float = AudioFileFormat(
            code: Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT), sampleRate: sampleRate, channelCount: channelCount)
        return try float.forOutput(path: path, requested: requested)
    }

    /// The channel layout as file metadata.
    package var metadata: AudioMetadata {
        var metadata = AudioMetadata()
        metadata.channelMap = channelLayout.map(\.rawValue)
        return metadata
    }

    /// Writes every frame into `writer` and closes it.
    package func write(into writer: AudioWriter) throws(AudioError) {
        let frames = frameCount
        try samples.withUnsafeBufferPointer { samples throws(AudioError) in
            if let base = samples.baseAddress, frames > 0 { try writer.write(from: base, frames: frames) }
        }
        try writer.close()
    }
}
