import CSndFile

extension AudioFileFormat {
    /// Whether libsndfile reads this container from a pipe as it reads it from a file: WAV,
    /// RF64, W64, AIFF or AU (its pipe mode skips the chunks after the audio; FLAC, Ogg and
    /// CAF it reads only from a file).
    package var isReadFromPipes: Bool {
        [SF_FORMAT_WAV, SF_FORMAT_WAVEX, SF_FORMAT_RF64, SF_FORMAT_W64, SF_FORMAT_AIFF, SF_FORMAT_AU]
            .contains(Int(containerCode))
    }

    /// Whether the encoding is integer PCM (A-law and µ-law included) or float.
    package var isPCMOrFloat: Bool { integerBits != nil || isFloat }

    /// Whether a file of this format written through ``AudioWriter`` takes text fields set
    /// after its audio (WAV, RF64, AIFF, CAF put them after it), or holds none (AU, W64, raw).
    package var takesTextAfterAudio: Bool {
        [
            SF_FORMAT_WAV, SF_FORMAT_WAVEX, SF_FORMAT_RF64, SF_FORMAT_AIFF, SF_FORMAT_CAF, SF_FORMAT_AU, SF_FORMAT_W64,
            SF_FORMAT_RAW,
        ].contains(Int(containerCode))
    }

    /// The most frames a WAV or AIFF file of this format holds in `limit` bytes of audio;
    /// `nil` for containers without such a limit.
    package func frameLimit(bytes limit: Int = classicSizeLimit) -> Int? {
        [SF_FORMAT_WAV, SF_FORMAT_WAVEX, SF_FORMAT_AIFF].contains(Int(containerCode))
            ? limit / maximumBytesPerFrame : nil
    }

    /// The container's name for messages: `FLAC`, else libsndfile's.
    package var shortContainerName: String {
        container.map { $0.rawValue.uppercased() } ?? containerName
    }
}
