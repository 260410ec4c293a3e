import Foundation

extension Planner {
    /// Words on each side of a match aligned with it: a few known words around it give the
    /// decoder's path something to hold on to.
    static let alignmentNeighbours = 3
    /// Seconds of audio before the first and after the last word of an alignment window.
    static let alignmentMargin = 0.3
    /// Seconds an aligned match is widened by on each side: the aligner's edges lie a median
    /// ~20 ms inside real words' edges (BENCHMARKS.md: 30 ms halves the words leaking with exact
    /// times; more only adds collateral).
    static let alignedMargin = 0.03

    /// The matches and transcript words with the aligner's times, per ``PlanOptions/align``: each
    /// match it applies to is aligned together with up to ``alignmentNeighbours`` transcript words
    /// on each side (the outermost optional; none past a word the dictionary lacks), over their
    /// times plus ``alignmentMargin``; its aligned times, widened by ``alignedMargin``, replace the
    /// given ones (no longer estimated), as the aligned times of the window's words replace
    /// theirs. A match that cannot be aligned (a word of its own the dictionary lacks, no path
    /// through the words in that audio, no transcript words) keeps its times.
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
                // The neighbours up to the first the dictionary lacks ("um", "yknow"): a shorter
                // window aligns where one with an unknown word would keep the transcript's times.
                guard words[indices].allSatisfy({ aligner.knows($0.text) }) else { continue }
                var (lower, upper) = (indices.lowerBound, indices.upperBound)
                while lower > max(0, indices.lowerBound - Self.alignmentNeighbours), aligner.knows(words[lower - 1].text) { lower -= 1 }
                while upper < min(words.count, indices.upperBound + Self.alignmentNeighbours), aligner.knows(words[upper].text) { upper += 1 }
                let window = lower..<upper
                let rate = Double(sampleRate)
                let first = max(0, Int(((words[window].map(\.start).min() ?? 0) - Self.alignmentMargin) * rate))
                let last = min(audio.frameCount, Int(((words[window].map(\.end).max() ?? 0) + Self.alignmentMargin) * rate))
                guard first < last else { continue }
                try audio.readFrames(first..<last, into: &samples)
                let mono = Self.mixed(samples, weights: mix.weights)
                // The window's outer words may be cut by its edges: they are optional.
                guard let times = aligner.align(
                    words[window].map(\.text), samples: mono, sampleRate: sampleRate,
                    optionalFirst: window.lowerBound < indices.lowerBound, optionalLast: window.upperBound > indices.upperBound
                ) else { continue }
                let offset = Double(first) / rate
                for (wordIndex, time) in zip(window, times) {
                    guard let time else { continue }
                    words[wordIndex].start = offset + time.start
                    words[wordIndex].end = offset + time.end
                    words[wordIndex].isTimeEstimated = false
                }
                result[index].start = words[indices.lowerBound].start - Self.alignedMargin
                result[index].end = words[indices.upperBound - 1].end + Self.alignedMargin
                result[index].isTimeEstimated = false
                placed.insert(index)
            }
        }
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
