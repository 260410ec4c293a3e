import CensorKit
import Foundation

/// Writes to standard output and standard error.
///
/// Every message goes through ``printable(_:)`` on its way to standard error, so that no byte
/// of a transcript, a list or a file name can move the cursor, ring the bell, retitle the
/// terminal, reorder text or start a line of its own (a file name holding a line break could
/// forge a summary line): control characters are shown escaped, line breaks included, and a
/// word longer than ``longestWord`` characters (a path of megabytes) is shortened.
enum Console {
    /// Whether standard error is a terminal (progress is shown only there).
    static let errorIsTerminal = isatty(STDERR_FILENO) == 1

    /// The longest run of characters without a space a message shows whole; a longer one keeps
    /// its first and last ``keptOfWord`` characters around an ellipsis.
    static let longestWord = 300
    /// What a shortened word keeps at each end.
    static let keptOfWord = 100

    /// Writes a message line to standard error, its control characters escaped.
    static func error(_ line: String) {
        errorRaw(printable(line) + "\n")
    }

    /// Writes message lines to standard error, each as ``error(_:)`` writes a line.
    static func error(lines: [String]) {
        errorRaw(lines.map { printable($0) + "\n" }.joined())
    }

    /// Writes text to standard error as is: for censor's own terminal controls only.
    static func errorRaw(_ text: String) {
        write(text, to: STDERR_FILENO)
    }

    /// Writes text to standard output as is.
    static func output(_ text: String) {
        write(text, to: STDOUT_FILENO)
    }

    /// `text` with every control character but the tab escaped: C0 and C1 controls (the line
    /// break `\x0A` too) and DEL as `\x1B`-style escapes, the bidirectional overrides and
    /// isolates (U+202A–U+202E, U+2066–U+2069) and the line and paragraph separators as
    /// `\u{202E}`; then each word longer than ``longestWord`` shortened.
    static func printable(_ text: String) -> String {
        shortened(escaped(text))
    }

    /// `text` with each run of more than ``longestWord`` characters without a space cut to
    /// its ends around `…`.
    static func shortened(_ text: String) -> String {
        guard text.utf8.count > longestWord else { return text }
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        guard words.contains(where: { $0.count > longestWord }) else { return text }
        return words.map { $0.count > longestWord ? $0.prefix(keptOfWord) + "…" + $0.suffix(keptOfWord) : $0 }
            .joined(separator: " ")
    }

    private static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            let hex = String(scalar.value, radix: 16, uppercase: true)
            result += scalar.value < 0x100 ? "\\x" + (hex.count < 2 ? "0" : "") + hex : "\\u{\(hex)}"
        }
        return result
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x00..<0x20, 0x7F..<0xA0, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Writes all of `text` to `descriptor`; a reader that went away (`EPIPE`) ends the process
    /// as SIGPIPE would, after removing the temporary outputs.
    private static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EPIPE { SignalHandling.stop(on: SIGPIPE, quietly: true) }
            guard count > 0 else { return }
            bytes = bytes.dropFirst(count)
        }
    }
}
