import CSndFile
import Foundation

/// Reads an audio file through libsndfile, block by block or at any frame.
///
/// The file is opened read-only and never written.
///
/// ```swift
/// let reader = try AudioReader(path: "talk.wav")
/// print(reader.format.sampleRate, reader.frameCount)
/// ```
public final class AudioReader: FrameSource {
    /// The file's path as given.
    public let path: String
    /// Container, encoding, rate and channels.
    public let format: AudioFileFormat
    /// The number of frames the file declares.
    public let frameCount: Int
    /// Text fields and channel layout.
    public let metadata: AudioMetadata
    private let file: OpaquePointer
    private var position = 0

    /// Opens `path` for reading.
    ///
    /// - Parameter path: The audio file.
    /// - Throws: ``AudioError/cannotOpen(path:reason:)`` naming libsndfile's reason.
    public init(path: String) throws(AudioError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .cannotOpen(path: path, reason: "it is a directory")
        }
        var info = SF_INFO()
        guard let file = sf_open(path, Int32(SFM_READ), &info) else {
            throw .cannotOpen(path: path, reason: String(cString: sf_strerror(nil)))
        }
        guard info.channels > 0, info.samplerate > 0 else {
            sf_close(file)
            throw .cannotOpen(path: path, reason: "it declares \(info.channels) channels at \(info.samplerate) Hz")
        }
        self.path = path
        self.file = file
        format = AudioFileFormat(code: info.format, sampleRate: Int(info.samplerate), channelCount: Int(info.channels))
        frameCount = Int(max(0, info.frames))
        metadata = AudioMetadata(reading: file, channelCount: Int(info.channels))
    }

    deinit { sf_close(file) }

    /// The number of interleaved channels.
    public var channelCount: Int { format.channelCount }

    /// Reads `range` as normalized interleaved floats, seeking as needed.
    ///
    /// - Throws: ``AudioError/readFailed(path:frame:reason:)`` when the file ends early or errs.
    public func readFrames(_ range: Range<Int>, into buffer: inout [Float]) throws {
        try seek(to: range.lowerBound)
        buffer = [Float](unsafeUninitializedCapacity: range.count * channelCount) { storage, count in
            count = 0
            do {
                let frames = try read(into: storage.baseAddress!, frames: range.count)
                count = frames * channelCount
            } catch {}
        }
        guard buffer.count == range.count * channelCount else {
            throw AudioError.readFailed(path: path, frame: position, reason: "the file ends before its declared length")
        }
    }

    /// Moves the read position to `frame`.
    func seek(to frame: Int) throws(AudioError) {
        guard frame != position else { return }
        guard sf_seek(file, sf_count_t(frame), SEEK_SET) >= 0 else {
            throw .readFailed(path: path, frame: frame, reason: String(cString: sf_strerror(file)))
        }
        position = frame
    }

    /// Reads up to `frames` frames at the current position; returns how many were read (0 at
    /// the end).
    func read<Sample: SndFileSample>(into buffer: UnsafeMutablePointer<Sample>, frames: Int) throws(AudioError) -> Int {
        let count = Sample.read(file, buffer, frames)
        if count < frames, sf_error(file) != 0 {
            throw .readFailed(path: path, frame: position + count, reason: String(cString: sf_strerror(file)))
        }
        position += count
        return count
    }
}
