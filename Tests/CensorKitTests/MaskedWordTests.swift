import Foundation
import Testing

@testable import CensorKit
@testable import CensorMatching

/// Words a recognizer's profanity filter masked, matched against censor lists.
@Suite struct MaskedWordTests {
    /// Words with consecutive one-second slots.
    static func words(_ texts: [String]) -> [Word] {
        texts.enumerated().map { Word(text: $1, start: Double($0), end: Double($0) + 0.5) }
    }

    /// The matched words' texts and patterns.
    static func matched(_ texts: [String], _ entries: [String]) -> [String] {
        let words = words(texts)
        return CensorList(entries: entries).matches(in: words).map { "\($0.text)=\($0.pattern)" }
    }

    /// AssemblyAI's `filter_profanity` sentence, as its guide "Filter profanity from your
    /// transcript" (docs.assemblyai.com) prints it: "It was some tough s*** that they had to go
    /// through. But they did it; I mean, it blows my f****** mind every time I hear the story."
    static let assemblyAI =
        "It was some tough s*** that they had to go through. But they did it; I mean, it blows my f****** mind every time I hear the story."
        .split(separator: " ").map(String.init)

    @Test("AssemblyAI's masked words match the default list by their first letter and length")
    func assemblyAIDefaultList() {
        #expect(Self.matched(Self.assemblyAI, CensorList.defaultEnglishEntries) == ["s***=*shit*", "f******=*fuck*"])
    }

    @Test("a masked word matches only entries some word of its letters and length could be")
    func lettersAndLength() {
        // s*** is four letters starting with s: shit, not damn, not shite (five).
        #expect(Self.matched(Self.assemblyAI, ["damn"]) == [])
        #expect(Self.matched(Self.assemblyAI, ["shite"]) == [])
        #expect(Self.matched(Self.assemblyAI, ["damn", "shit"]) == ["s***=shit"])
        // f****** is seven letters starting with f: fucking, not fuck, not fucker.
        #expect(Self.matched(Self.assemblyAI, ["fuck", "fucker", "fucking"]) == ["f******=fucking"])
        #expect(Self.matched(Self.assemblyAI, ["f?ck*"]) == ["f******=f?ck*"])
        #expect(Self.matched(Self.assemblyAI, ["*cking"]) == ["f******=*cking"])
        #expect(Self.matched(Self.assemblyAI, ["*ing"]) == ["s***=*ing", "f******=*ing"])
        #expect(Self.matched(Self.assemblyAI, ["fuck?"]) == [])
        // Letters shown inside the mask count too: AssemblyAI's streaming guide masks
        // motherfucker as m***********; the issue's Motherf***er shows more.
        #expect(
            Self.matched(["Motherf***er", "m***********", "s***'s"], ["motherfucker", "shit"])
                == ["Motherf***er=motherfucker", "m***********=motherfucker", "s***'s=shit"])
        #expect(Self.matched(["Motherf***er"], ["motherfuckers", "mothersucker"]) == [])
    }

    /// Deepgram's `profanity_filter` transcript, as its "Profanity Filtering" page
    /// (developers.deepgram.com/docs/profanity-filter) prints it: every letter hidden.
    static let deepgram =
        "it's a test of profanity filtering **** **** ******* **** you ******* **** *** **** you that's the end of the test"
        .split(separator: " ").map(String.init)

    @Test("Deepgram's fully masked words match listed words of their length, in phrases too")
    func deepgramFullMasks() {
        #expect(
            Self.matched(Self.deepgram, CensorList.defaultEnglishEntries).map { $0.split(separator: "=")[0] }
                == ["****", "****", "*******", "****", "*******", "****", "***", "****"])
        #expect(
            Self.matched(Self.deepgram, ["damn"]) == ["****=damn", "****=damn", "****=damn", "****=damn", "****=damn"])
        #expect(Self.matched(Self.deepgram, ["asshole"]) == ["*******=asshole", "*******=asshole"])
        // *** is any three letters, "you" among them.
        #expect(
            Self.matched(Self.deepgram, ["fuck you"]) == [
                "**** you=fuck you", "**** ***=fuck you", "**** you=fuck you",
            ])
        #expect(Self.matched(Self.deepgram, ["bullshit"]) == [])
        #expect(Self.matched(Self.deepgram, ["filtering"]) == ["filtering=filtering"])
    }

    @Test("YouTube's [ __ ] hides the length too, so it matches any entry, alone or split at its spaces")
    func youTubeMask() {
        // YouTube writes the brackets around no-break spaces.
        #expect(
            Self.matched(["she", "heals", "more", "than", "[\u{A0}__\u{A0}]", "window"], ["damn"]) == [
                "[\u{A0}__\u{A0}]=damn"
            ])
        #expect(Self.matched(["than", "[", "__", "]", "window"], ["shit", "damn"]) == ["__=shit"])
        #expect(
            Self.matched(["son", "of", "a", "[", "__", "]"], ["son of a bitch"]) == ["son of a [ __=son of a bitch"])
        #expect(Self.matched(["[", "__", "]"], ["!hello"]) == [])
        // Underscores in a word are no mask, nor is a lone underscore or star, nor a star at a
        // word's end (a footnote mark).
        #expect(
            Self.matched(["snake_case", "_", "*", "note*", "*note"], ["damn", "note"]) == ["note*=note", "*note=note"])
        #expect(Self.matched(["f*ck"], ["fuck"]) == ["f*ck=fuck"])
    }

    @Test("an exception never protects a masked word: the recognizer hid what the word was")
    func exceptionsDoNotProtectMasks() {
        #expect(Self.matched(["s***", "mishit"], CensorList.defaultEnglishEntries) == ["s***=*shit*"])
        #expect(Self.matched(["[ __ ]"], ["*shit*", "!s*"]) == ["[ __ ]=*shit*"])
    }

    @Test("a backslash makes * and ? literal in an entry: s\\*\\*\\* matches the text s*** only")
    func escapedWildcards() {
        #expect(PatternToken.tokens(of: #"s\*\*\*"#, foldingDiacritics: false) == [.literal("s***")])
        #expect(
            PatternToken.tokens(of: #"F\*\*k* now\?"#, foldingDiacritics: false)
                == [.glob(Glob(#"f\*\*k*"#)), .literal("now?")])
        #expect(PatternToken.tokens(of: #"\*\*\*\*"#, foldingDiacritics: false) == [.literal("****")])
        #expect(CensorList.Entry(parsing: #"\*"#).canMatch)
        #expect(!CensorList.Entry(parsing: "*").canMatch)
        #expect(Self.matched(["s***", "shit", "s**t"], [#"s\*\*\*"#]) == ["s***=s\\*\\*\\*"])
        #expect(Self.matched(["f**k", "f**king", "fuck"], [#"f\*\*k*"#]) == ["f**k=f\\*\\*k*", "f**king=f\\*\\*k*"])
        #expect(Glob(#"a\?"#).matches(Array("a?".unicodeScalars)))
        #expect(!Glob(#"a\?"#).matches(Array("ab".unicodeScalars)))
    }

    @Test("a glob and a mask intersect exactly when some word matches both")
    func globIntersection() {
        let mask = MaskedWord(token: "s***")!
        #expect(mask.admits(Glob("*shit*")))
        #expect(mask.admits(Glob("s*")))
        #expect(mask.admits(Glob("*t")))
        #expect(!mask.admits(Glob("*shite*")))
        #expect(!mask.admits(Glob("t*")))
        #expect(!mask.admits(Glob("?????*")))
        #expect(mask.admits(Glob("????*")))
        #expect(MaskedWord(token: "__")!.admits(Glob("zz?*zz")))
        #expect(MaskedWord(token: "shit") == nil)
    }

    @Test("a transcript counts its masked words")
    func counting() {
        let transcript = Transcript(
            words: Self.words(Self.assemblyAI + Self.deepgram + ["[\u{A0}__\u{A0}]"]), format: .assemblyAI)
        #expect(transcript.maskedWordIndices == [4, 20, 34, 35, 36, 37, 39, 40, 41, 42, 50])
    }
}
