/// How a censored word is written in subtitles when its list entry gives no replacement.
public enum MaskStyle: String, CaseIterable, Sendable, Hashable {
    /// The first letter kept, the rest starred: `fuck` → `f***`.
    case grawlix
    /// Every letter starred: `fuck` → `****`.
    case stars
    /// Comic-strip symbols in place of every letter: `fuck` → `#$@&`.
    case symbols

    /// `word` masked: the punctuation around it kept, its letters and digits replaced.
    ///
    /// - Parameter word: A word as the transcript writes it, such as `Damn,`.
    /// - Returns: For `.grawlix`, `D***,`.
    public func mask(_ word: String) -> String {
        let (lead, core, trail) = Self.split(word)
        guard !core.isEmpty else { return word }
        let symbols = Array("#$@&%!")
        let masked = core.enumerated().map { offset, character -> Character in
            switch self {
            case .grawlix: offset == 0 ? character : "*"
            case .stars: "*"
            case .symbols: symbols[offset % symbols.count]
            }
        }
        return lead + String(masked) + trail
    }

    /// `word` as punctuation before, the word itself, and punctuation after.
    static func split(_ word: String) -> (lead: String, core: String, trail: String) {
        let characters = Array(word)
        let isWordCharacter = { (character: Character) in character.isLetter || character.isNumber }
        guard let first = characters.firstIndex(where: isWordCharacter),
            let last = characters.lastIndex(where: isWordCharacter)
        else { return ("", "", word) }
        return (String(characters[..<first]), String(characters[first...last]), String(characters[(last + 1)...]))
    }
}
