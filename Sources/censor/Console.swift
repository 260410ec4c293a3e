import Foundation

/// Writes to standard output and standard error.
enum Console {
    /// Writes a line to standard error.
    static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Writes text to standard output as is.
    static func output(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
