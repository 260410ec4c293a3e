/// How a video or audio container is censored through ffmpeg: which audio stream, at what bit
/// rate, and with what subtitles added.
public struct MediaOptions: Sendable, Hashable {
    /// The audio stream to censor, counting the file's audio streams from 0 (`0:a:N` in ffmpeg's
    /// notation). The other audio streams are copied untouched.
    public let audioStream: Int
    /// The censored stream's bit rate in kilobits per second; `nil`: the source stream's (or,
    /// when it declares none, the encoder's default).
    public let bitrate: Int?
    /// Subtitles in SubRip form to add as a subtitle stream of the output (mov_text in MP4 and
    /// MOV, SubRip in Matroska, WebVTT in WebM), besides the streams that are there.
    public var embeddedSubtitles: String?
    /// Whether mute and duck of an AAC stream into the same container (ADTS, MP4, M4A, MOV)
    /// edit its compressed data where they can (``Censor/censorAAC(input:output:matches:options:replacingInput:into:progress:)``),
    /// leaving every other byte as it is; `false` decodes and re-encodes the stream.
    public var direct = true

    /// The default options: the first audio stream, at its own bit rate, and no subtitles added.
    public init() {
        audioStream = 0
        bitrate = nil
    }

    /// Creates media options, each checked against its ``Parameters`` range.
    ///
    /// - Parameters:
    ///   - audioStream: The audio stream to censor (``Parameters/audioStream``: 0 to 127).
    ///   - bitrate: The censored stream's kilobits per second (``Parameters/bitrate``: 8 to 640),
    ///     or `nil` for the source stream's.
    ///   - embeddedSubtitles: SubRip text to add as a subtitle stream, or `nil`.
    /// - Throws: ``ParameterError`` naming the value out of its range, and the range.
    public init(audioStream: Int = 0, bitrate: Int? = nil, embeddedSubtitles: String? = nil) throws(ParameterError) {
        self.audioStream = try Parameters.audioStream.validate(audioStream)
        self.bitrate = try bitrate.map { rate throws(ParameterError) in try Parameters.bitrate.validate(rate) }
        self.embeddedSubtitles = embeddedSubtitles
    }
}
