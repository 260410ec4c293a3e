import Foundation

#if canImport(Glibc)
import Glibc
#endif

extension Workspace {
    /// The environment variables that pick a manifest's slice, cleared for every ``shell(_:environment:)``
    /// run so that a test run inside a scheduler's job is not sliced by it.
    static let schedulerVariables = [
        "JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_TASK_MIN",
    ]

    /// Runs `script` with `/bin/sh -c` in this folder, `$CENSOR` naming the censor executable,
    /// with `environment` added; captures its output as ``CensorCommand/run(_:in:)`` does.
    /// For pipelines (`cat x | "$CENSOR" - …`), background jobs and scheduler variables.
    ///
    /// Started with `posix_spawn`, no signal blocked and all at their defaults, as from a
    /// terminal: test threads block signals, and a shell that inherits a blocked SIGCHLD waits
    /// forever in `wait` for children that have ended.
    func shell(_ script: String, environment: [String: String] = [:]) throws -> CensorCommand.Result {
        let capture = try CensorCommand.Capture()
        var variables = ProcessInfo.processInfo.environment
        for name in Self.schedulerVariables { variables[name] = nil }
        variables["CENSOR"] = try CensorCommand.executable().path
        variables.merge(environment) { $1 }
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
        let command = ["/bin/sh", "-c", "cd \"$0\" && eval \"$1\"", url.path, script]
        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var child: pid_t = 0
        let code = posix_spawn(&child, "/bin/sh", &actions, &attributes, argv, envp)
        guard code == 0 else { throw CensorCommand.SpawnError(code: code) }
        var raw: Int32 = 0
        while waitpid(child, &raw, 0) < 0, errno == EINTR {}
        let status = raw & 0x7F == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
        return try capture.result(status: status)
    }
}
