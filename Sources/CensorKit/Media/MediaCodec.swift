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
