import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What a finished child process used, from `wait4`'s `rusage`.
struct ChildUsage: Sendable {
    var wallSeconds: Double
    var userSeconds: Double
    var systemSeconds: Double
    /// The child's peak resident memory.
    var peakRSSBytes: Int
}

/// Runs programs as child processes and measures them the way a shell's `time` would, plus
/// their peak memory.
///
/// The peak comes from GNU time (`/usr/bin/time -f %M`) when it is installed: a child's
/// `ru_maxrss` as `wait4` reports it starts from the resident size of the process that spawned
/// it (Linux carries the parent's high-water mark through fork and exec), so measured straight
/// from this process — tens or hundreds of MB after the transcript cases — it would say more
/// about the harness than about `censor`. GNU time is a small C program, so the floor it adds
/// is about 1 MB. Without it the figure is `wait4`'s, an upper bound, and says so.
enum Subprocess {
    /// GNU time, when installed.
    static let gnuTime: String? = FileManager.default.isExecutableFile(atPath: "/usr/bin/time") ? "/usr/bin/time" : nil

    /// How the children's peak memory is measured, for the results.
    static var memoryMethod: String {
        gnuTime == nil ? "child, wait4 ru_maxrss (upper bound: includes the harness's size)" : "child, GNU time %M"
    }

    /// A child that failed: it exited non-zero or was killed.
    struct Failure: Error, CustomStringConvertible {
        var command: String
        var status: String
        var stderr: String
        var description: String {
            let tail = stderr.split(separator: "\n").suffix(5).joined(separator: "\n")
            return "\(command) \(status)" + (tail.isEmpty ? "" : ":\n\(tail)")
        }
    }

    /// Runs `executable` (looked up in `PATH` when it has no slash) with `arguments`, standard
    /// input from `/dev/null`, standard output to `stdoutPath` and standard error to a temporary
    /// file, and waits for it.
    ///
    /// - Returns: Its wall time, CPU times and peak resident memory.
    /// - Throws: ``Failure`` when it cannot be started, exits non-zero or is killed.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String], stdoutPath: String = "/dev/null") throws -> ChildUsage
    {
        let errorPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("censor-bench-stderr-\(getpid())").path
        let memoryPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("censor-bench-maxrss-\(getpid())").path
        defer { unlink(errorPath); unlink(memoryPath) }
        let command = ([executable] + arguments).map(shellQuoted).joined(separator: " ")
        var program = executable
        var arguments = arguments
        if let gnuTime {
            arguments = ["-f", "%M", "-o", memoryPath, executable] + arguments
            program = gnuTime
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }

        var pid: pid_t = 0
        let start = WallClock.now()
        let spawned = posix_spawnp(&pid, program, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw Failure(
                command: command, status: "could not start: \(String(cString: strerror(spawned)))", stderr: "")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else {
                throw Failure(
                    command: command, status: "could not be waited for: \(String(cString: strerror(errno)))", stderr: ""
                )
            }
        }
        let wall = WallClock.now() - start

        let signal = status & 0x7f
        let exitCode = (status >> 8) & 0xff
        guard signal == 0, exitCode == 0 else {
            let stderr = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
            let how = signal == 0 ? "exited with status \(exitCode)" : "was killed by signal \(signal)"
            throw Failure(command: command, status: how, stderr: stderr)
        }
        var peakKB = Int(usage.ru_maxrss)
        if gnuTime != nil {
            // The last line is %M; earlier ones would be GNU time's own remarks.
            let text = (try? String(contentsOfFile: memoryPath, encoding: .utf8)) ?? ""
            guard
                let kilobytes = text.split(separator: "\n").last.flatMap({
                    Int($0.trimmingCharacters(in: .whitespaces))
                })
            else {
                throw Failure(command: command, status: "left no peak memory figure from GNU time", stderr: text)
            }
            peakKB = kilobytes
        }
        return ChildUsage(
            wallSeconds: wall,
            userSeconds: seconds(usage.ru_utime), systemSeconds: seconds(usage.ru_stime),
            peakRSSBytes: peakKB * 1024)
    }

    /// Whether `name` is an executable file in `PATH` (or at that path).
    static func isAvailable(_ name: String) -> Bool {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(name)")
        }
    }

    /// Runs a command for its standard output (used for setup, never timed).
    static func output(_ executable: String, _ arguments: [String]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("censor-bench-stdout-\(getpid())").path
        defer { unlink(path) }
        try run(executable, arguments, stdoutPath: path)
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    private static func seconds(_ time: timeval) -> Double {
        Double(time.tv_sec) + Double(time.tv_usec) * 1e-6
    }

    /// `argument` as a shell would need it, for messages.
    static func shellQuoted(_ argument: String) -> String {
        let plain = argument.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:,+@%".contains($0) }
        if plain, !argument.isEmpty { return argument }
        if argument.count > 120 { return "'\(argument.prefix(100))…'" }
        return "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
