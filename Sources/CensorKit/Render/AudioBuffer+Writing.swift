extension AudioBuffer {
    /// Writes the buffer to an audio file.
    ///
    /// The file is written to a temporary file beside `path` and renamed into place when
    /// complete. The container comes from `format`, else from the extension of `path`; the
    /// encoding from `format`, else 32-bit float when the container takes it, else the
    /// container's best. The rate is the buffer's.
    ///
    /// - Parameters:
    ///   - path: Where to write; `-` for standard output.
    ///   - format: Container, encoding and quality; its sample rate, if given, must be the buffer's.
    ///   - overwrite: Whether an existing file at `path` may be replaced.
    /// - Throws: ``AudioError`` or ``CensorError``; nothing is left at `path` then.
    public func write(to path: String, format: OutputFormat = OutputFormat(), overwrite: Bool = false) throws {
        let fileFormat = try self.format(for: path, requested: format)
        let transaction = OutputTransaction(overwrite: overwrite)
        let temporary = try transaction.reserve(path)
        do {
            let writer = try AudioWriter(
                creating: temporary, for: path, format: fileFormat, metadata: metadata, quality: format.quality)
            try write(into: writer)
        } catch {
            transaction.discard()
            throw error
        }
        try transaction.commit()
    }
}
