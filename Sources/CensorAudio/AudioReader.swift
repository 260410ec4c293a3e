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
    /// The number of frames that can be read: what the file declares, or fewer when it is
    /// truncated (see ``warnings``).
    public let frameCount: Int
    /// What is wrong with the file but did not stop it from being read, such as a truncation:
    /// its audio ends before the length its header declares.
    public let warnings: [String]
    /// Text fields and channel layout.
    public let metadata: AudioMetadata
    /// Where the squares of stored blocks read whole are kept, when they are (a matched beep's
    /// levels add them); shared by the readers ``reopener`` opens.
    package var blockSquares: BlockSquares?
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
            throw .cannotOpen(path: path, reason: Self.openFailure(path))
        }
        format = try AudioFileFormat.opened(file, info: info, name: path)
        self.path = path
        self.file = file
        metadata = AudioMetadata(reading: file, channelCount: Int(info.channels), sampleRate: Int(info.samplerate))
        // A truncated file is read as far as it goes, with a warning (README, "Truncated and
        // unusual inputs"). libsndfile already clamps the length of PCM files whose header
        // claims more than is there; compressed streams (FLAC, Ogg, MP3) declare a length their
        // audio may not reach, which is found by probing, on handles of their own.
        let declared = Int(max(0, info.frames))
        var warnings: [String] = []
        var readable = declared
        if info.seekable != 0, declared > 0,
            !Self.canRead(path, frame: declared - 1, channelCount: Int(info.channels))
        {
            readable = Self.readableFrames(path, declared: declared, channelCount: Int(info.channels))
            // libsndfile gives SF_COUNT_MAX for a stream whose end it could not find: nothing
            // was promised, so nothing is missing.
            if declared != Int(Int64.max) {
                let rate = Double(info.samplerate)
                warnings.append(
                    "'\(path)' is truncated: it declares \(declared) frames (\(Self.seconds(declared, rate))) "
                        + "but its audio ends at frame \(readable) (\(Self.seconds(readable, rate))); "
                        + "censoring the audio that is there")
            }
        } else if let (claimed, present) = Self.headerShortfall(file) {
            warnings.append(
                "'\(path)' is truncated: its header declares \(claimed) bytes of audio but the file holds "
                    + "\(present) (\(Self.seconds(declared, Double(info.samplerate)))); censoring the audio that is there"
            )
        }
        frameCount = readable
        self.warnings = warnings
    }

    /// Why libsndfile could not open `path`, said plainly, with what was expected.
    private static func openFailure(_ path: String) -> String {
        let code = sf_error(nil)
        var reason = plainReason(sf_strerror(nil))
        guard code != SF_ERR_SYSTEM else { return reason }
        let expected = "expected audio in a format libsndfile reads (WAV, AIFF, FLAC, Ogg, MP3, CAF …)"
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return reason }
        if status.st_size == 0 { return "the file is empty; \(expected)" }
        // libsndfile's MPEG decoder says this of any regular file it cannot make sense of.
        if reason.hasPrefix("File does not exist or is not a regular file") {
            reason = "its content is not audio libsndfile can decode"
        }
        return "\(reason); \(expected)"
    }

    /// Whether `frame` of the file at `path` can be read, on a handle of its own (a failed seek
    /// leaves some decoders unusable).
    private static func canRead(_ path: String, frame: Int, channelCount: Int) -> Bool {
        var info = SF_INFO()
        guard let file = sf_open(path, Int32(SFM_READ), &info) else { return false }
        defer { sf_close(file) }
        guard sf_seek(file, sf_count_t(frame), SEEK_SET) == sf_count_t(frame) else { return false }
        var sample = [Float](repeating: 0, count: channelCount)
        return sf_readf_float(file, &sample, 1) == 1
    }

    /// How many frames of a file whose last declared frame cannot be read can be: the last
    /// frame a seek reaches, found by bisection, then read on to where the audio stops.
    private static func readableFrames(_ path: String, declared: Int, channelCount: Int) -> Int {
        var good = -1, bad = declared - 1
        while bad - good > 1 {
            let middle = good + (bad - good) / 2
            if canRead(path, frame: middle, channelCount: channelCount) { good = middle } else { bad = middle }
        }
        var info = SF_INFO()
        guard let file = sf_open(path, Int32(SFM_READ), &info) else { return max(0, good + 1) }
        defer { sf_close(file) }
        let start = max(0, good)
        guard sf_seek(file, sf_count_t(start), SEEK_SET) == sf_count_t(start) else { return max(0, good + 1) }
        let blockFrames = 4096
        var block = [Float](repeating: 0, count: blockFrames * channelCount)
        var frames = start
        while frames < declared {
            let count = Int(sf_readf_float(file, &block, sf_count_t(min(blockFrames, declared - frames))))
            if count <= 0 { break }
            frames += count
        }
        return max(frames, good + 1)
    }

    /// The data size a PCM file's header claims and the size the file holds, from libsndfile's
    /// log (`data : 176400 (should be 99956)`), when it claims more; `nil` otherwise. A claim of
    /// 0xFFFFFFFF is the placeholder streaming writers leave, not a truncation.
    private static func headerShortfall(_ file: OpaquePointer) -> (claimed: Int, present: Int)? {
        var log = [CChar](repeating: 0, count: 16_384)
        _ = sf_command(file, Int32(SFC_GET_LOG_INFO), &log, Int32(log.count))
        let text = String(decoding: log.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        for line in text.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("data :") || trimmed.hasPrefix("SSND :"),
                let open = trimmed.range(of: "(should be ")
            else { continue }
            let numbers = [
                trimmed[trimmed.index(trimmed.startIndex, offsetBy: 6)..<open.lowerBound],
                trimmed[open.upperBound...].prefix { $0.isNumber },
            ]
            .map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard let claimed = numbers[0], let present = numbers[1], claimed > present,
                claimed != Int(UInt32.max)
            else { continue }
            return (claimed, present)
        }
        return nil
    }

    /// `frames` at `rate` as seconds, for messages.
    private static func seconds(_ frames: Int, _ rate: Double) -> String {
        String(format: "%.3f s", Double(frames) / rate)
    }

    deinit { sf_close(file) }

    /// The number of interleaved channels.
    public var channelCount: Int { format.channelCount }

    /// Reads `range` as normalized interleaved floats, seeking as needed.
    ///
    /// - Throws: ``AudioError/readFailed(path:frame:reason:)`` when the file ends early or errs.
    public func readFrames(_ range: Range<Int>, into buffer: inout [Float]) throws {
        try seek(to: range.lowerBound)
        // Reuse the buffer's storage: planning reads thousands of small windows.
        let count = range.count * channelCount
        if buffer.count < count {
            buffer.append(contentsOf: repeatElement(0, count: count - buffer.count))
        } else {
            buffer.removeLast(buffer.count - count)
        }
        guard count > 0 else { return }
        let frames = try buffer.withUnsafeMutableBufferPointer { storage throws(AudioError) in
            try read(into: storage.baseAddress!, frames: range.count)
        }
        guard frames == range.count else {
            throw AudioError.readFailed(path: path, frame: position, reason: "the file ends before its declared length")
        }
    }

    /// Reads `range` as stored samples (the type the streaming pass reads) into `buffer`,
    /// seeking as needed.
    ///
    /// - Throws: ``AudioError/readFailed(path:frame:reason:)`` when the file ends early or errs.
    func readStored<Sample: SndFileSample>(_ range: Range<Int>, into buffer: UnsafeMutablePointer<Sample>)
        throws(AudioError)
    {
        try seek(to: range.lowerBound)
        guard !range.isEmpty else { return }
        guard try read(into: buffer, frames: range.count) == range.count else {
            throw .readFailed(path: path, frame: position, reason: "the file ends before its declared length")
        }
    }

    /// Moves the read position to `frame`.
    package func seek(to frame: Int) throws(AudioError) {
        guard frame != position else { return }
        guard sf_seek(file, sf_count_t(frame), SEEK_SET) >= 0 else {
            throw .readFailed(path: path, frame: frame, reason: plainReason(sf_strerror(file)))
        }
        position = frame
    }

    /// Reads up to `frames` frames at the current position; returns how many were read (0 at
    /// the end).
    package func read<Sample: SndFileSample>(into buffer: UnsafeMutablePointer<Sample>, frames: Int) throws(AudioError)
        -> Int
    {
        let count = Sample.read(file, buffer, frames)
        if count < frames, sf_error(file) != 0 {
            throw .readFailed(path: path, frame: position + count, reason: plainReason(sf_strerror(file)))
        }
        position += count
        return count
    }
}
