import Foundation

/// What one output path really names, after the rules every file censor writes follows.
///
/// - `-` is standard output.
/// - A symbolic link is followed (link to link, up to 40 deep, dangling or not): the file it
///   points to is the one replaced, and the link stays, as sox and ffmpeg users expect.
/// - A character device or FIFO (`/dev/null`, a named pipe) is written through, never
///   replaced, and needs no `overwrite`; so is a link into this process's open files
///   (`/dev/stdout` → `/proc/self/fd/1`), whatever that file is: written to that descriptor.
/// - A directory, block device or socket is refused.
struct OutputPath {
    /// How the finished output reaches its path.
    enum Kind: Equatable {
        /// A regular file, new or replaced by a rename in its folder.
        case file
        /// Standard output, a character device or a FIFO: the bytes are copied into it.
        case stream
    }

    /// The path as given, for messages.
    let path: String
    /// The path written: the end of the symlink chain for a file; the path itself for a stream.
    let target: String
    let kind: Kind
    /// The open file descriptor a stream goes to (`-`, `/dev/stdout`, `/dev/fd/3`); `nil`
    /// when `target` is opened.
    let descriptor: Int32?
    /// `stat` of `target` when it exists.
    let existing: stat?
    /// Which file it is, for comparing with the run's other files.
    let identity: FileIdentity

    /// Resolves `path` and checks that it can be an output.
    ///
    /// - Throws: ``CensorError/noOutputFolder(path:)`` when the folder is missing;
    ///   ``CensorError/cannotCreate(path:reason:)`` for a directory, block device, socket or a
    ///   symlink loop.
    init(_ path: String) throws(CensorError) {
        self.path = path
        let followed = path == "-" ? "/dev/fd/1" : try Self.followingLinks(path)
        if let number = Self.descriptor(named: followed) {
            target = path
            kind = .stream
            descriptor = number
            var info = stat()
            existing = fstat(number, &info) == 0 ? info : nil
            identity = FileIdentity(descriptor: number)
            return
        }
        descriptor = nil
        target = followed
        var info = stat()
        if stat(target, &info) == 0 {
            existing = info
            switch info.st_mode & S_IFMT {
            case S_IFREG: kind = .file
            case S_IFCHR, S_IFIFO: kind = .stream
            case S_IFDIR: throw .cannotCreate(path: path, reason: "it is a directory")
            case S_IFBLK: throw .cannotCreate(path: path, reason: "it is a block device")
            default: throw .cannotCreate(path: path, reason: "it is a socket or other special file")
            }
        } else {
            existing = nil
            kind = .file
            var folder = stat()
            guard stat(Self.folder(of: target), &folder) == 0, folder.st_mode & S_IFMT == S_IFDIR else {
                throw .noOutputFolder(path: path)
            }
        }
        identity = FileIdentity(of: target)
    }

    /// The folder a file at `path` lies in: `.` for a bare name.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of `path`.
    static func name(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// The descriptor a path into this process's open files names: `/dev/fd/N`,
    /// `/proc/self/fd/N` or `/proc/<this process>/fd/N`.
    private static func descriptor(named path: String) -> Int32? {
        for prefix in ["/dev/fd/", "/proc/self/fd/", "/proc/\(getpid())/fd/"] where path.hasPrefix(prefix) {
            return Int32(path.dropFirst(prefix.count))
        }
        return nil
    }

    /// The file a chain of symbolic links at `path` ends at (which need not exist); stops at a
    /// link into this process's open files, whose targets are not paths to write.
    private static func followingLinks(_ path: String) throws(CensorError) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard descriptor(named: current) == nil, lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK
            else { return current }
            var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = buffer.withUnsafeMutableBufferPointer { pointer in
                pointer.withMemoryRebound(to: CChar.self) { readlink(current, $0.baseAddress!, $0.count - 1) }
            }
            guard count > 0 else { return current }
            let link = String(decoding: buffer[0..<count], as: UTF8.self)
            current = link.hasPrefix("/") ? link : folder(of: current) + "/" + link
        }
        throw .cannotCreate(path: path, reason: "too many levels of symbolic links")
    }
}

/// Which file a path names: its device and inode when it exists, else its absolute path with
/// the folder's symbolic links resolved; standard output is the file descriptor 1 names.
public struct FileIdentity: Hashable, Sendable {
    private enum Key: Hashable, Sendable {
        case inode(device: UInt64, inode: UInt64)
        case path(String)
    }

    private let key: Key

    /// The identity of `path` (symbolic links followed; `-` for standard output).
    public init(of path: String) {
        if path == "-" {
            self.init(descriptor: STDOUT_FILENO)
            return
        }
        var info = stat()
        if stat(path, &info) == 0 {
            self.init(key: .inode(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)))
            return
        }
        let folder = OutputPath.folder(of: path)
        let resolved =
            realpath(folder, nil).map { pointer in
                defer { free(pointer) }
                return String(cString: pointer)
            } ?? folder
        self.init(key: .path(resolved + "/" + OutputPath.name(of: path)))
    }

    private init(key: Key) {
        self.key = key
    }

    /// The identity of the file an open descriptor refers to.
    init(descriptor: Int32) {
        var info = stat()
        self.init(
            key: fstat(descriptor, &info) == 0
                ? .inode(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
                : .path("/dev/fd/\(descriptor)"))
    }
}
