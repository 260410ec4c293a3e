import CensorKit

extension Job {
    /// At most this many masked words are named in the warning about those no entry matched.
    static let namedMaskedWords = 5

    /// The notice of the words the recognizer's profanity filter masked (`s***`, `****`,
    /// `[ __ ]`): how many there are and how many the list matched by their shown letters and
    /// length; those it did not match are named, as they stay audible. Empty when no word is
    /// masked.
    static func maskedWordWarnings(_ transcript: Transcript, matches: [Match], path: String) -> [String] {
        let masked = transcript.maskedWordIndices
        guard !masked.isEmpty else { return [] }
        var matched = Set<Int>()
        for match in matches { matched.formUnion(match.wordIndices) }
        let unmatched = masked.filter { !matched.contains($0) }
        let heading = "\(path) (\(transcript.format.rawValue))"
        let count = masked.count == 1 ? "1 word is" : "\(masked.count) words are"
        var line =
            "\(heading): \(count) masked by the recognizer's profanity filter; "
            + "\(masked.count - unmatched.count) matched the list by their shown letters and length and are censored"
        if !unmatched.isEmpty {
            let named =
                unmatched.prefix(namedMaskedWords).map { index in
                    let word = transcript.words[index]
                    return "'\(word.text.trimmingCharacters(in: .whitespaces))' at \(Messages.seconds(word.start)) s"
                }.joined(separator: ", ") + (unmatched.count > namedMaskedWords ? ", …" : "")
            line += "; \(unmatched.count) matched no entry and stay audible: \(named)"
        }
        return [line]
    }
}
