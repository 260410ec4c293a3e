import Foundation

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

    /// A started program, with its standard error (and, when asked, its standard output)
    /// collected as it runs.
    final class Run: @unchecked Sendable {
        private let process = Process()
        private let tool: Tool
        private var errorText = Data()
        private var outputData = Data()
        private let collecting = DispatchGroup()
        /// The write end of the program's standard input, when it was given a pipe.
        let input: FileHandle?

        /// How the program's standard output is taken.
        enum Output {
            /// Discarded.
            case none
            /// Into this file (one censor created).
            case file(FileHandle)
            /// Collected, for ``wait()`` to return.
            case captured
        }

        /// Starts `tool` with `arguments`; when `feedsInput`, its standard input is a pipe
        /// (``input``).
        init(_ tool: Tool, _ arguments: [String], output: Output = .none, feedsInput: Bool = false,
             for path: String) throws(MediaError) {
            self.tool = tool
            process.executableURL = URL(fileURLWithPath: try FFmpeg.executable(tool, for: path))
            process.arguments = arguments
            let errors = Pipe()
            process.standardError = errors
            var captured: Pipe?
            switch output {
            case .none: process.standardOutput = FileHandle.nullDevice
            case let .file(handle): process.standardOutput = handle
            case .captured:
                captured = Pipe()
                process.standardOutput = captured
            }
            if feedsInput {
                let pipe = Pipe()
                process.standardInput = pipe
                input = pipe.fileHandleForWriting
            } else {
                process.standardInput = FileHandle.nullDevice
                input = nil
            }
            do {
                try process.run()
            } catch {
                throw .toolMissing(tool: tool.rawValue, path: path)
            }
            collect(errors.fileHandleForReading) { $0.errorText = $1 }
            if let captured { collect(captured.fileHandleForReading) { $0.outputData = $1 } }
        }

        private func collect(_ handle: FileHandle, into store: @escaping @Sendable (Run, Data) -> Void) {
            collecting.enter()
            DispatchQueue.global().async { [self] in
                store(self, handle.readDataToEndOfFile())
                collecting.leave()
            }
        }

        /// Whether the program is still running.
        var isRunning: Bool { process.isRunning }

        /// Sends the program SIGTERM.
        func terminate() {
            if process.isRunning { process.terminate() }
        }

        /// Waits for the program to end.
        ///
        /// - Returns: Its standard output, when captured.
        /// - Throws: ``MediaError/toolFailed(tool:path:reason:)`` with the last lines it wrote
        ///   on standard error, when it fails.
        @discardableResult
        func wait(for path: String) throws(MediaError) -> Data {
            process.waitUntilExit()
            collecting.wait()
            guard process.terminationStatus == 0, process.terminationReason == .exit else {
                let lines = String(decoding: errorText, as: UTF8.self).split(separator: "\n")
                    .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                let reason = lines.isEmpty ? "it exited with status \(process.terminationStatus)"
                    : lines.suffix(2).joined(separator: "; ")
                throw .toolFailed(tool: tool.rawValue, path: path, reason: reason)
            }
            return outputData
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
