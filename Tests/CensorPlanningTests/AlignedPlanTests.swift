import CensorTestFiles
import Foundation
import Testing

@testable import CensorPlanning

/// The planner with ``PlanOptions/align``: estimated word times (spread evenly over the recording,
/// as censor spreads a segment's words over it) replaced by the aligner's, on the espeak-ng sentence of
/// ``SpokenSentence`` whose true word times are known.
@Suite struct AlignedPlanTests {
    /// The sentence, its true times, and transcript words spread evenly over it, marked estimated.
    static func fixture() throws -> (audio: InterleavedBuffer, truth: [(start: Double, end: Double)], words: [Word]) {
        let (samples, truth) = try SpokenSentence.sentence(SpokenSentence.words)
        // The segment runs over the whole recording, its silence before and after included, as
        // recognizers' segments often do.
        let first = 0.0, last = Double(samples.count) / Double(SpokenSentence.rate)
        let share = (last - first) / Double(truth.count)
        let words = SpokenSentence.words.enumerated().map { index, text in
            Word(
                text: text, start: first + Double(index) * share, end: first + Double(index + 1) * share,
                isTimeEstimated: true)
        }
        return (InterleavedBuffer(samples: samples, channelCount: 1), truth, words)
    }

    static func plan(_ align: WordAlignment, model: String = WordAligner.defaultModel, estimated: Bool = true) throws
        -> (Plan, [(start: Double, end: Double)], [Word])
    {
        var (audio, truth, words) = try fixture()
        if !estimated { for index in words.indices { words[index].isTimeEstimated = false } }
        let options = try PlanOptions(refine: false, align: align, alignModel: model)
        let matches = [SpokenSentence.match(words, 3), SpokenSentence.match(words, 6)]
        let plan = try Planner(options: options, transcriptWords: words).plan(
            matches, sampleRate: SpokenSentence.rate, audio: &audio)
        return (plan, truth, words)
    }

    /// Expects the plan's two spans, of words 3 and 6, at the aligner's times: each refined edge,
    /// less the margin added to aligned times, within 60 ms of the word's true edge.
    static func expectAligned(_ plan: Plan, truth: [(start: Double, end: Double)], words: [Word]) throws {
        try #require(plan.spans.count == 2)
        let margin = Planner.alignedMargin
        for (span, index) in zip(plan.spans, [3, 6]) {
            let start = try #require(span.refinedStart), end = try #require(span.refinedEnd)
            #expect(
                abs(start + margin - truth[index].start) <= 0.06,
                "\(words[index].text) start \(start) vs \(truth[index].start)")
            #expect(
                abs(end - margin - truth[index].end) <= 0.06, "\(words[index].text) end \(end) vs \(truth[index].end)")
        }
    }

    @Test(
        "auto: estimated matches get the aligner's times (within 60 ms of the true edges) instead of the estimate and its margin"
    )
    func estimatedMatchesAreAligned() throws {
        let (plan, truth, words) = try Self.plan(.auto)
        try Self.expectAligned(plan, truth: truth, words: words)
        // The estimates were off by far more: "garden" ends 97 ms late, "tomorrow" starts 148 ms
        // and ends 253 ms late.
        #expect(words[3].end - truth[3].end > 0.09)
        #expect(words[6].start - truth[6].start > 0.14)
        #expect(words[6].end - truth[6].end > 0.25)
    }

    @Test("auto leaves matches with given times alone: the plan equals the one without alignment")
    func givenTimesAreKept() throws {
        let auto = try Self.plan(.auto, estimated: false).0, off = try Self.plan(.off, estimated: false).0
        #expect(
            auto.spans.map(\.span) == off.spans.map(\.span)
                && auto.spans.map(\.refinedStart) == off.spans.map(\.refinedStart))
        // Refinement is off here, so the times were not judged: each span says so.
        #expect(auto.spans.flatMap(\.alignment) == [.notJudged, .notJudged])
    }

    @Test("pocketsphinx aligns matches with given times too")
    func everyMatchWithPocketSphinx() throws {
        let (aligned, truth, _) = try Self.plan(.pocketsphinx, estimated: false)
        let start = try #require(aligned.spans.first?.refinedStart)
        #expect(abs(start - truth[3].start) <= 0.06)
    }

    @Test("a neighbour the dictionary lacks: the window stops before it and the match is still aligned (within 60 ms)")
    func unknownNeighbour() throws {
        var (audio, truth, words) = try Self.fixture()
        // "the" (before "garden") and "evening" (after "tomorrow") become words PocketSphinx lacks:
        // with them in the window, neither match was aligned and both kept the estimate.
        words[2].text = "qzxvbrl"
        words[7].text = "zzkrt"
        let options = try PlanOptions(refine: false, align: .auto)
        let plan = try Planner(options: options, transcriptWords: words)
            .plan(
                [SpokenSentence.match(words, 3), SpokenSentence.match(words, 6)], sampleRate: SpokenSentence.rate,
                audio: &audio)
        try Self.expectAligned(plan, truth: truth, words: words)
    }

    /// The plan with `.pocketsphinx` and refinement off of matches of words 3 and 6 when the
    /// transcript gives every word its true times but those `changed`.
    static func planWithTrueTimes(
        _ changed: [Int: (start: Double, end: Double)], strategy: RefineStrategy = .conservative
    ) throws -> (plan: Plan, truth: [(start: Double, end: Double)], words: [Word]) {
        var (audio, truth, words) = try fixture()
        for index in words.indices {
            let times = changed[index] ?? truth[index]
            words[index] = Word(text: words[index].text, start: times.start, end: times.end)
        }
        let options = try PlanOptions(refine: false, refineStrategy: strategy, align: .pocketsphinx)
        let plan = try Planner(options: options, transcriptWords: words)
            .plan(
                [SpokenSentence.match(words, 3), SpokenSentence.match(words, 6)], sampleRate: SpokenSentence.rate,
                audio: &audio)
        return (plan, truth, words)
    }

    /// A span's times: the refined ones, or the transcript's where they are cleared as equal.
    static func times(of span: PlannedSpan) throws -> (start: Double, end: Double) {
        let match = try #require(span.matches.first)
        return (span.refinedStart ?? match.start, span.refinedEnd ?? match.end)
    }

    @Test(
        "true transcript times: ends the aligner places up to 40 ms early stay the given ends exactly; starts lie outside the given ones, by the aligner's alone when it agrees"
    )
    func agreeingTimesKeepTheTranscripts() throws {
        let (plan, truth, _) = try Self.planWithTrueTimes([:])
        try #require(plan.spans.count == 2)
        let garden = try Self.times(of: plan.spans[0]), tomorrow = try Self.times(of: plan.spans[1])
        // Both ends aligned 0–40 ms early: the given ends, where the aligned end plus 30 ms was
        // censored before.
        #expect(garden.end == truth[3].end)
        #expect(tomorrow.end == truth[6].end)
        // "garden" aligned 21 ms early: that start, without the margin.
        #expect(garden.start < truth[3].start && garden.start >= truth[3].start - Planner.alignedAgreement)
        // "tomorrow" aligned 46 ms early: more than 40 ms, so its start less the 30 ms margin.
        #expect(
            tomorrow.start < truth[6].start - Planner.alignedAgreement - Planner.alignedMargin
                && tomorrow.start >= truth[6].start - 0.1)
    }

    @Test(
        "a word the transcript times over it and the two words after: the aligned word is shorter than half, the given times are censored whole"
    )
    func tooShortKeepsTheGivenTimes() throws {
        let (_, truth, _) = try Self.fixture()
        // "garden" given from its start to the end of "starts" (three words, ~1 s).
        let (plan, _, _) = try Self.planWithTrueTimes([3: (truth[3].start, truth[5].end)])
        let times = try Self.times(of: try #require(plan.spans.first))
        #expect(times.end == truth[5].end)
        #expect(times.start <= truth[3].start && times.start >= truth[3].start - Planner.alignedAgreement)
    }

    @Test(
        "a word the transcript places 0.3 s past where it is spoken: the aligner finds it elsewhere and is not trusted, the given times are kept, widened by 30 ms"
    )
    func farFromTheTranscriptKeepsTheGivenTimes() throws {
        let (_, truth, _) = try Self.fixture()
        // "tomorrow" given 0.3 s late, past "evening"'s start: the aligner still finds it where
        // it is spoken, 0.3 s from the given times (more than 0.25 s apart). The transcript's few
        // aligned words do not vouch for its times, so the given ones are widened by the margin.
        let late = (start: truth[6].end + 0.3, end: truth[6].end + 0.3 + (truth[6].end - truth[6].start))
        let (plan, _, _) = try Self.planWithTrueTimes([6: late])
        try #require(plan.spans.count == 2)
        let times = try Self.times(of: plan.spans[1])
        #expect(abs(times.start - (late.start - Planner.alignedMargin)) < 1e-9, "start \(times.start)")
        #expect(abs(times.end - (late.end + Planner.alignedMargin)) < 1e-9, "end \(times.end)")
    }

    @Test("--refine aggressive: times off on every edge, the aligned words are censored over their given times as well")
    func aggressiveKeepsTheGivenTimes() throws {
        let (_, truth, _) = try Self.fixture()
        // Every word 80 ms off, half of them late and half early (no offset as a whole): the
        // transcript does not vouch for its times, and "garden" and "tomorrow" are given 80 ms late.
        var jittered: [Int: (start: Double, end: Double)] = [:]
        for (index, word) in truth.enumerated() {
            let shift = [1, 3, 4, 6].contains(index) ? 0.08 : -0.08
            jittered[index] = (word.start + shift, word.end + shift)
        }
        let (conservative, _, words) = try Self.planWithTrueTimes(jittered)
        let (aggressive, _, _) = try Self.planWithTrueTimes(jittered, strategy: .aggressive)
        try #require(conservative.spans.count == 2 && aggressive.spans.count == 2)
        for (index, (kept, widened)) in zip([3, 6], zip(conservative.spans, aggressive.spans)) {
            let (before, after) = (try Self.times(of: kept), try Self.times(of: widened))
            // The aligner's start, 80 ms before the given one: kept by both.
            #expect(
                after.start == before.start && before.start < words[index].start - 0.04,
                "\(words[index].text) start \(before.start)")
            // The aligner's end plus its margin falls short of the given end; aggressive keeps that.
            #expect(
                before.end < words[index].end, "\(words[index].text) end \(before.end) vs given \(words[index].end)")
            #expect(after.end == words[index].end)
        }
    }

    @Test(
        "neighbours the audio does not hold (noise where the transcript puts them): the window is narrowed until the word aligns, and the given times are censored with it"
    )
    func narrowedWindow() throws {
        // "garden party" spoken at 1.5 s in low noise; the transcript puts "please remember the"
        // before it and "starts tomorrow" after it, over noise alone, and "garden" 120 ms late.
        let rate = SpokenSentence.rate
        var seed: UInt32 = 12_345
        var samples = (0..<(4 * rate)).map { _ in
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return Float(Int(seed >> 16) - 32_768) / 3_276_800
        }
        let (speech, spoken) = try SpokenSentence.sentence(["garden", "party"])
        let offset = Int(1.2 * Double(rate))
        for (index, sample) in speech.enumerated() { samples[offset + index] += sample }
        let truth = spoken.map { (start: $0.start + 1.2, end: $0.end + 1.2) }
        let texts = ["please", "remember", "the", "garden", "party", "starts", "tomorrow"]
        let times = [
            (0.2, 0.6), (0.65, 1.1), (1.15, 1.45), (truth[0].start + 0.12, truth[0].end + 0.12),
            (truth[1].start, truth[1].end), (truth[1].end + 0.3, truth[1].end + 0.7),
            (truth[1].end + 0.75, truth[1].end + 1.3),
        ]
        let words = zip(texts, times).map { Word(text: $0, start: $1.0, end: $1.1) }
        var audio = InterleavedBuffer(samples: samples, channelCount: 1)
        let planner = Planner(options: try PlanOptions(refine: false, align: .pocketsphinx), transcriptWords: words)
        let plan = try planner.plan([SpokenSentence.match(words, 3)], sampleRate: rate, audio: &audio)
        let censored = try Self.times(of: try #require(plan.spans.first))
        // Aligned only in the window of "garden" alone (three neighbours and one find no path in
        // the noise): the span starts where "garden" does (1.44 s for 1.50 s), not at the given
        // 1.62 s, and covers the given end too.
        #expect(censored.start <= truth[0].start && censored.start >= truth[0].start - 0.1)
        #expect(censored.end >= words[3].end)
    }

    @Test("without the model, auto plans as if alignment were off; pocketsphinx is an error")
    func missingModel() throws {
        let auto = try Self.plan(.auto, model: "/nonexistent").0, off = try Self.plan(.off).0
        #expect(
            auto.spans.map(\.span) == off.spans.map(\.span)
                && auto.spans.map(\.refinedStart) == off.spans.map(\.refinedStart))
        #expect(auto.spans.flatMap(\.alignment) == [.noModel, .noModel])
        let error = #expect(throws: AlignmentError.self) { try Self.plan(.pocketsphinx, model: "/nonexistent") }
        #expect(error == .modelMissing(path: "/nonexistent/en-us/mdef"))
    }

    @Test("a match lasting longer than the longest window is not decoded: it keeps its times, as without alignment")
    func overlongMatchIsNotAligned() throws {
        let (audio, _, fixtureWords) = try Self.fixture()
        // The recording followed by 12 s of silence; "tomorrow" the last word, given from its
        // estimated start to the file's end (what a transcript with one long "word" says).
        let rate = Double(SpokenSentence.rate)
        let long = InterleavedBuffer(
            samples: audio.samples + [Float](repeating: 0, count: 12 * SpokenSentence.rate), channelCount: 1)
        var words = Array(fixtureWords[..<7])
        words[6].end = Double(long.frameCount) / rate
        #expect(words[6].end - words[6].start > Planner.alignmentLongestWindow)
        func plan(_ align: WordAlignment) throws -> Plan {
            let options = try PlanOptions(refine: false, align: align)
            var audio = long
            return try Planner(options: options, transcriptWords: words).plan(
                [SpokenSentence.match(words, 6)], sampleRate: SpokenSentence.rate, audio: &audio)
        }
        let aligned = try plan(.pocketsphinx), off = try plan(.off)
        #expect(
            aligned.spans.map(\.span) == off.spans.map(\.span)
                && aligned.spans.map(\.refinedEnd) == off.spans.map(\.refinedEnd))
        #expect(aligned.spans.flatMap(\.alignment) == [.tooLong])
    }
}
