/// An MP3's decoded audio as planning sees it: its length, rate and channels from the frame
/// headers and the Xing/LAME header, the samples themselves from libsndfile's decoder, opened
/// only when planning first reads some (edge refinement); censoring on the compressed data
/// needs none otherwise.
///
/// The length is what decoders honouring the LAME tag give (ffmpeg, mpg123, libsndfile): the
/// stream's samples less the encoder delay and padding, or all of them without a LAME tag.
final class MP3DecodedAudio: FrameSource {
    let path: String
    let sampleRate: Int
    let channelCount: Int
    let frameCount: Int
    private var decoder: AudioReader?

    /// Describes the audio of the stream whose first audio frame has `header`, whose info frame
    /// is `info` and which holds `granules` granules.
    init(path: String, header: MP3FrameHeader, info: MP3InfoHeader?, granules: Int) {
        self.path = path
        sampleRate = header.sampleRate
        channelCount = header.channelCount
        let samples = granules * MP3FrameHeader.granuleSamples
        let trimmed = (info?.encoderDelay ?? 0) + (info?.encoderPadding ?? 0)
        frameCount = max(0, samples - trimmed)
    }

    func readFrames(_ range: Range<Int>, into buffer: inout [Float]) throws {
        let decoder = try openDecoder()
        // The decoder may find a frame or two fewer than the headers promise (a damaged stream):
        // what it lacks reads as silence.
        let available = range.clamped(to: 0..<decoder.frameCount)
        try decoder.readFrames(available, into: &buffer)
        buffer.append(contentsOf: repeatElement(0, count: (range.count - available.count) * channelCount))
    }

    var reopener: (@Sendable () throws -> any FrameSource)? {
        { [path, sampleRate, channelCount, frameCount] in
            let copy = MP3DecodedAudio(path: path, sampleRate: sampleRate, channelCount: channelCount, frameCount: frameCount)
            return copy
        }
    }

    private init(path: String, sampleRate: Int, channelCount: Int, frameCount: Int) {
        self.path = path
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.frameCount = frameCount
    }

    /// libsndfile's decoder of the file, opened on first use and checked against the headers.
    private func openDecoder() throws -> AudioReader {
        if let decoder { return decoder }
        let opened = try AudioReader(path: path)
        guard opened.format.sampleRate == sampleRate, opened.channelCount == channelCount else {
            throw MP3Error.notMP3(path: path, found: "its decoder reports \(opened.format.sampleRate) Hz and "
                + "\(opened.channelCount) channels, its first frame \(sampleRate) Hz and \(channelCount)")
        }
        decoder = opened
        return opened
    }
}
