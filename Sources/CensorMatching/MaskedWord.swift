/// A word that a recognizer's profanity filter masked: `s***`, `f******`, `Motherf***er` (the
/// letters shown and one `*` for each letter hidden, as AssemblyAI, Google and Rev write them),
/// `****` (every letter hidden, as Deepgram and Azure write them), or YouTube's `[ __ ]` (the
/// word's length hidden too).
///
/// A masked word is a censored word by definition. It matches a censor-list entry when some
/// word could be both: one with the letters shown where they are shown, any letter under each
/// `*`, and the mask's length. `s***` matches `shit` and `*shit*` but not `damn`; `****`
/// matches every listed word of four letters; `[ __ ]` matches any entry.
internal struct MaskedWord: Hashable, Sendable {
    /// The word's scalars in comparison form, `nil` for each one hidden under a `*`; `nil` as a
    /// whole when the mask hides the length too (`[ __ ]`).
    internal let scalars: [Unicode.Scalar?]?

    /// The comparison token that stands for a mask hiding the word's length.
    internal static let unknownLengthToken = "__"

    /// The mask a comparison token stands for, or `nil` for a token that is no mask.
    ///
    /// - Parameter token: A transcript token from `comparisonTokens(of:foldingDiacritics:)`.
    internal init?(token: String) {
        if token == Self.unknownLengthToken {
            scalars = nil
            return
        }
        guard token.utf8.contains(UInt8(ascii: "*")) else { return nil }
        scalars = token.unicodeScalars.map { $0 == "*" ? nil : $0 }
    }

    /// Whether some word matches both this mask and a literal entry token.
    ///
    /// - Parameter literal: The entry token in comparison form.
    internal func admits(_ literal: String) -> Bool {
        guard let scalars else { return true }
        let word = Array(literal.unicodeScalars)
        guard word.count == scalars.count else { return false }
        return zip(scalars, word).allSatisfy { $0 == nil || $0 == $1 }
    }

    /// Whether some word matches both this mask and a glob entry token.
    ///
    /// - Parameter glob: The entry token.
    /// - Complexity: O(*n*·*m*) for a mask of *n* scalars and a glob of *m*.
    internal func admits(_ glob: Glob) -> Bool {
        guard let scalars else { return true }
        return glob.intersects(scalars)
    }

    /// The comparison token of one piece of a transcript word (split at dashes and
    /// apostrophes) when the piece is masked: its core of letters, digits and `*`s when it
    /// holds two `*`s or more (`s***`, `****`) or one between letters (`f*ck`) — a lone `*`,
    /// or one at either end of a word (`note*`), is a footnote mark — or `__` for a core of
    /// two or more underscores (`[ __ ]`, `[__]`).
    ///
    /// - Parameter piece: The piece, folded.
    /// - Returns: `nil` for a piece that is not masked.
    internal static func token(ofPiece piece: Substring) -> String? {
        let core = trimmed(piece) { $0.isWordCharacter || $0 == "*" }
        let stars = core.unicodeScalars.count { $0 == "*" }
        if stars >= 2 || stars == 1 && core.unicodeScalars.first != "*" && core.unicodeScalars.last != "*",
            core.unicodeScalars.allSatisfy({ $0 == "*" || $0.isWordCharacter })
        {
            return core
        }
        let underscores = trimmed(piece) { $0.isWordCharacter || $0 == "_" }
        if underscores.unicodeScalars.count >= 2, underscores.unicodeScalars.allSatisfy({ $0 == "_" }) {
            return unknownLengthToken
        }
        return nil
    }
}

/// The comparison tokens of a word with a masked piece (see `MaskedWord`): the masked pieces
/// as their mask tokens, the others as `comparisonTokens(of:foldingDiacritics:)` gives them;
/// `nil` when no piece is masked, so that plain words take the usual paths.
///
/// ```
/// "s***'s"   → ["s***", "s"]
/// "[ __ ]"   → ["__"]      (each of "[", "__", "]" when the cue's words were split)
/// "f*ck!"    → ["f*ck"]
/// ```
///
/// - Parameters:
///   - word: The word as the transcript wrote it.
///   - foldingDiacritics: Whether marks are folded.
internal func maskedComparisonTokens(of word: String, foldingDiacritics: Bool) -> [String]? {
    guard word.utf8.contains(where: { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "_") }) else { return nil }
    let form = folded(word, foldingDiacritics: foldingDiacritics)
    var tokens: [String] = []
    var masked = false
    for part in form.split(whereSeparator: \.isWhitespace) {
        for piece in part.split(whereSeparator: {
            $0 == "'" || $0.unicodeScalars.allSatisfy { $0.properties.generalCategory == .dashPunctuation }
        }) {
            if let token = MaskedWord.token(ofPiece: piece) {
                tokens.append(token)
                masked = true
            } else {
                tokens += unicodeComparisonTokens(of: String(piece), foldingDiacritics: foldingDiacritics)
            }
        }
    }
    return masked ? tokens : nil
}

extension Transcript {
    /// The indices of the words a recognizer's profanity filter masked (`s***`, `****`,
    /// `[ __ ]`; see `CensorList` on how they match), in order.
    ///
    /// ```swift
    /// let masked = transcript.maskedWordIndices   // AssemblyAI's "tough s*** that": [2]
    /// ```
    ///
    /// - Complexity: O(*n*) for *n* words; words without `*` or `_` cost one scan of their bytes.
    public var maskedWordIndices: [Int] {
        words.indices.filter { maskedComparisonTokens(of: words[$0].text, foldingDiacritics: false) != nil }
    }
}
