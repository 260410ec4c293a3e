import Foundation

/// The leading bytes of a finished output (a FLAC file's metadata blocks, an Ogg stream's
/// header pages) replaced by others of another length, the rest of the file moved to follow.
enum FileHead {
    /// Puts `head` in place of the first `end` bytes of the file at `path`, moving the rest
    /// by block (a megabyte at a time, from the end when the head grows).
    static func replace(ofFileAt path: String, named name: String, upTo end: Int, with head: Data)
        throws(AudioError)
    {
        let file = open(path, O_RDWR | O_NOFOLLOW | O_CLOEXEC)
        guard file >= 0 else { throw .writeFailed(path: name, frame: 0, reason: String(cString: strerror(errno))) }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0 else { throw .writeFailed(path: name, frame: 0, reason: String(cString: strerror(errno))) }
        let size = Int(status.st_size), shift = head.count - end, block = 1 << 20
        var buffer = [UInt8](repeating: 0, count: block)
        func move(_ start: Int, _ count: Int) -> Bool {
            buffer.withUnsafeMutableBytes { bytes in
                pread(file, bytes.baseAddress, count, off_t(start)) == count
                    && pwrite(file, bytes.baseAddress, count, off_t(start + shift)) == count
            }
        }
        var moved = true
        if shift > 0 {
            var start = size
            while moved, start > end {
                let count = min(block, start - end)
                start -= count
                moved = move(start, count)
            }
        } else if shift < 0 {
            var start = end
            while moved, start < size {
                let count = min(block, size - start)
                moved = move(start, count)
                start += count
            }
            moved = moved && ftruncate(file, off_t(size + shift)) == 0
        }
        let written = head.withUnsafeBytes { pwrite(file, $0.baseAddress, $0.count, 0) }
        guard moved, written == head.count else {
            throw .writeFailed(path: name, frame: 0, reason: String(cString: strerror(errno)))
        }
    }
}
