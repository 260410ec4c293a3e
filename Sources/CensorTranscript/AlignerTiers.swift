import Foundation

/// Which tiers of an aligner's output hold the words, shared by `TextGrid`, `MFAJSON` and
/// `MFACSV`.
///
/// The Montreal Forced Aligner names its tiers `words` and `phones`, or `<speaker> - words` and
/// `<speaker> - phones` when a file has several speakers. A tier named `words` or `word` (any
/// case) has no speaker; `<speaker> - words` gives its words that speaker. SPPAS writes its
/// aligned words in `TokensAlign` (beside `PhonAlign` and `PhnTokAlign`), WebMAUS in `ORT-MAU`.
/// When no tier is so named and there is exactly one tier, that tier is read. A tier the caller
/// names is read alone, whatever its name.
internal enum AlignerTiers {
    /// What a word tier's name looks like, for messages.
    internal static let expected = #"a tier named "words", "<speaker> - words" or "TokensAlign""#

    /// The names, in lower case, of tiers that hold one word an interval without a speaker:
    /// the Montreal Forced Aligner's `words`, SPPAS's time-aligned tokens `TokensAlign`, and
    /// WebMAUS's orthographic words `ORT-MAU`.
    private static let wordTierNames: Set<String> = ["words", "word", "tokensalign", "ort-mau"]

    /// The word tiers among a file's tiers, with each one's speaker.
    ///
    /// - Parameters:
    ///   - names: The tiers' names in file order.
    ///   - named: The tier the caller named, which is then the only one read; `nil` to choose
    ///     by name.
    /// - Returns: The word tiers in file order; `nil` when there is none, or none named `named`.
    internal static func wordTiers(among names: [String], named: String? = nil) -> [(name: String, speaker: String?)]? {
        if let named {
            return names.contains(named) ? [(named, nil)] : nil
        }
        var chosen: [(name: String, speaker: String?)] = []
        for name in names {
            if let speaker = speaker(ofWordTier: name) { chosen.append((name, speaker)) }
        }
        if chosen.isEmpty, names.count == 1 { return [(names[0], nil)] }
        return chosen.isEmpty ? nil : chosen
    }

    /// What a message expects: a word tier, or the tier the caller named.
    internal static func expected(named: String?) -> String {
        named.map { #"a tier named "\#($0)""# } ?? expected
    }

    /// The tier names as "found …" shows them: `tiers "phones", "notes"`, or `no tiers`.
    internal static func describe(_ names: [String]) -> String {
        names.isEmpty ? "no tiers" : "tiers " + names.map { "\"\($0)\"" }.joined(separator: ", ")
    }

    /// Words of several tiers (one per speaker) in order of start time; a stable merge, so that
    /// words starting together keep their tiers' order.
    ///
    /// - Parameter tiers: Each tier's words, each in time order.
    /// - Returns: All words.
    /// - Complexity: O(*n* log *n*) for *n* words; O(*n*) for one tier.
    internal static func merged(_ tiers: [[Word]]) -> [Word] {
        guard tiers.count > 1 else { return tiers.first ?? [] }
        return tiers.enumerated()
            .flatMap { tier, words in words.enumerated().map { (tier, $0.offset, $0.element) } }
            .sorted { ($0.2.start, $0.0, $0.1) < ($1.2.start, $1.0, $1.1) }
            .map(\.2)
    }

    /// `.some(nil)` for `words`, `.some(speaker)` for `<speaker> - words`, `nil` otherwise.
    private static func speaker(ofWordTier name: String) -> String?? {
        let lowered = name.lowercased()
        if wordTierNames.contains(lowered) { return .some(nil) }
        for suffix in ["-words", "-word"] where lowered.filter({ $0 != " " }).hasSuffix(suffix) {
            guard let dash = name.lastIndex(of: "-") else { break }
            let speaker = name[..<dash].trimmingCharacters(in: .whitespaces)
            return .some(speaker.isEmpty ? nil : speaker)
        }
        return nil
    }
}
