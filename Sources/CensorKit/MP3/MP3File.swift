import Foundation

/// The file descriptors the direct MP3 pass reads from and writes to, with the errors it
/// reports naming the file.
struct MP3File: ~Copyable {
    /// The path, for messages.
    let path: String
    /// The length in bytes when opened.
    let size: Int
    private let descriptor: Int32

    /// Opens `path` for reading.
    init(reading path: String) throws(MP3Error) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .io(path: path, reason: String(cString: strerror(errno))) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw .io(path: path, reason: "it is not a regular file")
        }
        self.path = path
        self.descriptor = descriptor
        size = Int(status.st_size)
    }

    /// Opens the existing file `path` for writing from its start; messages name it `name`
    /// (the destination a temporary file stands for).
    init(writing path: String, name: String) throws(MP3Error) {
        let descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard descriptor >= 0 else { throw .io(path: name, reason: String(cString: strerror(errno))) }
        self.path = name
        self.descriptor = descriptor
        size = 0
    }

    deinit { close(descriptor) }

    /// Reads exactly `count` bytes at `offset`.
    ///
    /// - Throws: ``MP3Error/io(path:reason:)`` when the file cannot be read or has become shorter.
    func read(at offset: Int, count: Int) throws(MP3Error) -> [UInt8] {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 1)
        defer { buffer.deallocate() }
        try read(at: offset, into: buffer)
        return Array(buffer)
    }

    /// Fills `buffer` with the bytes at `offset`.
    ///
    /// - Throws: ``MP3Error/io(path:reason:)`` when the file cannot be read or has become shorter.
    func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws(MP3Error) {
        var done = 0
        while done < buffer.count {
            let got = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            if got < 0, errno == EINTR { continue }
            guard got > 0 else {
                throw .io(path: path, reason: got < 0 ? String(cString: strerror(errno))
                    : "it ended at byte \(offset + done) while being read; it was \(size) bytes long")
            }
            done += got
        }
    }

    /// Writes all of `bytes`.
    ///
    /// - Throws: ``MP3Error/io(path:reason:)`` when the write fails (a full disk).
    func write(_ bytes: UnsafeRawBufferPointer) throws(MP3Error) {
        var done = 0
        while done < bytes.count {
            let wrote = Foundation.write(descriptor, bytes.baseAddress! + done, bytes.count - done)
            if wrote < 0, errno == EINTR { continue }
            guard wrote > 0 else { throw .io(path: path, reason: "writing failed: \(String(cString: strerror(errno)))") }
            done += wrote
        }
    }
}
