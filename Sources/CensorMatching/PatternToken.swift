/// One token of a censor-list entry: a literal word, or a glob with `*` (any run of characters,
/// also none) and `?` (exactly one character).
///
/// Globs are anchored: `hell*` matches a whole word that starts with `hell` — "hell", "hellish"
/// — and never "shell". Tokens are in comparison form (`normalizedWord(_:foldingDiacritics:)`).
internal enum PatternToken: Hashable, Sendable {
    case literal(String)
    case glob(Glob)

    /// An entry's tokens: split at whitespace and inside words at dashes and apostrophes
    /// (`piece-of-shit` is three tokens, `l'esquelet` two, as the transcript's
    /// `comparisonTokens(of:foldingDiacritics:)` splits them); tokens with no letter, digit or
    /// mark vanish.
    ///
    /// - Parameters:
    ///   - pattern: The entry's words, as written.
    ///   - foldingDiacritics: Whether marks are folded.
    /// - Returns: The tokens; empty when the entry could never match.
    internal static func tokens(of pattern: String, foldingDiacritics: Bool) -> [PatternToken] {
        let isPatternScalar = { (scalar: Unicode.Scalar) in scalar.isWordCharacter || scalar == "*" || scalar == "?" }
        var tokens: [PatternToken] = []
        for word in pattern.split(whereSeparator: \.isWhitespace) {
            let form = trimmed(folded(String(word), foldingDiacritics: foldingDiacritics), keeping: isPatternScalar)
            for part in splitAtJoiners(form) {
                let piece = trimmed(part, keeping: isPatternScalar)
                guard piece.unicodeScalars.contains(where: \.isWordCharacter) else { continue }
                tokens.append(piece.contains(where: { $0 == "*" || $0 == "?" }) ? .glob(Glob(piece)) : .literal(piece))
            }
        }
        return tokens
    }
}

/// The comparison tokens of a transcript word: its `normalizedWord(_:foldingDiacritics:)`,
/// split at inner dashes and apostrophes (`mother-fucking` and `don't` are two tokens each),
/// each trimmed again.
///
/// Splitting at apostrophes on both sides lets an entry match however a recognizer cut the
/// word: `l'esquelet` matches "L'esquelet", "L" + "'esquelet" and "l'" + "esquelet"; `don't`
/// matches "don" + "'t".
///
/// - Parameters:
///   - word: The word as the transcript wrote it.
///   - foldingDiacritics: Whether marks are folded.
/// - Returns: The tokens; empty for a word of only punctuation.
internal func comparisonTokens(of word: String, foldingDiacritics: Bool) -> [String] {
    asciiComparisonTokens(of: word) ?? unicodeComparisonTokens(of: word, foldingDiacritics: foldingDiacritics)
}

/// `comparisonTokens(of:foldingDiacritics:)` by the Unicode properties of the scalars, for any
/// text; ASCII text takes a shorter path to the same tokens.
internal func unicodeComparisonTokens(of word: String, foldingDiacritics: Bool) -> [String] {
    let form = normalizedWord(word, foldingDiacritics: foldingDiacritics)
    guard form.unicodeScalars.contains(where: isJoiner) else {
        return form.isEmpty ? [] : [form]
    }
    return splitAtJoiners(form).map { trimmed($0) { $0.isWordCharacter } }.filter { !$0.isEmpty }
}

/// `comparisonTokens(of:foldingDiacritics:)` for ASCII text, without Unicode tables: there,
/// NFKC and folding only lower-case `A`–`Z`, the word characters are `a`–`z` and `0`–`9`, the
/// only dash is `-` and the only apostrophe `'`.
///
/// - Parameter word: The word as the transcript wrote it.
/// - Returns: The tokens; `nil` when the word is not all ASCII.
internal func asciiComparisonTokens(of word: String) -> [String]? {
    var bytes = Array(word.utf8)
    guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
    for index in bytes.indices where (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[index]) {
        bytes[index] |= 0x20
    }
    let isWordByte = { (byte: UInt8) in
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
    var tokens: [String] = []
    for part in bytes.split(whereSeparator: { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "'") }) {
        guard let first = part.firstIndex(where: isWordByte), let last = part.lastIndex(where: isWordByte) else { continue }
        tokens.append(String(decoding: part[first...last], as: UTF8.self))
    }
    return tokens
}

/// Splits at dash punctuation (`-`, `–`, `—`) and apostrophes (`'`; curly ones are already
/// unified into it).
private func splitAtJoiners(_ text: String) -> [Substring] {
    text.split { $0.unicodeScalars.allSatisfy(isJoiner) }
}

/// Whether a scalar joins the pieces of a word: dash punctuation, or the apostrophe.
private func isJoiner(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "'" || scalar.properties.generalCategory == .dashPunctuation
}

/// An anchored wildcard pattern over Unicode scalars.
internal struct Glob: Hashable, Sendable {
    /// The pattern as written in comparison form, e.g. `*shit*`.
    internal let text: String
    private let scalars: [Unicode.Scalar]
    /// The fewest scalars a matching word has: the pattern's length without its `*`s.
    private let minimumLength: Int

    /// The scalars before the first `*` or `?`, for bucketing; empty when the pattern starts
    /// with one.
    internal var literalPrefix: String {
        String(String.UnicodeScalarView(scalars.prefix { $0 != "*" && $0 != "?" }))
    }
    /// The pattern's last scalar when it is a literal, for bucketing.
    internal var lastLiteral: Unicode.Scalar? { scalars.last.flatMap { $0 == "*" || $0 == "?" ? nil : $0 } }

    /// Creates a glob.
    ///
    /// - Parameter text: The pattern in comparison form.
    internal init(_ text: String) {
        self.text = text
        scalars = Array(text.unicodeScalars)
        minimumLength = scalars.count { $0 != "*" }
    }

    /// Whether a whole word matches.
    ///
    /// - Parameter word: The word's scalars in comparison form.
    /// - Returns: `true` when the pattern covers the word from its first to its last scalar.
    /// - Complexity: O(*n* + *m*) for patterns with at most one `*`; at worst O(*n*·*m*).
    internal func matches(_ word: [Unicode.Scalar]) -> Bool {
        guard word.count >= minimumLength else { return false }
        var pattern = 0
        var position = 0
        var star = -1
        var starPosition = 0
        while position < word.count {
            if pattern < scalars.count, scalars[pattern] == "?" || scalars[pattern] == word[position] {
                pattern += 1
                position += 1
            } else if pattern < scalars.count, scalars[pattern] == "*" {
                star = pattern
                starPosition = position
                pattern += 1
            } else if star >= 0 {
                pattern = star + 1
                starPosition += 1
                position = starPosition
            } else {
                return false
            }
        }
        while pattern < scalars.count, scalars[pattern] == "*" { pattern += 1 }
        return pattern == scalars.count
    }
}
