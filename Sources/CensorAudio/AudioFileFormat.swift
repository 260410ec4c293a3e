import CSndFile

/// The container, encoding, rate and channel count of an audio file.
public struct AudioFileFormat: Sendable, Hashable {
    /// libsndfile's format code: container (major) ORed with encoding (subtype).
    package let code: Int32
    /// Frames per second.
    public let sampleRate: Int
    /// Interleaved channels per frame.
    public let channelCount: Int

    package init(code: Int32, sampleRate: Int, channelCount: Int) {
        self.code = code
        self.sampleRate = sampleRate
        self.channelCount = channelCount
    }

    var containerCode: Int32 { code & Int32(SF_FORMAT_TYPEMASK) }
    var encodingCode: Int32 { code & Int32(SF_FORMAT_SUBMASK) }

    /// The container, when it is one censor can write.
    public var container: AudioContainer? { AudioContainer.allCases.first { $0.code == containerCode } }
    /// The encoding, when it is one censor can write.
    public var encoding: AudioEncoding? { AudioEncoding.allCases.first { $0.codes.contains(encodingCode) } }

    /// The container's name as libsndfile gives it, such as `WAV (Microsoft)`.
    public var containerName: String { Self.name(of: containerCode) }
    /// The encoding's name as libsndfile gives it, such as `Signed 16 bit PCM`.
    public var encodingName: String { Self.name(of: encodingCode) }

    /// The bits of an integer PCM encoding, or `nil` for float, double and lossy encodings.
    package var integerBits: Int? {
        switch Int(encodingCode) {
        case SF_FORMAT_PCM_S8, SF_FORMAT_PCM_U8, SF_FORMAT_DPCM_8: 8
        case SF_FORMAT_DWVW_12: 12
        case SF_FORMAT_PCM_16, SF_FORMAT_ULAW, SF_FORMAT_ALAW, SF_FORMAT_DWVW_16, SF_FORMAT_DPCM_16,
            SF_FORMAT_ALAC_16:
            16
        case SF_FORMAT_ALAC_20: 20
        case SF_FORMAT_PCM_24, SF_FORMAT_DWVW_24, SF_FORMAT_ALAC_24: 24
        case SF_FORMAT_PCM_32, SF_FORMAT_ALAC_32: 32
        default: nil
        }
    }

    /// Whether the encoding stores IEEE floats.
    var isFloat: Bool { Int(encodingCode) == SF_FORMAT_FLOAT }
    /// Whether the encoding stores IEEE doubles.
    package var isDouble: Bool { Int(encodingCode) == SF_FORMAT_DOUBLE }
    /// Whether each frame is stored as is at a fixed place (integer PCM, µ-law, A-law, float or
    /// double, outside FLAC, which compresses them): seeking costs no decoding, and the frames
    /// read after a seek are those a read from the start gives.
    package var storesFramesInPlace: Bool {
        guard Int(containerCode) != SF_FORMAT_FLAC else { return false }
        switch Int(encodingCode) {
        case SF_FORMAT_PCM_S8, SF_FORMAT_PCM_U8, SF_FORMAT_PCM_16, SF_FORMAT_PCM_24, SF_FORMAT_PCM_32, SF_FORMAT_ULAW,
            SF_FORMAT_ALAW, SF_FORMAT_FLOAT, SF_FORMAT_DOUBLE:
            return true
        default: return false
        }
    }

    /// Whether decoding and encoding again may change the audio (MP3, Vorbis, Opus, ADPCM …).
    var isLossy: Bool { integerBits == nil && !isFloat && !isDouble }

    /// Whether this format can hold this audio, as libsndfile judges it.
    var isWritable: Bool {
        // libsndfile's check passes Opus at any rate, but its encoder refuses all but these.
        if Int(encodingCode) == SF_FORMAT_OPUS, !Self.opusRates.contains(sampleRate) {
            return false
        }
        var info = SF_INFO(
            frames: 0, samplerate: Int32(sampleRate), channels: Int32(channelCount),
            format: code, sections: 0, seekable: 0)
        return sf_format_check(&info) != 0
    }

    private static func name(of format: Int32) -> String {
        // SFC_GET_FORMAT_INFO takes a format code; SFC_GET_FORMAT_MAJOR and _SUBTYPE take an
        // index into libsndfile's lists, and fail for any code.
        var info = SF_FORMAT_INFO(format: format, name: nil, extension: nil)
        guard sf_command(nil, Int32(SFC_GET_FORMAT_INFO), &info, Int32(MemoryLayout<SF_FORMAT_INFO>.size)) == 0,
            let name = info.name
        else { return "format 0x\(String(format, radix: 16))" }
        return String(cString: name)
    }
}

extension AudioFileFormat {
    /// The format of the audio libsndfile just opened as `file`, from the `info` it filled in;
    /// when that declares no channel or no rate, `file` is closed and the open refused.
    ///
    /// - Throws: ``AudioError/cannotOpen(path:reason:)`` naming `name`.
    package static func opened(_ file: OpaquePointer, info: SF_INFO, name: String) throws(AudioError) -> AudioFileFormat
    {
        guard info.channels > 0, info.samplerate > 0 else {
            sf_close(file)
            throw .cannotOpen(path: name, reason: "it declares \(info.channels) channels at \(info.samplerate) Hz")
        }
        return AudioFileFormat(code: info.format, sampleRate: Int(info.samplerate), channelCount: Int(info.channels))
    }
}
