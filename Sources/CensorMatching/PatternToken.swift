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
        if pattern.utf8.contains(UInt8(ascii: "\\")) {
            return escapedTokens(of: pattern, foldingDiacritics: foldingDiacritics)
        }
        if let tokens = asciiTokens(of: pattern) { return tokens }
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

    /// `tokens(of:foldingDiacritics:)` for a pattern with backslashes: `\*`, `\?` and `\\` stand
    /// for the characters themselves (`s\*\*\*` matches the text "s***" only, as a recognizer
    /// that masks wrote it), and a backslash before any other character is dropped. An escaped
    /// character counts as a letter: `\*\*\*\*` is a token.
    private static func escapedTokens(of pattern: String, foldingDiacritics: Bool) -> [PatternToken] {
        var tokens: [PatternToken] = []
        for word in pattern.split(whereSeparator: \.isWhitespace) {
            // Each scalar, with whether a backslash made it literal.
            var scalars: [(scalar: Unicode.Scalar, escaped: Bool)] = []
            var escaping = false
            for scalar in folded(String(word), foldingDiacritics: foldingDiacritics).unicodeScalars {
                if escaping || scalar != "\\" {
                    scalars.append((scalar, escaping))
                    escaping = false
                } else {
                    escaping = true
                }
            }
            let isJoiner = { (item: (scalar: Unicode.Scalar, escaped: Bool)) in
                !item.escaped && (item.scalar == "'" || item.scalar.properties.generalCategory == .dashPunctuation)
            }
            let kept = { (item: (scalar: Unicode.Scalar, escaped: Bool)) in
                item.escaped || item.scalar.isWordCharacter || item.scalar == "*" || item.scalar == "?"
            }
            for part in scalars.split(whereSeparator: isJoiner) {
                guard let first = part.firstIndex(where: kept), let last = part.lastIndex(where: kept) else { continue }
                let piece = part[first...last]
                guard piece.contains(where: { $0.escaped || $0.scalar.isWordCharacter }) else { continue }
                let isWildcard = { (item: (scalar: Unicode.Scalar, escaped: Bool)) in
                    !item.escaped && (item.scalar == "*" || item.scalar == "?")
                }
                if piece.contains(where: isWildcard) {
                    var text = String.UnicodeScalarView()
                    for item in piece {
                        if item.escaped, item.scalar == "*" || item.scalar == "?" || item.scalar == "\\" {
                            text.append("\\")
                        }
                        text.append(item.scalar)
                    }
                    tokens.append(.glob(Glob(String(text))))
                } else {
                    tokens.append(.literal(String(String.UnicodeScalarView(piece.map(\.scalar)))))
                }
            }
        }
        return tokens
    }

    /// `tokens(of:foldingDiacritics:)` for an ASCII pattern, byte by byte without Unicode
    /// tables: there folding only lower-cases `A`–`Z`, the word characters are `a`–`z` and
    /// `0`–`9`, whitespace is tab to carriage return and space, and the joiners are `-` and `'`.
    /// (Trimming each piece alone gives what trimming the word, splitting and trimming again do.)
    ///
    /// - Parameter pattern: The entry's words, as written.
    /// - Returns: The tokens; `nil` when the pattern is not all ASCII.
    private static func asciiTokens(of pattern: String) -> [PatternToken]? {
        var bytes = Array(pattern.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        for index in bytes.indices where (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[index]) {
            bytes[index] |= 0x20
        }
        let isWord = { (byte: UInt8) in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
        let isWildcard = { (byte: UInt8) in byte == UInt8(ascii: "*") || byte == UInt8(ascii: "?") }
        let isSeparator = { (byte: UInt8) in
            (0x09...0x0D).contains(byte) || byte == 0x20 || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "'")
        }
        var tokens: [PatternToken] = []
        for part in bytes.split(whereSeparator: isSeparator) where part.contains(where: isWord) {
            let first = part.firstIndex { isWord($0) || isWildcard($0) }!,
                last = part.lastIndex { isWord($0) || isWildcard($0) }!
            let piece = String(decoding: part[first...last], as: UTF8.self)
            tokens.append(part[first...last].contains(where: isWildcard) ? .glob(Glob(piece)) : .literal(piece))
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
    maskedComparisonTokens(of: word, foldingDiacritics: foldingDiacritics) ?? asciiComparisonTokens(of: word)
        ?? unicodeComparisonTokens(of: word, foldingDiacritics: foldingDiacritics)
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
        guard let first = part.firstIndex(where: isWordByte), let last = part.lastIndex(where: isWordByte) else {
            continue
        }
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

/// An anchored wildcard pattern over Unicode scalars: `*` stands for any run of scalars (also
/// none), `?` for exactly one, and a backslash makes the scalar after it literal (`f\*\*k*`).
internal struct Glob: Hashable, Sendable {
    /// One element of the pattern.
    private enum Element: Hashable, Sendable {
        case scalar(Unicode.Scalar)
        case one
        case any
    }

    /// The pattern as written in comparison form, escapes included, e.g. `*shit*`.
    internal let text: String
    private let elements: [Element]
    /// The fewest scalars a matching word has: the pattern's length without its `*`s.
    private let minimumLength: Int

    /// The scalars before the first `*` or `?`, for bucketing; empty when the pattern starts
    /// with one.
    internal var literalPrefix: String {
        var prefix = String.UnicodeScalarView()
        for element in elements {
            guard case .scalar(let scalar) = element else { break }
            prefix.append(scalar)
        }
        return String(prefix)
    }
    /// The pattern's last scalar when it is a literal, for bucketing.
    internal var lastLiteral: Unicode.Scalar? {
        guard case .scalar(let scalar)? = elements.last else { return nil }
        return scalar
    }
    /// The pattern's first literal scalar, for bucketing a pattern with wildcards at both ends.
    internal var firstLiteral: Unicode.Scalar? {
        for case .scalar(let scalar) in elements { return scalar }
        return nil
    }

    /// Creates a glob.
    ///
    /// - Parameter text: The pattern in comparison form.
    internal init(_ text: String) {
        self.text = text
        var elements: [Element] = []
        var escaped = false
        for scalar in text.unicodeScalars {
            if escaped {
                elements.append(.scalar(scalar))
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else {
                elements.append(scalar == "*" ? .any : scalar == "?" ? .one : .scalar(scalar))
            }
        }
        self.elements = elements
        minimumLength = elements.count { $0 != .any }
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
            if pattern < elements.count, elements[pattern] == .one || elements[pattern] == .scalar(word[position]) {
                pattern += 1
                position += 1
            } else if pattern < elements.count, elements[pattern] == .any {
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
        while pattern < elements.count, elements[pattern] == .any { pattern += 1 }
        return pattern == elements.count
    }

    /// Whether some word matches both this pattern and a mask of fixed length, whose `nil`
    /// scalars stand for any one scalar (see `MaskedWord`).
    ///
    /// - Parameter mask: The mask's scalars.
    /// - Complexity: O(*n*·*m*) for a mask of *n* scalars and a pattern of *m* elements.
    internal func intersects(_ mask: [Unicode.Scalar?]) -> Bool {
        // reachable[j]: the pattern's first j elements can cover the mask's scalars so far.
        var reachable = [Bool](repeating: false, count: elements.count + 1)
        reachable[0] = true
        Self.skipStars(&reachable, elements)
        for scalar in mask {
            var next = [Bool](repeating: false, count: elements.count + 1)
            for index in elements.indices where reachable[index] {
                switch elements[index] {
                case .any: next[index] = true
                case .one: next[index + 1] = true
                case .scalar(let literal): if scalar == nil || scalar == literal { next[index + 1] = true }
                }
            }
            Self.skipStars(&next, elements)
            reachable = next
        }
        return reachable[elements.count]
    }

    /// Marks as reachable every position that a run of `*`s (matching nothing) leads to.
    private static func skipStars(_ reachable: inout [Bool], _ elements: [Element]) {
        for index in elements.indices where reachable[index] && elements[index] == .any { reachable[index + 1] = true }
    }
}
