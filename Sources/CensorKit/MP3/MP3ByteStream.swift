/// A file's bytes read forward in chunks, for walking MP3 frames in one pass with flat memory.
///
/// Bytes before ``mark`` are done with: when the buffer is refilled they are dropped. The buffer
/// is allocated once and read into directly.
final class MP3ByteStream {
    /// The file's length in bytes.
    let size: Int
    /// Bytes read per refill when walking a whole file: few enough that the buffer stays in
    /// the processor's cache, where the parser reads the headers the kernel has just copied
    /// there (an hour at 128 kb/s walked with 9–15% less CPU than with 1 MiB; 64 KiB no less).
    static let chunk = 1 << 17
    /// Bytes read per refill.
    let chunk: Int
    /// The first byte still needed; everything before it may be released.
    var mark: Int

    private let read: (_ offset: Int, _ into: UnsafeMutableRawBufferPointer) throws -> Void
    private var storage: UnsafeMutableRawBufferPointer
    /// Bytes held, from `storage[0]`.
    private var count = 0
    /// The file offset of `storage[0]`.
    private var start = 0

    /// Creates a stream.
    ///
    /// - Parameters:
    ///   - size: The file's length.
    ///   - start: The first byte that will be asked for.
    ///   - chunk: Bytes to read per refill.
    ///   - read: Fills the buffer with the bytes at `offset` (it is never asked past `size`), or throws.
    init(
        size: Int, from start: Int = 0, chunk: Int = MP3ByteStream.chunk,
        read: @escaping (_ offset: Int, _ into: UnsafeMutableRawBufferPointer) throws -> Void
    ) {
        self.size = size
        self.start = start
        self.chunk = chunk
        self.read = read
        mark = start
        storage = .allocate(byteCount: 2 * chunk, alignment: 16)
    }

    deinit { storage.deallocate() }

    /// Makes the bytes up to `end` (exclusive) available, from ``mark`` on.
    ///
    /// - Returns: `false` when the file ends before `end`; then as much as there is is loaded.
    func load(through end: Int) throws -> Bool {
        guard end > start + count else { return true }
        release()
        let loaded = start + count
        guard loaded < size else { return false }
        let wanted = min(size, max(end, loaded + chunk)) - loaded
        if count + wanted > storage.count {
            let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: count + wanted, alignment: 16)
            larger.copyMemory(from: UnsafeRawBufferPointer(rebasing: storage[..<count]))
            storage.deallocate()
            storage = larger
        }
        try read(loaded, UnsafeMutableRawBufferPointer(rebasing: storage[count..<(count + wanted)]))
        count += wanted
        return end <= start + count
    }

    /// The byte at `offset`, which must be loaded.
    subscript(offset: Int) -> UInt8 { storage[offset - start] }

    /// The four bytes at `offset`, big-endian, which must be loaded.
    func word(at offset: Int) -> UInt32 {
        let index = offset - start
        return UInt32(storage[index]) << 24 | UInt32(storage[index + 1]) << 16 | UInt32(storage[index + 2]) << 8
            | UInt32(storage[index + 3])
    }

    /// Whether all of `range` is loaded.
    func holds(_ range: Range<Int>) -> Bool { range.lowerBound >= start && range.upperBound <= start + count }

    /// How many bytes from `offset` on are loaded.
    func available(from offset: Int) -> Int { start + count - offset }

    /// Gives `body` the loaded bytes of `range`, to read or change in place.
    func withBytes<R>(_ range: Range<Int>, _ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        try body(
            UnsafeMutableRawBufferPointer(rebasing: storage[(range.lowerBound - start)..<(range.upperBound - start)]))
    }

    /// Drops the bytes before ``mark``, moving the rest to the front; a mark past the bytes
    /// held skips the bytes before it unread (a long tag before the frames).
    private func release() {
        if mark > start + count {
            start = mark
            count = 0
            return
        }
        let released = mark - start
        guard released > 0 else { return }
        if count > released {
            storage.baseAddress!.copyMemory(from: storage.baseAddress! + released, byteCount: count - released)
        }
        count -= released
        start += released
    }
}
