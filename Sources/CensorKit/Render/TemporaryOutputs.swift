import Foundation
import Synchronization

/// The temporary files of every output this process is writing, so that a process stopped by
/// a signal can remove them before it exits.
///
/// A temporary file is created, renamed into place and removed only under this registry's
/// lock, so ``removeAll()`` sees every one that exists: none is created or renamed after it
/// (those attempts fail with ``CensorError/interrupted``), and the outputs of a transaction
/// renamed before it are complete, all of them.
///
/// ```swift
/// // In a thread that has received SIGINT:
/// TemporaryOutputs.removeAll()
/// _exit(130)
/// ```
public enum TemporaryOutputs {
    private struct State {
        /// Each temporary file and the descriptor holding its lock.
        var paths: [String: Int32] = [:]
        var closed = false
        var stopping: (@Sendable () -> Bool)?
        /// Folders already cleared of stale temporary files.
        var swept: Set<String> = []
    }

    private static let state = Mutex(State())

    /// When this process started using the registry: stale temporary files are older.
    private static let started = time(nil)

    /// Has every later rename first ask `stopping`, under the lock, and fail with
    /// ``CensorError/interrupted`` (removing its file) when it says yes.
    ///
    /// For a process that takes its signals in a thread of its own: a signal sent before an
    /// output was renamed into place must keep it from being renamed, even if the thread has
    /// not yet called ``removeAll()``. Call it first thing: it also marks the start of the run,
    /// before which a temporary file must be to count as stale.
    ///
    /// - Parameter stopping: Whether the process is being stopped; called with the lock held.
    public static func refuseRenames(when stopping: @escaping @Sendable () -> Bool) {
        _ = started
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
            let removed = state.paths.keys.sorted()
            for path in removed { unlink(path) }
            for file in state.paths.values { close(file) }
            state.paths = [:]
            return removed
        }
    }

    /// Whether `name` is a temporary file of censor's naming,
    /// `.<name>.censor-<pid>-<random>.tmp` or `.<name>.censor-<pid>-<random>.tmp.<extension>`
    /// (as ``create(in:naming:extension:for:mode:)`` makes them); returns the process id in it.
    static func owner(ofTemporary name: String) -> pid_t? {
        guard name.hasPrefix("."), let marker = name.range(of: ".censor-", options: .backwards) else { return nil }
        // `<pid>-<random>.tmp`, then maybe `.<extension>`: letters and digits between the marks.
        let parts = name[marker.upperBound...].split(separator: ".", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), parts[1] == "tmp", parts.allSatisfy({ $0.allSatisfy(\.isASCII) }) else {
            return nil
        }
        let fields = parts[0].split(separator: "-", omittingEmptySubsequences: false)
        guard fields.count == 2, let pid = pid_t(fields[0]), pid > 0,
            [fields[1], parts.count == 3 ? parts[2] : "tmp"].allSatisfy({
                !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber }
            })
        else { return nil }
        return pid
    }

    /// Removes, once per folder and process, the temporary files of censor's naming in `folder`
    /// that a process no longer running left there (one killed by SIGKILL) before this one started.
    ///
    /// - Returns: The names removed.
    @discardableResult
    static func removeStale(in folder: String) -> [String] {
        let first = state.withLock { $0.swept.insert(folder).inserted }
        guard first, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var removed: [String] = []
        for name in names {
            guard let pid = owner(ofTemporary: name), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else {
                continue
            }
            let path = folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_mtim.tv_sec < started else {
                continue
            }
            // The process id may be another PID namespace's (another container's): the file is
            // stale only when no process holds its lock.
            let file = open(path, O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard file >= 0 else { continue }
            defer { close(file) }
            guard flock(file, LOCK_EX | LOCK_NB) == 0 else { continue }
            if unlink(path) == 0 { removed.append(name) }
        }
        return removed
    }

    /// Creates a new temporary file in `folder` under censor's one naming for them,
    /// `.<name>.censor-<pid>-<random>.tmp`, followed by `.<extension>` when one is given (for a
    /// reader that goes by it), exclusively (`O_EXCL`, no symbolic link followed), and registers
    /// it, so that ``removeAll()`` removes it, holding an exclusive `flock` on it until then. The
    /// first time in a process that a file is made in `folder`, the stale ones of this naming
    /// there are removed first: those older than this process's run whose process is not running
    /// here (one killed by SIGKILL) and whose lock no process holds (a live censor in another
    /// PID namespace, a container sharing the folder, holds it).
    ///
    /// Every temporary file censor makes — an output's before its rename, a media run's scratch
    /// files, standard input's spool, a review excerpt — is made here, so the sweep knows them all.
    ///
    /// - Parameters:
    ///   - folder: The folder to make it in.
    ///   - name: What the file stands for: the destination's name, or a word such as `stdin`.
    ///   - extension: The extension to end the name with, if any.
    ///   - destination: What the file is for, for messages.
    ///   - mode: Its permissions (less the umask): by default `0o600`, only its owner may read
    ///     it (it may hold a whole decoded recording); an output gets its own mode at commit.
    /// - Returns: The file's path.
    /// - Throws: ``CensorError`` naming `destination` when the file cannot be created, or
    ///   ``CensorError/interrupted`` once the process is being stopped.
    public static func create(
        in folder: String, naming name: String, extension: String? = nil, for destination: String,
        mode: mode_t = 0o600
    ) throws(CensorError) -> String {
        let folder = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        removeStale(in: folder)
        let random = String(UInt64.random(in: 0...UInt64.max), radix: 36)
        let path =
            "\(folder == "/" ? "" : folder)/.\(name).censor-\(getpid())-\(random).tmp"
            + (`extension`.map { "." + $0 } ?? "")
        let failure: CensorError? = state.withLock { state in
            guard !state.closed else { return .interrupted }
            let file = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
            guard file >= 0 else {
                let reason = String(cString: strerror(errno))
                return .cannotCreate(path: destination, reason: "cannot create a file in '\(folder)': \(reason)")
            }
            // Held until the file is renamed or removed: a sweep from any PID namespace sees it is live.
            flock(file, LOCK_EX)
            state.paths[path] = file
            return nil
        }
        if let failure { throw failure }
        return path
    }

    /// One finished file of a transaction and where it goes.
    struct Move {
        let temporary: String
        /// The file replaced or created (a symbolic link's target).
        let target: String
        /// The path as given, for messages.
        let path: String
        /// Whether an existing file at `target` may be replaced.
        let replacing: Bool
    }

    /// Moves every file into place, or none: first the new files that must not replace
    /// anything, each made a hard link (which fails if the name exists; where the file system
    /// has no hard links, an existence check and a rename do), then the replacing renames. A
    /// refusal undoes the links made. The temporary names are removed and forgotten at the end.
    static func commit(_ moves: [Move]) throws(CensorError) {
        let failure: CensorError? = state.withLock { state in
            guard !state.closed else { return .interrupted }
            defer {
                for move in moves {
                    guard let file = state.paths.removeValue(forKey: move.temporary) else { continue }
                    unlink(move.temporary)
                    close(file)
                }
            }
            if state.stopping?() == true { return .interrupted }
            var linked: [String] = []
            var renames = moves.filter(\.replacing)
            for move in moves where !move.replacing {
                if link(move.temporary, move.target) == 0 {
                    linked.append(move.target)
                    continue
                }
                if errno == EEXIST || access(move.target, F_OK) == 0 {
                    for path in linked { unlink(path) }
                    return .outputExists(path: move.path)
                }
                renames.append(move)
            }
            for move in renames where rename(move.temporary, move.target) != 0 {
                let reason = String(cString: strerror(errno))
                for path in linked { unlink(path) }
                return .cannotFinish(path: move.path, reason: reason)
            }
            return nil
        }
        if let failure { throw failure }
    }

    /// Removes `path` and forgets it.
    public static func discard(_ path: String) {
        state.withLock { state in
            guard let file = state.paths.removeValue(forKey: path) else { return }
            unlink(path)
            close(file)
        }
    }
}
