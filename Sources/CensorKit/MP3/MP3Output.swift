/// The censored MP3 written in order: stretches of the input no edit touches, long ones copied
/// file to file by the kernel (``MP3File/append(_:of:)``), short ones and edited bytes gathered
/// from the bytes already read into a buffer of ``bufferSize`` bytes and written a buffer at a
/// time. A few words cost a few system calls; a file edited every other frame is
/// still written in large blocks.
final class MP3Output {
    /// Untouched stretches at least this long are copied by the kernel.
    static let kernelCopy = 1 << 18
    /// Bytes gathered before a write.
    static let bufferSize = 1 << 20

    private let file: MP3File
    private let source: MP3File
    private var buffer: UnsafeMutableRawBufferPointer
    private var count = 0

    /// Writes to `file` what is read from `source`.
    init(file: MP3File, source: MP3File) {
        self.file = file
        self.source = source
        buffer = .allocate(byteCount: Self.bufferSize, alignment: 16)
    }

    deinit { buffer.deallocate() }

    /// Appends the input's bytes of `range`, as `stream` holds them (edited or not) where it
    /// still does, otherwise as the file holds them.
    func append(_ range: Range<Int>, from stream: MP3ByteStream) throws(MP3Error) {
        guard !range.isEmpty else { return }
        if range.count >= Self.kernelCopy {
            try flush()
            try file.append(range, of: source)
            return
        }
        if count + range.count > buffer.count { try flush() }
        let target = UnsafeMutableRawBufferPointer(rebasing: buffer[count..<(count + range.count)])
        if stream.holds(range) {
            stream.withBytes(range) { target.copyMemory(from: UnsafeRawBufferPointer($0)) }
        } else {
            try source.read(at: range.lowerBound, into: target)
        }
        count += range.count
    }

    /// Writes `bytes` at `offset`, over what was written there (after ``flush()``).
    /// Appends `bytes` that are not the input's (the censored marker's tag).
    func append(_ bytes: [UInt8]) throws(MP3Error) {
        try flush()
        // A typed-throws closure handed to `withUnsafeBytes` crashes Swift 6.3's compiler.
        try bytes.withUnsafeBytes { raw in Result { () throws(MP3Error) in try file.write(raw) } }.get()
    }

    func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws(MP3Error) {
        try file.write(bytes, at: offset)
    }

    /// Writes what the buffer holds.
    func flush() throws(MP3Error) {
        guard count > 0 else { return }
        try file.write(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        count = 0
    }
}
