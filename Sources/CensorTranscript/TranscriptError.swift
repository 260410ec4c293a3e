/// Why a transcript could not be read.
///
/// Each message names the file, the format (once known), the place in the file and what was
/// expected there, so that the user can fix the file:
///
/// ```
/// talk.json (whisper-json): segments[3].words[7].start: expected a number, found a string
/// labels.txt (audacity-labels): line 12:column 10: expected a tab, then the end time, found end of line
/// ```
public enum TranscriptError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The file could not be read at all.
    ///
    /// - Parameters:
    ///   - file: The file as named to the user.
    ///   - reason: The operating system's reason, e.g. `No such file or directory`.
    case unreadable(file: String, reason: String)

    /// No format was given and none of the known formats recognizes the content.
    ///
    /// - Parameter file: The file as named to the user.
    case unknownFormat(file: String)

    /// No format was given and none recognizes the content, which looks like something a user
    /// can be told about: a JSON object with other keys, or text with another first line.
    ///
    /// - Parameters:
    ///   - file: The file as named to the user.
    ///   - found: What the content looks like, and why no format reads it, e.g.
    ///     `a JSON object with the keys "text", "language" (text without times: …)`.
    case unrecognized(file: String, found: String)

    /// The content is not valid in its format.
    ///
    /// - Parameters:
    ///   - file: The file as named to the user.
    ///   - format: The format being read; `nil` when the text is not even valid JSON or text
    ///     and no format was given.
    ///   - place: `line N:column M` for text, an item path such as `segments[3].words[7].start`
    ///     for JSON, or `top level`.
    ///   - expected: What should have been there, e.g. `a number`.
    ///   - found: What was there, e.g. `a string` or `end of file`.
    case malformed(file: String, format: TranscriptFormat?, place: String, expected: String, found: String)

    /// A time is not a number, infinite, negative, or an end lies before its start.
    ///
    /// - Parameters:
    ///   - file: The file as named to the user.
    ///   - format: The format being read.
    ///   - place: Where the time is, as for `malformed`.
    ///   - expected: The rule, e.g. `a time of 0 seconds or more`.
    ///   - found: The value, e.g. `-0.5` or `NaN`.
    case invalidTime(file: String, format: TranscriptFormat, place: String, expected: String, found: String)

    /// The message shown to the user (the CLI prefixes it with `Error: `).
    public var description: String {
        switch self {
        case let .unreadable(file, reason):
            return "\(file): cannot read the transcript: \(reason)"
        case let .unknownFormat(file):
            return "\(file): cannot tell the transcript format: expected one of "
                + TranscriptFormat.allCases.map(\.rawValue).joined(separator: ", ")
        case let .unrecognized(file, found):
            return "\(file): cannot tell the transcript format: found \(found); expected one of "
                + TranscriptFormat.allCases.map(\.rawValue).joined(separator: ", ")
        case let .malformed(file, format, place, expected, found):
            let heading = format.map { "\(file) (\($0.rawValue))" } ?? file
            return "\(heading): \(place): expected \(expected), found \(excerpt(found))"
        case let .invalidTime(file, format, place, expected, found):
            return "\(file) (\(format.rawValue)): \(place): expected \(expected), found \(excerpt(found))"
        }
    }
}
