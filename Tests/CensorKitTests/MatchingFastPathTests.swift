import Foundation
import Testing

@testable import CensorKit
@testable import CensorMatching

/// The shortcuts of matching against their general forms: ASCII tokenizing and trimming
/// against the Unicode-property paths, the string table against a dictionary, and the
/// bucketed root globs against testing every glob.
@Suite struct MatchingFastPathTests {
    /// Deterministic strings over an alphabet, some empty.
    static func strings(count: Int, alphabet: [String], seed: UInt64) -> [String] {
        var state = seed
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        return (0..<count).map { _ in
            (0..<(next() % 9)).map { _ in alphabet[next() % alphabet.count] }.joined()
        }
    }

    static let asciiAlphabet = [
        "a", "Z", "0", "9", "-", "'", " ", "\t", "\r\n", "\n", "_", ".", ",", "*", "!", "\u{0B}", "\u{0C}", "\u{7F}",
        "\u{00}", "--", "Q-",
    ]

    @Test("ASCII words tokenize as the Unicode path tokenizes them")
    func asciiTokens() {
        for word in Self.strings(count: 5_000, alphabet: Self.asciiAlphabet, seed: 1)
            + (0..<128).map({ String(UnicodeScalar(UInt8($0))) })
        {
            let fast = asciiComparisonTokens(of: word)
            #expect(fast == unicodeComparisonTokens(of: word, foldingDiacritics: false), "\(word.debugDescription)")
            #expect(fast == unicodeComparisonTokens(of: word, foldingDiacritics: true), "\(word.debugDescription)")
        }
        #expect(asciiComparisonTokens(of: "café") == nil)
        #expect(comparisonTokens(of: " Mother-Fucking,", foldingDiacritics: false) == ["mother", "fucking"])
    }

    @Test("ASCII censor-list patterns tokenize as the Unicode path tokenizes them, globs included")
    func asciiPatternTokens() {
        let alphabet = Self.asciiAlphabet + ["?", "*a", "b?", "\u{1C}", "^", "|"]
        let patterns =
            Self.strings(count: 5_000, alphabet: alphabet, seed: 3)
            + (0..<128).map({ String(UnicodeScalar(UInt8($0))) })
            + ["hell*", "*shit*", "b?tch", "Piece-of-SHIT", "l'esquelet", "*-a-*", "?", "*", "!x"]
        for pattern in patterns {
            // A no-break space at the end is whitespace to both, and sends this one down the Unicode path.
            let unicode = PatternToken.tokens(of: pattern + "\u{A0}", foldingDiacritics: false)
            #expect(
                PatternToken.tokens(of: pattern, foldingDiacritics: false) == unicode, "\(pattern.debugDescription)")
            #expect(PatternToken.tokens(of: pattern, foldingDiacritics: true) == unicode, "\(pattern.debugDescription)")
        }
        #expect(
            PatternToken.tokens(of: " Piece-OF-sh*t ", foldingDiacritics: false)
                == [.literal("piece"), .literal("of"), .glob(Glob("sh*t"))])
    }

    @Test("ASCII text trims whitespace as Characters do")
    func asciiTrimming() {
        let alphabet = Self.asciiAlphabet + ["\u{1C}", "\u{1F}", "\u{85}", "\u{A0}", "é", "\u{301}"]
        for text in Self.strings(count: 5_000, alphabet: alphabet, seed: 2) {
            let expected: Substring
            if let first = text.firstIndex(where: { !$0.isWhitespace }),
                let last = text.lastIndex(where: { !$0.isWhitespace })
            {
                expected = text[first...last]
            } else {
                expected = text[text.endIndex...]
            }
            #expect(text.trimmingWhitespace == expected, "\(text.debugDescription)")
            let slice = text.dropFirst()
            #expect(String(slice.trimmingWhitespace) == String(String(slice).trimmingWhitespace))
        }
    }

    @Test("the string table numbers strings as a dictionary would")
    func textIDs() {
        var table = TextIDs()
        var reference: [String: Int32] = [:]
        let alphabet = ["a", "b", "é", "😀", "abcdefgh", "-", " "]
        for text in Self.strings(count: 20_000, alphabet: alphabet, seed: 3) {
            let id = table.id(of: text)
            #expect(id == reference[text])
            if id == nil {
                let added = table.add(text)
                #expect(added == Int32(reference.count))
                reference[text] = added
            }
        }
        #expect(table.count == reference.count)
        for (text, id) in reference { #expect(table.id(of: text) == id) }
        #expect(table.id(of: "not there at all, a long string") == nil)
        #expect(table.texts.count == reference.count)
    }

    @Test("bucketed globs find, for each word, the first listed glob that matches it")
    func globBuckets() {
        let stems = ["s", "sh", "shi", "shit", "shitt", "h", "a", "ab", "é", "éa"]
        var globs: [String] = []
        for stem in stems {
            globs += [stem + "*", "*" + stem, "*" + stem + "*", stem + "?", "?" + stem, stem + "*" + stem, stem + "?*"]
        }
        globs += ["*", "?", "??*", "*?", "s*t", "sh?t*", "*i*i*"]
        let list = CensorList(entries: globs)
        let words = Self.strings(count: 3_000, alphabet: ["s", "h", "i", "t", "a", "b", "é", "x"], seed: 4).filter {
            !$0.isEmpty
        }
        let transcript = Transcript(
            words: words.enumerated().map { Word(text: $1, start: Double($0), end: Double($0) + 0.5) },
            format: .whisperJSON)
        let matches = list.matches(in: transcript)
        var expected: [Int: String] = [:]
        for (index, word) in words.enumerated() {
            let scalars = Array(word.unicodeScalars)
            // `*`, `?` and the like have no letter and never match.
            let glob = globs.first { CensorList.Entry(parsing: $0).canMatch && Glob($0).matches(scalars) }
            if let glob { expected[index] = glob }
        }
        #expect(matches.count == expected.count)
        for match in matches {
            #expect(expected[match.wordIndices.lowerBound] == match.pattern, "\(words[match.wordIndices.lowerBound])")
        }
    }

    @Test("phrases through globs and literals take the longest entry, then the first listed")
    func phraseWalk() {
        let list = CensorList(
            entries: ["piece of s*", "piece of shit", "piece*", "p* of shit head", "of", "!of course", "piece of c*"])
        let transcript = Transcript(
            words: [
                " piece", " of", " shit", " head", " of", " course", " pieces", " of", " cake", " of", " piece", " of",
                " cake", " piece", " of", " shit",
            ].enumerated().map { Word(text: $1, start: Double($0), end: Double($0) + 0.5) }, format: .whisperJSON)
        let matches = list.matches(in: transcript)
        #expect(matches.map(\.pattern) == ["p* of shit head", "piece*", "of", "of", "piece of c*", "piece of s*"])
        #expect(matches.map(\.wordIndices) == [0..<4, 6..<7, 7..<8, 9..<10, 10..<13, 13..<16])
    }
}
