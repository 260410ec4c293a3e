/// Moves span edges outward to where the signal is quietest, so gain changes start and end
/// at a zero crossing.
///
/// Mono: the nearest zero crossing within the window (of the two frames around it, the one
/// closer to zero becomes the core's edge frame). Several channels: the frame with the least
/// summed absolute amplitude within the window, the nearest one on a tie. Edges only ever
/// move outward, so the core never shrinks.
struct EdgeSnapper {
    /// How far, in frames, an edge may move.
    let windowFrames: Int
    private var buffer: [Float] = []

    init(windowFrames: Int) {
        self.windowFrames = windowFrames
    }

    /// `core` with its start moved earlier and its end later, each by at most ``windowFrames``.
    mutating func widen(_ core: Range<Int>, in audio: inout some FrameSource) throws -> Range<Int> {
        guard windowFrames > 0 else { return core }
        let channels = audio.channelCount
        var start = core.lowerBound
        let low = max(0, start - windowFrames)
        if low < start {
            // Candidate first-core frames, nearest first: start, start-1, …, low.
            try audio.readFrames(low..<(start + 1), into: &buffer)
            start = low + bestFrame(among: Array((0...(start - low)).reversed()), channels: channels)
        }
        var end = core.upperBound
        let high = min(audio.frameCount, end + windowFrames)
        if end < high {
            // Candidate last-core frames, nearest first: end-1, end, …, high-1.
            try audio.readFrames((end - 1)..<high, into: &buffer)
            end = end - 1 + bestFrame(among: Array(0..<(high - end + 1)), channels: channels) + 1
        }
        return start..<end
    }

    /// The index in `buffer` (frames) of the best edge frame among `candidates`, which are
    /// ordered from the original edge outward.
    private func bestFrame(among candidates: [Int], channels: Int) -> Int {
        if channels == 1 {
            for (previous, next) in zip(candidates, candidates.dropFirst()) {
                let a = buffer[previous], b = buffer[next]
                if a == 0 { return previous }
                if (a < 0) != (b < 0) || b == 0 { return abs(b) < abs(a) ? next : previous }
            }
        }
        var best = candidates[0]
        var bestScore = Float.infinity
        for frame in candidates {
            var score: Float = 0
            for channel in 0..<channels { score += abs(buffer[frame * channels + channel]) }
            if score < bestScore {
                best = frame
                bestScore = score
            }
        }
        return best
    }
}
