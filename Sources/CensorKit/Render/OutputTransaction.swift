import CXattr
import Foundation

/// Every file one censoring job writes — audio, report, labels, subtitles, a review page —
/// written as one: each to a temporary file of its own, and all moved into place together
/// only when every one is complete. A failure or an interruption before ``commit()`` leaves
/// none of them and every existing file as it was.
///
/// An output joins the transaction with one call. A text output:
///
/// ```swift
/// let transaction = OutputTransaction(overwrite: false, protecting: [("talk.wav", .input)])
/// try transaction.reserve("talk.srt")         // optional: check the path before any work
/// // … censor, into transaction …
/// try transaction.write(subtitles, to: "talk.srt")
/// try transaction.commit()                    // every output appears, or none
/// ```
///
/// An output some other writer produces (an encoder that wants a path) reserves its path and
/// writes to the temporary file it is given:
///
/// ```swift
/// let temporary = try transaction.reserve("talk.html")
/// try page.write(toFile: temporary)
/// ```
///
/// The rules, the same for every path:
/// - No existing path is replaced unless the transaction was made with `overwrite`; also a file
///   that appears at the path meanwhile is kept (the new one is made by a hard link, which
///   fails when the name exists).
/// - A path that is one of the `protecting` files (the input, the transcript, a censor list,
///   another output of the run) or another output of this transaction is refused: compared by
///   device and inode, after following symbolic links, so no spelling gets around it.
/// - A symbolic link is followed and its target replaced (the link stays); a character device
///   or FIFO (`/dev/stdout`, `/dev/null`, a named pipe) is written through at commit, never
///   replaced, and needs no `overwrite`; `-` is standard output.
/// - Each temporary file is created with `O_CREAT | O_EXCL` under a random name in the
///   destination's folder (`.<name>.censor-<pid>-<random>.tmp`; streams' in the temporary
///   folder), so no file or link placed there beforehand is ever followed, and it is registered
///   in ``TemporaryOutputs`` until renamed or removed, so a signal handler can remove it. Stale
///   temporary files of this naming that an earlier, killed process left in a folder are removed
///   the first time an output goes there.
/// - Replacing the input (`replacingInput`, censoring in place) keeps its owner (where
///   permitted), group, mode and extended attributes; an input with several hard links is
///   refused unless `overwrite`, since only this name would get the censored audio.
///
/// Streams are written first, then files are linked or renamed into place under the
/// registry's lock, so a signal either comes before all of them or after. A rename that fails
/// once others have replaced their files (an I/O error in between) cannot undo those.
public final class OutputTransaction {
    /// What a file the outputs must not be is to the run.
    public enum Role: String, Sendable {
        case input = "the input"
        case transcript = "the transcript"
        case list = "the censor list"
        case decisions = "the decisions file"
        case manifest = "the manifest"
        case output = "another output of this run"
    }

    private struct Entry {
        let output: OutputPath
        let temporary: String
        let replacing: Bool
        /// The file whose owner, group, mode and extended attributes the output takes.
        let preserving: String?
    }

    /// Whether existing paths may be replaced.
    public let overwrite: Bool
    private let protected: [(path: String, identity: FileIdentity, role: Role)]
    private var entries: [Entry] = []
    private var finished = false

    /// Creates an empty transaction.
    ///
    /// - Parameters:
    ///   - overwrite: Whether existing paths may be replaced (and an input with several hard
    ///     links replaced in place).
    ///   - protecting: Files no output may be, with what they are to the run.
    public init(overwrite: Bool, protecting: [(path: String, role: Role)] = []) {
        self.overwrite = overwrite
        protected = protecting.map { ($0.path, FileIdentity(of: $0.path), $0.role) }
    }

    deinit { discard() }

    /// The destinations reserved so far, as given.
    public var paths: [String] { entries.map(\.output.path) }

    /// Checks `path` against the rules and creates its temporary file; nothing is written at
    /// `path` before ``commit()``. Reserving a path twice returns the same temporary file.
    ///
    /// - Parameters:
    ///   - path: Where the output goes.
    ///   - replacingInput: Whether `path` may be the input (censoring in place).
    /// - Returns: The temporary file to write the output to.
    /// - Throws: ``CensorError`` naming `path` when a rule refuses it or its temporary file
    ///   cannot be created; ``CensorError/interrupted`` once the process is being stopped.
    @discardableResult
    public func reserve(_ path: String, replacingInput: Bool = false) throws(CensorError) -> String {
        try reserve(path, replacingInput: replacingInput, replacingRecord: false)
    }

    /// Writes `text` as a record of censor's own at `path` (a resume record beside an output),
    /// under stricter rules than other outputs: `path` is never followed (a symbolic link,
    /// a device or a FIFO there is refused, also with `overwrite`), and an existing file is
    /// replaced only when it is a regular file with one link that `isRecord` accepts.
    ///
    /// - Parameters:
    ///   - isRecord: Whether the regular file at `path` is a record this writer may replace.
    /// - Throws: ``CensorError/cannotCreate(path:reason:)`` when something else is at `path`;
    ///   what ``write(_:to:)`` throws.
    public func writeRecord(_ text: String, to path: String, isRecord: (String) -> Bool) throws(CensorError) {
        var info = stat()
        if lstat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFREG, info.st_nlink == 1, isRecord(path) else {
                throw .cannotCreate(path: path, reason: "a file that is not a record censor wrote is there; remove it")
            }
        }
        try reserve(path, replacingInput: false, replacingRecord: info.st_mode & S_IFMT == S_IFREG)
        try write(text, to: path)
    }

    private func reserve(_ path: String, replacingInput: Bool, replacingRecord: Bool) throws(CensorError) -> String {
        if let entry = entries.first(where: { $0.output.path == path }) { return entry.temporary }
        let output = try OutputPath(path)
        var isInput = false
        for file in protected where file.identity == output.identity {
            guard file.role == .input else {
                throw .outputIsProtected(path: path, file: file.path, role: file.role.rawValue)
            }
            guard replacingInput else { throw .outputIsInput(path: path) }
            isInput = true
        }
        if let other = entries.first(where: { $0.output.identity == output.identity }) {
            throw .outputIsProtected(path: path, file: other.output.path, role: Role.output.rawValue)
        }
        if output.kind == .file, let existing = output.existing {
            if !overwrite, !isInput, !replacingRecord { throw .outputExists(path: path) }
            if isInput, !overwrite, existing.st_nlink > 1 {
                throw .hardLinked(path: path, links: Int(existing.st_nlink))
            }
        }
        let folder =
            output.kind == .file
            ? OutputPath.folder(of: output.target)
            : String(NSTemporaryDirectory().reversed().drop { $0 == "/" }.reversed())
        let name =
            output.kind == .file
            ? OutputPath.name(of: output.target) : path == "-" ? "stdout" : OutputPath.name(of: path)
        let temporary = try TemporaryOutputs.create(in: folder, naming: name, for: path)
        entries.append(
            Entry(
                output: output, temporary: temporary, replacing: overwrite || isInput || replacingRecord,
                preserving: isInput ? output.target : nil))
        return temporary
    }

    /// Writes `text` as the output at `path`, reserving it first if need be.
    ///
    /// - Throws: ``CensorError`` naming `path`, as ``reserve(_:replacingInput:)`` does, or when
    ///   the text cannot be written (a full disk).
    public func write(_ text: String, to path: String) throws(CensorError) {
        let temporary = try reserve(path)
        let file = open(temporary, O_WRONLY | O_TRUNC | O_NOFOLLOW | O_CLOEXEC)
        guard file >= 0 else { throw .cannotCreate(path: path, reason: String(cString: strerror(errno))) }
        defer { close(file) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { Glibc.write(file, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw .cannotCreate(path: path, reason: String(cString: strerror(errno))) }
            bytes = bytes.dropFirst(count)
        }
    }

    /// Moves every output into place: streams are written, then files linked or renamed.
    ///
    /// - Throws: ``CensorError``; every temporary file is removed then, and no file was created
    ///   or replaced unless a rename failed after others had succeeded.
    public func commit() throws(CensorError) {
        guard !finished else { return }
        finished = true
        do {
            for entry in entries {
                if let source = entry.preserving {
                    Self.preserveAttributes(of: source, on: entry.temporary)
                } else if entry.output.kind == .file {
                    // Written only its owner may read; in place, the mode any new file gets.
                    chmod(entry.temporary, 0o666 & ~Self.umask)
                }
            }
            for entry in entries where entry.output.kind == .stream {
                try Self.copy(entry.temporary, into: entry.output)
            }
            try TemporaryOutputs.commit(
                entries.filter { $0.output.kind == .file }.map {
                    .init(
                        temporary: $0.temporary, target: $0.output.target, path: $0.output.path, replacing: $0.replacing
                    )
                })
        } catch {
            for entry in entries { TemporaryOutputs.discard(entry.temporary) }
            throw error
        }
        for entry in entries { TemporaryOutputs.discard(entry.temporary) }
    }

    /// Removes every temporary file; nothing is moved into place. Called on deinit too.
    public func discard() {
        finished = true
        for entry in entries { TemporaryOutputs.discard(entry.temporary) }
    }

    /// The process's file mode creation mask, from `/proc/self/status` (setting it to read it
    /// would race with files other threads create); `0o022` where that does not say it.
    static let umask: mode_t = {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("Umask:") }
        return line.flatMap { mode_t($0.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8) }
            ?? 0o022
    }()

    /// Gives `file` the owner (where permitted), group, mode and extended attributes of `source`.
    private static func preserveAttributes(of source: String, on file: String) {
        var info = stat()
        guard stat(source, &info) == 0 else { return }
        if chown(file, info.st_uid, info.st_gid) != 0 { _ = chown(file, uid_t.max, info.st_gid) }
        chmod(file, info.st_mode & 0o7777)
        let size = listxattr(source, nil, 0)
        guard size > 0 else { return }
        var names = [CChar](repeating: 0, count: size)
        let listed = listxattr(source, &names, size)
        guard listed > 0 else { return }
        for name in names[0..<listed].split(separator: 0) {
            let key = Array(name) + [0]
            let length = getxattr(source, key, nil, 0)
            guard length >= 0 else { continue }
            var value = [UInt8](repeating: 0, count: max(length, 1))
            let read = getxattr(source, key, &value, length)
            guard read >= 0 else { continue }
            _ = setxattr(file, key, value, read, 0)
        }
    }

    /// Copies the finished temporary file into a stream output.
    private static func copy(_ temporary: String, into output: OutputPath) throws(CensorError) {
        let source = open(temporary, O_RDONLY | O_CLOEXEC)
        guard source >= 0 else { throw .cannotFinish(path: output.path, reason: String(cString: strerror(errno))) }
        defer { close(source) }
        let destination = output.descriptor ?? open(output.target, O_WRONLY | O_NOCTTY | O_CLOEXEC)
        guard destination >= 0 else { throw .cannotFinish(path: output.path, reason: String(cString: strerror(errno))) }
        defer { if output.descriptor == nil { close(destination) } }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(source, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .cannotFinish(path: output.path, reason: String(cString: strerror(errno))) }
            if count == 0 { return }
            var sent = 0
            while sent < count {
                let written = buffer[sent..<count].withUnsafeBytes {
                    Glibc.write(destination, $0.baseAddress, $0.count)
                }
                if written < 0, errno == EINTR { continue }
                if written < 0, errno == EPIPE { throw .brokenPipe(path: output.path) }
                guard written > 0 else {
                    throw .cannotFinish(path: output.path, reason: String(cString: strerror(errno)))
                }
                sent += written
            }
        }
    }
}
