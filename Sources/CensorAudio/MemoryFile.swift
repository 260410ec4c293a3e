import CSndFile

/// A growable file in memory that libsndfile reads and writes through its virtual I/O, so that
/// audio can be encoded to `Data`, or a header inspected, without a file on disk.
package final class MemoryFile {
    /// The file's bytes.
    package private(set) var bytes: [UInt8]
    private var position = 0

    /// A file holding `bytes`, read and written from its start.
    package init(bytes: [UInt8] = []) {
        self.bytes = bytes
    }

    /// The callbacks libsndfile calls, each with a `MemoryFile` as its user data.
    static let virtualIO = SF_VIRTUAL_IO(
        get_filelen: { sf_count_t(file($0).bytes.count) },
        seek: { offset, whence, data in file(data).seek(Int(offset), whence: whence) },
        read: { pointer, count, data in file(data).read(into: pointer, count: Int(count)) },
        write: { pointer, count, data in file(data).write(from: pointer, count: Int(count)) },
        tell: { sf_count_t(file($0).position) })

    private static func file(_ data: UnsafeMutableRawPointer?) -> MemoryFile {
        Unmanaged<MemoryFile>.fromOpaque(data!).takeUnretainedValue()
    }

    private func seek(_ offset: Int, whence: Int32) -> sf_count_t {
        let base =
            switch whence {
            case SEEK_CUR: position
            case SEEK_END: bytes.count
            default: 0
            }
        guard base + offset >= 0 else { return -1 }
        position = base + offset
        return sf_count_t(position)
    }

    private func read(into pointer: UnsafeMutableRawPointer?, count: Int) -> sf_count_t {
        guard let pointer, position < bytes.count else { return 0 }
        let available = min(count, bytes.count - position)
        bytes.withUnsafeBytes { pointer.copyMemory(from: $0.baseAddress! + position, byteCount: available) }
        position += available
        return sf_count_t(available)
    }

    private func write(from pointer: UnsafeRawPointer?, count: Int) -> sf_count_t {
        guard let pointer, count > 0 else { return 0 }
        let end = position + count
        if end > bytes.count { bytes.append(contentsOf: repeatElement(0, count: end - bytes.count)) }
        bytes.withUnsafeMutableBytes { ($0.baseAddress! + position).copyMemory(from: pointer, byteCount: count) }
        position = end
        return sf_count_t(count)
    }
}
