import CSndFile
import CensorTestFiles
import Foundation
import Testing

@testable import CensorAudio
@testable import CensorKit

#if canImport(Glibc)
    import Glibc
#endif

/// A streaming pass writes each block on a thread of its own while it reads and censors the
/// next: the file holds the blocks in order, progress follows the writes, and a failing read
/// or write stops the pass with its error.
@Suite struct BackgroundWritingTests {
    static let rate = 8000
    static let format = AudioFiles.format(Int(SF_FORMAT_WAV), Int(SF_FORMAT_PCM_16), rate: rate, channels: 2)

    /// Frame `frame`, channel `channel` of the test input: distinct in every frame and channel.
    static func sample(_ frame: Int, _ channel: Int) -> Int16 {
        Int16(truncatingIfNeeded: frame &* 7 &+ channel &* 3_001)
    }

    /// Interleaved 16-bit frames made by ``sample(_:_:)``, failing (once past `failingAt`) as a
    /// broken input would.
    final class Input: AudioBlockReader {
        struct ReadFailure: Error {}
        let frameCount: Int
        let failingAt: Int?
        private(set) var position = 0
        var format: AudioFileFormat { BackgroundWritingTests.format }

        init(frames: Int, failingAt: Int? = nil) {
            frameCount = frames
            self.failingAt = failingAt
        }

        func read<Sample: SndFileSample>(into buffer: UnsafeMutablePointer<Sample>, frames: Int) throws -> Int {
            precondition(Sample.self == Int16.self, "the pass reads 16-bit samples")
            if let failingAt, position + frames > failingAt { throw ReadFailure() }
            let count = min(frames, frameCount - position)
            let samples = UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: Int16.self)
            for frame in 0..<count {
                for channel in 0..<2 {
                    samples[frame * 2 + channel] = BackgroundWritingTests.sample(position + frame, channel)
                }
            }
            position += count
            return count
        }
    }

    /// Censors nothing.
    struct Untouched: BlockCensor {
        func process<Codec: SampleCodec>(
            _ block: UnsafeMutableBufferPointer<Codec.Sample>, firstFrame: Int, codec: Codec
        ) {}
        func replacedRuns(in frames: Range<Int>) -> [Range<Int>] { [] }
    }

    /// Writes `value` into the runs it names as replaced, whatever they held.
    struct Replacing: BlockCensor {
        let runs: [Range<Int>]
        let value: Int16

        func process<Codec: SampleCodec>(
            _ block: UnsafeMutableBufferPointer<Codec.Sample>, firstFrame: Int, codec: Codec
        ) {
            let samples = UnsafeMutableRawPointer(block.baseAddress!).assumingMemoryBound(to: Int16.self)
            for run in replacedRuns(in: firstFrame..<(firstFrame + block.count / 2)) {
                for frame in run {
                    (samples[2 * (frame - firstFrame)], samples[2 * (frame - firstFrame) + 1]) = (value, value)
                }
            }
        }

        func replacedRuns(in frames: Range<Int>) -> [Range<Int>] {
            runs.map { $0.clamped(to: frames) }.filter { !$0.isEmpty }
        }
    }

    /// The samples of the file at `path`, interleaved, as stored.
    static func stored(_ path: String) throws -> [Int32] {
        guard case let .int(values) = try AudioFiles.read(path).samples else { return [] }
        return values
    }

    static func expected(frames: Int) -> [Int32] {
        (0..<frames).flatMap { frame in (0..<2).map { Int32(sample(frame, $0)) << 16 } }
    }

    @Test(
        "the blocks come out in order, whole, and each block's progress comes once it is written",
        arguments: [1, 1000, 4096, 10_001])
    func blocksInOrder(frames: Int) throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let path = folder.path("out.wav")
        let writer = try AudioWriter(creating: path, for: path, format: Self.format, metadata: AudioMetadata())
        var reported: [Int] = []
        var stream = FileStream(reader: Input(frames: frames), writer: writer, blockFrames: 1000) {
            reported.append($0.framesDone)
        }
        var engine = Untouched()
        try stream.run(engine: &engine, codec: NarrowPCMCodec(bits: 16))
        try writer.close()
        #expect(stream.framesRead == frames)
        #expect(reported == Array(stride(from: 1000, to: frames, by: 1000)) + [frames])
        #expect(try Self.stored(path) == Self.expected(frames: frames))
    }

    @Test(
        "a file's pass seeks over the runs the censor replaces and reads every other frame where it belongs",
        arguments: [1000, 4096])
    func replacedRunsUnread(blockFrames: Int) throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let (inputPath, outputPath) = (folder.path("in.wav"), folder.path("out.wav"))
        let frames = 10_000
        let inputWriter = try AudioWriter(
            creating: inputPath, for: inputPath, format: Self.format, metadata: AudioMetadata())
        var copy = FileStream(
            reader: Input(frames: frames), writer: inputWriter, blockFrames: blockFrames, progress: nil)
        var untouched = Untouched()
        try copy.run(engine: &untouched, codec: NarrowPCMCodec(bits: 16))
        try inputWriter.close()
        // Runs inside a block, across blocks, shorter than a seek is worth, and to the end.
        let runs = [1500..<2600, 3990..<4010, 5100..<9000, 9500..<frames]
        let reader = try AudioReader(path: inputPath)
        let writer = try AudioWriter(
            creating: outputPath, for: outputPath, format: Self.format, metadata: AudioMetadata())
        var stream = FileStream(reader: reader, writer: writer, blockFrames: blockFrames, progress: nil)
        var censor = Replacing(runs: runs, value: 12_345)
        try stream.run(engine: &censor, codec: NarrowPCMCodec(bits: 16))
        try writer.close()
        #expect(stream.framesRead == frames)
        let expected = (0..<frames).flatMap { frame in
            (0..<2).map { channel in
                Int32(runs.contains { $0.contains(frame) } ? 12_345 : Self.sample(frame, channel)) << 16
            }
        }
        #expect(try Self.stored(outputPath) == expected)
    }

    @Test(
        "a writer given a file that holds bytes empties it first; given an empty or missing one, it writes the same bytes"
    )
    func writerEmptiesFile() throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let (missing, empty, full) = (folder.path("missing.wav"), folder.path("empty.wav"), folder.path("full.wav"))
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        #expect(FileManager.default.createFile(atPath: full, contents: Data(repeating: 0x55, count: 100_000)))
        let block = (0..<1000).flatMap { frame in (0..<2).map { Self.sample(frame, $0) } }
        for path in [missing, empty, full] {
            let writer = try AudioWriter(creating: path, for: path, format: Self.format, metadata: AudioMetadata())
            try block.withUnsafeBufferPointer { try writer.write(from: $0.baseAddress!, frames: 1000) }
            try writer.close()
        }
        let bytes = try [missing, empty, full].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        #expect(bytes[0].count == 44 + 4000)
        #expect(bytes[1] == bytes[0])
        #expect(bytes[2] == bytes[0])
        #expect(try Self.stored(full) == Self.expected(frames: 1000))
        // Created as libsndfile creates files: read and write for all, less the umask.
        let reference = folder.path("reference")
        close(open(reference, O_WRONLY | O_CREAT, 0o666))
        func mode(_ path: String) -> mode_t {
            var status = stat()
            return stat(path, &status) == 0 ? status.st_mode & 0o777 : 0
        }
        #expect(mode(missing) == mode(reference))
        #expect(mode(missing) != 0)
    }

    @Test("a read failing mid-way stops the pass with its error, once the blocks before it are written")
    func readFailure() throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let path = folder.path("out.wav")
        let writer = try AudioWriter(creating: path, for: path, format: Self.format, metadata: AudioMetadata())
        var reported: [Int] = []
        var stream = FileStream(reader: Input(frames: 10_000, failingAt: 4_500), writer: writer, blockFrames: 1000) {
            reported.append($0.framesDone)
        }
        var engine = Untouched()
        #expect(throws: Input.ReadFailure.self) { try stream.run(engine: &engine, codec: NarrowPCMCodec(bits: 16)) }
        try writer.close()
        // Four blocks were read and handed on; the fourth's write was in flight and finished.
        #expect(reported == [1000, 2000, 3000])
        #expect(try Self.stored(path) == Self.expected(frames: 4000))
    }

    @Test("a write failing is thrown by the next block's start (that block is not written) and again by the wait")
    func writeFailure() throws {
        // /dev/full takes the file's creation and refuses every write (ENOSPC).
        let raw = AudioFiles.format(Int(SF_FORMAT_RAW), Int(SF_FORMAT_PCM_16), rate: Self.rate, channels: 1)
        let writer = try AudioWriter(creating: "/dev/full", for: "out.raw", format: raw, metadata: AudioMetadata())
        let writes = BackgroundBlockWriter(writer: writer)
        let block = [Int16](repeating: 1, count: 4096)
        try block.withUnsafeBufferPointer { try writes.start($0.baseAddress!, frames: 4096) }
        let error = #expect(throws: AudioError.self) {
            try block.withUnsafeBufferPointer { try writes.start($0.baseAddress!, frames: 4096) }
        }
        #expect(error.map { "\($0)" }?.contains("out.raw") == true, "\(String(describing: error))")
        // The error stays: waiting again throws it again.
        #expect(throws: AudioError.self) { try writes.wait() }
    }
}
