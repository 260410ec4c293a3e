import Foundation
import Testing

@testable import CensorPlanning

/// How the planner weighs the aligner's times against the transcript's
/// (``Planner/censoredTimes(aligned:given:offset:fellBack:vouches:abutted:neighbours:keepsGiven:)``): agreeing edges
/// keep the transcript's (or, moved by its offset as a whole, with a decoder frame's margin), an
/// aligned word far from its given times is not trusted, one too short for its given times or
/// from a narrowed window, or of a transcript that vouches for its times, is censored with them;
/// such a transcript's neighbouring words bound the aligned edges that run past its own.
@Suite struct AlignedTimesCheckTests {
    static func given(_ start: Double, _ end: Double, estimated: Bool = false) -> Match {
        Match(wordIndices: 0..<1, text: "word", pattern: "word", start: start, end: end, isTimeEstimated: estimated)
    }

    static func expect(_ times: (start: Double, end: Double)?, _ start: Double, _ end: Double) throws {
        let times = try #require(times)
        #expect(abs(times.start - start) < 1e-9, "start \(times.start), expected \(start)")
        #expect(abs(times.end - end) < 1e-9, "end \(times.end), expected \(end)")
    }

    @Test("edges within 40 ms of the transcript's: the outer of the two, without the 30 ms margin")
    func agreeingEdges() throws {
        // Start 20 ms later than given, end 35 ms earlier: the given edges are outer.
        try Self.expect(
            Planner.censoredTimes(aligned: (1.02, 1.465), given: Self.given(1.0, 1.5), fellBack: false), 1.0, 1.5)
        // Start 30 ms earlier: the aligned start, unwidened.
        try Self.expect(
            Planner.censoredTimes(aligned: (0.97, 1.5), given: Self.given(1.0, 1.5), fellBack: false), 0.97, 1.5)
    }

    @Test("edges more than 40 ms from the transcript's: the aligned edges widened by 30 ms")
    func disagreeingEdges() throws {
        // 100 ms late start, 80 ms early end: 0.6 of the given duration, not too short.
        try Self.expect(
            Planner.censoredTimes(aligned: (1.1, 1.42), given: Self.given(1.0, 1.5), fellBack: false), 1.07, 1.45)
        // A transcript 120 ms late: the aligned word, widened.
        try Self.expect(
            Planner.censoredTimes(aligned: (1.0, 1.3), given: Self.given(1.12, 1.42), fellBack: false), 0.97, 1.33)
    }

    @Test("an aligned word under 0.4 of its given duration: both intervals are censored")
    func tooShort() throws {
        // A 590 ms "um" aligned to its first 70 ms (cold_corpus3): the given end is kept.
        try Self.expect(
            Planner.censoredTimes(aligned: (6.46, 6.53), given: Self.given(6.52, 7.11), fellBack: false), 6.43, 7.11)
        // Exactly 0.4: trusted, both edges widened by 30 ms.
        try Self.expect(
            Planner.censoredTimes(aligned: (1.5, 2.0), given: Self.given(1.0, 2.25), fellBack: false), 1.47, 2.03)
        // 0.45, a short word whose jittered times run 550 ms: trusted, both edges widened by 30 ms.
        try Self.expect(
            Planner.censoredTimes(aligned: (1.5, 1.95), given: Self.given(1.0, 2.0), fellBack: false), 1.47, 1.98)
        // 0.375: too short.
        try Self.expect(
            Planner.censoredTimes(aligned: (1.5, 1.875), given: Self.given(1.0, 2.0), fellBack: false), 1.0, 2.0)
    }

    @Test("an aligned word more than 250 ms from its given times: not trusted (nil), at 250 ms trusted")
    func farAway() throws {
        // A cough the dictionary spells "cough", placed a second later (cold_corpus3).
        #expect(Planner.censoredTimes(aligned: (17.35, 17.51), given: Self.given(16.22, 16.44), fellBack: false) == nil)
        #expect(Planner.censoredTimes(aligned: (1.3, 1.75), given: Self.given(0.5, 1.0), fellBack: false) == nil)
        try Self.expect(
            Planner.censoredTimes(aligned: (1.25, 1.75), given: Self.given(0.5, 1.0), fellBack: false), 1.22, 1.78)
    }

    @Test("a window narrowed to align: the given times are censored too")
    func fellBack() throws {
        try Self.expect(
            Planner.censoredTimes(aligned: (4.45, 4.51), given: Self.given(4.2, 4.24), fellBack: true), 4.2, 4.54)
        try Self.expect(
            Planner.censoredTimes(aligned: (4.45, 4.51), given: Self.given(4.2, 4.24), fellBack: false), 4.42, 4.54)
    }

    @Test("a transcript 120 ms late as a whole: far, short and narrowed-window checks use the given times moved back")
    func offset() throws {
        // Given 120 ms late; aligned where the word is, from a narrowed window: the union is with
        // the moved times (the word's own), not with the late ones.
        try Self.expect(
            Planner.censoredTimes(aligned: (1.0, 1.3), given: Self.given(1.12, 1.42), offset: -0.12, fellBack: true),
            0.99, 1.31)
        try Self.expect(
            Planner.censoredTimes(aligned: (1.0, 1.3), given: Self.given(1.12, 1.42), fellBack: true), 0.97, 1.42)
        // An aligned word 190 ms long for 500 given (short): covered to the moved end, 1.38.
        try Self.expect(
            Planner.censoredTimes(aligned: (0.9, 1.09), given: Self.given(1.0, 1.5), offset: -0.12, fellBack: false),
            0.87, 1.38)
        // 300 ms past the given times is far; past the times moved 120 ms later, 180 ms: trusted.
        #expect(Planner.censoredTimes(aligned: (1.8, 2.1), given: Self.given(1.0, 1.5), fellBack: false) == nil)
        try Self.expect(
            Planner.censoredTimes(aligned: (1.8, 2.1), given: Self.given(1.0, 1.5), offset: 0.12, fellBack: false),
            1.77, 2.13)
        // Agreement is with the given times as they are: edges 20 and 30 ms from them keep the outer.
        try Self.expect(
            Planner.censoredTimes(aligned: (1.02, 1.47), given: Self.given(1.0, 1.5), offset: 0.1, fellBack: false),
            1.0, 1.5)
    }

    @Test(
        "edges within 40 ms of the given ones only once moved by the offset: the outer of the two, widened by one decoder frame"
    )
    func agreeingOnceMoved() throws {
        // Given 120 ms late, the offset measured 125 ms: the moved 0.995–1.295 agree with the
        // aligned 1.0–1.3, so the edges lie 10 ms outside the outer of the two, not 30 ms
        // outside the aligned ones.
        try Self.expect(
            Planner.censoredTimes(aligned: (1.0, 1.3), given: Self.given(1.12, 1.42), offset: -0.125, fellBack: false),
            0.985, 1.31)
        // A start that agrees once moved and an end that does not (80 ms before the moved end).
        try Self.expect(
            Planner.censoredTimes(aligned: (1.0, 1.3), given: Self.given(1.12, 1.5), offset: -0.12, fellBack: false),
            0.99, 1.33)
        // Without the offset neither agrees: the aligned edges widened by 30 ms.
        try Self.expect(
            Planner.censoredTimes(aligned: (1.0, 1.3), given: Self.given(1.12, 1.42), fellBack: false), 0.97, 1.33)
    }

    @Test(
        "a transcript that vouches for its times: edges more than 40 ms inside its own, moved by the offset, are taken out to them"
    )
    func vouched() throws {
        // cold_corpus 'acoustic' (mfa source), transcript 120 ms early: given 7.77–8.41, truly
        // 7.89–8.53; the decoder gave its first vowel to the "uh" before it and placed it at
        // 8.10–8.46. Alone: 8.07–8.49; with a transcript that vouches: the moved 7.89–8.53.
        try Self.expect(
            Planner.censoredTimes(aligned: (8.1, 8.46), given: Self.given(7.77, 8.41), offset: 0.12, fellBack: false),
            8.07, 8.49)
        try Self.expect(
            Planner.censoredTimes(
                aligned: (8.1, 8.46), given: Self.given(7.77, 8.41), offset: 0.12, fellBack: false,
                vouches: true), 7.89, 8.53)
        // Aligned edges outside the transcript's keep their 30 ms margin; nothing is narrowed.
        try Self.expect(
            Planner.censoredTimes(aligned: (1.0, 1.6), given: Self.given(1.1, 1.5), fellBack: false, vouches: true),
            0.97, 1.63)
        // Estimated times do not vouch for a word's edges: the aligned ones widened by 30 ms.
        try Self.expect(
            Planner.censoredTimes(
                aligned: (1.5, 1.6), given: Self.given(1.0, 2.0, estimated: true), fellBack: false,
                vouches: true), 1.47, 1.63)
        // Far is far still.
        #expect(
            Planner.censoredTimes(aligned: (1.8, 2.1), given: Self.given(1.0, 1.5), fellBack: false, vouches: true)
                == nil)
    }

    @Test("a transcript that vouches: an aligned edge past its own by more than 40 ms stops 40 ms into the neighbour")
    func neighboursBound() throws {
        let given = Self.given(1.0, 1.5)
        // The decoder runs the word 200 ms into the next one, which the transcript starts at 1.55.
        let around = (before: 0.9, after: 1.55)
        try Self.expect(
            Planner.censoredTimes(
                aligned: (1.0, 1.7), given: given, fellBack: false, vouches: true, neighbours: around),
            1.0, 1.59)
        // Without the neighbours, or a transcript that does not vouch: the aligned end, widened.
        try Self.expect(
            Planner.censoredTimes(aligned: (1.0, 1.7), given: given, fellBack: false, vouches: true), 1.0, 1.73)
        try Self.expect(
            Planner.censoredTimes(aligned: (1.0, 1.7), given: given, fellBack: false, neighbours: around), 1.0, 1.73)
        // The start 300 ms early, into the previous word ending at 0.9.
        try Self.expect(
            Planner.censoredTimes(
                aligned: (0.7, 1.5), given: given, fellBack: false, vouches: true, neighbours: around),
            0.86, 1.5)
        // Within 40 ms of the neighbour, or an edge within 40 ms of the given one: not bounded.
        try Self.expect(
            Planner.censoredTimes(
                aligned: (1.0, 1.55), given: given, fellBack: false, vouches: true, neighbours: around),
            1.0, 1.58)
        try Self.expect(
            Planner.censoredTimes(
                aligned: (0.97, 1.53), given: given, fellBack: false, vouches: true,
                neighbours: (before: 0.9, after: 1.45)), 0.97, 1.53)
        // A neighbour's edge inside the match's own: the given edge bounds.
        try Self.expect(
            Planner.censoredTimes(
                aligned: (1.0, 1.7), given: given, fellBack: false, vouches: true,
                neighbours: (before: 0.9, after: 1.42)), 1.0, 1.5)
        // A transcript 120 ms late as a whole: the neighbours move with it (next word 1.45 → 1.33);
        // the start agrees once moved, widened by a decoder frame.
        try Self.expect(
            Planner.censoredTimes(
                aligned: (1.0, 1.5), given: Self.given(1.12, 1.42), offset: -0.12, fellBack: false,
                vouches: true, neighbours: (before: 1.02, after: 1.45)), 0.99, 1.37)
    }

    @Test("--refine aggressive keeps the given times, moved by the offset, whatever the aligner says")
    func keepsGiven() throws {
        // Aligned 100 ms late and 80 ms early at the end: without it the aligned edges widened by 30 ms.
        try Self.expect(
            Planner.censoredTimes(
                aligned: (1.1, 1.42), given: Self.given(1.0, 1.5), fellBack: false,
                keepsGiven: true), 1.0, 1.5)
        // Aligned 120 ms past a 30 ms word (cold_corpus "a" under jitter): both intervals.
        try Self.expect(
            Planner.censoredTimes(
                aligned: (4.36, 4.55), given: Self.given(4.283, 4.313), fellBack: false,
                keepsGiven: true), 4.283, 4.58)
        // A transcript 120 ms late, measured: the given times moved back by the offset.
        try Self.expect(
            Planner.censoredTimes(
                aligned: (1.1, 1.42), given: Self.given(1.12, 1.62), offset: -0.12,
                fellBack: false, keepsGiven: true), 1.0, 1.5)
        // Aligned wider than given: the aligned times, as without it.
        try Self.expect(
            Planner.censoredTimes(
                aligned: (0.9, 1.6), given: Self.given(1.0, 1.5), fellBack: false,
                keepsGiven: true), 0.87, 1.63)
    }

    @Test("estimated given times: aligned widened by 30 ms however far or short; with them too when narrowed")
    func estimated() throws {
        let given = Self.given(1.0, 2.0, estimated: true)
        try Self.expect(Planner.censoredTimes(aligned: (1.5, 1.6), given: given, fellBack: false), 1.47, 1.63)
        try Self.expect(Planner.censoredTimes(aligned: (2.5, 2.7), given: given, fellBack: false), 2.47, 2.73)
        try Self.expect(Planner.censoredTimes(aligned: (1.5, 1.6), given: given, fellBack: true), 1.0, 2.0)
    }

    @Test(
        "the decoder's next word right after the match: the end widened by 15 ms, not 30, unless the times are estimated or vouched for"
    )
    func abuttedEnd() throws {
        // 100 ms late start, 80 ms early end (neither agrees): 1.07–1.435 instead of 1.07–1.45.
        try Self.expect(
            Planner.censoredTimes(aligned: (1.1, 1.42), given: Self.given(1.0, 1.5), fellBack: false, abutted: true),
            1.07, 1.435)
        try Self.expect(
            Planner.censoredTimes(aligned: (1.1, 1.42), given: Self.given(1.0, 1.5), fellBack: false), 1.07, 1.45)
        // Aligned outside the given times: the start keeps its 30 ms, the end gets 15.
        try Self.expect(
            Planner.censoredTimes(aligned: (1.0, 1.6), given: Self.given(1.1, 1.5), fellBack: false, abutted: true),
            0.97, 1.615)
        // A transcript that vouches: the full 30 ms at both ends.
        try Self.expect(
            Planner.censoredTimes(
                aligned: (1.0, 1.6), given: Self.given(1.1, 1.5), fellBack: false, vouches: true,
                abutted: true), 0.97, 1.63)
        // Estimated times: the full 30 ms.
        try Self.expect(
            Planner.censoredTimes(
                aligned: (1.5, 1.6), given: Self.given(1.0, 2.0, estimated: true), fellBack: false,
                abutted: true), 1.47, 1.63)
        // An agreeing end still keeps the outer of the two, unwidened.
        try Self.expect(
            Planner.censoredTimes(aligned: (1.02, 1.465), given: Self.given(1.0, 1.5), fellBack: false, abutted: true),
            1.0, 1.5)
    }

    @Test("the next word abuts a match when the decoder starts it less than half a frame after the match ends")
    func abutsNext() {
        let times: [(start: Double, end: Double)?] = [(0.5, 0.7), (0.7, 0.9), (0.92, 1.1), nil]
        // Word 1 starts where word 0 ends.
        #expect(Planner.abutsNext(0..<1, in: 0..<4, times: times))
        // Word 2 starts 20 ms (two frames of silence) after word 1.
        #expect(!Planner.abutsNext(1..<2, in: 0..<4, times: times))
        // Word 3 was not placed (a skipped optional end); past the window there is no next word.
        #expect(!Planner.abutsNext(2..<3, in: 0..<4, times: times))
        #expect(!Planner.abutsNext(1..<2, in: 0..<2, times: Array(times[0..<2])))
        // A match of two words: its last word's end counts; the window's times offset by a
        // non-round start still abut.
        #expect(Planner.abutsNext(3..<5, in: 3..<7, times: [(2.5, 2.7), (2.7, 2.9), (2.9 + 1e-12, 3.0), nil]))
    }

    @Test("a match the aligner placed far away: its given times, widened by 30 ms unless the transcript vouches")
    func farTimes() {
        // cold_corpus "the" (truly 10.55–10.59), given 10.555–10.715 under jitter, aligned 9.885–10.215.
        let given = Self.given(10.555, 10.715)
        #expect(Planner.censoredTimes(aligned: (9.885, 10.215), given: given, fellBack: false) == nil)
        let widened = Planner.farTimes(given, vouches: false)
        #expect(abs(widened.start - 10.525) < 1e-9 && abs(widened.end - 10.745) < 1e-9)
        let kept = Planner.farTimes(given, vouches: true)
        #expect(kept.start == 10.555 && kept.end == 10.715)
    }
}
