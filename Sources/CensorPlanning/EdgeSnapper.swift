/// Moves span edges outward to where the signal is quietest, so gain changes start and end
/// at a zero crossing.
///
/// Mono: the nearest zero crossing within the window (of the two frames around it, the one
/// closer to zero becomes the core's edge frame). Several channels: the frame with the least
/// summed absolute amplitude within the window, the nearest one on a tie. Edges only ever
/// move outward, so the core never shrinks.
///
/// A file stored as 16-bit (or narrower) integer PCM is searched in its stored samples, which
/// picks the same frames as searching them as `Float` (each sample and every sum of up to 256
/// of them is exact there) without converting them; the search walks the samples in place.
struct EdgeSnapper {
    /// How far, in frames, an edge may move.
    let windowFrames: Int
    private var buffer: [Float] = []
    private var stored: [Int16] = []
    private var scores: [Int32] = []

    init(windowFrames: Int) {
        self.windowFrames = windowFrames
    }

    /// `core` with its start moved earlier and its end later, each by at most ``windowFrames``.
    ///
    /// - Parameters:
    ///   - core: The core.
    ///   - audio: The audio read around each edge.
    ///   - edges: Which edges to move (``outerEdges(of:)``); the other stays where it is.
    mutating func widen(
        _ core: Range<Int>, in audio: inout some FrameSource, edges: (start: Bool, end: Bool) = (true, true)
    ) throws -> Range<Int> {
        // Packed words leave most edges to their span's neighbours: not even the reader is looked up.
        guard windowFrames > 0, edges.start || edges.end else { return core }
        let channels = audio.channelCount
        let reader = audio.narrowStoredSamples
        var start = core.lowerBound
        let low = max(0, start - windowFrames)
        if edges.start, low < start {
            // Candidate first-core frames, nearest first: start, start-1, …, low.
            let range = low..<(start + 1)
            start =
                low
                + (try bestFrame(
                    in: range, from: start - low, through: 0, channels: channels,
                    reader: reader, audio: &audio))
        }
        var end = core.upperBound
        let high = min(audio.frameCount, end + windowFrames)
        if edges.end, end < high {
            // Candidate last-core frames, nearest first: end-1, end, …, high-1.
            let range = (end - 1)..<high
            end =
                end - 1
                + (try bestFrame(
                    in: range, from: 0, through: high - end, channels: channels,
                    reader: reader, audio: &audio)) + 1
        }
        return start..<end
    }

    /// Reads `range` (as stored samples through `reader` when there is one) and returns the
    /// index, from the range's start, of the best edge frame from `first` through `last`.
    private mutating func bestFrame(
        in range: Range<Int>, from first: Int, through last: Int, channels: Int, reader: (any StoredSamples)?,
        audio: inout some FrameSource
    ) throws -> Int {
        if let reader {
            let count = range.count * channels
            if stored.count < count { stored = Array(repeating: 0, count: count) }
            if scores.count < range.count { scores = Array(repeating: 0, count: range.count) }
            return try stored.withUnsafeMutableBufferPointer { samples in
                try reader.readStoredSamples(range, into: samples.baseAddress!)
                if channels == 1 {
                    return Self.bestFrame(in: samples.baseAddress!, from: first, through: last, channels: channels)
                }
                return scores.withUnsafeMutableBufferPointer { scores in
                    Self.quietestFrame(
                        in: samples.baseAddress!, frames: range.count, from: first, through: last,
                        channels: channels, scores: scores.baseAddress!)
                }
            }
        }
        try audio.readFrames(range, into: &buffer)
        return buffer.withUnsafeBufferPointer { samples in
            Self.bestFrame(in: samples.baseAddress!, from: first, through: last, channels: channels)
        }
    }

    /// The frame with the least summed absolute amplitude among those of `samples` from
    /// `first` through `last`, the one nearest `first` on a tie: what ``bestFrame(in:from:through:channels:)``
    /// finds for several channels, in passes the compiler vectorizes (score every frame, find
    /// the least score, find its first frame).
    private static func quietestFrame(
        in samples: UnsafePointer<Int16>, frames: Int, from first: Int, through last: Int, channels: Int,
        scores: UnsafeMutablePointer<Int32>
    ) -> Int {
        if channels == 2 {
            for frame in 0..<frames {
                scores[frame] =
                    Int32(samples[2 &* frame]).magnitudeInt32 &+ Int32(samples[2 &* frame &+ 1]).magnitudeInt32
            }
        } else {
            for frame in 0..<frames {
                var score: Int32 = 0
                for channel in 0..<channels { score &+= Int32(samples[frame &* channels &+ channel]).magnitudeInt32 }
                scores[frame] = score
            }
        }
        var least = Int32.max
        for frame in Swift.min(first, last)...Swift.max(first, last) { least = Swift.min(least, scores[frame]) }
        let step = last >= first ? 1 : -1
        var frame = first
        while scores[frame] != least { frame += step }
        return frame
    }

    /// The best edge frame among the frames of `samples` from `first` (the original edge)
    /// through `last`, taken in that order, outward.
    private static func bestFrame<Sample: SnapSample>(
        in samples: UnsafePointer<Sample>, from first: Int, through last: Int, channels: Int
    ) -> Int {
        let step = last >= first ? 1 : -1
        if channels == 1 {
            var previous = first
            while previous != last {
                let next = previous + step
                let a = samples[previous], b = samples[next]
                if a.isEdgeZero { return previous }
                if a.isEdgeNegative != b.isEdgeNegative || b.isEdgeZero {
                    return b.edgeMagnitude < a.edgeMagnitude ? next : previous
                }
                previous = next
            }
        }
        var best = first
        var bestScore = Sample.worstEdgeScore
        var frame = first
        while true {
            let row = samples + frame * channels
            var score = Sample.EdgeScore.zero
            for channel in 0..<channels { score += row[channel].edgeMagnitude }
            if score < bestScore {
                best = frame
                bestScore = score
            }
            if frame == last { break }
            frame += step
        }
        return best
    }
}

/// A sample type the edge search reads: `Float`, or 16-bit integer PCM as stored.
protocol SnapSample {
    /// What sums of absolute values are kept in: exact for every sum the search makes.
    associatedtype EdgeScore: Comparable & AdditiveArithmetic
    /// A score above every real one.
    static var worstEdgeScore: EdgeScore { get }
    var isEdgeZero: Bool { get }
    var isEdgeNegative: Bool { get }
    /// The absolute value.
    var edgeMagnitude: EdgeScore { get }
}

extension Float: SnapSample {
    static var worstEdgeScore: Float { .infinity }
    var isEdgeZero: Bool { self == 0 }
    var isEdgeNegative: Bool { self < 0 }
    var edgeMagnitude: Float { abs(self) }
}

extension Int32 {
    /// The absolute value of a widened 16-bit sample, without an overflow check.
    fileprivate var magnitudeInt32: Int32 { self < 0 ? 0 &- self : self }
}

extension Int16: SnapSample {
    static var worstEdgeScore: Int32 { .max }
    var isEdgeZero: Bool { self == 0 }
    var isEdgeNegative: Bool { self < 0 }
    var edgeMagnitude: Int32 { abs(Int32(self)) }
}
