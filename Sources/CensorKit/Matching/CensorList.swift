import Foundation

/// The words and phrases to censor.
///
/// An entry is a word (`damn`) or a phrase (`piece of shit`) that matches consecutive transcript
/// words. Entries are compared in `normalizedWord(_:)` form, so case, surrounding punctuation and
/// curly apostrophes do not matter; `Match.pattern` keeps the entry as written.
///
/// A list file has one entry a line. `#` starts a comment when it begins a line or follows a
/// space or tab; blank lines are ignored and surrounding whitespace is trimmed:
///
/// ```
/// # mild
/// damn
/// piece of shit   # a phrase
/// ```
public struct CensorList: Sendable {
    /// The entries as written, in the order given; whitespace-trimmed and never empty.
    public private(set) var entries: [String]

    /// The entries by normalized tokens, kept in step with `entries`.
    internal private(set) var index = PhraseIndex()

    /// Whether the list has no entries.
    public var isEmpty: Bool { entries.isEmpty }

    /// Creates a list from entries in memory, such as `--word` arguments.
    ///
    /// Surrounding whitespace is trimmed and empty entries are dropped. An entry with no letter
    /// or digit (such as `!!!`) is kept but can never match.
    ///
    /// - Parameter entries: Words or phrases, as the user wrote them.
    public init(entries: [String]) {
        self.entries = []
        for entry in entries {
            add(entry.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    /// Parses the text of a list file.
    ///
    /// - Parameters:
    ///   - text: The file's text; LF or CRLF line ends.
    ///   - source: The file name to use in error messages.
    /// - Throws: `CensorListError.malformed` for an entry with no letter or digit, which could
    ///   never match.
    public init(text: String, source: String) throws(CensorListError) {
        self.entries = []
        for (index, line) in SourceText.lines(of: text).enumerated() {
            let entry = Self.stripComment(line).trimmingCharacters(in: .whitespaces)
            guard !entry.isEmpty else { continue }
            guard !Self.tokens(of: entry).isEmpty else {
                let column = line.unicodeScalars.prefix { $0.properties.isWhitespace }.count + 1
                throw CensorListError.malformed(
                    file: source, line: index + 1, column: column,
                    expected: "a word or phrase with a letter or digit", found: "'\(entry)'")
            }
            add(entry)
        }
    }

    /// Reads a list file (UTF-8, with or without a byte-order mark).
    ///
    /// - Parameter url: A file URL. Messages name the file by its path as given.
    /// - Returns: The list.
    /// - Throws: `CensorListError` when the file cannot be read, is not UTF-8, or has an entry
    ///   that could never match.
    public static func load(contentsOf url: URL) throws(CensorListError) -> CensorList {
        let source = SourceText.displayName(of: url)
        let data: Data
        do {
            data = try SourceText.data(contentsOf: url)
        } catch {
            throw CensorListError.unreadable(file: source, reason: error.reason)
        }
        let text: SourceText
        do {
            text = try SourceText(data: data)
        } catch {
            throw CensorListError.malformed(
                file: source, line: error.line, column: error.column, expected: "UTF-8 text", found: error.found)
        }
        return try CensorList(text: text.string, source: source)
    }

    /// Adds another list's entries after this list's, as when `--words` and `--word` combine.
    ///
    /// - Parameter other: The list to add.
    public mutating func append(contentsOf other: CensorList) {
        for entry in other.entries {
            add(entry)
        }
    }

    /// An entry's normalized tokens, split at whitespace; tokens with no letter or digit vanish.
    internal static func tokens(of entry: String) -> [String] {
        entry.split(whereSeparator: \.isWhitespace).map { normalizedWord(String($0)) }.filter { !$0.isEmpty }
    }

    private mutating func add(_ entry: String) {
        guard !entry.isEmpty else { return }
        entries.append(entry)
        index.insert(tokens: Self.tokens(of: entry), pattern: entry)
    }

    /// The line up to a `#` at its start or after a space or tab.
    private static func stripComment(_ line: Substring) -> Substring {
        var previous: Character = " "
        for index in line.indices {
            if line[index] == "#", previous == " " || previous == "\t" {
                return line[..<index]
            }
            previous = line[index]
        }
        return line
    }
}
