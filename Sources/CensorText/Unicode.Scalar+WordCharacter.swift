extension Unicode.Scalar {
    /// Whether the scalar can be part of a word's core: a letter, mark or digit, as opposed to
    /// whitespace, punctuation, symbols, control and format characters.
    ///
    /// Whisper's punctuation-only "words" and the trimming in `normalizedWord(_:)` share this test.
    package var isWordCharacter: Bool {
        switch properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
            .initialPunctuation, .finalPunctuation, .otherPunctuation,
            .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol,
            .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .format:
            false
        default:
            true
        }
    }
}
