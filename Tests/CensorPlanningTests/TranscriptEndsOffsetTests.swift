import CensorTestSignals
import Foundation
import Testing

@testable import CensorPlanning

/// The transcript's offset fitted also on the audio before its first word and after its last:
/// the transcript says nothing is there, and in a clip of a few seconds those frames are most of
/// the evidence.
@Suite struct TranscriptEndsOffsetTests {
    static let rate = 16000

    /// 200 analysis frames (hop 80 samples, frames of 160): the floor for 10 frames, sound for
    /// 180, the floor for the last 10.
    static func analysis() -> EdgeRefiner.Analysis {
        var activity = [Float](repeating: 3, count: 200)
        for frame in 0..<10 { activity[frame] = 0 }
        for frame in 190..<200 { activity[frame] = 0 }
        return EdgeRefiner.Analysis(
            first: 0, last: 200 * 80 + 160, samples: 0..<(200 * 80 + 160), activity: activity,
            floors: [])
    }

    /// Two words from the centre of frame 34 (sample 2800) on, past the analysis's end: a
    /// transcript 24 frames (120 ms) late on sound that begins at frame 10.
    static let lateWords: [(Double, Double)] = [(2800, 9000), (9000, 20_000)]

    @Test(
        "with the transcript's first word among the words weighed, the frames before it are compared: 120 ms late is placed and sure"
    )
    func framesBeforeTheFirstWord() throws {
        let refiner = EdgeRefiner(sampleRate: Self.rate, window: 0.15)
        // Offsets of ±50 frames (the 150 ms window and 100 ms beyond); frames 0..<150 compared.
        let evidence = try #require(
            refiner.offsetEvidence(of: Self.lateWords, ends: (first: true, last: false), in: Self.analysis()))
        #expect(evidence.compared == 150)
        // Moved by s frames the first word begins at frame 34 + s; the sound at frame 10:
        // |24 + s| frames differ. Index 50 is the given times, index 26 is −24 frames.
        #expect(evidence.frames[50] == 126)
        #expect(evidence.frames[26] == 150)
        #expect(evidence.frames[0] == 140)
        // The first word's start meets the floor frames 1…9 (within 2 frames) at −34…−23 frames.
        #expect(evidence.agreement[26] == 158)
        #expect(evidence.agreement[25] == 157 && evidence.agreement[27] == 157)
        // Placed at −120 ms (−1920 samples), and sure: the frames alone gain 24 of 150 (16 %).
        #expect(evidence.offset == -1920)
        #expect(evidence.framesAlone.gain == 0.16)
        #expect(evidence.framesAlone.offsets == -1920 ... -1920)
    }

    @Test(
        "without the first word among them, only the frames every offset reads are compared: in sound without pauses the times stay"
    )
    func interiorFramesAlone() throws {
        let refiner = EdgeRefiner(sampleRate: Self.rate, window: 0.15)
        let evidence = try #require(
            refiner.offsetEvidence(of: Self.lateWords, ends: (first: false, last: false), in: Self.analysis()))
        // Frames 50..<150: sound, and a word there, at every offset up to +16 frames.
        #expect(evidence.compared == 100)
        #expect(evidence.frames[50] == 100 && evidence.frames[0] == 100)
        #expect(evidence.offset == 0)
        #expect(evidence.offsets == nil)
    }

    @Test(
        "a first word from the recording's start, or a last word to its end (within a frame), does not say where the speech begins or ends"
    )
    func stretchedEndsAreNotWeighed() {
        // 16 kHz: frames of 160 samples; a recording of 16,000 frames.
        let refiner = EdgeRefiner(sampleRate: Self.rate, window: 0.15)
        var context = EdgeRefiner.Context()
        context.nearbyFromFirst = true
        context.nearbyToLast = true
        #expect(refiner.ends(of: context, words: [(161, 4000), (6000, 15_839)], frameCount: 16000) == (true, true))
        #expect(refiner.ends(of: context, words: [(0, 4000), (6000, 16_000)], frameCount: 16000) == (false, false))
        #expect(refiner.ends(of: context, words: [(160, 4000), (6000, 15_840)], frameCount: 16000) == (false, false))
        // A last word moved past the recording's end by more than a frame: the transcript says
        // the speech goes on to there.
        #expect(refiner.ends(of: context, words: [(2000, 4000), (6000, 17_920)], frameCount: 16000) == (true, true))
        // Words that do not reach the transcript's first or last word.
        context.nearbyFromFirst = false
        context.nearbyToLast = false
        #expect(refiner.ends(of: context, words: [(2000, 4000), (6000, 12_000)], frameCount: 16000) == (false, false))
    }

    @Test("the planner weighs the ends only when the words around a match reach the transcript's first and last word")
    func contextReachesTheEnds() {
        let words = (0..<20).map { Word(text: "w\($0)", start: 0.1 + 0.3 * Double($0), end: 0.35 + 0.3 * Double($0)) }
        let planner = Planner(options: PlanOptions(), transcriptWords: words)
        func match(_ index: Int) -> Match {
            Match(
                wordIndices: index..<(index + 1), text: words[index].text, pattern: words[index].text,
                start: words[index].start,
                end: words[index].end)
        }
        // Six words each side by default.
        let early = planner.context(of: match(5)), middle = planner.context(of: match(10)),
            late = planner.context(of: match(14))
        #expect(early.nearbyFromFirst && !early.nearbyToLast)
        #expect(!middle.nearbyFromFirst && !middle.nearbyToLast)
        #expect(!late.nearbyFromFirst && late.nearbyToLast)
        // A first word whose time is estimated says nothing about where the speech begins.
        var estimated = words
        estimated[0].isTimeEstimated = true
        #expect(!Planner(options: PlanOptions(), transcriptWords: estimated).context(of: match(5)).nearbyFromFirst)
    }

    /// A clip of 1.2 s with four "words" (harmonic bursts of different pitch) without pauses
    /// between them, from 60 ms to 960 ms, as in a short recorded phrase; the quiet after it is
    /// the fifth of the clip the noise floor is judged from.
    static let clipWords = [(0.06, 0.30), (0.30, 0.50), (0.50, 0.62), (0.62, 0.96)]

    static func clip() -> [Float] {
        var samples = Signals.background(seconds: 1.2, sampleRate: rate, level: -50)
        for (index, word) in clipWords.enumerated() {
            Signals.addBurst(
                to: &samples, from: word.0, to: word.1, fundamental: [140, 200, 160, 230][index], sampleRate: rate)
        }
        return samples
    }

    @Test(
        "a phrase of 0.9 s without pauses from the clip's start, 120 ms late or early: placed from its ends, the censored word is wholly covered",
        arguments: [0.12, -0.12])
    func shortPhraseShifted(shift: Double) throws {
        let words = Self.clipWords.enumerated().map {
            Word(text: "w\($0.offset)", start: max(0, $0.element.0 + shift), end: $0.element.1 + shift)
        }
        let match = Match(wordIndices: 2..<3, text: "w2", pattern: "w2", start: words[2].start, end: words[2].end)
        let options = try PlanOptions(padBefore: 0, padAfter: 0, crossfade: 0.005, snapWindow: 0)
        var audio = InterleavedBuffer(samples: Self.clip(), channelCount: 1)
        let plan = try Planner(options: options, transcriptWords: words).plan(
            [match], sampleRate: Self.rate, audio: &audio)
        let span = try #require(plan.spans.first)
        let (start, end) = (Int(Self.clipWords[2].0 * 16000), Int(Self.clipWords[2].1 * 16000))
        // The whole word (the given times, 120 ms off, leave 120 ms of it out, and the neighbour's
        // given times stop the edge there) …
        #expect(span.start <= start && span.end >= end, "span \(span.start)..<\(span.end), word \(start)..<\(end)")
        // … and at most the 10 ms a conservative edge runs into a neighbour, and the fade.
        #expect(
            span.start >= start - 256 && span.end <= end + 256,
            "span \(span.start)..<\(span.end), word \(start)..<\(end)")
    }
}
