/// ffmpeg's names for the codecs a censored audio stream is re-encoded with.
enum MediaCodec {
    /// The encoder that writes `codec` (`mp3` is written by `libmp3lame`).
    static func encoder(for codec: String) -> String {
        switch codec {
        case "mp3": "libmp3lame"
        case "opus": "libopus"
        case "vorbis": "libvorbis"
        default: codec
        }
    }

    /// The priming samples ffmpeg's encoder of `codec` puts before the audio (its
    /// `initial_padding`): LAME's 576 + 529, AAC's one frame, AC-3's 256.
    static let encoderDelay: [String: Int] = ["mp3": 1105, "aac": 1024, "ac3": 256, "eac3": 256]

    /// The samples at 48 kHz ffmpeg's libopus encoder puts before the audio (its pre-skip),
    /// which Matroska stores as the track's codec delay.
    static let opusCodecDelay = 312

    /// ffmpeg's encoder profile for the profile ffprobe names `name` of a `codec` stream, when
    /// ffmpeg's encoder writes it (AAC-LC, Main and LTP; not HE-AAC, which it cannot encode).
    static func profile(codec: String, named name: String) -> String? {
        guard codec == "aac" else { return nil }
        return ["LC": "aac_low", "Main": "aac_main", "LTP": "aac_ltp"][name]
    }

    /// The text subtitle codecs ffmpeg converts to and from SubRip, so that their cues can be censored.
    static let textSubtitles: Set<String> = ["subrip", "srt", "mov_text", "webvtt", "ass", "ssa", "text"]

    /// Whether `codec` is lossy, so that a bit rate applies to it.
    static func takesBitrate(_ codec: String) -> Bool {
        ["aac", "mp3", "opus", "vorbis", "ac3", "eac3", "wmav1", "wmav2", "mp2"].contains(codec)
    }

    /// The bytes one sample of the PCM codec `pcm` (one ``pcm(for:bits:)`` gives) takes.
    static func bytesPerSample(ofPCM pcm: String) -> Int {
        switch pcm {
        case "pcm_u8": 1
        case "pcm_s16le": 2
        case "pcm_s24le": 3
        case "pcm_f64le": 8
        default: 4
        }
    }

    /// The PCM codec the decoder's `sampleFormat` is stored as without loss, for the
    /// intermediate WAV file.
    static func pcm(for sampleFormat: String?, bits: Int?) -> String {
        switch sampleFormat {
        case "u8", "u8p": "pcm_u8"
        case "s16", "s16p": "pcm_s16le"
        case "s32", "s32p": bits == 24 ? "pcm_s24le" : "pcm_s32le"
        case "dbl", "dblp", "s64", "s64p": "pcm_f64le"
        default: "pcm_f32le"
        }
    }
}
