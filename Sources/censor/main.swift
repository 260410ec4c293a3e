import Foundation

/// Exit statuses, as sysexits(3) and DESIGN.md define them.
enum ExitStatus {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 64
}

do {
    switch try Command.parse(Array(CommandLine.arguments.dropFirst())) {
    case .help: Console.output(Help.text)
    case .version: Console.output(Help.version + "\n")
    case .listFormats: Console.output(FormatList.text)
    case let .completion(shell): Console.output(CompletionScript(shell: shell).text)
    case let .censor(arguments):
        do {
            if try !Batch(arguments: arguments).run() { exit(ExitStatus.failure) }
        } catch {
            Console.error("Error: \(error)")
            exit(ExitStatus.failure)
        }
    }
} catch {
    Console.error("Error: \(error)\n\(Help.usage)\nSee 'censor --help' for more information.")
    exit(ExitStatus.usage)
}
