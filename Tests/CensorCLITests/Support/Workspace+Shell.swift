import Foundation

extension Workspace {
    /// The environment variables that pick a manifest's slice, cleared for every ``shell(_:environment:)``
    /// run so that a test run inside a scheduler's job is not sliced by it.
    static let schedulerVariables = [
        "JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_TASK_MIN",
    ]

    /// Runs `script` with `/bin/sh -c` in this folder, `$CENSOR` naming the censor executable,
    /// with `environment` added; captures its output as ``CensorCommand/run(_:in:)`` does.
    /// For pipelines (`cat x | "$CENSOR" - …`) and scheduler variables.
    func shell(_ script: String, environment: [String: String] = [:]) throws -> CensorCommand.Result {
        let capture = try CensorCommand.Capture()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = url
        var variables = ProcessInfo.processInfo.environment
        for name in Self.schedulerVariables { variables[name] = nil }
        variables["CENSOR"] = try CensorCommand.executable().path
        variables.merge(environment) { $1 }
        process.environment = variables
        process.standardInput = FileHandle.nullDevice
        let out = try FileHandle(forWritingTo: capture.stdout)
        let err = try FileHandle(forWritingTo: capture.stderr)
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return try capture.result(status: process.terminationStatus)
    }
}
