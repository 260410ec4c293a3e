import Foundation

/// The file descriptors the direct MP3 pass reads from and writes to, with the errors it
/// reports naming the file; closed when released.
final class MP3File {
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

    /// Opens the existing file `path` (a temporary file) for writing from its start, emptied;
    /// messages name it `name` (the destination it stands for).
    ///
    /// An empty file is not truncated again: ext4 takes a file truncated to nothing for one
    /// being rewritten in place and, to keep its data safe, starts writing it to disk when it is
    /// closed, which the process then pays for (`auto_da_alloc`); a new file is written back
    /// when the kernel chooses, as `cp`'s is.
    init(writing path: String, name: String) throws(MP3Error) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .io(path: name, reason: String(cString: strerror(errno))) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size == 0 || ftruncate(descriptor, 0) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .io(path: name, reason: reason)
        }
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
                throw .io(
                    path: path,
                    reason: got < 0
                        ? String(cString: strerror(errno))
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
            guard wrote > 0 else {
                throw .io(path: path, reason: "writing failed: \(String(cString: strerror(errno)))")
            }
            done += wrote
        }
    }

    /// Appends the bytes of `range` of `source` (the file offset advancing), through the kernel
    /// without passing them through this process where it can (`copy_file_range`), otherwise
    /// through a buffer of ``MP3Output/bufferSize`` bytes.
    ///
    /// - Throws: ``MP3Error/io(path:reason:)`` when reading or writing fails.
    func append(_ range: Range<Int>, of source: MP3File) throws(MP3Error) {
        var offset = range.lowerBound
        while offset < range.upperBound {
            var from = off_t(offset)
            let copied =
                Self.copyFileRange.map { $0(source.descriptor, &from, descriptor, nil, range.upperBound - offset, 0) }
                ?? {
                    errno = ENOSYS; return -1
                }()
            if copied > 0 {
                offset += copied
                continue
            }
            if copied < 0, errno == EINTR { continue }
            guard copied < 0, [EXDEV, EINVAL, ENOSYS, EOPNOTSUPP, EBADF].contains(errno) else {
                guard copied < 0 else {
                    throw .io(path: source.path, reason: "it ended at byte \(offset) while being copied")
                }
                throw .io(path: path, reason: "writing failed: \(String(cString: strerror(errno)))")
            }
            // The kernel cannot copy between these files: read and write.
            let buffer = UnsafeMutableRawBufferPointer.allocate(
                byteCount: min(MP3Output.bufferSize, range.upperBound - offset), alignment: 16)
            defer { buffer.deallocate() }
            while offset < range.upperBound {
                let part = UnsafeMutableRawBufferPointer(
                    rebasing: buffer[..<min(buffer.count, range.upperBound - offset)])
                try source.read(at: offset, into: part)
                try write(UnsafeRawBufferPointer(part))
                offset += part.count
            }
        }
    }

    /// Linux's `copy_file_range(2)`, which the C library declares only for `_GNU_SOURCE`, so
    /// that Swift does not see it; `nil` where the C library lacks it.
    private static let copyFileRange:
        (
            @convention(c) (
                Int32, UnsafeMutablePointer<off_t>?, Int32, UnsafeMutablePointer<off_t>?, Int, UInt32
            ) -> Int
        )? = {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "copy_file_range") else { return nil }
            return unsafeBitCast(
                symbol,
                to: (@convention(c) (
                    Int32, UnsafeMutablePointer<off_t>?, Int32, UnsafeMutablePointer<off_t>?, Int, UInt32
                ) -> Int).self)
        }()

    /// Writes `bytes` at `offset`, leaving the file offset where it was.
    ///
    /// - Throws: ``MP3Error/io(path:reason:)`` when the write fails.
    func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws(MP3Error) {
        guard pwrite(descriptor, bytes.baseAddress!, bytes.count, off_t(offset)) == bytes.count else {
            throw .io(path: path, reason: "writing failed: \(String(cString: strerror(errno)))")
        }
    }
}
