import Foundation

/// Which tiers of an aligner's output hold the words, shared by `TextGrid`, `MFAJSON` and
/// `MFACSV`.
///
/// The Montreal Forced Aligner names its tiers `words` and `phones`, or `<speaker> - words` and
/// `<speaker> - phones` when a file has several speakers. A tier named `words` or `word` (any
/// case) has no speaker; `<speaker> - words` gives its words that speaker. When no tier is so
/// named and there is exactly one tier, that tier is read.
internal enum AlignerTiers {
    /// What a word tier's name looks like, for messages.
    internal static let expected = #"a tier named "words" or "<speaker> - words""#

    /// The word tiers among a file's tiers, with each one's speaker.
    ///
    /// - Parameter names: The tiers' names in file order.
    /// - Returns: The word tiers in file order; `nil` when there is none.
    internal static func wordTiers(among names: [String]) -> [(name: String, speaker: String?)]? {
        var chosen: [(name: String, speaker: String?)] = []
        for name in names {
            if let speaker = speaker(ofWordTier: name) { chosen.append((name, speaker)) }
        }
        if chosen.isEmpty, names.count == 1 { return [(names[0], nil)] }
        return chosen.isEmpty ? nil : chosen
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
        if lowered == "words" || lowered == "word" { return .some(nil) }
        for suffix in ["-words", "-word"] where lowered.filter({ $0 != " " }).hasSuffix(suffix) {
            guard let dash = name.lastIndex(of: "-") else { break }
            let speaker = name[..<dash].trimmingCharacters(in: .whitespaces)
            return .some(speaker.isEmpty ? nil : speaker)
        }
        return nil
    }
}
