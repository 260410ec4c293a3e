import Foundation

/// The leading bytes of a finished output (a FLAC file's metadata blocks, an Ogg stream's
/// header pages, an MP3's ID3v2 tags) replaced by others of another length, the rest of the
/// file moved to follow, a megabyte at a time.
package enum FileHead {
    /// Puts `head` in place of the first `end` bytes of the file at `path`.
    ///
    /// - Parameters:
    ///   - name: The output's name for errors (`path` may be its temporary file).
    /// - Throws: ``AudioError/writeFailed(path:frame:reason:)`` when the file cannot be written.
    static func replace(ofFileAt path: String, named name: String, upTo end: Int, with head: Data) throws(AudioError) {
        try editing(path, named: name) { file throws(AudioError) in
            try shift(file, from: end, by: head.count - end, named: name)
            let written = head.withUnsafeBytes { pwrite(file, $0.baseAddress, $0.count, 0) }
            guard written == head.count else {
                throw .writeFailed(path: name, frame: 0, reason: String(cString: strerror(errno)))
            }
        }
    }

    /// Puts the first `count` bytes of the file at `source` before the bytes of the file at
    /// `path`, copied a megabyte at a time (an MP3's leading tags, however large).
    ///
    /// - Parameters:
    ///   - name: The output's name for errors (`path` may be its temporary file).
    /// - Throws: ``AudioError/writeFailed(path:frame:reason:)`` when either file cannot be read or written.
    package static func prepend(_ count: Int, bytesOf source: String, toFileAt path: String, named name: String)
        throws(AudioError)
    {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw .writeFailed(path: name, frame: 0, reason: String(cString: strerror(errno))) }
        defer { close(input) }
        try editing(path, named: name) { file throws(AudioError) in
            try shift(file, from: 0, by: count, named: name)
            var buffer = [UInt8](repeating: 0, count: block)
            var offset = 0
            while offset < count {
                let length = min(block, count - offset)
                let copied = buffer.withUnsafeMutableBytes { bytes in
                    pread(input, bytes.baseAddress, length, off_t(offset)) == length
                        && pwrite(file, bytes.baseAddress, length, off_t(offset)) == length
                }
                guard copied else { throw .writeFailed(path: name, frame: 0, reason: String(cString: strerror(errno))) }
                offset += length
            }
        }
    }

    /// The bytes moved at a time.
    private static let block = 1 << 20

    /// Runs `body` with the file at `path` open for reading and writing.
    private static func editing(_ path: String, named name: String, _ body: (Int32) throws(AudioError) -> Void)
        throws(AudioError)
    {
        let file = open(path, O_RDWR | O_NOFOLLOW | O_CLOEXEC)
        guard file >= 0 else { throw .writeFailed(path: name, frame: 0, reason: String(cString: strerror(errno))) }
        defer { close(file) }
        try body(file)
    }

    /// Moves the bytes of `file` from `start` to its end by `shift` bytes (from the end when
    /// they move later), and cuts the file to their new end.
    private static func shift(_ file: Int32, from start: Int, by shift: Int, named name: String) throws(AudioError) {
        var status = stat()
        guard fstat(file, &status) == 0 else {
            throw .writeFailed(path: name, frame: 0, reason: String(cString: strerror(errno)))
        }
        let size = Int(status.st_size)
        var buffer = [UInt8](repeating: 0, count: block)
        func move(_ offset: Int, _ count: Int) -> Bool {
            buffer.withUnsafeMutableBytes { bytes in
                pread(file, bytes.baseAddress, count, off_t(offset)) == count
                    && pwrite(file, bytes.baseAddress, count, off_t(offset + shift)) == count
            }
        }
        var moved = true
        if shift > 0 {
            var offset = size
            while moved, offset > start {
                let count = min(block, offset - start)
                offset -= count
                moved = move(offset, count)
            }
        } else if shift < 0 {
            var offset = start
            while moved, offset < size {
                let count = min(block, size - offset)
                moved = move(offset, count)
                offset += count
            }
            moved = moved && ftruncate(file, off_t(size + shift)) == 0
        }
        guard moved else { throw .writeFailed(path: name, frame: 0, reason: String(cString: strerror(errno))) }
    }
}
