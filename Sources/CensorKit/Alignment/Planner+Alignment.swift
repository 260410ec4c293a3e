import Foundation

extension Planner {
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
    /// Seconds an aligned match is widened by on each side: the aligner's edges lie a median
    /// ~20 ms inside real words' edges (BENCHMARKS.md: 30 ms halves the words leaking with exact
    /// times; more only adds collateral).
    static let alignedMargin = 0.03
    /// Seconds within which an aligned edge agrees with the transcript's: the outer of the two is
    /// then censored, without ``alignedMargin`` (good transcripts keep their collateral).
    static let alignedAgreement = 0.04
    /// Seconds between an aligned match and its transcript times past which the aligner is taken
    /// to have placed the word elsewhere (a cough the dictionary spells "cough"): the match keeps
    /// its transcript times.
    static let alignedFarGap = 0.25
    /// Share of the transcript's duration below which an aligned match is too short to be the
    /// whole word (a 590 ms "um" aligned to its first 70 ms): both intervals are censored.
    static let alignedShortShare = 0.5

    /// The matches and transcript words with the aligner's times, per ``PlanOptions/align``: each
    /// match it applies to is aligned together with up to ``alignmentNeighbours`` transcript words
    /// on each side (the outermost optional; none past a word the dictionary lacks; fewer, per
    /// ``alignmentNeighbourCounts``, when no path goes through them), over their times plus
    /// ``alignmentMargin``. The times censored are ``censoredTimes(aligned:given:fellBack:)``'s;
    /// the aligned times of the window's words replace theirs. A match that cannot be aligned (a
    /// word of its own the dictionary lacks, no path through the words in that audio, no
    /// transcript words), or that the aligner places far from its given times, keeps its times.
    ///
    /// - Parameters:
    ///   - matches: The matches, in any order.
    ///   - sampleRate: Frames per second of `audio`.
    ///   - audio: The recording.
    /// - Returns: `matches` and ``transcriptWords``, aligned where they could be, and the indices
    ///   of the matches aligned.
    /// - Throws: ``AlignmentError`` when the model cannot be loaded (with `.pocketsphinx`; `.auto` then
    ///   leaves the times as they are); errors reading `audio`.
    func aligned(
        _ matches: [Match], sampleRate: Int, audio: inout some FrameSource
    ) throws -> (matches: [Match], words: [Word], placed: Set<Int>) {
        var words = transcriptWords
        let wanted = matches.indices.filter { options.align.applies(to: matches[$0]) && words.covers(matches[$0].wordIndices) }
        guard !wanted.isEmpty, audio.frameCount > 0 else { return (matches, words, []) }
        var result = matches
        var placed: Set<Int> = []
        do {
            try align(&result, words: &words, wanted: wanted, placed: &placed, sampleRate: sampleRate, audio: &audio)
        } catch is AlignmentError where options.align == .auto {
            // Without the model, `auto` falls back to the transcript's times and refinement.
            return (matches, transcriptWords, [])
        }
        return (result, words, placed)
    }

    /// The times to censor for a match its transcript places at `given` and the aligner at
    /// `aligned` (seconds); `nil` when the two are more than ``alignedFarGap`` apart and the
    /// given times are not estimated: the aligner then took other sound for the word, and the
    /// match keeps its given times.
    ///
    /// The aligned times are widened by ``alignedMargin``. For given times that are not estimated
    /// (estimated ones say little about where or how long the word is), each aligned edge within
    /// ``alignedAgreement`` of the given one is instead replaced by the outer of the two, and when
    /// the aligned match is shorter than ``alignedShortShare`` of the given one, the result also
    /// covers the given times. So does it, estimated or not, when the alignment came from a window
    /// narrowed to align at all (`fellBack`): such a window has less to hold on to, and a leak is
    /// worse than a little collateral.
    static func censoredTimes(
        aligned: (start: Double, end: Double), given: Match, fellBack: Bool
    ) -> (start: Double, end: Double)? {
        var start = aligned.start - alignedMargin, end = aligned.end + alignedMargin
        let estimated = given.isTimeEstimated
        if !estimated {
            guard max(aligned.start, given.start) - min(aligned.end, given.end) <= alignedFarGap else { return nil }
            if abs(given.start - aligned.start) <= alignedAgreement { start = min(given.start, aligned.start) }
            if abs(given.end - aligned.end) <= alignedAgreement { end = max(given.end, aligned.end) }
        }
        if fellBack || !estimated && aligned.end - aligned.start < alignedShortShare * (given.end - given.start) {
            start = min(start, given.start)
            end = max(end, given.end)
        }
        return (start, end)
    }

    /// Aligns the window of each match in `wanted`, updating `matches` and `words`, and adds
    /// the index of each match aligned to `placed`.
    private func align(
        _ result: inout [Match], words: inout [Word], wanted: [Int], placed: inout Set<Int>, sampleRate: Int,
        audio: inout some FrameSource
    ) throws {
        let matches = result
        let mix = try ChannelMix(for: &audio)
        try WordAligner.withShared(model: options.alignModel) { aligner in
            var samples: [Float] = []
            for index in wanted {
                let indices = matches[index].wordIndices
                guard words[indices].allSatisfy({ aligner.knows($0.text) }) else { continue }
                var found: (window: Range<Int>, times: [(start: Double, end: Double)?], fellBack: Bool)?
                var tried: Range<Int>?
                for (attempt, neighbours) in Self.alignmentNeighbourCounts.enumerated() where found == nil {
                    // The neighbours up to the first the dictionary lacks ("um", "yknow"): a shorter
                    // window aligns where one with an unknown word would keep the transcript's times.
                    var (lower, upper) = (indices.lowerBound, indices.upperBound)
                    while lower > max(0, indices.lowerBound - neighbours), aligner.knows(words[lower - 1].text) { lower -= 1 }
                    while upper < min(words.count, indices.upperBound + neighbours), aligner.knows(words[upper].text) { upper += 1 }
                    // A window cut short by such a word may equal the narrower one: decoded once.
                    guard lower..<upper != tried else { continue }
                    tried = lower..<upper
                    found = try alignWindow(lower..<upper, of: indices, in: words, aligner: aligner, sampleRate: sampleRate,
                                            mix: mix, audio: &audio, samples: &samples)
                        .map { (lower..<upper, $0, attempt > 0) }
                }
                guard let found, let first = found.times[indices.lowerBound - found.window.lowerBound],
                      let last = found.times[indices.upperBound - 1 - found.window.lowerBound],
                      let times = Self.censoredTimes(aligned: (first.start, last.end), given: matches[index], fellBack: found.fellBack)
                else { continue }
                for (wordIndex, time) in zip(found.window, found.times) {
                    guard let time else { continue }
                    words[wordIndex].start = time.start
                    words[wordIndex].end = time.end
                    words[wordIndex].isTimeEstimated = false
                }
                (result[index].start, result[index].end) = times
                result[index].isTimeEstimated = false
                placed.insert(index)
            }
        }
    }

    /// The aligned times, in seconds from the file's start, of the transcript's words in `window`
    /// (around the match's `indices`), decoded over their times plus ``alignmentMargin``; `nil`
    /// when the decoder finds no path through them.
    private func alignWindow(
        _ window: Range<Int>, of indices: Range<Int>, in words: [Word], aligner: WordAligner, sampleRate: Int,
        mix: ChannelMix, audio: inout some FrameSource, samples: inout [Float]
    ) throws -> [(start: Double, end: Double)?]? {
        let rate = Double(sampleRate)
        let first = max(0, Int(((words[window].map(\.start).min() ?? 0) - Self.alignmentMargin) * rate))
        let last = min(audio.frameCount, Int(((words[window].map(\.end).max() ?? 0) + Self.alignmentMargin) * rate))
        guard first < last else { return nil }
        try audio.readFrames(first..<last, into: &samples)
        // The window's outer words may be cut by its edges: they are optional.
        guard let times = aligner.align(
            words[window].map(\.text), samples: Self.mixed(samples, weights: mix.weights), sampleRate: sampleRate,
            optionalFirst: window.lowerBound < indices.lowerBound, optionalLast: window.upperBound > indices.upperBound
        ) else { return nil }
        let offset = Double(first) / rate
        return times.map { $0.map { (offset + $0.start, offset + $0.end) } }
    }

    /// Interleaved `samples` mixed into one channel with `weights`.
    private static func mixed(_ samples: [Float], weights: [Float]) -> [Float] {
        let channels = weights.count
        guard channels > 1 else { return samples }
        return (0..<(samples.count / channels)).map { frame in
            var sum: Float = 0
            for channel in 0..<channels { sum += weights[channel] * samples[frame * channels + channel] }
            return sum
        }
    }
}

private extension Array {
    /// Whether `range` lies within the array's indices and is not empty.
    func covers(_ range: Range<Int>) -> Bool { !range.isEmpty && range.lowerBound >= 0 && range.upperBound <= count }
}
