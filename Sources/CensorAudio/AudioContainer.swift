import CSndFile

/// A file container censor can write, named as its usual extension.
public enum AudioContainer: String, CaseIterable, Sendable, Hashable {
    case wav, aiff, flac, ogg, mp3, caf, w64, rf64, au

    /// libsndfile's major format code.
    var code: Int32 {
        switch self {
        case .wav: Int32(SF_FORMAT_WAV)
        case .aiff: Int32(SF_FORMAT_AIFF)
        case .flac: Int32(SF_FORMAT_FLAC)
        case .ogg: Int32(SF_FORMAT_OGG)
        case .mp3: Int32(SF_FORMAT_MPEG)
        case .caf: Int32(SF_FORMAT_CAF)
        case .w64: Int32(SF_FORMAT_W64)
        case .rf64: Int32(SF_FORMAT_RF64)
        case .au: Int32(SF_FORMAT_AU)
        }
    }

    /// The encodings tried, best first, when the input's does not fit this container.
    var preferredEncodings: [AudioEncoding] {
        switch self {
        case .flac: [.pcm24, .pcm16]
        case .ogg: [.vorbis]
        case .mp3: [.mp3]
        case .wav, .aiff, .caf, .w64, .rf64, .au: [.pcm24, .pcm16, .float]
        }
    }

    /// The container a file extension names, and the encoding it implies (`.opus`: Opus in Ogg).
    ///
    /// - Parameter fileExtension: The extension without its dot, in any case.
    /// - Returns: `nil` for an extension censor does not know.
    static func named(byExtension fileExtension: String) -> (container: AudioContainer, encoding: AudioEncoding?)? {
        switch fileExtension.lowercased() {
        case "wav", "wave": (.wav, nil)
        case "aif", "aiff", "aifc": (.aiff, nil)
        case "flac": (.flac, nil)
        case "ogg", "oga": (.ogg, nil)
        case "opus": (.ogg, .opus)
        case "mp3": (.mp3, nil)
        case "caf": (.caf, nil)
        case "w64": (.w64, nil)
        case "rf64": (.rf64, nil)
        case "au", "snd": (.au, nil)
        default: nil
        }
    }
}
