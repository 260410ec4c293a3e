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

    /// The audio codecs (ffmpeg's names) this container holds, as the ffmpeg Debian ships
    /// (5.1) writes them; a source codec outside them is re-encoded with the first. PCM stays
    /// PCM wherever the container takes it (a camera's or an editor's MOV, an AVI, an MKV).
    var audioCodecs: [String] {
        switch self {
        case .mp4, .m4v: ["aac", "alac", "mp3", "ac3", "eac3", "opus", "flac"]
        case .mov: ["aac", "alac", "mp3", "ac3", "eac3"] + Self.pcmCodecs
        case .m4a, .m4b: ["aac", "alac"]
        case .mkv, .mka:
            ["aac", "opus", "flac", "alac", "mp3", "vorbis", "ac3", "eac3", "dts", "truehd", "wmav2"]
                + Self.pcmCodecs.filter { !["pcm_s8", "pcm_f32be", "pcm_f64be"].contains($0) }
        case .webm: ["opus", "vorbis"]
        case .avi:
            [
                "mp3", "ac3", "aac", "pcm_u8", "pcm_s16le", "pcm_s24le", "pcm_s32le", "pcm_f32le", "pcm_f64le",
                "pcm_alaw",
                "pcm_mulaw",
            ]
        case .wma: ["wmav2", "wmav1", "mp3"]
        case .aac: ["aac"]
        case .ac3: ["ac3"]
        case .mp3: ["mp3"]
        }
    }

    /// The PCM codecs QuickTime holds, in either byte order, and A-law and µ-law.
    private static let pcmCodecs = [
        "pcm_u8", "pcm_s8", "pcm_s16le", "pcm_s16be", "pcm_s24le", "pcm_s24be", "pcm_s32le",
        "pcm_s32be", "pcm_f32le", "pcm_f32be", "pcm_f64le", "pcm_f64be", "pcm_alaw", "pcm_mulaw",
    ]

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
            dot != name.startIndex
        else { return nil }
        return MediaContainer(rawValue: name[name.index(after: dot)...].lowercased())
    }
}
