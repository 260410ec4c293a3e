/// How a video or audio container is censored through ffmpeg: which audio stream, at what bit
/// rate, and with what subtitles added.
public struct MediaOptions: Sendable, Hashable {
    /// The audio stream to censor, counting the file's audio streams from 0 (`0:a:N` in ffmpeg's
    /// notation). The other audio streams are copied untouched.
    public var audioStream: Int
    /// The censored stream's bit rate in kilobits per second; `nil`: the source stream's (or,
    /// when it declares none, the encoder's default).
    public var bitrate: Int?
    /// Subtitles in SubRip form to add as a subtitle stream of the output (mov_text in MP4 and
    /// MOV, SubRip in Matroska, WebVTT in WebM), besides the streams that are there.
    public var embeddedSubtitles: String?

    /// Creates media options: by default the first audio stream, at its own bit rate, and no
    /// subtitles added.
    public init(audioStream: Int = 0, bitrate: Int? = nil, embeddedSubtitles: String? = nil) {
        self.audioStream = audioStream
        self.bitrate = bitrate
        self.embeddedSubtitles = embeddedSubtitles
    }
}
