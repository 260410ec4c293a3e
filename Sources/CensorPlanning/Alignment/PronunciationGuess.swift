/// A pronunciation, in the dictionary's phones (ARPAbet without stress, space-separated), for a
/// word the aligner's dictionary lacks, so that a window with it still aligns instead of keeping
/// the transcript's times. Transcripts drop apostrophes ("yknow", "dont"), join words ("aligner")
/// and spell names and new words the dictionary never saw; Debian's PocketSphinx build has no
/// grapheme-to-phoneme model, so the guess is made from the dictionary itself, then from rules.
///
/// In order, the first that applies:
/// 1. the word with an apostrophe put back, the last place first ("yknow" → "y'know", "dont" →
///    "don't");
/// 2. the word as two or three dictionary words of two letters or more, the fewest parts and then
///    the longest first part ("aligner" → "align" + "er"; single letters are letter names there:
///    "y" is W AY);
/// 3. letter-to-sound rules (``rules(_:)``) when the word has a vowel letter; none otherwise
///    ("qzxvbrl" stays unknown).
///
/// A word longer than ``longestWord`` letters gets no guess: no spoken word is that long (a URL,
/// a run of letters glued together), and the compound search grows with the square of the length.
enum PronunciationGuess {
    /// The most letters a word guessed for has.
    static let longestWord = 48

    /// The phones for `spelled` (lower case letters and apostrophes, as ``WordAligner/spelling(_:)``
    /// makes it), using `lookup` for a dictionary word's phones; `nil` when nothing applies.
    static func phones(for spelled: String, lookup: (String) -> String?) -> String? {
        let letters = Array(spelled)
        guard !letters.isEmpty, letters.count <= longestWord else { return nil }
        if !letters.contains("'") {
            for cut in stride(from: letters.count - 1, to: 0, by: -1) {
                if let phones = lookup(String(letters[..<cut]) + "'" + String(letters[cut...])) { return phones }
            }
        }
        if let parts = compound(letters, lookup: lookup) { return parts }
        guard letters.contains(where: { "aeiouy".contains($0) }) else { return nil }
        let phones = rules(spelled)
        return phones.isEmpty ? nil : phones.joined(separator: " ")
    }

    /// Parts of a compound: two letters at the least.
    private static let shortestPart = 2
    /// Parts of a compound: three at the most.
    private static let mostParts = 3

    /// `letters` as ``mostParts`` dictionary words or fewer, each ``shortestPart`` letters or
    /// more: their phones joined; the fewest parts win, then the longest first part.
    private static func compound(_ letters: [Character], lookup: (String) -> String?) -> String? {
        func split(_ rest: ArraySlice<Character>, parts: Int) -> [String]? {
            if let whole = lookup(String(rest)), rest.count >= shortestPart { return [whole] }
            guard parts > 1 else { return nil }
            for cut in stride(from: rest.endIndex - shortestPart, through: rest.startIndex + shortestPart, by: -1) {
                guard let head = lookup(String(rest[..<cut])), let tail = split(rest[cut...], parts: parts - 1) else {
                    continue
                }
                return [head] + tail
            }
            return nil
        }
        for parts in 2...mostParts {
            if let found = split(letters[...], parts: parts), found.count > 1 { return found.joined(separator: " ") }
        }
        return nil
    }

    /// Phones for letter groups, the longest group at a place first.
    private static let groups: [(letters: String, phones: [String])] = [
        ("tion", ["SH", "AH", "N"]), ("sion", ["ZH", "AH", "N"]), ("tch", ["CH"]), ("sch", ["S", "K"]),
        ("igh", ["AY"]), ("ch", ["CH"]), ("sh", ["SH"]), ("th", ["TH"]), ("ph", ["F"]), ("wh", ["W"]),
        ("ck", ["K"]), ("ng", ["NG"]), ("qu", ["K", "W"]), ("dg", ["JH"]), ("gh", []), ("ee", ["IY"]),
        ("ea", ["IY"]), ("ie", ["IY"]), ("ei", ["EY"]), ("ai", ["EY"]), ("ay", ["EY"]), ("ey", ["EY"]),
        ("oa", ["OW"]), ("oo", ["UW"]), ("ou", ["AW"]), ("ow", ["OW"]), ("oi", ["OY"]), ("oy", ["OY"]),
        ("au", ["AO"]), ("aw", ["AO"]), ("ew", ["UW"]), ("ue", ["UW"]), ("ar", ["AA", "R"]),
        ("or", ["AO", "R"]), ("er", ["ER"]), ("ir", ["ER"]), ("ur", ["ER"]),
    ]
    /// Phones of single letters (`c`, `g`, `y` and vowels before a final `e` are decided by context).
    private static let single: [Character: [String]] = [
        "a": ["AE"], "b": ["B"], "d": ["D"], "e": ["EH"], "f": ["F"], "h": ["HH"], "i": ["IH"], "j": ["JH"],
        "k": ["K"], "l": ["L"], "m": ["M"], "n": ["N"], "o": ["AA"], "p": ["P"], "q": ["K"], "r": ["R"],
        "s": ["S"], "t": ["T"], "u": ["AH"], "v": ["V"], "w": ["W"], "x": ["K", "S"], "z": ["Z"],
    ]
    /// A vowel letter's "long" phone, before a consonant and a final silent `e` ("mate", "bike").
    private static let long: [Character: [String]] = ["a": ["EY"], "e": ["IY"], "i": ["AY"], "o": ["OW"], "u": ["UW"]]

    /// English letter-to-sound rules, small and approximate: letter groups (``groups``), a final
    /// `e` silent that lengthens the vowel before a single consonant, a final `le` after a
    /// consonant as AH L, `c` and `g` soft before `e`, `i`, `y`, `y` a consonant first and a vowel
    /// elsewhere, doubled consonants once, `kn`, `wr` at the start as N, R.
    static func rules(_ spelled: String) -> [String] {
        var letters = Array(spelled.filter(\.isLetter))
        if letters.count > 2, letters.starts(with: ["k", "n"]) || letters.starts(with: ["w", "r"]) {
            letters.removeFirst()
        }
        let vowels: Set<Character> = ["a", "e", "i", "o", "u", "y"]
        var phones: [String] = []
        var index = 0
        while index < letters.count {
            let rest = letters[index...]
            let letter = letters[index]
            if index == letters.count - 2, letters.count > 3, rest.elementsEqual("le"),
                !vowels.contains(letters[index - 1])
            {
                phones += ["AH", "L"]
                break
            }
            if letter == "e", index == letters.count - 1, letters.count > 2 { break }
            if let group = groups.first(where: { rest.starts(with: $0.letters) }) {
                phones += group.phones
                index += group.letters.count
                continue
            }
            if index > 0, letter == letters[index - 1], !vowels.contains(letter) {
                index += 1
                continue
            }
            let next = index + 1 < letters.count ? letters[index + 1] : nil
            switch letter {
            case "c": phones += next.map { "eiy".contains($0) } == true ? ["S"] : ["K"]
            case "g": phones += next.map { "eiy".contains($0) } == true ? ["JH"] : ["G"]
            case "y": phones += index == 0 ? ["Y"] : index == letters.count - 1 ? ["IY"] : ["IH"]
            default:
                // A vowel, one consonant, then the final silent e: the long vowel.
                if let long = long[letter], index == letters.count - 3, letters.count > 3, letters.last == "e",
                    let next, !vowels.contains(next)
                {
                    phones += long
                } else {
                    phones += single[letter] ?? []
                }
            }
            index += 1
        }
        return phones
    }
}
