import Foundation

/// The form in which transcript words and censor-list entries are compared.
///
/// Applies Unicode NFKC (full-width letters and ligatures become plain letters), turns curly
/// apostrophes into `'` and Unicode hyphens into `-`, folds case (so `Straße` matches `STRASSE`),
/// optionally folds diacritics (so `pütain` matches `putain`), and trims whitespace, punctuation
/// and symbols from both ends while keeping them inside.
///
/// ```swift
/// normalizedWord(" Damn,")                          // "damn"
/// normalizedWord("Don’t!")                          // "don't"
/// normalizedWord("X-rated.")                        // "x-rated"
/// normalizedWord("Crème", foldingDiacritics: true)  // "creme"
/// normalizedWord(" -")                              // ""
/// ```
///
/// - Parameters:
///   - word: A word as a transcript or a censor list wrote it.
///   - foldingDiacritics: Whether accents and other marks are removed (`é` becomes `e`).
/// - Returns: The word's comparison form; empty when it has no letters, digits or marks.
public func normalizedWord(_ word: String, foldingDiacritics: Bool = false) -> String {
    trimmed(folded(word, foldingDiacritics: foldingDiacritics)) { $0.isWordCharacter }
}

/// A word in comparison form before trimming: NFKC, unified apostrophes and hyphens, case (and
/// optionally diacritics) folded. ASCII text takes a fast path.
internal func folded(_ word: String, foldingDiacritics: Bool) -> String {
    if word.utf8.allSatisfy({ $0 < 0x80 }) {
        return word.lowercased()
    }
    let unified = String(
        String.UnicodeScalarView(
            word.precomposedStringWithCompatibilityMapping.unicodeScalars.map(unifiedPunctuation)))
    let options: String.CompareOptions =
        foldingDiacritics ? [.caseInsensitive, .diacriticInsensitive] : .caseInsensitive
    return unified.folding(options: options, locale: nil).precomposedStringWithCompatibilityMapping
}

/// The text from its first to its last scalar that `keeps`; empty when none does.
internal func trimmed(_ text: some StringProtocol, keeping keeps: (Unicode.Scalar) -> Bool) -> String {
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: keeps), let last = scalars.lastIndex(where: keeps) else { return "" }
    return String(String.UnicodeScalarView(scalars[first...last]))
}

/// Curly and modifier apostrophes become `'`, Unicode hyphens `-`; other scalars are unchanged.
private func unifiedPunctuation(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    switch scalar {
    case "\u{2018}", "\u{2019}", "\u{02BC}": "'"
    case "\u{2010}", "\u{2011}": "-"
    default: scalar
    }
}
