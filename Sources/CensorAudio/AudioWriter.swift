import CSndFile

#if canImport(Glibc)
    import Glibc
#endif

/// Writes an audio file through libsndfile, block by block.
package final class AudioWriter {
    /// The file the messages name: the destination, not the temporary file written.
    package let path: String
    let format: AudioFileFormat
    private var file: OpaquePointer?
    private var written = 0
    /// The bytes written, for a writer into memory; it outlives the libsndfile handle.
    package let memory: MemoryFile?

    /// Creates `file` in `format` and writes `metadata` into it.
    ///
    /// - Parameters:
    ///   - file: The path to create.
    ///   - path: The path messages name (the destination `file` will be renamed to).
    ///   - quality: For lossy encodings, 0 (smallest) to 1 (best); `nil`: libsndfile's default.
    package convenience init(
        creating file: String, for path: String, format: AudioFileFormat, metadata: AudioMetadata,
        quality: Double? = nil
    ) throws(AudioError) {
        var info = Self.info(format)
        let descriptor = try Self.openEmptied(file, for: path)
        // libsndfile closes the descriptor, also when it fails.
        guard let handle = sf_open_fd(descriptor, Int32(SFM_WRITE), &info, Int32(SF_TRUE)) else {
            throw .cannotCreate(path: path, reason: plainReason(sf_strerror(nil)))
        }
        self.init(handle, path: path, format: format, metadata: metadata, quality: quality, memory: nil)
    }

    /// Opens `file` for writing, created when missing (read and write for all, less the umask, as
    /// libsndfile creates files) and emptied when not empty, as libsndfile's own `O_TRUNC` open would
    /// leave it.
    ///
    /// The output is written to a temporary file that the caller has just created, empty:
    /// truncating it again would cost the whole write. On ext4, truncating a file to nothing
    /// marks it as being replaced, and its `close` then starts writing every block to disk
    /// (`auto_da_alloc`), on the caller's thread: 4–70 ms for a 10-minute WAV on this project's
    /// test machine, where a file created fresh (as `sndfile-convert` creates its copy) costs nothing.
    private static func openEmptied(_ file: String, for path: String) throws(AudioError) -> Int32 {
        let descriptor = open(file, O_WRONLY | O_CREAT | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw .cannotCreate(path: path, reason: String(cString: strerror(errno))) }
        var status = stat()
        if fstat(descriptor, &status) != 0 || (status.st_size > 0 && ftruncate(descriptor, 0) != 0) {
            let reason = String(cString: strerror(errno))
            Glibc.close(descriptor)
            throw .cannotCreate(path: path, reason: reason)
        }
        return descriptor
    }

    /// Creates a file in memory in `format` and writes `metadata` into it; ``memory`` holds
    /// its bytes once closed.
    ///
    /// - Parameters:
    ///   - name: What messages call the file.
    ///   - quality: For lossy encodings, 0 (smallest) to 1 (best); `nil`: libsndfile's default.
    package convenience init(
        inMemoryNamed name: String, format: AudioFileFormat, metadata: AudioMetadata, quality: Double?
    )
        throws(AudioError)
    {
        let memory = MemoryFile()
        var info = Self.info(format)
        var io = MemoryFile.virtualIO
        guard let handle = sf_open_virtual(&io, Int32(SFM_WRITE), &info, Unmanaged.passUnretained(memory).toOpaque())
        else {
            throw .cannotCreate(path: name, reason: plainReason(sf_strerror(nil)))
        }
        self.init(handle, path: name, format: format, metadata: metadata, quality: quality, memory: memory)
    }

    private static func info(_ format: AudioFileFormat) -> SF_INFO {
        SF_INFO(
            frames: 0, samplerate: Int32(format.sampleRate), channels: Int32(format.channelCount),
            format: format.code, sections: 0, seekable: 0)
    }

    private init(
        _ file: OpaquePointer, path: String, format: AudioFileFormat, metadata: AudioMetadata, quality: Double?,
        memory: MemoryFile?
    ) {
        self.memory = memory
        self.path = path
        self.format = format
        self.file = file
        // Float audio written to an integer encoding saturates instead of wrapping around.
        _ = sf_command(file, Int32(SFC_SET_CLIPPING), nil, Int32(SF_TRUE))
        if var level = quality.map({ 1 - $0 }) {
            _ = sf_command(file, Int32(SFC_SET_COMPRESSION_LEVEL), &level, Int32(MemoryLayout<Double>.size))
        }
        metadata.write(into: file, sampleRate: format.sampleRate)
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
