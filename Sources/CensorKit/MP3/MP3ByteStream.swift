/// A file's bytes read forward in chunks, for walking MP3 frames in one pass with flat memory.
///
/// Bytes before ``mark`` are done with: when the buffer is refilled they are handed to the sink
/// (the output being written), changed or not, and dropped. A reader that only parses has no sink.
struct MP3ByteStream {
    /// The file's length in bytes.
    let size: Int
    /// Bytes read per refill.
    static let chunk = 1 << 20
    /// The first byte still needed; everything before it may be released.
    var mark = 0

    private let read: (_ offset: Int, _ count: Int) throws -> [UInt8]
    private let sink: ((UnsafeRawBufferPointer) throws -> Void)?
    private var buffer: [UInt8] = []
    /// The file offset of `buffer[0]`.
    private var start = 0

    /// Creates a stream.
    ///
    /// - Parameters:
    ///   - size: The file's length.
    ///   - read: Reads exactly `count` bytes at `offset` (it is never asked past `size`), or throws.
    ///   - sink: Receives every byte of the file in order, once released; `nil` to drop them.
    init(size: Int, read: @escaping (_ offset: Int, _ count: Int) throws -> [UInt8],
         sink: ((UnsafeRawBufferPointer) throws -> Void)? = nil) {
        self.size = size
        self.read = read
        self.sink = sink
    }

    /// Makes the bytes up to `end` (exclusive) available, from ``mark`` on.
    ///
    /// - Returns: `false` when the file ends before `end`; then as much as there is is loaded.
    mutating func load(through end: Int) throws -> Bool {
        let loaded = start + buffer.count
        guard end > loaded else { return true }
        guard loaded < size else { return false }
        try release()
        let wanted = min(size, max(end, loaded + Self.chunk)) - loaded
        buffer += try read(loaded, wanted)
        return end <= start + buffer.count
    }

    /// The byte at `offset`, which must be loaded.
    subscript(offset: Int) -> UInt8 { buffer[offset - start] }

    /// The four bytes at `offset`, big-endian, which must be loaded.
    func word(at offset: Int) -> UInt32 {
        let index = offset - start
        return UInt32(buffer[index]) << 24 | UInt32(buffer[index + 1]) << 16 | UInt32(buffer[index + 2]) << 8
            | UInt32(buffer[index + 3])
    }

    /// How many bytes from `offset` on are loaded.
    func available(from offset: Int) -> Int { start + buffer.count - offset }

    /// Gives `body` the loaded bytes of `range`, to read or change in place.
    mutating func withBytes<R>(_ range: Range<Int>, _ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        try buffer.withUnsafeMutableBytes { all in
            try body(UnsafeMutableRawBufferPointer(rebasing: all[(range.lowerBound - start)..<(range.upperBound - start)]))
        }
    }

    /// Hands every byte not yet released, through the file's end, to the sink.
    mutating func finish() throws {
        mark = size
        while start + buffer.count < size {
            try release()
            buffer = try read(start, min(Self.chunk, size - start))
        }
        try release()
    }

    /// Hands the bytes before ``mark`` to the sink and drops them.
    private mutating func release() throws {
        let count = min(mark - start, buffer.count)
        guard count > 0 else { return }
        if let sink { try buffer.withUnsafeBytes { try sink(UnsafeRawBufferPointer(rebasing: $0[..<count])) } }
        buffer.removeFirst(count)
        start += count
    }
}
