import CSndFile

/// Writes an audio file through libsndfile, block by block.
package final class AudioWriter {
    /// The file the messages name: the destination, not the temporary file written.
    package let path: String
    let format: AudioFileFormat
    private var file: OpaquePointer?
    private var written = 0

    /// Creates `file` in `format` and writes `metadata` into it.
    ///
    /// - Parameters:
    ///   - file: The path to create.
    ///   - path: The path messages name (the destination `file` will be renamed to).
    ///   - quality: For lossy encodings, 0 (smallest) to 1 (best); `nil`: libsndfile's default.
    package init(
        creating file: String, for path: String, format: AudioFileFormat, metadata: AudioMetadata,
        quality: Double? = nil
    ) throws(AudioError) {
        var info = SF_INFO(frames: 0, samplerate: Int32(format.sampleRate), channels: Int32(format.channelCount),
                           format: format.code, sections: 0, seekable: 0)
        guard let handle = sf_open(file, Int32(SFM_WRITE), &info) else {
            throw .cannotCreate(path: path, reason: plainReason(sf_strerror(nil)))
        }
        let file = handle
        self.path = path
        self.format = format
        self.file = file
        // Float audio written to an integer encoding saturates instead of wrapping around.
        _ = sf_command(file, Int32(SFC_SET_CLIPPING), nil, Int32(SF_TRUE))
        if var level = quality.map({ 1 - $0 }) {
            _ = sf_command(file, Int32(SFC_SET_COMPRESSION_LEVEL), &level, Int32(MemoryLayout<Double>.size))
        }
        metadata.write(into: file)
    }

    deinit { if let file { sf_close(file) } }

    /// Appends `frames` frames.
    package func write<Sample: SndFileSample>(from buffer: UnsafePointer<Sample>, frames: Int) throws(AudioError) {
        guard let file else { return }
        let count = Sample.write(file, buffer, frames)
        guard count == frames else {
            throw .writeFailed(path: path, frame: written + count, reason: plainReason(sf_strerror(file)))
        }
        written += count
    }

    /// Finishes the file (headers, encoder flush) and closes it.
    package func close() throws(AudioError) {
        guard let file else { return }
        self.file = nil
        let status = sf_close(file)
        guard status == 0 else {
            throw .writeFailed(path: path, frame: written, reason: plainReason(sf_error_number(status)))
        }
    }
}

/// A libsndfile message as a reason in censor's messages: without the `System error : `
/// prefix and the closing period (`No space left on device`).
func plainReason(_ message: UnsafePointer<CChar>?) -> String {
    var reason = message.map { String(cString: $0) } ?? "unknown error"
    if reason.hasPrefix("System error : ") { reason.removeFirst("System error : ".count) }
    while reason.hasSuffix(".") { reason.removeLast() }
    return reason
}
