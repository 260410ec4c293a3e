import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the built `censor` executable, as a user would from a shell.
///
/// The executable is looked for beside the test bundle (SwiftPM puts every product of a build in
/// one folder, whichever `--scratch-path` it uses), then beside the running test executable, then
/// in the package's own `.build` folder. `CENSOR_EXECUTABLE` overrides the search.
enum CensorCommand {
    /// What one run printed and how it ended.
    struct Result: CustomStringConvertible {
        let status: Int32
        let stdout: String
        let stderr: String

        /// Standard error's lines, without the final empty one.
        var stderrLines: [String] {
            stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                .reversed().drop { $0.isEmpty }.reversed()
        }

        var description: String { "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
    }

    struct NotFound: Error, CustomStringConvertible {
        let searched: [String]
        var description: String {
            "the censor executable was not found; build it first (swift build). Searched:\n"
                + searched.joined(separator: "\n")
        }
    }

    /// The folders to look in, best first.
    static var candidateFolders: [URL] {
        var folders: [URL] = []
        // The test executable's folder (the build products folder on Linux).
        folders.append(Bundle.main.bundleURL)
        folders.append(Bundle.main.bundleURL.deletingLastPathComponent())
        if let executable = Bundle.main.executableURL {
            folders.append(executable.resolvingSymlinksInPath().deletingLastPathComponent())
        }
        if let first = CommandLine.arguments.first {
            folders.append(URL(fileURLWithPath: first).resolvingSymlinksInPath().deletingLastPathComponent())
        }
        // The package's default scratch path: Tests/CensorCLITests/Support/ → package root.
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        folders.append(root.appendingPathComponent(".build/debug"))
        folders.append(root.appendingPathComponent(".build/release"))
        return folders
    }

    /// The `censor` executable to run.
    static func executable() throws -> URL {
        try executable(named: "censor", override: "CENSOR_EXECUTABLE")
    }

    /// The product `name` in the first of ``candidateFolders`` that has it, or the path in the
    /// environment variable `override` when set.
    static func executable(named name: String, override: String) throws -> URL {
        if let path = ProcessInfo.processInfo.environment[override], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        let candidates = candidateFolders.map { $0.appendingPathComponent(name) }
        for candidate in candidates {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder), !isFolder.boolValue,
                FileManager.default.isExecutableFile(atPath: candidate.path)
            {
                return candidate
            }
        }
        throw NotFound(searched: candidates.map(\.path))
    }

    /// Runs `censor arguments…` in `folder` with Foundation's `Process` and waits for it to end.
    ///
    /// Its standard output and error go to files in a private temporary folder, so nothing can
    /// block on a full pipe.
    static func run(_ arguments: [String], in folder: URL) throws -> Result {
        try run(program: executable(), arguments, in: folder)
    }

    /// Runs `program` with `arguments` in `folder`, capturing its output as ``run(_:in:)`` does.
    static func run(
        program: URL, _ arguments: [String], in folder: URL, environment: [String: String]? = nil
    ) throws -> Result {
        let capture = try Capture()
        let process = Process()
        process.executableURL = program
        if let environment { process.environment = environment }
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardInput = FileHandle.nullDevice
        let out = try FileHandle(forWritingTo: capture.stdout)
        let err = try FileHandle(forWritingTo: capture.stderr)
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        let status = process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
        return try capture.result(status: status)
    }

    /// Two empty files in a private temporary folder that a process's output goes to.
    final class Capture {
        let folder: URL
        var stdout: URL { folder.appendingPathComponent("stdout") }
        var stderr: URL { folder.appendingPathComponent("stderr") }

        init() throws {
            folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("censor-capture-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: stdout.path, contents: nil),
                FileManager.default.createFile(atPath: stderr.path, contents: nil)
            else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: folder.path]) }
        }

        deinit { try? FileManager.default.removeItem(at: folder) }

        func result(status: Int32) throws -> Result {
            Result(
                status: status,
                stdout: String(decoding: try Data(contentsOf: stdout), as: UTF8.self),
                stderr: String(decoding: try Data(contentsOf: stderr), as: UTF8.self))
        }
    }

    struct SpawnError: Error, CustomStringConvertible {
        let code: Int32
        var description: String { "posix_spawn failed: \(String(cString: strerror(code)))" }
    }

    /// Starts `command` (a `/bin/sh` command line) as a shell would start it: no signal blocked,
    /// every signal at its default, standard input from `/dev/null`, the output into `capture`.
    /// `Process` would hand the child the spawning thread's signal mask instead.
    ///
    /// - Parameters:
    ///   - environment: `NAME=value` entries; `nil`: this process's environment.
    /// - Returns: The child's process id, to wait for.
    static func spawnShell(_ command: [String], environment: [String]? = nil, capture: Capture) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, capture.stdout.path, O_WRONLY | O_TRUNC, 0)
        posix_spawn_file_actions_addopen(&actions, 2, capture.stderr.path, O_WRONLY | O_TRUNC, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?]? = environment.map { $0.map { strdup($0) } + [nil] }
        defer { for pointer in argv + (envp ?? []) { free(pointer) } }
        var child: pid_t = 0
        let code =
            envp.map { envp in posix_spawn(&child, "/bin/sh", &actions, &attributes, argv, envp) }
            ?? posix_spawn(&child, "/bin/sh", &actions, &attributes, argv, environ)
        guard code == 0 else { throw SpawnError(code: code) }
        return child
    }

    /// A `censor` process that has been started and not yet waited for, to be signalled meanwhile.
    ///
    /// Started with `posix_spawn` rather than `Process`: on Linux, `Process` hands the child the
    /// spawning thread's signal mask, and test threads block SIGINT and SIGTERM, so the child would
    /// never see them. Here the child starts as from a shell: no signal blocked, all at default.
    final class Running {
        let pid: pid_t
        private let capture: Capture
        private var status: Int32?

        init(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws {
            capture = try Capture()
            let path = try executable().path
            // `sh` only changes into the folder and replaces itself with censor (through `env`, which
            // sets `environment` and replaces itself too).
            let settings =
                environment.isEmpty
                ? [] : ["/usr/bin/env"] + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            pid = try CensorCommand.spawnShell(
                ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", folder.path] + settings + [path] + arguments,
                capture: capture)
        }

        deinit { _ = try? wait() }

        /// Whether the process has not ended yet.
        var isRunning: Bool {
            guard status == nil else { return false }
            var raw: Int32 = 0
            guard waitpid(pid, &raw, WNOHANG) == pid else { return true }
            status = Self.decode(raw)
            return false
        }

        /// Sends `signal` to the process.
        func send(_ signal: Int32) {
            if status == nil { kill(pid, signal) }
        }

        /// Waits for the process to end and collects what it printed; a signal's death is 128 + its number.
        func wait() throws -> Result {
            if status == nil {
                var raw: Int32 = 0
                while waitpid(pid, &raw, 0) < 0, errno == EINTR {}
                status = Self.decode(raw)
            }
            return try capture.result(status: status ?? -1)
        }

        static func decode(_ raw: Int32) -> Int32 {
            raw & 0x7F == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
        }
    }
}
