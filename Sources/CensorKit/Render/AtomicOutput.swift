import Foundation
import Synchronization

/// An output written to a temporary file beside its destination and renamed into place only
/// when complete, so a failure or interruption never leaves a partial file.
///
/// Every temporary file is registered in ``TemporaryOutputs`` from its creation until it is
/// renamed or removed, so an interrupted process can remove it.
struct AtomicOutput {
    /// Where the finished file goes.
    let destination: String
    /// Where it is written meanwhile: a hidden file in the destination's folder.
    let temporary: String
    /// The mode bits the finished file gets when it replaces the input.
    private let permissions: mode_t?
    /// Whether the finished file may replace a file at `destination`.
    private let replacing: Bool

    /// Checks that `destination` can be written and picks the temporary path; creates nothing.
    ///
    /// - Throws: ``CensorError`` when the folder is missing, the destination is `input` and
    ///   `replacingInput` is false, or it exists and `overwrite` is false.
    init(destination: String, input: String, overwrite: Bool, replacingInput: Bool = false) throws(CensorError) {
        let url = URL(fileURLWithPath: destination)
        let folder = url.deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw .noOutputFolder(path: destination)
        }
        let isInput = Self.sameFile(destination, input)
        if isInput, !replacingInput { throw .outputIsInput(path: destination) }
        if FileManager.default.fileExists(atPath: destination) {
            if !isInput, !overwrite { throw .outputExists(path: destination) }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: destination, isDirectory: &isDirectory), isDirectory.boolValue {
                throw .cannotCreate(path: destination, reason: "it is a directory")
            }
        }
        var status = stat()
        permissions = isInput && stat(input, &status) == 0 ? status.st_mode & 0o7777 : nil
        replacing = overwrite || isInput
        self.destination = destination
        let random = UInt32.random(in: 0...UInt32.max)
        temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).censor-\(getpid())-\(String(random, radix: 36)).tmp").path
    }

    /// Creates the temporary file, empty, and registers it.
    ///
    /// - Throws: ``CensorError/cannotCreate(path:reason:)`` naming the destination when its
    ///   folder is not writable; ``CensorError/interrupted`` once the process is being stopped.
    func create() throws(CensorError) {
        try TemporaryOutputs.create(temporary, for: destination)
    }

    /// Renames the finished temporary file to the destination. Without `overwrite`, a file
    /// that appeared at the destination meanwhile (another job's output of the same name) is
    /// kept and this one fails.
    func commit() throws(CensorError) {
        try TemporaryOutputs.commit(temporary, to: destination, permissions: permissions, replacing: replacing)
    }

    /// Removes the temporary file, if any.
    func discard() {
        TemporaryOutputs.discard(temporary)
    }

    /// Whether two paths name the same file (the same device and inode, or the same path).
    private static func sameFile(_ a: String, _ b: String) -> Bool {
        var first = stat(), second = stat()
        guard stat(a, &first) == 0, stat(b, &second) == 0 else {
            return URL(fileURLWithPath: a).standardizedFileURL == URL(fileURLWithPath: b).standardizedFileURL
        }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }
}

/// The temporary files of every output this process is writing, so that a process stopped by
/// a signal can remove them before it exits.
///
/// A temporary file is created, renamed into place and removed only under this registry's
/// lock, so ``removeAll()`` sees every one that exists: none is created or renamed after it
/// (those attempts fail with ``CensorError/interrupted``), and an output renamed before it is
/// complete.
///
/// ```swift
/// // In a thread that has received SIGINT:
/// TemporaryOutputs.removeAll()
/// _exit(130)
/// ```
public enum TemporaryOutputs {
    private struct State {
        var paths: Set<String> = []
        var closed = false
        var stopping: (@Sendable () -> Bool)?
    }

    private static let state = Mutex(State())

    /// Has every later rename first ask `stopping`, under the lock, and fail with
    /// ``CensorError/interrupted`` (removing its file) when it says yes.
    ///
    /// For a process that takes its signals in a thread of its own: a signal sent before an
    /// output was renamed into place must keep it from being renamed, even if the thread has
    /// not yet called ``removeAll()``.
    ///
    /// - Parameter stopping: Whether the process is being stopped; called with the lock held.
    public static func refuseRenames(when stopping: @escaping @Sendable () -> Bool) {
        state.withLock { $0.stopping = stopping }
    }

    /// Removes every temporary file and refuses to create or rename any from now on.
    ///
    /// For a process about to exit: outputs being written fail with
    /// ``CensorError/interrupted`` afterwards.
    ///
    /// - Returns: The paths removed.
    @discardableResult
    public static func removeAll() -> [String] {
        state.withLock { state in
            state.closed = true
            let removed = state.paths.sorted()
            for path in removed { unlink(path) }
            state.paths = []
            return removed
        }
    }

    /// Creates `path` (which must not exist) and registers it.
    static func create(_ path: String, for destination: String) throws(CensorError) {
        let failure: CensorError? = state.withLock { state in
            guard !state.closed else { return .interrupted }
            let file = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            guard file >= 0 else {
                let reason = String(cString: strerror(errno))
                let folder = URL(fileURLWithPath: destination).deletingLastPathComponent().path
                return .cannotCreate(path: destination, reason: "cannot create a file in '\(folder)': \(reason)")
            }
            close(file)
            state.paths.insert(path)
            return nil
        }
        if let failure { throw failure }
    }

    /// Renames `path` to `destination`, first giving it `permissions`; removes it on failure.
    ///
    /// Unless `replacing`, a file at `destination` is never replaced: the new name is made a
    /// hard link, which fails if the name exists, and the temporary name is then removed.
    /// Where the file system has no hard links, an existence check before the rename does.
    static func commit(
        _ path: String, to destination: String, permissions: mode_t?, replacing: Bool
    ) throws(CensorError) {
        let failure: CensorError? = state.withLock { state in
            guard !state.closed else { return .interrupted }
            state.paths.remove(path)
            defer { unlink(path) }
            if state.stopping?() == true { return .interrupted }
            if let permissions { chmod(path, permissions) }
            if !replacing {
                if link(path, destination) == 0 { return nil }
                if errno == EEXIST { return .outputExists(path: destination) }
                if access(destination, F_OK) == 0 { return .outputExists(path: destination) }
            }
            guard rename(path, destination) == 0 else {
                return .cannotFinish(path: destination, reason: String(cString: strerror(errno)))
            }
            return nil
        }
        if let failure { throw failure }
    }

    /// Removes `path` and forgets it.
    static func discard(_ path: String) {
        state.withLock { state in
            if state.paths.remove(path) != nil { unlink(path) }
        }
    }
}
