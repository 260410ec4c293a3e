import CSndFile

extension AudioFileFormat {
    /// The containers censor picks from an output file's extension, and the encodings it tries
    /// when the input's encoding does not fit the new container, best first.
    private static let containers: [String: (container: Int, encodings: [Int])] = {
        let pcm = [SF_FORMAT_PCM_24, SF_FORMAT_PCM_16, SF_FORMAT_FLOAT]
        let wav = (SF_FORMAT_WAV, pcm)
        let aiff = (SF_FORMAT_AIFF, pcm)
        return [
            "wav": wav, "wave": wav, "aif": aiff, "aiff": aiff, "aifc": aiff,
            "flac": (SF_FORMAT_FLAC, [SF_FORMAT_PCM_24, SF_FORMAT_PCM_16]),
            "ogg": (SF_FORMAT_OGG, [SF_FORMAT_VORBIS]), "oga": (SF_FORMAT_OGG, [SF_FORMAT_VORBIS]),
            "opus": (SF_FORMAT_OGG, [SF_FORMAT_OPUS]),
            "mp3": (SF_FORMAT_MPEG, [SF_FORMAT_MPEG_LAYER_III]),
            "caf": (SF_FORMAT_CAF, pcm), "w64": (SF_FORMAT_W64, pcm), "rf64": (SF_FORMAT_RF64, pcm),
            "au": (SF_FORMAT_AU, pcm), "snd": (SF_FORMAT_AU, pcm),
        ]
    }()

    /// The format to write `path` in, given the input's format.
    ///
    /// The input's format is kept whole when the extension names the same container (or is
    /// unknown); otherwise the extension picks the container, and the input's encoding is kept
    /// when it is lossless and the container takes it, else the container's best encoding.
    ///
    /// - Throws: ``AudioError/unsupportedOutput(path:reason:)`` when no encoding fits.
    func forOutput(path: String) throws(AudioError) -> AudioFileFormat {
        let ext = path.split(separator: "/").last.flatMap { name in
            name.contains(".") ? name.split(separator: ".").last.map { $0.lowercased() } : nil
        }
        guard let ext, let entry = Self.containers[ext], Int32(entry.container) != container else {
            guard isWritable else {
                throw .unsupportedOutput(path: path, reason: "libsndfile cannot write \(containerName) with \(encodingName)")
            }
            return self
        }
        let candidates = (isLossy ? [] : [Int(encoding)]) + entry.encodings
        for candidate in candidates {
            let format = with(container: Int32(entry.container), encoding: Int32(candidate))
            if format.isWritable { return format }
        }
        throw .unsupportedOutput(
            path: path,
            reason: "the .\(ext) container cannot hold \(channelCount) channels at \(sampleRate) Hz")
    }
}
