/// An AAC stream's decoded audio as planning sees it: its length, rate and channels from the
/// container, and its samples, when planning reads any (edge refinement), decoded by ffmpeg into
/// a scratch WAV on first read; a run without refinement decodes nothing.
final class AACDecodedAudio: FrameSource {
    let channelCount: Int
    let frameCount: Int
    private let decode: () throws -> AudioReader
    private var reader: AudioReader?

    /// The audio of `stream`, which `decode` gives in full when first read.
    init(stream: AACStream, decode: @escaping () throws -> AudioReader) {
        channelCount = stream.channelCount
        frameCount = stream.frameCount
        self.decode = decode
    }

    func readFrames(_ range: Range<Int>, into buffer: inout [Float]) throws {
        let reader = try self.reader ?? decode()
        self.reader = reader
        guard reader.frameCount == frameCount, reader.channelCount == channelCount else {
            throw AACUnsupported("ffmpeg decodes \(reader.frameCount) frames of \(reader.channelCount) channels, "
                + "its packets hold \(frameCount) of \(channelCount)")
        }
        try reader.readFrames(range, into: &buffer)
    }
}
