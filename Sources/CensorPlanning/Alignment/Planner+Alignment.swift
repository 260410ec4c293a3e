import Foundation

extension Planner {
    /// An aligned window: the transcript words' indices, and the times the aligner gave each
    /// (`nil` for a word it did not place), in seconds.
    typealias AlignedWindow = (window: Range<Int>, times: [(start: Double, end: Double)?])

    /// Words on each side of a match aligned with it: a few known words around it give the
    /// decoder's path something to hold on to.
    static let alignmentNeighbours = 3
    /// Neighbours on each side tried in turn until a window aligns: a window of three often has
    /// no path through it in hesitant speech ("the uh uh acoustic corpus um"), one of fewer does
    /// (BENCHMARKS.md: 21 of 166 three-neighbour windows found none on real speech; with the
    /// narrower ones every match whose words the dictionary knows was aligned).
    static let alignmentNeighbourCounts = [alignmentNeighbours, 1, 0]
    /// Seconds of audio before the first and after the last word of an alignment window.
    static let alignmentMargin = 0.3
    /// The most seconds of audio one alignment window decodes, its margins included: a longer
    /// window (neighbours far apart across a pause or music, or a "word" that lasts many seconds)
    /// is narrowed to fewer neighbours, and a match whose own words last longer is not aligned.
    /// The decoder's time and the window's samples grow with its length.
    public static let alignmentLongestWindow = 10.0
    /// Seconds an aligned match is widened by on each side: the aligner's edges lie a median
    /// ~20 ms inside real words' edges (BENCHMARKS.md: 30 ms halves the words leaking with exact
    /// times; more only adds collateral).
    static let alignedMargin = 0.03
    /// Seconds an aligned match is widened by at its end, instead of ``alignedMargin``, when the
    /// decoder placed the transcript's next word right after it (no silence or filler between,
    /// ``abutsNext(_:in:times:)``) and the transcript gives times it does not vouch for (estimated
    /// times keep the full margin: nothing else says where such a word is): the decoder
    /// ends a word where the next one's sound begins, so a full margin there is the neighbour's
    /// (on the real-speech corpus under ±150 ms jitter the collateral is 4.65 % with it and 5.24 %
    /// with the full margin, with no more words leaking; 0 ms leaks three words more, a start
    /// margin of 15 ms one).
    static let alignedAbuttedMargin = 0.015
    /// Seconds within which an aligned edge agrees with the transcript's: the outer of the two is
    /// then censored, without ``alignedMargin`` (good transcripts keep their collateral).
    static let alignedAgreement = 0.04
    /// Seconds an edge is widened by when it agrees with the transcript's only once that is moved
    /// by the offset the windows measured (a transcript late or early as a whole): one decoder
    /// frame, what the offset, a median of the decoder's edges, may be off by (on the real-speech corpus
    /// under 120 ms shifts the collateral is 2.7–3.1 % with it and 5.1–5.3 % without, no more
    /// words leaking; unwidened, `damon` "the" leaks 16 %, its offset measured 18 ms long).
    static let alignedMovedMargin = 1 / WordAligner.framesPerSecond
    /// Seconds between an aligned match and its transcript times past which the aligner is taken
    /// to have placed the word elsewhere (a cough the dictionary spells "cough"): the match keeps
    /// its transcript times.
    static let alignedFarGap = 0.25
    /// Share of the transcript's duration below which an aligned match is too short to be the
    /// whole word (a 590 ms "um" aligned to its first 70 ms): both intervals are censored. Times
    /// off by up to 150 ms at each edge make a short word's given times up to 300 ms longer than
    /// it, so a word aligned right can be under half of them (on the real-speech corpus under ±150 ms
    /// jitter the collateral is 4.97 % at 0.4 and 5.39 % at 0.5, the same six words leaking; at
    /// 0.33 a seventh leaks).
    static let alignedShortShare = 0.4
    /// Words aligned (all windows together) below which the transcript's offset as a whole is not
    /// measured: a median of fewer says little.
    static let alignedOffsetWords = 4
    /// Standard errors of the median within which the transcript's offset is taken for none: with
    /// independent errors of ±150 ms on every edge, a median of a few words strays past
    /// ``alignedAgreement`` one time in four; past three of its standard errors, one in twenty.
    static let alignedOffsetErrors = 3.0
    /// Share of the aligned words' edges that must lie within ``alignedAgreement`` of their
    /// transcript times (moved by the offset) for the transcript to agree with the audio as a
    /// whole: exact times 0.88 of the matches' edges on real speech, ±150 ms jitter 0.31.
    static let alignedAgreeingShare = 0.5
    /// Standard errors the agreeing share must stay above ``alignedAgreeingShare`` by for the
    /// transcript to vouch for its times (``transcriptVouches(_:)``): with ±150 ms
    /// jitter on every edge about 0.31 of the edges agree by chance, so one recording of six
    /// words reaches 0.5 now and then (6 of 12 edges); exact times agree at 0.88.
    static let alignedVouchingErrors = 2.0
    /// Share of a window's outermost neighbour's aligned duration that must overlap its
    /// transcript times (moved by the offset) for its aligned times to replace them, when the
    /// transcript agrees with the audio as a whole.
    static let alignedOuterOverlap = 0.5

    /// The matches and transcript words with the aligner's times, per ``PlanOptions/align``: each
    /// match it applies to is aligned together with up to ``alignmentNeighbours`` transcript words
    /// on each side (the outermost optional; none past a word the aligner cannot say, see
    /// ``WordAligner/knows(_:)``; fewer, per ``alignmentNeighbourCounts``, when no path goes
    /// through them or they span more than ``alignmentLongestWindow``), over their times plus
    /// ``alignmentMargin``. The times censored are
    /// ``censoredTimes(aligned:given:offset:fellBack:vouches:abutted:neighbours:keepsGiven:)``'s, with the transcript's offset as a whole
    /// that the windows measure (``alignedOffset(_:words:)``); the aligned times of the window's
    /// words replace theirs (the outermost neighbours', decoded next to the sound of the words
    /// past the window, only where the transcript does not agree with the audio as a whole or
    /// where they overlap their transcript times), and the words and matches the aligner did not
    /// place are moved by the offset. A match that cannot be aligned (a word of its own the aligner
    /// cannot say, no path through the words in that audio, no transcript words), or that the
    /// aligner places far from its given times, keeps its times (``farTimes(_:vouches:)``, moved by
    /// the offset).
    ///
    /// - Parameters:
    ///   - matches: The matches, in any order.
    ///   - every: Whether every match is aligned, whatever ``PlanOptions/align`` says (``WordAlignment/auto``
    ///     when the times do not fit the audio, see ``judgedTimes(_:sampleRate:audio:)``).
    ///   - unaligned: Why a match ``PlanOptions/align`` does not apply to is not aligned.
    ///   - sampleRate: Frames per second of `audio`.
    ///   - audio: The recording.
    /// - Returns: `matches` and ``transcriptWords``, aligned where they could be, the indices
    ///   of the matches aligned, and why each match was or was not (empty with alignment off).
    ///   With a ``PlanOptions/language`` the aligner does not speak, nothing is aligned.
    /// - Throws: ``AlignmentError`` when the model cannot be loaded (with `.pocketsphinx`; `.auto` then
    ///   leaves the times as they are); errors reading `audio`.
    func aligned(
        _ matches: [Match], every: Bool = false, unaligned: AlignmentReason = .notJudged, sampleRate: Int,
        audio: inout some FrameSource
    ) throws -> (matches: [Match], words: [Word], placed: Set<Int>, reasons: [AlignmentReason]) {
        guard options.align != .off else { return (matches, transcriptWords, [], []) }
        if let language = options.language, !WordAligner.speaks(language) {
            return (matches, transcriptWords, [], Array(repeating: .language(language), count: matches.count))
        }
        var words = transcriptWords
        var reasons = [AlignmentReason](repeating: unaligned, count: matches.count)
        // Only matches inside the file: one past its end is skipped, and its window would lie beyond any frame.
        // Nor one whose own words outlast a window: without any, the model is not even loaded.
        let wanted = matches.indices.filter { index in
            guard every || options.align.applies(to: matches[index]) else { return false }
            guard words.covers(matches[index].wordIndices),
                coreFrames(of: matches[index], sampleRate: sampleRate, frameCount: audio.frameCount) != nil
            else {
                reasons[index] = .unknownWord
                return false
            }
            guard Self.fitsAlignmentWindow(matches[index].start, matches[index].end) else {
                reasons[index] = .tooLong
                return false
            }
            return true
        }
        guard !wanted.isEmpty, audio.frameCount > 0 else { return (matches, words, [], reasons) }
        var result = matches
        var placed: Set<Int> = []
        do {
            try align(
                &result, words: &words, wanted: wanted, placed: &placed, reasons: &reasons,
                sampleRate: sampleRate, audio: &audio)
        } catch is AlignmentError where options.align == .auto {
            // Without the model, `auto` falls back to the transcript's times and refinement.
            for index in wanted { reasons[index] = .noModel }
            return (matches, transcriptWords, [], reasons)
        }
        return (result, words, placed, reasons)
    }

    /// The times to censor for a match its transcript places at `given` and the aligner at
    /// `aligned` (seconds), when the transcript as a whole is `offset` seconds early (negative:
    /// late); `nil` when the aligned times are more than ``alignedFarGap`` from the given ones
    /// moved by `offset` and the given times are not estimated: the aligner then took other
    /// sound for the word, and the match keeps its given times.
    ///
    /// The aligned times are widened by ``alignedMargin`` (at the end by ``alignedAbuttedMargin``
    /// when the decoder placed the next word right after the match, `abutted`, and the given
    /// times are not estimated and the transcript does not vouch for them). For given times that
    /// are not estimated (estimated ones say little about where or how long the word is), each
    /// aligned edge within ``alignedAgreement`` of the given one (not moved: a transcript that is
    /// right needs no offset) is instead replaced by the outer of the two; failing that, one within
    /// it of the given edge moved by `offset`, by the outer of those two widened by
    /// ``alignedMovedMargin``. When the aligned match is shorter than ``alignedShortShare`` of
    /// the given one, the result also covers the given times moved by `offset`. So does it when
    /// the transcript as a whole `vouches` for its times (see ``transcriptVouches(_:)``): where
    /// the aligner and such a transcript disagree on an edge by more than ``alignedAgreement``,
    /// either may be right (the decoder gives a word's first vowel to an "uh" before it, or a
    /// weak final nasal to the silence after it), and a leak is worse than a little collateral.
    /// So does it too, estimated or not, when the alignment came from a window narrowed to align
    /// at all (`fellBack`): such a window has less to hold on to. But where a transcript that
    /// vouches for its times also places the match's neighbours (`neighbours`: the previous word's
    /// end and the next word's start, not moved; infinitely far where it places none), an edge more than ``alignedAgreement`` outside
    /// the match's moved edge runs no further than ``alignedAgreement`` into the neighbour (its
    /// edge moved by `offset`), or to the match's own moved edge if that lies further: the decoder
    /// running a word into the next one that such a transcript places there is the decoder's
    /// error, and the neighbour's edge is trusted as far as the match's own (on the real-speech
    /// corpus, against no bound: collateral with exact times 2.00 → 1.86 %, under 120 ms shifts 2.74 → 2.57 %
    /// and 3.13 → 2.95 %, under ±50 ms jitter 3.61 → 3.52 %, no word more leaking; bounded at
    /// the neighbour's edge itself, two words more leak under ±50 ms jitter; bounding too the
    /// edges within ``alignedAgreement`` of the match's own, one more under a 120 ms late shift
    /// and two under an early one). With `keepsGiven` (``RefineStrategy/aggressive``) the result
    /// covers given times that are not estimated, moved by `offset`, whatever the aligner says: a
    /// leak is then worse than any collateral (on the real-speech corpus over twelve draws of
    /// ±150 ms jitter 1.38 % of the words leak instead of 2.18 %, at 18.5 % collateral instead
    /// of 14.2 %).
    static func censoredTimes(
        aligned: (start: Double, end: Double), given: Match, offset: Double = 0, fellBack: Bool, vouches: Bool = false,
        abutted: Bool = false, neighbours: (before: Double, after: Double) = (-.infinity, .infinity),
        keepsGiven: Bool = false
    ) -> (start: Double, end: Double)? {
        let estimated = given.isTimeEstimated
        var start = aligned.start - alignedMargin
        var end = aligned.end + (abutted && !vouches && !estimated ? alignedAbuttedMargin : alignedMargin)
        // Where the transcript's offset as a whole puts the word (estimated times are not moved).
        let moved =
            estimated ? (start: given.start, end: given.end) : (start: given.start + offset, end: given.end + offset)
        if !estimated {
            guard max(aligned.start, moved.start) - min(aligned.end, moved.end) <= alignedFarGap else { return nil }
            if abs(given.start - aligned.start) <= alignedAgreement {
                start = min(given.start, aligned.start)
            } else if abs(moved.start - aligned.start) <= alignedAgreement {
                start = min(moved.start, aligned.start) - alignedMovedMargin
            }
            if abs(given.end - aligned.end) <= alignedAgreement {
                end = max(given.end, aligned.end)
            } else if abs(moved.end - aligned.end) <= alignedAgreement {
                end = max(moved.end, aligned.end) + alignedMovedMargin
            }
        }
        if fellBack
            || !estimated
                && (keepsGiven || vouches
                    || aligned.end - aligned.start < alignedShortShare * (given.end - given.start))
        {
            start = min(start, moved.start)
            end = max(end, moved.end)
        }
        if vouches, !estimated {
            if start < moved.start - alignedAgreement {
                start = max(start, min(moved.start, neighbours.before + offset - alignedAgreement))
            }
            if end > moved.end + alignedAgreement {
                end = min(end, max(moved.end, neighbours.after + offset + alignedAgreement))
            }
        }
        return (start, end)
    }

    /// The times to censor for a match the aligner placed more than ``alignedFarGap`` from its
    /// given times (``censoredTimes(aligned:given:offset:fellBack:vouches:abutted:neighbours:keepsGiven:)`` gave
    /// `nil`), before the transcript's offset moves them: its given times, widened by
    /// ``alignedMargin`` when the transcript does not vouch for its times (the aligner contradicts
    /// them, and nothing else says they are right: `cold_corpus` "the", 40 ms, under ±150 ms
    /// jitter given 5 ms late and aligned 0.6 s away, leaked 12 %).
    static func farTimes(_ given: Match, vouches: Bool) -> (start: Double, end: Double) {
        vouches ? (given.start, given.end) : (given.start - alignedMargin, given.end + alignedMargin)
    }

    /// The transcript's times around the match of the word indices `indices`: the previous
    /// word's end and the next word's start (infinitely far where there is no such word or its
    /// times are estimated).
    private func givenNeighbours(of indices: Range<Int>) -> (before: Double, after: Double) {
        let before =
            transcriptWords.indices.contains(indices.lowerBound - 1) ? transcriptWords[indices.lowerBound - 1] : nil
        let after = transcriptWords.indices.contains(indices.upperBound) ? transcriptWords[indices.upperBound] : nil
        return (
            before.flatMap { $0.isTimeEstimated ? nil : $0.end } ?? -.infinity,
            after.flatMap { $0.isTimeEstimated ? nil : $0.start } ?? .infinity
        )
    }

    /// Whether the decoder placed the word after the match of the word indices `indices` right
    /// after it, with no silence or filler between (less than half a decoder frame apart), in a
    /// window of words `window` aligned at `times`.
    static func abutsNext(_ indices: Range<Int>, in window: Range<Int>, times: [(start: Double, end: Double)?]) -> Bool
    {
        guard window.contains(indices.upperBound), let next = times[indices.upperBound - window.lowerBound],
            let last = times[indices.upperBound - 1 - window.lowerBound]
        else { return false }
        return next.start - last.end < 0.5 / WordAligner.framesPerSecond
    }

    /// Aligns the window of each match in `wanted`, updating `matches` and `words`, and adds
    /// the index of each match aligned to `placed`.
    ///
    /// Every window is decoded first, in time order (a window's audio is read around its words'
    /// times, aligned by the windows before it where they were); then the transcript's offset as
    /// a whole is measured from them, and the times censored are decided against the given times
    /// moved by it. Words and matches the aligner did not place are moved by it too, so that
    /// refinement weighs them where the audio has them.
    private func align(
        _ result: inout [Match], words: inout [Word], wanted: [Int], placed: inout Set<Int>,
        reasons: inout [AlignmentReason], sampleRate: Int, audio: inout some FrameSource
    ) throws {
        let matches = result
        let mix = try ChannelMix(for: &audio)
        var decoded: [(index: Int, window: Range<Int>, times: [(start: Double, end: Double)?], fellBack: Bool)] = []
        var alignedWords: Set<Int> = []
        var outer: [(index: Int, time: (start: Double, end: Double))] = []
        // Matches the aligner placed far from their given times.
        var far: Set<Int> = []
        // A transcript word placed where the aligner found it.
        func place(_ wordIndex: Int, at time: (start: Double, end: Double)) {
            words[wordIndex].start = time.start
            words[wordIndex].end = time.end
            words[wordIndex].isTimeEstimated = false
            alignedWords.insert(wordIndex)
        }
        try WordAligner.withShared(model: options.alignModel) { aligner in
            var samples: [Float] = []
            for index in wanted {
                let indices = matches[index].wordIndices
                guard words[indices].allSatisfy({ aligner.knows($0.text) }) else {
                    reasons[index] = .unknownWord
                    continue
                }
                var found: (window: Range<Int>, times: [(start: Double, end: Double)?], fellBack: Bool)?
                var tried: Range<Int>?
                for (attempt, neighbours) in Self.alignmentNeighbourCounts.enumerated() where found == nil {
                    // The neighbours up to the first the aligner cannot say ("qzxvbrl"): a shorter
                    // window aligns where one with an unknown word would keep the transcript's times.
                    var (lower, upper) = (indices.lowerBound, indices.upperBound)
                    while lower > max(0, indices.lowerBound - neighbours), aligner.knows(words[lower - 1].text) {
                        lower -= 1
                    }
                    while upper < min(words.count, indices.upperBound + neighbours), aligner.knows(words[upper].text) {
                        upper += 1
                    }
                    // A window cut short by such a word may equal the narrower one: decoded once.
                    guard lower..<upper != tried else { continue }
                    tried = lower..<upper
                    found = try alignWindow(
                        lower..<upper, of: indices, in: words, aligner: aligner, sampleRate: sampleRate,
                        mix: mix, audio: &audio, samples: &samples
                    )
                    .map { (lower..<upper, $0, attempt > 0) }
                }
                // A window whose match the aligner placed far from its times took other sound for
                // it (checked here without the offset, which the windows measure): its words'
                // times are not trusted either.
                guard let found, let aligned = Self.matchTimes(indices, in: found.window, times: found.times) else {
                    reasons[index] = .noPath
                    continue
                }
                guard Self.censoredTimes(aligned: aligned, given: matches[index], fellBack: found.fellBack) != nil
                else {
                    far.insert(index)
                    continue
                }
                decoded.append((index, found.window, found.times, found.fellBack))
                for (wordIndex, time) in zip(found.window, found.times) {
                    guard let time else { continue }
                    // The outermost neighbours are decided once the offset is known.
                    guard indices.contains(wordIndex) || found.window.dropFirst().dropLast().contains(wordIndex) else {
                        outer.append((wordIndex, time))
                        continue
                    }
                    place(wordIndex, at: time)
                }
            }
        }
        let windows = decoded.map { (window: $0.window, times: $0.times) }
        let offset = Self.alignedOffset(windows, words: transcriptWords)
        let agreement = Self.agreement(windows, words: transcriptWords, offset: offset)
        let agrees = agreement.share >= Self.alignedAgreeingShare
        let vouches = Self.transcriptVouches(agreement)
        for (wordIndex, time) in outer where !alignedWords.contains(wordIndex) {
            let given = transcriptWords[wordIndex]
            let overlap = min(time.end, given.end + offset) - max(time.start, given.start + offset)
            guard !agrees || given.isTimeEstimated || overlap >= Self.alignedOuterOverlap * (time.end - time.start)
            else { continue }
            place(wordIndex, at: time)
        }
        var samples: [Float] = []
        for (index, window, times, fellBack) in decoded {
            let indices = matches[index].wordIndices
            guard let aligned = Self.matchTimes(indices, in: window, times: times) else { continue }
            guard
                var censored = Self.censoredTimes(
                    aligned: aligned, given: matches[index], offset: offset, fellBack: fellBack, vouches: vouches,
                    abutted: Self.abutsNext(indices, in: window, times: times),
                    neighbours: givenNeighbours(of: indices),
                    keepsGiven: options.refineStrategy == .aggressive)
            else {
                far.insert(index)
                continue
            }
            reasons[index] = .aligned
            // Given times (not estimated ones, which say little) are the other evidence the aligner is checked against.
            if !matches[index].isTimeEstimated {
                let moved = TimeRange(matches[index].start + offset, matches[index].end + offset)
                let alignedRange = TimeRange(aligned.start, aligned.end)
                let alignedPower = try Self.meanPower(
                    alignedRange, sampleRate: sampleRate, mix: mix, audio: &audio, samples: &samples)
                let givenPower = try Self.meanPower(
                    moved, sampleRate: sampleRate, mix: mix, audio: &audio, samples: &samples)
                if let why = Self.doubtedAlignment(
                    aligned: alignedRange, moved: moved, alignedPower: alignedPower,
                    givenPower: givenPower)
                {
                    censored = (min(censored.start, moved.start), max(censored.end, moved.end))
                    reasons[index] = .alignedWithGiven(why)
                }
            }
            (result[index].start, result[index].end) = censored
            result[index].isTimeEstimated = false
            placed.insert(index)
        }
        for index in far {
            (result[index].start, result[index].end) = Self.farTimes(result[index], vouches: vouches)
            reasons[index] = .far
        }
        guard offset != 0 else { return }
        // What the aligner did not place moves with the transcript as a whole.
        for index in result.indices where !placed.contains(index) && !result[index].isTimeEstimated {
            result[index].start += offset
            result[index].end += offset
        }
        for index in words.indices where !alignedWords.contains(index) && !words[index].isTimeEstimated {
            words[index].start += offset
            words[index].end += offset
        }
    }

    /// How well the transcript's times agree with the aligner's: `share`, the share of the
    /// aligned words' edges in `windows` (those whose transcript times in `words` are not
    /// estimated) that lie within ``alignedAgreement`` of their transcript times moved by
    /// `offset` (0 when there are none), and `edges`, how many edges it weighs. A word in several
    /// windows counts once, with the last one's times, as in ``alignedOffset(_:words:)``.
    static func agreement(_ windows: [AlignedWindow], words: [Word], offset: Double) -> (share: Double, edges: Int) {
        var placed: [Int: (start: Double, end: Double)] = [:]
        for (index, time) in alignedGivenWords(windows, words: words) { placed[index] = time }
        let agreeing = placed.reduce(0) { count, word in
            let given = words[word.key]
            return count + (abs(word.value.start - given.start - offset) <= alignedAgreement ? 1 : 0)
                + (abs(word.value.end - given.end - offset) <= alignedAgreement ? 1 : 0)
        }
        return (placed.isEmpty ? 0 : Double(agreeing) / Double(2 * placed.count), 2 * placed.count)
    }

    /// Whether the transcript's times, moved by the offset, are as good as the aligner's as a
    /// whole, from their `agreement` (``agreement(_:words:offset:)``): its share lies above
    /// ``alignedAgreeingShare`` by at least ``alignedVouchingErrors`` of its standard error (a
    /// share of few edges says little).
    static func transcriptVouches(_ agreement: (share: Double, edges: Int)) -> Bool {
        let (share, edges) = (agreement.share, Double(agreement.edges))
        guard edges > 0 else { return false }
        return share - alignedVouchingErrors * (share * (1 - share) / edges).squareRoot() >= alignedAgreeingShare
    }

    /// The transcript's offset as a whole (seconds; positive: the audio has the words later),
    /// measured from the aligned windows: the median, over the words aligned in them whose
    /// transcript times are not estimated, of how far the middle of a word's aligned times lies
    /// from the middle of its transcript times (`words`; a word in several windows counts once,
    /// with the last one's times); 0 when fewer than ``alignedOffsetWords`` such words were
    /// aligned, or when the median lies within ``alignedAgreement`` (the aligner's own edges are
    /// that far from the words') or within ``alignedOffsetErrors`` of its standard error.
    ///
    /// A transcript late or early as a whole moves every word alike, so the median is the
    /// offset; independent errors on each edge (jitter) and the odd misplaced word leave it
    /// near 0.
    static func alignedOffset(_ windows: [AlignedWindow], words: [Word]) -> Double {
        var differences: [Int: Double] = [:]
        for (index, time) in alignedGivenWords(windows, words: words) {
            differences[index] = (time.start + time.end - words[index].start - words[index].end) / 2
        }
        guard differences.count >= alignedOffsetWords else { return 0 }
        let median = Self.median(Array(differences.values))
        // The median's standard error, from the median absolute deviation (normal errors).
        let spread = Self.median(differences.values.map { abs($0 - median) })
        let standardError = 1.2533 * 1.4826 * spread / Double(differences.count).squareRoot()
        return abs(median) <= max(alignedAgreement, alignedOffsetErrors * standardError) ? 0 : median
    }

    /// The words of `windows` the aligner placed whose transcript times in `words` are not
    /// estimated, window after window: each word's index and aligned times.
    private static func alignedGivenWords(_ windows: [AlignedWindow], words: [Word]) -> [(
        index: Int, aligned: (start: Double, end: Double)
    )] {
        windows.flatMap { window, times in
            zip(window, times).compactMap { index, time in
                guard let time, index < words.count, !words[index].isTimeEstimated else { return nil }
                return (index, time)
            }
        }
    }

    /// The aligned times of the match of the word indices `indices` in a window of words
    /// `window` aligned at `times`: its first word's start to its last word's end; `nil` when
    /// either was not placed.
    private static func matchTimes(
        _ indices: Range<Int>, in window: Range<Int>, times: [(start: Double, end: Double)?]
    ) -> (start: Double, end: Double)? {
        guard let first = times[indices.lowerBound - window.lowerBound],
            let last = times[indices.upperBound - 1 - window.lowerBound]
        else { return nil }
        return (first.start, last.end)
    }

    /// Whether words from `start` to `end` (seconds), with ``alignmentMargin`` on each side, fit in
    /// one window of ``alignmentLongestWindow``: the one test for a match alone and for a window
    /// of words around it.
    static func fitsAlignmentWindow(_ start: Double, _ end: Double) -> Bool {
        end - start + 2 * alignmentMargin <= alignmentLongestWindow
    }

    /// The median of `values` (not empty): the middle one, or the mean of the middle two.
    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// The aligned times, in seconds from the file's start, of the transcript's words in `window`
    /// (around the match's `indices`), decoded over their times plus ``alignmentMargin``; `nil`
    /// when the decoder finds no path through them, or when that stretch is longer than
    /// ``alignmentLongestWindow``.
    private func alignWindow(
        _ window: Range<Int>, of indices: Range<Int>, in words: [Word], aligner: WordAligner, sampleRate: Int,
        mix: ChannelMix, audio: inout some FrameSource, samples: inout [Float]
    ) throws -> [(start: Double, end: Double)?]? {
        let rate = Double(sampleRate)
        let start = words[window].map(\.start).min() ?? 0, end = words[window].map(\.end).max() ?? 0
        guard Self.fitsAlignmentWindow(start, end) else { return nil }
        let first = max(0, Int((start - Self.alignmentMargin) * rate))
        let last = min(audio.frameCount, Int((end + Self.alignmentMargin) * rate))
        guard first < last else { return nil }
        try audio.readFrames(first..<last, into: &samples)
        // The window's outer words may be cut by its edges: they are optional.
        guard
            let times = aligner.align(
                words[window].map(\.text), samples: mix.mixed(samples), sampleRate: sampleRate,
                optionalFirst: window.lowerBound < indices.lowerBound,
                optionalLast: window.upperBound > indices.upperBound
            )
        else { return nil }
        let offset = Double(first) / rate
        return times.map { $0.map { (offset + $0.start, offset + $0.end) } }
    }
}

extension Array {
    /// Whether `range` lies within the array's indices and is not empty.
    fileprivate func covers(_ range: Range<Int>) -> Bool {
        !range.isEmpty && range.lowerBound >= 0 && range.upperBound <= count
    }
}
