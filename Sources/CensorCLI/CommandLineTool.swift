import CensorKit
import Foundation

/// The `censor` command: parses a command line, runs it and says how it ended.
public enum CommandLineTool {
    /// Exit statuses, as sysexits(3) and docs/ARCHITECTURE.md define them.
    public enum ExitStatus {
        /// Everything succeeded (also when nothing matched).
        public static let success: Int32 = 0
        /// A file could not be processed.
        public static let failure: Int32 = 1
        /// The command line was wrong.
        public static let usage: Int32 = 64
    }

    /// Runs `censor` with `arguments` (without the program name), printing to standard output
    /// and standard error.
    ///
    /// - Parameter arguments: The command-line arguments.
    /// - Returns: The exit status.
    public static func run(_ arguments: [String]) -> Int32 {
        SignalHandling.install()
        LibraryMessages.filter()
        let command: Command
        do {
            command = try Command.parse(arguments)
        } catch {
            Console.error(lines: ["Error: \(error)", Help.usage, "See 'censor --help' for more information."])
            return ExitStatus.usage
        }
        switch command {
        case .help: Console.output(Help.text)
        case .version: Console.output(Help.version + "\n")
        case .listFormats: Console.output(FormatList.text)
        case let .listStreams(paths):
            for path in paths {
                do {
                    let lines = try Censor.mediaStreams(of: path).map { "  " + $0.line }
                    Console.output("\(path):\n" + lines.joined(separator: "\n") + "\n")
                } catch {
                    Console.error("Error: \(ErrorText.describe(error))")
                    return ExitStatus.failure
                }
            }
        case let .completion(shell): Console.output(CompletionScript(shell: shell).text)
        case .manPage: Console.output(ManPage.text)
        case let .censor(arguments):
            do {
                let succeeded =
                    try arguments.manifest.map { try ManifestRun(arguments: arguments, options: $0).run() }
                    ?? StdinInput.run(arguments) { try Batch(arguments: $0).run() }
                return succeeded ? ExitStatus.success : ExitStatus.failure
            } catch let error as UsageError {
                Console.error(lines: ["Error: \(error)", Help.usage, "See 'censor --help' for more information."])
                return ExitStatus.usage
            } catch {
                Console.error("Error: \(ErrorText.describe(error))")
                return ExitStatus.failure
            }
        }
        return ExitStatus.success
    }
}
