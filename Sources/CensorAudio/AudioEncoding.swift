import CSndFile

/// A sample encoding censor can write.
public enum AudioEncoding: String, CaseIterable, Sendable, Hashable {
    case pcm8, pcm16, pcm24, pcm32, float, double, ulaw, alaw, vorbis, opus, mp3

    /// libsndfile's subtype codes for this encoding, the usual one first (8-bit PCM is
    /// unsigned in WAV and signed elsewhere).
    var codes: [Int32] {
        switch self {
        case .pcm8: [Int32(SF_FORMAT_PCM_U8), Int32(SF_FORMAT_PCM_S8)]
        case .pcm16: [Int32(SF_FORMAT_PCM_16)]
        case .pcm24: [Int32(SF_FORMAT_PCM_24)]
        case .pcm32: [Int32(SF_FORMAT_PCM_32)]
        case .float: [Int32(SF_FORMAT_FLOAT)]
        case .double: [Int32(SF_FORMAT_DOUBLE)]
        case .ulaw: [Int32(SF_FORMAT_ULAW)]
        case .alaw: [Int32(SF_FORMAT_ALAW)]
        case .vorbis: [Int32(SF_FORMAT_VORBIS)]
        case .opus: [Int32(SF_FORMAT_OPUS)]
        case .mp3: [Int32(SF_FORMAT_MPEG_LAYER_III)]
        }
    }

    /// Whether decoding and encoding again changes the audio.
    public var isLossy: Bool { self == .vorbis || self == .opus || self == .mp3 }
}
