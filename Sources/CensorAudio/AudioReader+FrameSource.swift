extension AudioReader: StoredSamples, BlockSquaresSource {
    /// Opens the file again, for refining edges on several threads.
    public var reopener: (@Sendable () throws -> any FrameSource)? {
        { [path, blockSquares] in
            let reader = try AudioReader(path: path)
            reader.blockSquares = blockSquares
            return reader
        }
    }

    /// Whether the file holds integer PCM of at most 16 bits.
    public var storesNarrowIntegers: Bool { format.integerBits.map { $0 <= 16 } == true }

    /// Reads `range` as stored 16-bit samples, seeking as needed.
    ///
    /// - Throws: ``AudioError/readFailed(path:frame:reason:)`` when the file ends early or errs.
    public func readStoredSamples(_ range: Range<Int>, into buffer: UnsafeMutablePointer<Int16>) throws {
        try readStored(range, into: buffer)
    }
}
