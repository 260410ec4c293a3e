/// A container censor reads and writes through ffmpeg, named as its usual extension.
public enum MediaContainer: String, CaseIterable, Sendable, Hashable {
    case mp4, m4a, m4b, m4v, mov, mkv, mka, webm, avi, wma, aac, ac3, mp3

    /// The ffmpeg muxer that writes it.
    var muxer: String {
        switch self {
        case .mp4, .m4v: "mp4"
        case .m4a, .m4b: "ipod"
        case .mov: "mov"
        case .mkv, .mka: "matroska"
        case .webm: "webm"
        case .avi: "avi"
        case .wma: "asf"
        case .aac: "adts"
        case .ac3: "ac3"
        case .mp3: "mp3"
        }
    }

    /// The audio codecs (ffmpeg's names) this container holds; a source codec outside them is
    /// re-encoded with the first.
    var audioCodecs: [String] {
        switch self {
        case .mp4, .m4v, .mov: ["aac", "alac", "mp3", "ac3", "eac3", "opus", "flac"]
        case .m4a, .m4b: ["aac", "alac"]
        case .mkv, .mka: ["aac", "opus", "flac", "alac", "mp3", "vorbis", "ac3", "eac3", "dts", "truehd", "pcm_s16le",
                          "pcm_s24le", "pcm_s32le", "pcm_f32le", "wmav2"]
        case .webm: ["opus", "vorbis"]
        case .avi: ["mp3", "ac3", "pcm_s16le", "aac"]
        case .wma: ["wmav2", "wmav1", "mp3"]
        case .aac: ["aac"]
        case .ac3: ["ac3"]
        case .mp3: ["mp3"]
        }
    }

    /// The subtitle codec censored subtitles are embedded as, when the container holds text
    /// subtitles.
    var subtitleCodec: String? {
        switch self {
        case .mp4, .m4v, .mov, .m4a, .m4b: "mov_text"
        case .mkv, .mka: "srt"
        case .webm: "webvtt"
        case .avi, .wma, .aac, .ac3, .mp3: nil
        }
    }

    /// Whether censored subtitles can be added to it as a stream.
    public var embedsSubtitles: Bool { subtitleCodec != nil }

    /// The container a file name's extension names, in any case; `nil` when it names none.
    ///
    /// - Parameter path: A file path.
    public static func named(byPathOf path: String) -> MediaContainer? {
        guard let name = path.split(separator: "/").last, let dot = name.lastIndex(of: "."),
              dot != name.startIndex else { return nil }
        return MediaContainer(rawValue: name[name.index(after: dot)...].lowercased())
    }
}
