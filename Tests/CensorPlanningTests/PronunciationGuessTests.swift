import Foundation
import Testing

@testable import CensorPlanning

/// Pronunciations guessed for words the aligner's dictionary lacks (``PronunciationGuess``), from
/// a few entries of `cmudict-en-us.dict` as `pocketsphinx-en-us` ships them.
@Suite struct PronunciationGuessTests {
    /// Entries of the model's dictionary (first pronunciations), copied from it.
    static let dictionary = [
        "y'know": "Y AH N OW", "y": "W AY", "know": "N OW", "don't": "D OW N T", "do": "D UW",
        "align": "AH L AY N", "er": "ER", "ad": "AE D", "if": "IH F", "hot": "HH AA T", "dog": "D AO G",
        "dogs": "D AO G Z", "a": "AH", "show": "SH OW", "case": "K EY S", "they're": "DH EH R",
    ]

    static func guess(_ word: String) -> String? {
        PronunciationGuess.phones(for: word, lookup: { dictionary[$0] })
    }

    @Test("an apostrophe put back: yknow is y'know, dont is don't, theyre is they're")
    func apostrophe() {
        #expect(Self.guess("yknow") == "Y AH N OW")
        #expect(Self.guess("dont") == "D OW N T")
        #expect(Self.guess("theyre") == "DH EH R")
    }

    @Test("a compound of dictionary words of two letters or more: the fewest parts, the longest first part")
    func compound() {
        #expect(Self.guess("aligner") == "AH L AY N ER")
        #expect(Self.guess("hotdogs") == "HH AA T D AO G Z")
        #expect(Self.guess("showcasedog") == "SH OW K EY S D AO G")
        // "a" + "dog" would need a one-letter part (a letter's name in the dictionary): rules instead.
        #expect(Self.guess("adog") == "AE D AA G")
    }

    @Test("letter-to-sound rules for the rest: groups, the silent final e, soft c and g, doubled consonants")
    func rules() {
        #expect(Self.guess("blorft") == "B L AO R F T")
        #expect(Self.guess("zibe") == "Z AY B")
        #expect(Self.guess("knight") == "N AY T")
        #expect(Self.guess("cellphone") == "S EH L F OW N")
        #expect(Self.guess("gentle") == "JH EH N T AH L")
        #expect(Self.guess("yotta") == "Y AA T AE")
        #expect(Self.guess("nation") == "N AE SH AH N")
    }

    @Test("no guess without a vowel letter, nor for nothing")
    func none() {
        #expect(Self.guess("qzxvbrl") == nil)
        #expect(Self.guess("") == nil)
    }

    @Test("no guess for a word longer than 48 letters (a URL, letters glued together); 48 still guessed")
    func tooLong() {
        let longest = String(repeating: "bad", count: 16)
        #expect(PronunciationGuess.longestWord == 48)
        #expect(Self.guess(longest) == Array(repeating: "B AE D", count: 16).joined(separator: " "))
        #expect(Self.guess(longest + "a") == nil)
        #expect(Self.guess(String(repeating: "hotdog", count: 500)) == nil)
    }
}
