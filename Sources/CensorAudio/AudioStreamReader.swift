import CSndFile
import Foundation

/// Reads audio from a pipe through libsndfile, once, from the start to the end: no seeking.
///
/// libsndfile reads WAV, RF64, W64, AIFF, AU, CAF and Ogg from a pipe (its pipe mode skips the
/// chunks after the audio it would otherwise seek to); FLAC it reads only from a file.
///
/// ```swift
/// let reader = try AudioStreamReader(descriptor: STDIN_FILENO, name: "-")
/// ```
public final class AudioStreamReader {
    /// How messages name the stream (`-` for standard input).
    public let name: String
    /// Container, encoding, rate and channels.
    public let format: AudioFileFormat
    /// The frames the header declares: the real count, or a placeholder a streaming writer
    /// left (ffmpeg's WAV declares 4 GiB of audio); the stream may end before.
    public let declaredFrames: Int
    /// Text fields and channel layout from the header (fields after the audio are not seen).
    public let metadata: AudioMetadata
    private let file: OpaquePointer
    /// Frames read so far.
    package private(set) var position = 0

    /// Opens the pipe at `descriptor` (left open when the reader is done).
    ///
    /// - Throws: ``AudioError/cannotOpen(path:reason:)`` naming `name` and libsndfile's reason.
    public init(descriptor: Int32, name: String) throws(AudioError) {
        var info = SF_INFO()
        guard let file = sf_open_fd(descriptor, Int32(SFM_READ), &info, 0) else {
            throw .cannotOpen(path: name, reason: plainReason(sf_strerror(nil)))
        }
        format = try AudioFileFormat.opened(file, info: info, name: name)
        self.name = name
        self.file = file
        declaredFrames = Int(max(0, info.frames))
        metadata = AudioMetadata(reading: file, channelCount: Int(info.channels), sampleRate: Int(info.samplerate))
    }

    deinit { sf_close(file) }

    /// The number of interleaved channels.
    public var channelCount: Int { format.channelCount }

    /// Reads up to `frames` frames; returns how many were read (0 at the end).
    package func read<Sample: SndFileSample>(into buffer: UnsafeMutablePointer<Sample>, frames: Int) throws(AudioError)
        -> Int
    {
        var done = 0
        // A pipe may deliver fewer frames than asked before its end: read until it ends.
        while done < frames {
            let count = Sample.read(file, buffer + done * channelCount, frames - done)
            if count <= 0 {
                if sf_error(file) != 0 {
                    throw .readFailed(path: name, frame: position + done, reason: plainReason(sf_strerror(file)))
                }
                break
            }
            done += count
        }
        position += done
        return done
    }

    /// The format of the audio whose first bytes are `head`, as libsndfile reads its header,
    /// without touching the stream they came from; `nil` when libsndfile does not recognize it.
    ///
    /// - Parameter head: The stream's first bytes (a few kilobytes hold any header).
    public static func format(ofHead head: [UInt8]) -> AudioFileFormat? {
        let memory = MemoryFile(bytes: head)
        var io = MemoryFile.virtualIO
        var info = SF_INFO()
        let opened = withExtendedLifetime(memory) { () -> Bool in
            guard let file = sf_open_virtual(&io, Int32(SFM_READ), &info, Unmanaged.passUnretained(memory).toOpaque())
            else {
                return false
            }
            sf_close(file)
            return true
        }
        guard opened, info.channels > 0, info.samplerate > 0 else { return nil }
        return AudioFileFormat(code: info.format, sampleRate: Int(info.samplerate), channelCount: Int(info.channels))
    }
}
