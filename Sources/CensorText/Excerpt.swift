/// Input quoted in a message, cut to ``excerptLength`` characters with an ellipsis, so that a
/// one-line file of 100 MB gives a one-line message.
///
/// ```swift
/// excerpt("'" + String(repeating: "x", count: 1_000) + "'")  // "'xxx…x…'" (80 x's)
/// ```
///
/// - Parameter found: What a message quotes, in single quotes or not.
/// - Returns: `found`, or its first ``excerptLength`` characters and `…` (inside the quotes).
package func excerpt(_ found: String) -> String {
    let quoted = found.count >= 2 && found.hasPrefix("'") && found.hasSuffix("'")
    let inner = quoted ? found.dropFirst().dropLast() : Substring(found)
    guard let cut = inner.index(inner.startIndex, offsetBy: excerptLength, limitedBy: inner.endIndex),
        cut < inner.endIndex
    else { return found }
    return quoted ? "'\(inner[..<cut])…'" : "\(inner[..<cut])…"
}

/// The most characters of input a message quotes.
public let excerptLength = 80
