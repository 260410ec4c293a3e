import Foundation

/// Writes to standard output and standard error.
enum Console {
    /// Whether standard error is a terminal (progress is shown only there).
    static let errorIsTerminal = isatty(STDERR_FILENO) == 1

    /// Writes a line to standard error.
    static func error(_ line: String) {
        errorRaw(line + "\n")
    }

    /// Writes text to standard error as is.
    static func errorRaw(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Writes text to standard output as is.
    static func output(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
