import Testing

@testable import CensorKit

/// A subtitle stream's own cues censored in place.
@Suite struct SubtitleCueCensorTests {
    static let list = CensorList(entries: ["piece of crap|junk", "damn", "hell*"])

    @Test("words masked in place: lines, spacing, punctuation and markup kept; a phrase with a replacement replaced")
    func cueText() {
        let censor = { (text: String) in CensoredSubtitles.censorCueText(text, list: Self.list, mask: .grawlix) }
        #expect(censor("Well, damn,  you\r\nfool!") == "Well, d***,  you\r\nfool!")
        #expect(censor("<i>Damn</i> it, {\\an8}hellish") == "<i>D***</i> it, {\\an8}h******")
        #expect(censor("what a piece of crap!") == "what a junk!")
        #expect(censor("  nothing to see ") == "  nothing to see ")
        #expect(CensoredSubtitles.censorCueText("damn", list: Self.list, mask: .stars) == "****")
    }

    @Test("a SubRip file: numbers, times and blank lines kept, only the cues' text censored")
    func subRip() {
        let srt =
            "1\n00:00:00,500 --> 00:00:01,200\nWell, damn\r\nyou\n\n2\n00:00:01,300 --> 00:00:02,000\n00:00 damn\n\n"
        let censored = CensoredSubtitles.censorSubRip(srt) {
            CensoredSubtitles.censorCueText($0, list: Self.list, mask: .stars)
        }
        #expect(
            censored
                == "1\n00:00:00,500 --> 00:00:01,200\nWell, ****\r\nyou\n\n2\n00:00:01,300 --> 00:00:02,000\n00:00 ****\n\n"
        )
    }
}
