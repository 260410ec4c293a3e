import Foundation

/// The words and phrases to censor.
///
/// An entry is a word (`damn`), a glob (`fuck*`, `*shit*`, `b?tch`) or a phrase of them
/// (`piece of shit`, `my god`) that matches consecutive transcript words. Entries are compared in
/// `normalizedWord(_:foldingDiacritics:)` form, so case, width, surrounding punctuation and curly
/// apostrophes do not matter; `Match.pattern` keeps the entry as written.
///
/// A list file has one entry a line. `#` starts a comment when it begins a line or follows a
/// space or tab; blank lines are ignored and surrounding whitespace is trimmed:
///
/// ```
/// # mild
/// damn
/// piece of shit   # a phrase
/// hell*           # hell, hellish, hellfire — never shell
/// !hello          # an exception: never censored, whatever else matches
/// fuck|f***       # a replacement, kept for masking subtitles
/// ```
///
/// - A glob is anchored to the whole word: `*` stands for any run of characters (also none),
///   `?` for exactly one. A backslash makes them literal: `s\*\*\*` matches the text "s***"
///   only, `\\` is a backslash.
/// - A word the recognizer's profanity filter masked (`s***`, `f******`, `Motherf***er`,
///   `****`, YouTube's `[ __ ]`) matches every entry that some word with its shown letters and
///   its length could match: `s***` matches `shit` and `*shit*` but not `damn`, `****` every
///   listed word of four letters, `[ __ ]` (whose length is hidden too) any entry. Exceptions
///   never protect a masked word. See `MaskedWord`.
/// - An entry starting with `!` is an exception: words it matches are never censored, by any
///   entry; `hell*` with `!hello` censors "hell" and "hellish" but not "hello". An exception
///   may be a glob or a phrase too.
/// - `word|replacement` gives the text that should stand for the word where text is shown
///   (subtitles); it does not change what is censored. `Match.replacement` carries it.
/// - A file whose first character is `[` is a JSON array of entry strings instead:
///   `["damn", "piece of shit", "!hello"]`.
public struct CensorList: Sendable {
    /// One entry, parsed.
    public struct Entry: Sendable, Hashable {
        /// The words, globs or phrase to match, as written (without `!` and `|replacement`).
        public var pattern: String
        /// The text to show instead of the matched words, from `pattern|replacement`.
        public var replacement: String?
        /// Whether the entry is an exception (`!pattern`): what it matches is never censored.
        public var isException: Bool

        /// Parses an entry as a list line or a single entry given in memory writes it.
        ///
        /// - Parameter text: `pattern`, `!pattern` or `pattern|replacement`; surrounding
        ///   whitespace is trimmed.
        public init(parsing text: String) {
            var rest = Substring(text).trimmingWhitespace
            isException = rest.first == "!"
            if isException { rest = rest.dropFirst().trimmingWhitespace }
            if let bar = rest.firstIndex(of: "|") {
                let replacement = rest[rest.index(after: bar)...].trimmingWhitespace
                self.replacement = replacement.isEmpty ? nil : String(replacement)
                rest = rest[..<bar].trimmingWhitespace
            } else {
                replacement = nil
            }
            pattern = String(rest)
        }

        /// Whether the entry can ever match: its pattern has a letter, digit or mark outside
        /// wildcards. `*`, `!` alone and `|bleep` cannot; a check of single entries can use this.
        public var canMatch: Bool {
            !PatternToken.tokens(of: pattern, foldingDiacritics: false).isEmpty
        }
    }

    /// The entries as written, in the order given; whitespace-trimmed and never empty.
    public private(set) var entries: [String]
    /// The entries parsed, in step with `entries`.
    public private(set) var parsedEntries: [Entry]
    /// Whether diacritics are folded on both sides, so that `pütain` matches `putain`.
    public let foldsDiacritics: Bool

    /// The censoring entries by token, indexed by their position in `parsedEntries`.
    internal private(set) var index = PhraseIndex()
    /// The exceptions by token, indexed likewise.
    internal private(set) var exceptions = PhraseIndex()

    /// Whether the list has no entries.
    public var isEmpty: Bool { entries.isEmpty }

    /// Whether no entry can censor anything: the list is empty, or holds only exceptions and
    /// entries without a letter or digit.
    public var censorsNothing: Bool {
        !parsedEntries.contains { !$0.isException && $0.canMatch }
    }

    /// Creates a list from entries in memory, such as a command's word arguments.
    ///
    /// Surrounding whitespace is trimmed and empty entries are dropped. An entry with no letter
    /// or digit (such as `!!!` or `*`) is kept but can never match.
    ///
    /// - Parameters:
    ///   - entries: Entries, as the user wrote them.
    ///   - foldingDiacritics: Whether diacritics are folded when comparing.
    public init(entries: [String], foldingDiacritics: Bool = false) {
        self.entries = []
        self.parsedEntries = []
        self.foldsDiacritics = foldingDiacritics
        for entry in entries {
            add(String(entry.trimmingWhitespace))
        }
    }

    /// Parses the text of a list file: lines of entries, or a JSON array of strings.
    ///
    /// - Parameters:
    ///   - text: The file's text; LF or CRLF line ends.
    ///   - source: The file name to use in error messages.
    ///   - foldingDiacritics: Whether diacritics are folded when comparing.
    /// - Throws: `CensorListError.malformed` for an entry with no letter or digit, which could
    ///   never match, or for JSON that is not an array of strings.
    public init(text: String, source: String, foldingDiacritics: Bool = false) throws(CensorListError) {
        self.init(entries: [], foldingDiacritics: foldingDiacritics)
        if text.unicodeScalars.first(where: { !$0.properties.isWhitespace }) == "[" {
            try addJSONArray(text, source: source)
            return
        }
        for (index, line) in SourceText.lines(of: text).enumerated() {
            let entry = String(Self.stripComment(line).trimmingWhitespace)
            guard !entry.isEmpty else { continue }
            let parsed = Entry(parsing: entry)
            let tokens = PatternToken.tokens(of: parsed.pattern, foldingDiacritics: foldsDiacritics)
            guard !tokens.isEmpty else {
                let column = line.unicodeScalars.prefix { $0.properties.isWhitespace }.count + 1
                throw CensorListError.malformed(
                    file: source, line: index + 1, column: column,
                    expected: "a word or phrase with a letter or digit", found: "'\(entry)'")
            }
            add(entry, parsed: parsed, tokens: tokens)
        }
    }

    /// Reads a list file (UTF-8 with or without a byte-order mark, or UTF-16 with one).
    ///
    /// - Parameters:
    ///   - path: The file's path. Messages name the file by its path as given.
    ///   - foldingDiacritics: Whether diacritics are folded when comparing.
    ///   - limit: The most bytes the file may hold; default 1 GiB.
    /// - Returns: The list.
    /// - Throws: `CensorListError` when the file cannot be read (or holds more than `limit`) or decoded, or has an entry
    ///   that could never match.
    public static func load(path: String, foldingDiacritics: Bool = false, limit: Int = 1 << 30) throws(CensorListError)
        -> CensorList
    {
        let url = URL(fileURLWithPath: path)
        let source = SourceText.displayName(of: url)
        let data: Data
        do {
            data = try SourceText.data(contentsOf: url, limit: limit)
        } catch {
            throw CensorListError.unreadable(file: source, reason: error.reason)
        }
        let text: SourceText
        do {
            text = try SourceText(data: data)
        } catch {
            throw CensorListError.malformed(
                file: source, line: error.line, column: error.column, expected: error.expected, found: error.found)
        }
        return try CensorList(text: text.string, source: source, foldingDiacritics: foldingDiacritics)
    }

    /// Adds another list's entries after this list's, as when list files, single entries and
    /// the built-in list combine. They are compared with this list's diacritic folding.
    ///
    /// - Parameter other: The list to add.
    public mutating func append(contentsOf other: CensorList) {
        for entry in other.entries {
            add(entry)
        }
    }

    private mutating func add(_ entry: String) {
        guard !entry.isEmpty else { return }
        let parsed = Entry(parsing: entry)
        add(entry, parsed: parsed, tokens: PatternToken.tokens(of: parsed.pattern, foldingDiacritics: foldsDiacritics))
    }

    /// Adds an entry already parsed into `parsed` and its `tokens` (with this list's folding).
    private mutating func add(_ entry: String, parsed: Entry, tokens: [PatternToken]) {
        if parsed.isException {
            exceptions.insert(tokens, entry: parsedEntries.count)
        } else {
            index.insert(tokens, entry: parsedEntries.count)
        }
        entries.append(entry)
        parsedEntries.append(parsed)
    }

    /// Adds the strings of a JSON array, naming the item of one that is not a usable entry.
    private mutating func addJSONArray(_ text: String, source: String) throws(CensorListError) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(text)
        } catch {
            throw CensorListError.malformed(
                file: source, line: error.line, column: error.column, expected: error.expected, found: error.found)
        }
        guard case .array(let items) = value else {
            throw CensorListError.malformedItem(
                file: source, item: "top level", expected: "an array of strings", found: value.kindDescription)
        }
        for (index, item) in items.enumerated() {
            guard case .string(let entry) = item else {
                throw CensorListError.malformedItem(
                    file: source, item: "[\(index)]", expected: "a string", found: item.kindDescription)
            }
            let trimmed = String(entry.trimmingWhitespace)
            guard Entry(parsing: trimmed).canMatch else {
                throw CensorListError.malformedItem(
                    file: source, item: "[\(index)]", expected: "a word or phrase with a letter or digit",
                    found: "'\(entry)'")
            }
            add(trimmed)
        }
    }

    /// The line up to a `#` at its start or after a space or tab.
    private static func stripComment(_ line: Substring) -> Substring {
        // ASCII: byte by byte, each character one byte (or CR LF).
        if line.utf8.allSatisfy({ $0 < 0x80 }) {
            var previous = UInt8(ascii: " ")
            for index in line.utf8.indices {
                let byte = line.utf8[index]
                if byte == UInt8(ascii: "#"), previous == UInt8(ascii: " ") || previous == UInt8(ascii: "\t") {
                    return line[..<index]
                }
                previous = byte
            }
            return line
        }
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
