import Foundation
import Synchronization

/// Debian's `ffmpeg` and `ffprobe` programs, run as subprocesses.
///
/// Containers libsndfile does not read (MP4, MOV, MKV, WebM, AVI …) are decoded and muxed by
/// the programs rather than by linking libavformat and libavcodec: their command line is stable
/// across the FFmpeg releases Debian ships (the C API changes with every major release), a
/// crash or leak in a demuxer cannot take the censoring process with it, and the audio passes
/// through files and pipes whose bytes are exact PCM, so the planner and the engine stay the
/// ones every other format uses.
enum FFmpeg {
    /// A program to run: `ffmpeg` or `ffprobe`.
    enum Tool: String, Sendable {
        case ffmpeg, ffprobe
    }

    /// The path of `tool`: the `CENSOR_FFMPEG` / `CENSOR_FFPROBE` environment variable when set,
    /// else the first executable of that name on `PATH`.
    ///
    /// - Throws: ``MediaError/toolMissing(tool:path:)`` when there is none.
    static func executable(_ tool: Tool, for path: String) throws(MediaError) -> String {
        let environment = ProcessInfo.processInfo.environment
        if let given = environment["CENSOR_\(tool.rawValue.uppercased())"] {
            guard access(given, X_OK) == 0 else { throw .toolMissing(tool: tool.rawValue, path: path) }
            return given
        }
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for folder in folders {
            let candidate = "\(folder)/\(tool.rawValue)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        throw .toolMissing(tool: tool.rawValue, path: path)
    }

    /// The demuxers censor lets ffmpeg and ffprobe open a source with: self-contained audio
    /// and video containers. Playlists, concatenation lists, image sequences and device or
    /// network demuxers (hls, concat, image2, dash, …) read other files than the one named,
    /// so they are refused: an HLS playlist or an ffconcat list named `.mp4` cannot pull
    /// other local files into the output.
    static let demuxers = [
        "mov", "matroska", "avi", "asf", "mp3", "aac", "ac3", "eac3", "dts", "truehd", "mlp", "flac", "ogg", "wav",
        "w64",
        "aiff", "caf", "au", "wv", "ape", "tta", "amr", "mpegts", "mpeg", "flv", "mxf",
    ]

    /// The options that hold a source to ``demuxers`` and to the `file` protocol, and skip
    /// its leading ID3v2 tags when they are too large to parse (``skippedTagBytes(_:)``),
    /// followed by the source itself (`file:` keeps a name with a colon from being taken for a protocol).
    static func source(_ path: String) -> [String] {
        let skipped = skippedTagBytes(path)
        return (skipped > 0 ? ["-skip_initial_bytes", "\(skipped)"] : [])
            + ["-format_whitelist", demuxers.joined(separator: ","), "-protocol_whitelist", "file", "file:" + path]
    }

    /// Leading ID3v2 tags longer than this are skipped rather than given to ffmpeg and ffprobe:
    /// real cover art and chapters take a few megabytes, while ffmpeg's ID3 reader holds a
    /// large frame several times over (a 250 MB `PRIV` frame costs ffprobe 1.3 GB and minutes).
    static let largestParsedTags = 16 << 20

    /// The bytes of leading ID3v2 tags of the regular file at `path` that ffmpeg and ffprobe
    /// skip: all of them (found by their headers alone, ``MP3Tags``) when they take more than
    /// ``largestParsedTags``, else none. An MP3 written from such a file gets them back byte for
    /// byte (``FileHead/prepend(_:bytesOf:toFileAt:named:)``).
    static func skippedTagBytes(_ path: String) -> Int {
        guard (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular,
            let file = FileHandle(forReadingAtPath: path)
        else { return 0 }
        defer { try? file.close() }
        guard let size = try? file.seekToEnd(),
            let tags = try? MP3Tags(
                size: Int(size),
                read: { offset, count in
                    try file.seek(toOffset: UInt64(offset))
                    return [UInt8](try file.read(upToCount: count) ?? Data())
                })
        else { return 0 }
        return tags.leadingLength > largestParsedTags ? tags.leadingLength : 0
    }

    /// What ffprobe prints for `arguments` followed by ``source(_:)`` of `path`: the one way a
    /// file is probed, with the demuxer allow-list.
    ///
    /// - Throws: ``MediaError/unreadable(path:reason:)`` with ffprobe's reason when it fails on
    ///   the file; ``MediaError`` when it cannot be run.
    static func probed(_ arguments: [String], path: String) throws(MediaError) -> Data {
        let run = try Run(.ffprobe, arguments + source(path), output: .captured, for: path)
        do {
            return try run.wait(for: path)
        } catch {
            guard case let .toolFailed(_, _, reason) = error else { throw error }
            throw .unreadable(path: path, reason: reason)
        }
    }

    /// ``source(_:)`` as an ffmpeg input (`-i`).
    static func input(_ path: String) -> [String] {
        var arguments = source(path)
        arguments.insert("-i", at: arguments.count - 1)
        return arguments
    }

    /// A started program, with its standard error (and, when asked, its standard output)
    /// collected as it runs. It is spawned with an empty signal mask and default signal
    /// dispositions (censor blocks the stopping signals in every thread), in censor's process
    /// group; ``ChildProcesses`` kills it if
    /// censor is interrupted, and an abandoned run kills and reaps it.
    final class Run: @unchecked Sendable {
        private let pid: pid_t
        private let tool: Tool
        private let state = Mutex<(status: Int32?, errors: Data, output: Data)>((nil, Data(), Data()))
        private let collecting = DispatchGroup()
        private static let spawning = NSLock()
        /// The write end of the program's standard input, when it was given a pipe.
        let input: FileHandle?

        /// How the program's standard output is taken.
        enum Output {
            /// Discarded.
            case none
            /// Into this file (one censor created).
            case file(FileHandle)
            /// Collected, for ``wait(for:timeout:)`` to return.
            case captured
        }

        /// Starts `tool` with `arguments`; when `feedsInput`, its standard input is a pipe
        /// (``input``).
        init(
            _ tool: Tool, _ arguments: [String], output: Output = .none, feedsInput: Bool = false,
            for path: String
        ) throws(MediaError) {
            self.tool = tool
            let executable = try FFmpeg.executable(tool, for: path)
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            var ends: [Int32] = []
            defer { for end in ends { close(end) } }
            // One spawn at a time: a pipe made for one program is close-on-exec before another starts.
            Self.spawning.lock()
            defer { Self.spawning.unlock() }
            func pipePair() throws(MediaError) -> (read: Int32, write: Int32) {
                var fds: [Int32] = [-1, -1]
                guard pipe(&fds) == 0 else { throw .toolMissing(tool: tool.rawValue, path: path) }
                for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
                return (fds[0], fds[1])
            }
            var inputEnd: Int32?
            if feedsInput {
                let pair = try pipePair()
                posix_spawn_file_actions_adddup2(&actions, pair.read, 0)
                ends.append(pair.read)
                inputEnd = pair.write
            } else {
                posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            }
            var capturedEnd: Int32?
            switch output {
            case .none: posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            case let .file(handle): posix_spawn_file_actions_adddup2(&actions, handle.fileDescriptor, 1)
            case .captured:
                let pair = try pipePair()
                posix_spawn_file_actions_adddup2(&actions, pair.write, 1)
                ends.append(pair.write)
                capturedEnd = pair.read
            }
            let errors = try pipePair()
            posix_spawn_file_actions_adddup2(&actions, errors.write, 2)
            ends.append(errors.write)

            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            var empty = sigset_t(), all = sigset_t()
            sigemptyset(&empty)
            sigfillset(&all)
            posix_spawnattr_setsigmask(&attributes, &empty)
            posix_spawnattr_setsigdefault(&attributes, &all)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

            let argv = ([executable] + arguments).map { strdup($0) } + [nil]
            defer { for pointer in argv { free(pointer) } }
            var pid: pid_t = 0
            let result = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
            guard result == 0 else {
                for end in [inputEnd, capturedEnd, errors.read].compactMap({ $0 }) { close(end) }
                throw .toolMissing(tool: tool.rawValue, path: path)
            }
            self.pid = pid
            ChildProcesses.started(pid)
            input = inputEnd.map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
            collect(errors.read) { $0.errors = $1 }
            if let capturedEnd { collect(capturedEnd) { $0.output = $1 } }
        }

        private func collect(
            _ descriptor: Int32,
            into store: @escaping @Sendable (inout (status: Int32?, errors: Data, output: Data), Data) -> Void
        ) {
            collecting.enter()
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            DispatchQueue.global().async { [self] in
                let data = handle.readDataToEndOfFile()
                state.withLock { store(&$0, data) }
                collecting.leave()
            }
        }

        /// Reaps the program if it has ended (`blocking`: waits until it has); its wait status.
        @discardableResult
        private func reap(blocking: Bool) -> Int32? {
            state.withLock { state in
                if let status = state.status { return status }
                var status: Int32 = 0
                var result: pid_t
                repeat { result = waitpid(pid, &status, blocking ? 0 : WNOHANG) } while result == -1 && errno == EINTR
                guard result == pid else { return nil }
                state.status = status
                ChildProcesses.reaped(pid)
                return status
            }
        }

        /// Whether the program is still running.
        var isRunning: Bool { reap(blocking: false) == nil }

        /// Sends the program SIGTERM.
        func terminate() {
            if isRunning { kill(pid, SIGTERM) }
        }

        /// Waits for the program to end; after `timeout` seconds, kills it.
        ///
        /// - Returns: Its standard output, when captured.
        /// - Throws: ``MediaError/toolFailed(tool:path:reason:)`` with the last lines it wrote
        ///   on standard error, when it fails or runs out of time.
        @discardableResult
        func wait(for path: String, timeout: Double? = nil) throws(MediaError) -> Data {
            var timedOut = false
            if let timeout {
                let deadline = Date().addingTimeInterval(timeout)
                while isRunning {
                    guard Date() < deadline else {
                        kill(pid, SIGKILL)
                        timedOut = true
                        break
                    }
                    usleep(5_000)
                }
            }
            let status = reap(blocking: true) ?? 0
            collecting.wait()
            let (errors, output) = state.withLock { ($0.errors, $0.output) }
            if timedOut {
                throw .toolFailed(
                    tool: tool.rawValue, path: path, reason: "it did not finish within \(Int(timeout ?? 0)) s")
            }
            // WIFEXITED and WEXITSTATUS, which Swift does not import.
            let exited = status & 0x7F == 0, code = (status >> 8) & 0xFF
            guard exited, code == 0 else {
                let lines = String(decoding: errors, as: UTF8.self).split(separator: "\n")
                    .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                let reason =
                    !lines.isEmpty
                    ? lines.suffix(2).joined(separator: "; ")
                    : exited ? "it exited with status \(code)" : "it was killed by signal \(status & 0x7F)"
                throw .toolFailed(tool: tool.rawValue, path: path, reason: reason)
            }
            return output
        }

        deinit {
            if reap(blocking: false) == nil {
                kill(pid, SIGKILL)
                reap(blocking: true)
            }
        }
    }
}

extension FFmpeg.Run {
    /// Stops the program (SIGTERM) and waits for it, when a run is abandoned.
    func cancel() {
        terminate()
        _ = try? wait(for: "")
    }
}
