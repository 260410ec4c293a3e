/// An MP3's decoded audio as planning sees it: its rate and channels from the frame headers,
/// its timeline and length from the walk over every frame (``MP3FrameIndex``,
/// ``MP3Timeline``), and the samples of any stretch decoded on demand from the few frames that
/// make it (``MP3FrameDecoder``); censoring on the compressed data needs no samples otherwise
/// (only edge refinement reads some).
///
/// The timeline is what decoders honouring the LAME tag give (ffmpeg, mpg123, libsndfile): the
/// stream's samples less the encoder delay and padding, or all of them without a LAME tag.
/// Decoding a stretch starts ``warmUpFrames`` frames before it — the IMDCT's overlap with the
/// previous granule and the synthesis filter's 512-sample memory — and feeds the decoder, before
/// those, enough frames to hold the bit reservoir the first of them may reach back into (its
/// `main_data_begin`: up to 511 bytes of main data at MPEG-1, 255 at MPEG-2 and 2.5); the samples
/// are then those a decoder of the whole stream gives.
///
/// Edge refinement analyses the mean of a stereo stream's channels: it reads that through
/// ``mixed(by:)``, a reader whose decoder mixes the channels' spectra before its IMDCT and
/// synthesis filter, which then run once instead of twice (a decode about a tenth cheaper).
final class MP3DecodedAudio: FrameSource {
    let path: String
    let sampleRate: Int
    /// The channels read: the stream's, or 1 for a reader that mixes a stereo stream's two.
    let channelCount: Int
    let frameCount: Int
    private let layout: Layout
    /// Whether the decoder mixes a stereo stream into its mean (``mixed(by:)``).
    private let mixing: Bool
    /// The file and its frame index, opened on first read.
    private var opened: Opened?
    /// The frame index, when it was built before the first read.
    private var index: MP3FrameIndex?

    /// Frames decoded before a stretch's first, for the IMDCT overlap and the synthesis filter.
    static let warmUpFrames = 2

    /// What finding and decoding frames needs to know of the stream.
    private struct Layout: Sendable {
        var tags: MP3Tags
        var samplesPerFrame: Int
        /// Undelayed samples before decoded frame 0 (``MP3InfoHeader/decodedStartOffset``).
        var startOffset: Int
        /// The most bytes of main data in earlier frames a frame's main data may begin in.
        var reservoir: Int
    }

    /// The file read from and where its frames lie.
    private final class Opened {
        let file: MP3File
        let index: MP3FrameIndex

        init(path: String, tags: MP3Tags, index: MP3FrameIndex?) throws {
            file = try MP3File(reading: path)
            self.index = try index ?? MP3FrameIndex(file: file, tags: tags)
        }
    }

    /// Describes the audio of the stream `index` walked (its file at `path`, whose tags are
    /// `tags`), on its timeline (``MP3Timeline``); reading shares the index.
    init(path: String, index: MP3FrameIndex, tags: MP3Tags) {
        self.path = path
        let header = index.header
        sampleRate = header.sampleRate
        channelCount = header.channelCount
        layout = Layout(
            tags: tags, samplesPerFrame: header.samplesPerFrame, startOffset: index.timeline.startOffset,
            reservoir: header.version == .mpeg1 ? 511 : 255)
        frameCount = index.timeline.frameCount
        mixing = false
        self.index = index
    }

    private init(path: String, sampleRate: Int, channelCount: Int, frameCount: Int, layout: Layout, mixing: Bool) {
        self.path = path
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.frameCount = frameCount
        self.layout = layout
        self.mixing = mixing
    }

    var reopener: (@Sendable () throws -> any FrameSource)? {
        // The frame index is built once, by the first reader, and shared.
        let index = opened?.index ?? self.index
        return { [path, sampleRate, channelCount, frameCount, layout, mixing] in
            let copy = MP3DecodedAudio(
                path: path, sampleRate: sampleRate, channelCount: channelCount, frameCount: frameCount, layout: layout,
                mixing: mixing)
            if let index { copy.opened = try Opened(path: path, tags: layout.tags, index: index) }
            return copy
        }
    }

    /// Frames the latest ``readFrames(_:into:)`` fed the decoder: those holding the stretch, the
    /// ``warmUpFrames`` before them, the frames before those that the bit reservoir may reach
    /// back into, and one past the end.
    private(set) var framesDecoded = 0

    func readFrames(_ range: Range<Int>, into buffer: inout [Float]) throws {
        let channels = channelCount
        // Sized without filling: every sample is written below, by the decoder or as a zero.
        if buffer.count < range.count * channels {
            buffer.append(contentsOf: repeatElement(0, count: range.count * channels - buffer.count))
        } else {
            buffer.removeLast(buffer.count - range.count * channels)
        }
        framesDecoded = 0
        guard !range.isEmpty else { return }
        let opened = try self.opened ?? Opened(path: path, tags: layout.tags, index: index)
        self.opened = opened
        // Undelayed samples [first, end) come from frames firstFrame … lastFrame.
        let spf = layout.samplesPerFrame
        let first = range.lowerBound + layout.startOffset, end = range.upperBound + layout.startOffset
        let decodeFrom = max(0, first / spf - Self.warmUpFrames), lastFrame = (end - 1) / spf
        // Samples [first, written) are in the buffer; what the decoder skips stays zero.
        var written = first
        func zero(through sample: Int) {
            guard sample > written else { return }
            buffer.withUnsafeMutableBufferPointer { output in
                (output.baseAddress! + (written - first) * channels).update(
                    repeating: 0, count: (sample - written) * channels)
            }
            written = sample
        }
        defer { zero(through: end) }
        guard let checkpoint = opened.index.checkpoint(before: decodeFrom - MP3FrameIndex.interval) else { return }
        var parser = MP3Parser(
            stream: MP3ByteStream(size: opened.file.size, from: checkpoint.offset, chunk: 1 << 16) {
                try opened.file.read(at: $0, into: $1)
            },
            resuming: checkpoint, path: path)
        let stream = parser.stream
        let decoder = try MP3FrameDecoder(
            path: path, sampleRate: sampleRate, channelCount: mixing ? 2 : channels, mixing: mixing)
        var scratch = [UInt8](repeating: 0, count: 2 * 1441)
        var firstFed: Int?
        // Decodes one more frame, placing whatever frames the decoder completes.
        func feed(_ frame: MP3Parser.Frame, index: Int) throws {
            let base = firstFed ?? index
            firstFed = base
            framesDecoded += 1
            let bytes = frame.offset..<(frame.offset + frame.length)
            func decode(_ frameBytes: UnsafeRawBufferPointer) throws {
                try decoder.feed(frameBytes) { number, samples in
                    // Frame `base + number` holds undelayed samples [(base + number) × spf, + spf).
                    let frameStart = (base + number) * spf
                    let from = max(written, frameStart), to = min(end, frameStart + samples.count / channels)
                    guard from < to else { return }
                    zero(through: from)
                    buffer.withUnsafeMutableBufferPointer { output in
                        let target = output.baseAddress! + (from - first) * channels
                        target.update(
                            from: samples.baseAddress! + (from - frameStart) * channels, count: (to - from) * channels)
                    }
                    written = to
                }
            }
            // The frames from the first decoded on are still in the parser's buffer; the
            // reservoir's few before them may have been dropped from it.
            if try stream.load(through: bytes.upperBound), stream.holds(bytes) {
                try stream.withBytes(bytes) { try decode(UnsafeRawBufferPointer($0)) }
                return
            }
            if scratch.count < frame.length { scratch = [UInt8](repeating: 0, count: frame.length) }
            try scratch.withUnsafeMutableBytes { raw in
                let frameBytes = UnsafeMutableRawBufferPointer(rebasing: raw[..<frame.length])
                try opened.file.read(at: frame.offset, into: frameBytes)
                try decode(UnsafeRawBufferPointer(frameBytes))
            }
        }
        var earlier: [MP3Parser.Frame] = []
        while let frame = try parser.next() {
            let index = parser.frameCount - 1
            guard index >= decodeFrom else {
                earlier.append(frame)
                continue
            }
            if firstFed == nil {
                // The frames whose main data the first decoded frame's reservoir may reach.
                var held = 0, start = earlier.count
                while start > 0, held < layout.reservoir {
                    start -= 1
                    let header = earlier[start].header
                    held += earlier[start].length - header.sideInfoOffset - header.sideInfoLength
                }
                for (offset, earlierFrame) in earlier[start...].enumerated() {
                    try feed(earlierFrame, index: index - (earlier.count - start) + offset)
                }
                earlier.removeAll()
            }
            try feed(frame, index: index)
            // One frame past the last, so that the decoder has surely completed the last.
            if index > lastFrame { break }
        }
    }
}

extension MP3DecodedAudio: ChannelMixingSource {
    /// A reader of the stream's channels' mean, decoded as one channel, when `mix` is their
    /// plain mean and the stream stereo; it shares this reader's file and frame index.
    func mixed(by mix: ChannelMix) -> (any FrameSource)? {
        guard channelCount == 2, !mixing, mix == ChannelMix(channelCount: 2) else { return nil }
        let reader = MP3DecodedAudio(
            path: path, sampleRate: sampleRate, channelCount: 1, frameCount: frameCount, layout: layout, mixing: true)
        reader.opened = opened
        reader.index = index
        return reader
    }
}
