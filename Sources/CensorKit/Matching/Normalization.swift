import Foundation

/// The form in which transcript words and censor-list entries are compared.
///
/// Applies Unicode NFKC (full-width letters and ligatures become plain letters), turns curly
/// apostrophes into `'` and Unicode hyphens into `-`, folds case (so `Straße` matches `STRASSE`),
/// and trims whitespace, punctuation and symbols from both ends while keeping them inside.
///
/// ```swift
/// normalizedWord(" Damn,")   // "damn"
/// normalizedWord("Don’t!")   // "don't"
/// normalizedWord("X-rated.") // "x-rated"
/// normalizedWord(" -")       // ""
/// ```
///
/// - Parameter word: A word as a transcript or a censor list wrote it.
/// - Returns: The word's comparison form; empty when it has no letters, digits or marks.
public func normalizedWord(_ word: String) -> String {
    let folded: String
    if word.utf8.allSatisfy({ $0 < 0x80 }) {
        folded = word.lowercased()
    } else {
        let unified = String(
            String.UnicodeScalarView(
                word.precomposedStringWithCompatibilityMapping.unicodeScalars.map(unifiedPunctuation)))
        folded = unified.folding(options: .caseInsensitive, locale: nil)
    }
    let scalars = folded.unicodeScalars
    guard let first = scalars.firstIndex(where: \.isWordCharacter) else { return "" }
    let last = scalars.lastIndex(where: \.isWordCharacter) ?? first
    return String(scalars[first...last])
}

/// Curly and modifier apostrophes become `'`, Unicode hyphens `-`; other scalars are unchanged.
private func unifiedPunctuation(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    switch scalar {
    case "\u{2018}", "\u{2019}", "\u{02BC}": "'"
    case "\u{2010}", "\u{2011}": "-"
    default: scalar
    }
}
