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
        let child = try CensorCommand.spawnShell(
            ["/bin/sh", "-c", "cd \"$0\" && eval \"$1\"", url.path, script],
            environment: variables.map { "\($0.key)=\($0.value)" }, capture: capture)
        var raw: Int32 = 0
        while waitpid(child, &raw, 0) < 0, errno == EINTR {}
        let status = CensorCommand.Running.decode(raw)
        return try capture.result(status: status)
    }
}
