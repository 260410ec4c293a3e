extension AudioFileFormat {
    /// The format to write `path` in, given this (the input's) format and what was asked.
    ///
    /// The container comes from `requested`, else from the extension of `path`, else it is the
    /// input's. The encoding comes from `requested`, else the input's is kept when it is
    /// lossless (or the container is unchanged) and the container takes it, else the
    /// container's best encoding is used.
    ///
    /// - Throws: ``AudioError/unsupportedOutput(path:reason:)`` when nothing fits.
    func forOutput(path: String, requested: OutputFormat = OutputFormat()) throws(AudioError) -> AudioFileFormat {
        let named = path.split(separator: "/").last.flatMap { name -> (AudioContainer, AudioEncoding?)? in
            guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
            return AudioContainer.named(byExtension: String(name[name.index(after: dot)...]))
        }
        let rate = requested.sampleRate ?? sampleRate
        let containerCode = (requested.container ?? named?.0)?.code ?? self.containerCode
        let candidates: [Int32]
        if let encoding = requested.encoding ?? (requested.container == nil ? named?.1 : nil) {
            candidates = encoding.codes
        } else {
            let keep = containerCode == self.containerCode || !isLossy
            let preferred = AudioContainer.allCases.first { $0.code == containerCode }?.preferredEncodings ?? []
            // The input's encoding first; for 8-bit PCM also its signed or unsigned twin.
            let kept = keep ? [encodingCode] + (encoding?.codes ?? []) : []
            candidates = kept + preferred.flatMap(\.codes)
        }
        for candidate in candidates {
            let format = AudioFileFormat(code: containerCode | candidate, sampleRate: rate, channelCount: channelCount)
            if format.isWritable { return format }
        }
        let container = AudioFileFormat(code: containerCode, sampleRate: rate, channelCount: channelCount).containerName
        let encodings = requested.encoding.map { " with \($0.rawValue)" } ?? ""
        let opus = candidates.contains(AudioEncoding.opus.codes[0]) ? "; Opus takes 8, 12, 16, 24 or 48 kHz (try --rate 48000)" : ""
        throw .unsupportedOutput(
            path: path,
            reason: "libsndfile cannot write \(container)\(encodings) for \(channelCount) channels at \(rate) Hz\(opus)")
    }
}
