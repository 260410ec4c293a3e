/// How a video or audio container is censored through ffmpeg: which audio streams, at what bit
/// rate, how its own subtitle streams are censored, and what subtitles are added.
public struct MediaOptions: Sendable {
    /// The audio streams to censor, counting the file's audio streams from 0 (`0:a:N` in
    /// ffmpeg's notation), in order; `nil`: every one (a second language or a 5.1 mix of the
    /// same speech would otherwise keep the words). The others are copied untouched. The
    /// transcript's times are on the first one's clock.
    public let audioStreams: [Int]?
    /// The censored streams' bit rate in kilobits per second; `nil`: each source stream's (or,
    /// when it declares none, its measured rate).
    public let bitrate: Int?
    /// Subtitles in SubRip form to add as a subtitle stream of the output (mov_text in MP4 and
    /// MOV, SubRip in Matroska, WebVTT in WebM), when the file has no subtitle stream of its own.
    public var embeddedSubtitles: String?
    /// How the file's own text subtitle streams are censored: each cue's text in, its censored
    /// text out (``CensoredSubtitles/censorCueText(_:list:mask:)``). `nil`: they are copied.
    public var subtitleCensor: (@Sendable (String) -> String)?
    /// Whether mute and duck of an AAC stream into the same container (ADTS, MP4, M4A, MOV, MKA, MKV)
    /// edit its compressed data where they can (``Censor/censorAAC(input:output:matches:options:replacingInput:into:progress:)``),
    /// leaving every other byte as it is; `false` decodes and re-encodes the stream.
    public var direct = true

    /// The default options: every audio stream, at its own bit rate, no subtitles added.
    public init() {
        audioStreams = nil
        bitrate = nil
    }

    /// Creates media options, each checked against its ``Parameters`` range.
    ///
    /// - Parameters:
    ///   - audioStreams: The audio streams to censor (each ``Parameters/audioStream``: 0 to 127),
    ///     or `nil` for all; repeated numbers count once.
    ///   - bitrate: The censored streams' kilobits per second (``Parameters/bitrate``: 8 to 640),
    ///     or `nil` for each source stream's.
    ///   - embeddedSubtitles: SubRip text to add as a subtitle stream, or `nil`.
    /// - Throws: ``ParameterError`` naming the value out of its range, and the range.
    public init(audioStreams: [Int]? = nil, bitrate: Int? = nil, embeddedSubtitles: String? = nil)
        throws(ParameterError)
    {
        var streams: [Int] = []
        for stream in audioStreams ?? [] where !streams.contains(stream) {
            streams.append(try Parameters.audioStream.validate(stream))
        }
        self.audioStreams = audioStreams == nil ? nil : streams.sorted()
        self.bitrate = try bitrate.map { rate throws(ParameterError) in try Parameters.bitrate.validate(rate) }
        self.embeddedSubtitles = embeddedSubtitles
    }
}
