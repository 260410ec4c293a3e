import CensorTestFiles
import Testing

@testable import CensorPlanning

/// The aligner is US English: a ``PlanOptions/language`` it does not speak turns it off, whatever
/// ``PlanOptions/align`` says, and every span says why.
@Suite struct AlignmentLanguageTests {
    @Test(
        "language codes the aligner speaks: English in any spelling recognizers write",
        arguments: [
            ("en", true), ("en-US", true), ("en_us", true), ("EN-gb", true), ("eng", true), ("English", true),
            ("fr", false), ("fr-FR", false), ("it_it", false), ("deu", false), ("enm", false), ("", false),
        ])
    func speaks(code: String, english: Bool) {
        #expect(WordAligner.speaks(code) == english)
    }

    /// The plan of the estimated matches of ``AlignedPlanTests`` with `align` and `language`.
    static func plan(_ align: WordAlignment, language: String?) throws -> Plan {
        var (audio, _, words) = try AlignedPlanTests.fixture()
        var options = try PlanOptions(refine: false, align: align)
        options.language = language
        let matches = [SpokenSentence.match(words, 3), SpokenSentence.match(words, 6)]
        return try Planner(options: options, transcriptWords: words).plan(
            matches, sampleRate: SpokenSentence.rate, audio: &audio)
    }

    @Test("French: nothing is aligned, with pocketsphinx or auto; the plan is the one with alignment off, and says why")
    func otherLanguageSkipsTheAligner() throws {
        let off = try Self.plan(.off, language: nil)
        #expect(off.spans.allSatisfy { $0.alignment.isEmpty })
        for align in [WordAlignment.pocketsphinx, .auto] {
            let french = try Self.plan(align, language: "fr")
            #expect(french.spans.map(\.span) == off.spans.map(\.span))
            #expect(french.spans.map(\.refinedStart) == off.spans.map(\.refinedStart))
            #expect(french.spans.flatMap(\.alignment) == [.language("fr"), .language("fr")])
            #expect(french.timesFit == nil)
        }
        #expect(
            AlignmentReason.language("fr").description == "not aligned: language fr (the aligner speaks English only)")
    }

    @Test("English, as a transcript names it: the estimated matches are aligned as without a language")
    func englishAligns() throws {
        let english = try Self.plan(.auto, language: "en_us")
        #expect(english.spans.flatMap(\.alignment) == [.aligned, .aligned])
        #expect(english.spans.map(\.span) == (try Self.plan(.auto, language: nil)).spans.map(\.span))
        #expect(english.spans.map(\.span) != (try Self.plan(.off, language: nil)).spans.map(\.span))
    }
}
