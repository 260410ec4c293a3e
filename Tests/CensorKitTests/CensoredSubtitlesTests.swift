import CensorKit
import Testing

/// Censored subtitles: masking, cue grouping, SubRip and WebVTT text.
@Suite struct CensoredSubtitlesTests {
    static func transcript(_ words: [(String, Double, Double)]) -> Transcript {
        Transcript(words: words.map { Word(text: $0.0, start: $0.1, end: $0.2) }, format: .jsonWords)
    }

    @Test("mask styles keep the punctuation around a word")
    func masks() {
        #expect(MaskStyle.grawlix.mask("Damn,") == "D***,")
        #expect(MaskStyle.stars.mask("\"shit!\"") == "\"****!\"")
        #expect(MaskStyle.symbols.mask("fuck") == "#$@&")
        #expect(MaskStyle.grawlix.mask("...") == "...")
    }

    @Test("censored words are masked or replaced; a phrase with a replacement is one word")
    func masking() {
        let transcript = Self.transcript([
            (" What", 0, 0.2), (" a", 0.25, 0.3), (" piece", 0.35, 0.6), (" of", 0.6, 0.7),
            (" crap.", 0.7, 1.0), (" Damn", 1.1, 1.3), (" it.", 1.3, 1.5),
        ])
        let list = CensorList(entries: ["piece of crap|junk", "damn"])
        let subtitles = CensoredSubtitles(transcript: transcript, matches: list.matches(in: transcript), mask: .grawlix)
        #expect(subtitles.words.map(\.text) == ["What", "a", "junk.", "D***", "it."])
        #expect(subtitles.words.map(\.isCensored) == [false, false, true, true, false])
        #expect(subtitles.words[2].start == 0.35 && subtitles.words[2].end == 1.0)
        #expect(
            subtitles.srt
                == "1\n00:00:00,000 --> 00:00:01,000\nWhat a junk.\n\n2\n00:00:01,100 --> 00:00:01,500\nD*** it.\n")
        #expect(
            subtitles.webVTT
                == "WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nWhat a junk.\n\n00:00:01.100 --> 00:00:01.500\nD*** it.\n")
    }

    @Test("cues hold at most the given characters and break at pauses, sentence ends and half-full clauses")
    func grouping() {
        // Nine words of 5 letters, 0.3 s apart, then a pause of 0.8 s.
        var words: [(String, Double, Double)] = (0..<9).map { ("word\($0)", Double($0) * 0.3, Double($0) * 0.3 + 0.25) }
        words += [("after", 3.5, 3.8), ("pause,", 3.8, 4.0), ("then", 4.1, 4.3), ("more", 4.3, 4.5)]
        let subtitles = CensoredSubtitles(transcript: Self.transcript(words), matches: [], maxCharacters: 20)
        #expect(
            subtitles.cues.map(\.text) == [
                "word0 word1 word2", "word3 word4 word5", "word6 word7 word8",
                "after pause,", "then more",
            ])
        #expect(subtitles.cues.allSatisfy { $0.text.count <= 20 })
        #expect(subtitles.cues[2].end == 8 * 0.3 + 0.25 && subtitles.cues[3].start == 3.5)
        let sentences = CensoredSubtitles(
            transcript: Self.transcript([("Yes.", 0, 0.2), ("No", 0.25, 0.4), ("way,", 0.45, 0.6), ("sure", 0.65, 0.8)]
            ),
            matches: [], maxCharacters: 8)
        #expect(sentences.cues.map(\.text) == ["Yes.", "No way,", "sure"])
        let long = CensoredSubtitles(
            transcript: Self.transcript([("incomprehensibilities", 0, 1)]), matches: [],
            maxCharacters: 10)
        #expect(long.cues.map(\.text) == ["incomprehensibilities"], "a longer word is a cue of its own")
    }
}
