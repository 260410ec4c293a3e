/// Why a censor list could not be read.
///
/// ```
/// words.txt: cannot read the censor list: No such file or directory
/// words.txt: line 4:column 1: expected a word or phrase with a letter or digit, found '!!!'
/// words.json: [3]: expected a string, found a number
/// ```
public enum CensorListError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The file could not be read at all.
    ///
    /// - Parameters:
    ///   - file: The file as named to the user.
    ///   - reason: The operating system's reason, e.g. `No such file or directory`.
    case unreadable(file: String, reason: String)

    /// A line of the list is not valid.
    ///
    /// - Parameters:
    ///   - file: The file as named to the user.
    ///   - line: The line, from 1.
    ///   - column: The column in Unicode scalars, from 1.
    ///   - expected: What should have been there.
    ///   - found: What was there.
    case malformed(file: String, line: Int, column: Int, expected: String, found: String)

    /// An item of a JSON list is not a usable entry.
    ///
    /// - Parameters:
    ///   - file: The file as named to the user.
    ///   - item: The item's path, e.g. `[3]`, or `top level`.
    ///   - expected: What should have been there.
    ///   - found: What was there.
    case malformedItem(file: String, item: String, expected: String, found: String)

    /// The message shown to the user (the CLI prefixes it with `Error: `).
    public var description: String {
        switch self {
        case let .unreadable(file, reason):
            "\(file): cannot read the censor list: \(reason)"
        case let .malformed(file, line, column, expected, found):
            "\(file): line \(line):column \(column): expected \(expected), found \(excerpt(found))"
        case let .malformedItem(file, item, expected, found):
            "\(file): \(item): expected \(expected), found \(excerpt(found))"
        }
    }
}
