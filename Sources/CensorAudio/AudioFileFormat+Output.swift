import CSndFile
import Foundation

extension AudioFileFormat {
    /// The format to write `path` in, given this (the input's) format and what was asked.
    ///
    /// The container comes from `requested`, else from the extension of `path`, else it is the
    /// input's. The encoding comes from `requested`, else the input's is kept when it is
    /// lossless (or the container is unchanged) and the container takes it, else the
    /// container's best encoding is used. A kept container and encoding keep the input's byte order.
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
            // The input's byte order too where its container and encoding are kept (a little-endian
            // AIFF-C or CAF stays little-endian); else the container's own.
            let order =
                containerCode == self.containerCode && candidate == encodingCode ? code & Int32(SF_FORMAT_ENDMASK) : 0
            let format = AudioFileFormat(
                code: containerCode | candidate | order, sampleRate: rate, channelCount: channelCount)
            if format.isWritable { return format }
        }
        let container = AudioFileFormat(code: containerCode, sampleRate: rate, channelCount: channelCount).containerName
        let encodings = requested.encoding.map { " with \($0.rawValue)" } ?? ""
        let opus =
            candidates.contains(AudioEncoding.opus.codes[0])
            ? "; Opus takes 8, 12, 16, 24 or 48 kHz (resample to 48000 Hz)" : ""
        throw .unsupportedOutput(
            path: path,
            reason: "libsndfile cannot write \(container)\(encodings) for \(channelCount) channels at \(rate) Hz\(opus)"
        )
    }
}

extension AudioFileFormat {
    /// The rates libopus encodes.
    package static let opusRates = [8_000, 12_000, 16_000, 24_000, 48_000]

    /// ``forOutput(path:requested:)``, except that Opus output from a rate its encoder refuses,
    /// with no rate asked for, is resampled to 48 kHz.
    ///
    /// - Returns: The format, and a note saying so when the audio is resampled.
    package func forOutputResamplingOpus(path: String, requested: OutputFormat) throws(AudioError)
        -> (format: AudioFileFormat, note: String?)
    {
        do {
            return (try forOutput(path: path, requested: requested), nil)
        } catch {
            var at48 = requested
            at48.sampleRate = 48_000
            guard requested.sampleRate == nil, !Self.opusRates.contains(sampleRate),
                let format = try? forOutput(path: path, requested: at48),
                Int(format.encodingCode) == SF_FORMAT_OPUS
            else { throw error }
            return (
                format, "Opus takes 8, 12, 16, 24 or 48 kHz: '\(path)' is resampled from \(sampleRate) Hz to 48000 Hz"
            )
        }
    }
}

extension AudioFileFormat {
    /// The most audio bytes a WAV or AIFF file can hold: their chunk sizes are 32-bit (4 GiB),
    /// less 1 MiB for the header and metadata chunks.
    package static let classicSizeLimit = Int(UInt32.max) - (1 << 20)

    /// The most bytes a frame takes in this encoding; encodings that compress (ADPCM, GSM …)
    /// are counted as 16-bit, more than they take.
    var maximumBytesPerFrame: Int {
        let bytes =
            switch Int(encodingCode) {
            case SF_FORMAT_PCM_S8, SF_FORMAT_PCM_U8, SF_FORMAT_ULAW, SF_FORMAT_ALAW: 1
            case SF_FORMAT_PCM_24: 3
            case SF_FORMAT_PCM_32, SF_FORMAT_FLOAT: 4
            case SF_FORMAT_DOUBLE: 8
            default: 2
            }
        return bytes * channelCount
    }

    /// This format, or what to write instead when `frames` frames would not fit its container.
    ///
    /// WAV and AIFF store sizes in 32 bits, so neither can hold more than 4 GiB. A WAV output
    /// that would pass that is written as RF64 (EBU Tech 3306: WAV with 64-bit sizes, which
    /// libsndfile, ffmpeg and sox read); an AIFF output, or a WAV whose encoding RF64 cannot
    /// hold, is refused before anything is written.
    ///
    /// - Parameters:
    ///   - frames: The frames to be written.
    ///   - path: The output, for messages.
    ///   - limit: The most audio bytes the container holds; tests lower it.
    /// - Returns: The format, and a warning when it is RF64 standing in for WAV.
    /// - Throws: ``AudioError/unsupportedOutput(path:reason:)`` for an AIFF output over the limit.
    package func fitting(frames: Int, path: String, limit: Int = classicSizeLimit) throws(AudioError)
        -> (format: AudioFileFormat, warning: String?)
    {
        let (product, overflow) = frames.multipliedReportingOverflow(by: maximumBytesPerFrame)
        let bytes = overflow ? Int.max : product
        guard bytes > limit else { return (self, nil) }
        let size = Self.describe(bytes: bytes), most = Self.describe(bytes: limit + (1 << 20))
        let name: String
        switch Int(containerCode) {
        case SF_FORMAT_WAV, SF_FORMAT_WAVEX: name = "WAV"
        case SF_FORMAT_AIFF: name = "AIFF"
        default: return (self, nil)
        }
        let rf64 = AudioFileFormat(
            code: Int32(SF_FORMAT_RF64) | encodingCode, sampleRate: sampleRate, channelCount: channelCount)
        guard name == "WAV", rf64.isWritable else {
            throw .unsupportedOutput(
                path: path,
                reason: "the audio would take \(size), more than the \(most) a\(name == "AIFF" ? "n" : "") "
                    + "\(name) file can hold; write CAF, W64 or RF64 instead")
        }
        return (
            rf64,
            "'\(path)' holds \(size) of audio, more than a WAV file can (\(most)): it is written "
                + "as RF64, the WAV format for large files (EBU Tech 3306), which libsndfile, ffmpeg and sox read"
        )
    }

    /// A size in GiB, MiB or bytes, for messages.
    private static func describe(bytes: Int) -> String {
        if bytes >= 1 << 30 { return String(format: "%.1f GiB", Double(bytes) / Double(1 << 30)) }
        if bytes >= 1 << 20 { return String(format: "%.1f MiB", Double(bytes) / Double(1 << 20)) }
        return "\(bytes) bytes"
    }
}
