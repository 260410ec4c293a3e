import CensorTestTranscripts
import Foundation
import Testing

@testable import CensorKit

@Suite struct MatchingTests {
    /// A transcript of words with consecutive one-second slots.
    static func transcript(_ texts: [String]) -> Transcript {
        let words = texts.enumerated().map { index, text in
            Word(text: text, start: Double(index), end: Double(index) + 0.5)
        }
        return Transcript(words: words, format: .whisperJSON)
    }

    @Test(
        "normalizes case, width, apostrophes and surrounding punctuation",
        arguments: [
            (" Damn,", "damn"),
            ("DAMN", "damn"),
            ("Don’t!", "don't"),
            ("X-Rated.", "x-rated"),
            ("\"Hello\"", "hello"),
            ("…shit…", "shit"),
            ("«merde»", "merde"),
            ("ＤＡＭＮ", "damn"),
            ("ﬁne", "fine"),
            ("Straße", "strasse"),
            ("'cause", "cause"),
            (" -", ""),
            ("", ""),
        ])
    func normalizes(word: String, normalized: String) {
        #expect(normalizedWord(word) == normalized)
    }

    @Test("a word with punctuation and a leading space matches its plain entry")
    func damnMatches() throws {
        let transcript = Transcript(
            words: [
                Word(text: " Oh", start: 0.5, end: 1.0), Word(text: " Damn,", start: 1.2799999999999998, end: 1.63),
                Word(text: " that", start: 1.63, end: 1.9),
            ],
            format: .whisperJSON)
        let matches = CensorList(entries: ["damn"]).matches(in: transcript)
        #expect(
            matches == [Match(wordIndices: 1..<2, text: "Damn,", pattern: "damn", start: 1.2799999999999998, end: 1.63)]
        )
    }

    @Test("matches regardless of case in the list or the transcript")
    func caseInsensitive() {
        let matches = CensorList(entries: ["DAMN", "Hell"]).matches(
            in: Self.transcript(["damn", " HELL!", "Damnation"]))
        #expect(matches.map(\.wordIndices) == [0..<1, 1..<2])
        #expect(matches.map(\.pattern) == ["DAMN", "Hell"])
    }

    @Test("a phrase matches only consecutive words: its 'of' is censored, a lone 'of' is not")
    func phraseOnlyConsecutive() {
        let transcript = Self.transcript([
            " You", " piece", " of", " shit!", " Of", " course", " a", " piece", " of", " cake",
        ])
        let matches = CensorList(entries: ["piece of shit"]).matches(in: transcript)
        #expect(
            matches == [Match(wordIndices: 1..<4, text: "piece of shit!", pattern: "piece of shit", start: 1, end: 3.5)]
        )
    }

    @Test("a phrase interrupted by another word does not match")
    func interruptedPhrase() {
        #expect(
            CensorList(entries: ["piece of shit"]).matches(in: Self.transcript(["piece", "of", "the", "shit"])).isEmpty)
    }

    @Test("the longest entry starting at a word wins")
    func longestWins() {
        let list = CensorList(entries: ["piece", "piece of shit", "piece of"])
        let matches = list.matches(in: Self.transcript(["piece", "of", "shit", "piece", "of", "cake", "piece"]))
        #expect(matches.map(\.pattern) == ["piece of shit", "piece of", "piece"])
        #expect(matches.map(\.wordIndices) == [0..<3, 3..<5, 6..<7])
    }

    @Test("matches do not overlap: after a match the search continues after it")
    func nonOverlapping() {
        let matches = CensorList(entries: ["shit head", "head case"]).matches(
            in: Self.transcript(["shit", "head", "case"]))
        #expect(matches.map(\.text) == ["shit head"])
    }

    @Test("a phrase matches across a word that is only punctuation")
    func acrossPunctuation() {
        let matches = CensorList(entries: ["son of a bitch"]).matches(
            in: Self.transcript(["son", "of", "a", "—", "bitch"]))
        #expect(
            matches == [
                Match(wordIndices: 0..<5, text: "son of a — bitch", pattern: "son of a bitch", start: 0, end: 4.5)
            ])
    }

    @Test("an entry is compared in normalized form but reported as written")
    func patternAsWritten() {
        let matches = CensorList(entries: ["  Don’t  Go "]).matches(in: Self.transcript(["don't", "go."]))
        #expect(matches.map(\.pattern) == ["Don’t  Go"])
        #expect(matches.map(\.text) == ["don't go."])
    }

    @Test("of two entries with the same words the first one is reported")
    func duplicateEntries() {
        let matches = CensorList(entries: ["Damn", "damn!"]).matches(in: Self.transcript(["damn"]))
        #expect(matches.map(\.pattern) == ["Damn"])
    }

    @Test("an empty list or an entry with no letters matches nothing")
    func matchesNothing() {
        let transcript = Self.transcript(["!!!", "-", "damn"])
        #expect(CensorList(entries: []).matches(in: transcript).isEmpty)
        #expect(CensorList(entries: ["!!!", "-"]).matches(in: transcript).isEmpty)
    }

    @Test("censors a whisper transcript with a list file, end to end")
    func endToEnd() throws {
        let transcript = try Transcript(data: Data(TranscriptFixtures.whisperJSON.utf8), source: "talk.json")
        let list = try CensorList(
            text: "# house list\ndamn\npiece of shit\ndon't   # contractions too\nof\n", source: "words.txt")
        let matches = list.matches(in: transcript)
        #expect(matches.map(\.text) == ["Damn,", "piece of shit!", "Don’t -", "Of"])
        #expect(matches.map(\.pattern) == ["damn", "piece of shit", "don't", "of"])
        #expect(matches.map(\.wordIndices) == [0..<1, 4..<7, 7..<8, 9..<10])
        #expect(matches.map(\.start) == [1.2799999999999998, 3.72, 5.2, 6.6])
        // " Of course." has no word times: its words are spread over the segment, 6.6–8.0 s.
        #expect(matches.map(\.end) == [1.63, 4.7, 5.8, 6.6 + (8.0 - 6.6) * 2 / 9])
        #expect(matches.map(\.isTimeEstimated) == [false, false, false, true])
    }

    /// `b?tch` also catches a recognizer's masked `b*tch`: the audio still says the word.
    @Test(
        "globs are anchored to the whole word",
        arguments: [
            ("fuck*", ["fuck", "Fucking", "fucked-up", "motherfucker", "fuk"], [0, 1, 2]),
            ("*shit*", ["shit", "bullshit", "Shitty,", "shiitake", "mishit"], [0, 1, 2, 4]),
            ("b?tch", ["bitch", "b*tch", "BATCH", "botch", "bitches", "btch"], [0, 1, 2, 3]),
            ("hell*", ["hell", "hellish", "shell", "hello", "Hell's"], [0, 1, 3, 4]),
            ("*ass", ["ass", "badass", "assess", "class"], [0, 1, 3]),
        ])
    func globs(entry: String, words: [String], matched: [Int]) {
        let matches = CensorList(entries: [entry]).matches(in: Self.transcript(words))
        #expect(matches.map(\.wordIndices.lowerBound) == matched)
    }

    @Test("an exception protects words from every entry: hell* with !hello")
    func exceptions() {
        let list = CensorList(entries: ["hell*", "!hello", "hello there"])
        let matches = list.matches(in: Self.transcript(["hell", "hellish", "hello", "shell", "hello", "there"]))
        #expect(matches.map(\.text) == ["hell", "hellish"])
    }

    @Test("a phrase exception protects only that phrase")
    func phraseException() {
        let list = CensorList(entries: ["god*", "!god save the queen"])
        let matches = list.matches(in: Self.transcript(["god", "save", "the", "queen", "oh", "god"]))
        #expect(matches.map(\.wordIndices) == [5..<6])
    }

    @Test("a phrase matches across segment boundaries and glob tokens inside it")
    func phraseAcrossSegments() throws {
        let text =
            #"{"segments": [{"words": [{"word": " You", "start": 0, "end": 0.2}, {"word": " piece", "start": 0.2, "end": 0.5}, {"word": " of", "start": 0.5, "end": 0.6}]}, {"words": [{"word": " shitting", "start": 2.0, "end": 2.4}, {"word": " of", "start": 3.0, "end": 3.1}]}]}"#
        let transcript = try TranscriptText.read(text)
        let matches = CensorList(entries: ["piece of shit*"]).matches(in: transcript)
        #expect(
            matches == [
                Match(wordIndices: 1..<4, text: "piece of shitting", pattern: "piece of shit*", start: 0.2, end: 2.4)
            ])
    }

    @Test("whisper.cpp's sub-word tokens are one word by the time they are matched")
    func acrossTokenSplits() throws {
        let matches = CensorList(entries: ["damn"]).matches(
            in: try TranscriptText.read(TranscriptFixtures.whisperCppJSON))
        #expect(matches.map(\.text) == ["Damn,"])
    }

    @Test("a phrase or glob matches inside a hyphenated word, and the whole word is censored")
    func hyphenatedWords() {
        let transcript = Self.transcript(["a", "piece-of-shit", "son-of-a-bitch!", "x-rated"])
        let matches = CensorList(entries: ["piece of shit", "bitch*", "x-rated"]).matches(in: transcript)
        #expect(matches.map(\.wordIndices) == [1..<2, 2..<3, 3..<4])
        #expect(matches.map(\.pattern) == ["piece of shit", "bitch*", "x-rated"])
    }

    @Test("curly apostrophes, width and case match; diacritics only when folding")
    func foldsDiacritics() {
        let transcript = Self.transcript(["Don’t", "ＰＵＴＡＩＮ", "Pütain", "crème"])
        #expect(
            CensorList(entries: ["don't", "putain", "creme"]).matches(in: transcript).map(\.wordIndices.lowerBound) == [
                0, 1,
            ])
        let folding = CensorList(entries: ["don't", "putain", "creme"], foldingDiacritics: true)
        #expect(folding.matches(in: transcript).map(\.wordIndices.lowerBound) == [0, 1, 2, 3])
        #expect(normalizedWord("Crème", foldingDiacritics: true) == "creme")
    }

    @Test("a match carries the replacement, the lowest confidence, the speaker and estimated times")
    func carriesWordDetails() {
        let words = [
            Word(text: "piece", start: 0, end: 0.3, confidence: 0.9, speaker: "A"),
            Word(text: "of", start: 0.3, end: 0.4, confidence: 0.5, speaker: "A", isTimeEstimated: true),
            Word(text: "shit", start: 0.4, end: 0.8, speaker: "A"),
        ]
        let matches = CensorList(entries: ["piece of shit|p**** of s***"]).matches(
            in: Transcript(words: words, format: .srt))
        #expect(
            matches == [
                Match(
                    wordIndices: 0..<3, text: "piece of shit", pattern: "piece of shit", start: 0, end: 0.8,
                    replacement: "p**** of s***", confidence: 0.5, speaker: "A", isTimeEstimated: true)
            ])
    }

    @Test("the default list censors the usual words and spares their innocent neighbours")
    func defaultList() {
        let words = [
            "Fucking", "Scunthorpe", "bullshit", "cocktail", "mishit", "shell", "son", "of", "a", "bitch", "assess",
            "Dickens", "class", "hello",
        ]
        let matches = CensorList.defaultEnglish.matches(in: Self.transcript(words))
        #expect(matches.map(\.text) == ["Fucking", "bullshit", "son of a bitch"])
    }

    @Test("matching is linear: a long transcript against many entries finds every planted word")
    func manyEntries() {
        var entries = (0..<2_000).map { "word\($0)" }
        entries += (0..<200).map { "glob\($0)*" } + (0..<200).map { "phrase \($0) end" }
        entries.append("!word7")
        let texts = (0..<50_000).map { index in
            switch index % 1000 {
            case 0: "word\(index / 1000)"
            case 1: "glob\(index / 1000)ish"
            case 2: "word7"
            default: "filler\(index % 97)"
            }
        }
        let matches = CensorList(entries: entries).matches(in: Self.transcript(texts))
        #expect(matches.count == 50 + 50 - 1)
        #expect(!matches.contains { $0.text == "word7" })
    }
}
