/// One streaming pass: read a block, censor it, (resample it,) write it, until the input ends.
struct FileStream<Reader: AudioBlockReader> {
    let reader: Reader
    let writer: AudioWriter
    let blockFrames: Int
    let progress: ((RenderProgress) -> Void)?
    /// The input frames read so far: at the end, the reader's `frameCount`, or fewer when the
    /// input ended early (a stream whose length could not be checked beforehand).
    private(set) var framesRead = 0

    /// Streams with every sample kept in `Codec.Sample` from reader to writer: each block is
    /// written on a thread of its own (``BackgroundBlockWriter``) while the next is read and
    /// censored.
    mutating func run<Codec: SampleCodec>(
        engine: inout some BlockCensor, codec: Codec
    ) throws where Codec.Sample: SndFileSample {
        let writes = BackgroundBlockWriter(writer: writer)
        framesRead = try blocks(
            of: Codec.Sample.self, writingBehind: writes,
            prepare: { frames in
                try engine.prepare(frames)
                return engine.replacedRuns(in: frames)
            },
            each: { block, frames, first in
                engine.process(block, firstFrame: first, codec: codec)
                try writes.start(UnsafePointer(block.baseAddress!), frames: frames)
            })
    }

    /// Streams as `Float`, resampling each censored block before it is written.
    mutating func run(engine: inout some BlockCensor, codec: FloatCodec, resampler: Resampler) throws {
        let writer = writer
        framesRead = try blocks(
            of: Float.self,
            prepare: {
                try engine.prepare($0); return []
            },
            each: { block, frames, first in
                engine.process(block, firstFrame: first, codec: codec)
                try resampler.process(block.baseAddress!, frames: frames, last: false) { resampled, count in
                    try writer.write(from: resampled, frames: count)
                }
            })
        var none: Float = 0
        try resampler.process(&none, frames: 0, last: true) { resampled, count in
            try writer.write(from: resampled, frames: count)
        }
    }

    /// Reads the input block by block and hands each to `body` with its frame count and the
    /// absolute index of its first frame; returns the frames read.
    ///
    /// With `writes`, `body` starts each block's write there: blocks alternate between two
    /// buffers, so the next is read while the last is written, and each block's progress is
    /// reported once its write is over.
    ///
    /// Before each block is read, `prepare` is given its frames, and gives back the runs of
    /// them that `body` overwrites whatever they hold (a mute's or a beep's core). With a
    /// file's reader (``AudioReader``) whose frames lie in place (no decoding to seek), those
    /// runs are seeked over rather than read, when at least ``shortestUnread`` frames long.
    private func blocks<Sample: SndFileSample>(
        of _: Sample.Type, writingBehind writes: BackgroundBlockWriter? = nil,
        prepare: (Range<Int>) throws -> [Range<Int>],
        each body: (UnsafeMutableBufferPointer<Sample>, Int, Int) throws -> Void
    ) throws -> Int {
        let seekable = (reader as? AudioReader).flatMap { $0.format.storesFramesInPlace ? $0 : nil }
        let channels = reader.format.channelCount
        let buffers = writes == nil ? 1 : 2
        let storage = UnsafeMutableBufferPointer<Sample>.allocate(capacity: buffers * blockFrames * channels)
        defer { storage.deallocate() }
        // A write in flight reads the storage: it ends before the storage is freed, also after a failure.
        defer { writes?.finish() }
        func report(_ frames: Int) {
            progress?(
                RenderProgress(framesDone: frames, frameCount: reader.frameCount, sampleRate: reader.format.sampleRate))
        }
        var frame = 0
        var blockCount = 0
        // Frames up to the end of the block being written behind.
        var writing: Int?
        // Never past `frameCount`: a truncated file's readable length was set when it was opened.
        while frame < reader.frameCount {
            let block = storage.baseAddress! + (blockCount % buffers) * blockFrames * channels
            let wanted = min(blockFrames, reader.frameCount - frame)
            let unread = try prepare(frame..<(frame + wanted))
            let count =
                if let seekable {
                    try read(into: block, frames: wanted, at: frame, leaving: unread, from: seekable)
                } else {
                    try reader.read(into: block, frames: wanted)
                }
            if count == 0 { break }
            // With `writes`, this waits for the block before (written from the other buffer).
            try body(UnsafeMutableBufferPointer(start: block, count: count * channels), count, frame)
            frame += count
            blockCount += 1
            if writes == nil {
                report(frame)
            } else {
                writing.map(report)
                writing = frame
            }
        }
        if let writes, let last = writing {
            try writes.wait()
            report(last)
        }
        return frame
    }

    /// The shortest run worth a seek instead of a read.
    static var shortestUnread: Int { 1_024 }

    /// Reads the `frames` frames from `first` into `block`, but for the runs of `unread` (in
    /// order, within them) at least ``shortestUnread`` long, which are seeked over and left as
    /// they were; returns the frames read or passed before the input ended.
    private func read<Sample: SndFileSample>(
        into block: UnsafeMutablePointer<Sample>, frames: Int, at first: Int, leaving unread: [Range<Int>],
        from reader: AudioReader
    ) throws -> Int {
        let channels = reader.format.channelCount
        var position = first
        for run in unread.filter({ $0.count >= Self.shortestUnread }) + [(first + frames)..<(first + frames)] {
            let gap = run.lowerBound - position
            if gap > 0 {
                let count = try reader.read(into: block + (position - first) * channels, frames: gap)
                position += count
                if count < gap { return position - first }
            }
            if !run.isEmpty {
                position = run.upperBound
                try reader.seek(to: position)
            }
        }
        return frames
    }
}
