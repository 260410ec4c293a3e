/// One streaming pass: read a block, censor it, (resample it,) write it, until the input ends.
struct FileStream<Reader: AudioBlockReader> {
    let reader: Reader
    let writer: AudioWriter
    let blockFrames: Int
    let progress: ((RenderProgress) -> Void)?
    /// The input frames read so far: at the end, the reader's `frameCount`, or fewer when the
    /// input ended early (a stream whose length could not be checked beforehand).
    private(set) var framesRead = 0

    /// Streams with every sample kept in `Codec.Sample` from reader to writer.
    mutating func run<Codec: SampleCodec>(
        engine: inout some BlockCensor, codec: Codec
    ) throws where Codec.Sample: SndFileSample {
        let writer = writer
        framesRead = try blocks(of: Codec.Sample.self) { block, frames, first in
            engine.process(block, firstFrame: first, codec: codec)
            try writer.write(from: block.baseAddress!, frames: frames)
        }
    }

    /// Streams as `Float`, resampling each censored block before it is written.
    mutating func run(engine: inout some BlockCensor, codec: FloatCodec, resampler: Resampler) throws {
        let writer = writer
        framesRead = try blocks(of: Float.self) { block, frames, first in
            engine.process(block, firstFrame: first, codec: codec)
            try resampler.process(block.baseAddress!, frames: frames, last: false) { resampled, count in
                try writer.write(from: resampled, frames: count)
            }
        }
        var none: Float = 0
        try resampler.process(&none, frames: 0, last: true) { resampled, count in
            try writer.write(from: resampled, frames: count)
        }
    }

    /// Reads the input block by block and hands each to `body` with its frame count and the
    /// absolute index of its first frame; returns the frames read.
    private func blocks<Sample: SndFileSample>(
        of _: Sample.Type, _ body: (UnsafeMutableBufferPointer<Sample>, Int, Int) throws -> Void
    ) throws -> Int {
        let channels = reader.format.channelCount
        let storage = UnsafeMutableBufferPointer<Sample>.allocate(capacity: blockFrames * channels)
        defer { storage.deallocate() }
        var frame = 0
        // Never past `frameCount`: a truncated file's readable length was set when it was opened.
        while frame < reader.frameCount {
            let count = try reader.read(into: storage.baseAddress!, frames: min(blockFrames, reader.frameCount - frame))
            if count == 0 { break }
            try body(UnsafeMutableBufferPointer(rebasing: storage[0..<(count * channels)]), count, frame)
            frame += count
            progress?(RenderProgress(
                framesDone: frame, frameCount: reader.frameCount, sampleRate: reader.format.sampleRate))
        }
        return frame
    }
}
