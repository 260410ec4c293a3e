import Foundation

/// How ``CensorMode/cut`` shortens audio: each span's core removed, the audio before and
/// after joined by an equal-power crossfade.
///
/// A join blends the `crossfade` frames before the core (fading out) with the `crossfade`
/// frames after it (fading in), gains cos θ and sin θ with θ rising along the raised cosine
/// the other fades use; `crossfade` is the shorter of the span's two fades (none at the file's
/// start or end). The planner has already moved the core's edges outward to zero crossings,
/// or the quietest frame, within its snap window, so each join meets the audio there. Every
/// other frame is copied: output frame `f` between joins is input frame `f` plus the frames
/// removed before it.
public struct CutPlan: Sendable, Hashable {
    /// One join.
    public struct Join: Sendable, Hashable {
        /// The input frames removed outright: the span's core.
        public var removed: Range<Int>
        /// The frames on each side of the core that blend into one.
        public var crossfade: Int
        /// The output frame where the blend begins.
        public var outputFrame: Int

        /// Input frames the join takes out of the timeline: the core and one crossfade.
        public var removedFrames: Int { removed.count + crossfade }
    }

    /// A run of output frames.
    enum Piece: Hashable {
        /// Input frames copied.
        case copy(Range<Int>)
        /// Input frames `fadingOut` blended with as many frames `fadingIn`.
        case blend(fadingOut: Range<Int>, fadingIn: Range<Int>)

        var count: Int {
            switch self {
            case let .copy(frames): frames.count
            case let .blend(out, _): out.count
            }
        }
    }

    /// The joins, in order.
    public let joins: [Join]
    /// The input's length in frames.
    public let inputFrames: Int
    /// The output's pieces, in order.
    let pieces: [Piece]

    /// The output's length in frames.
    public var outputFrames: Int { inputFrames - joins.reduce(0) { $0 + $1.removedFrames } }

    /// The cut of `spans` (sorted and apart, as ``Planner`` makes them) from `frames` frames.
    public init(spans: [Span], frames: Int) {
        var joins: [Join] = [], pieces: [Piece] = []
        var position = 0, output = 0
        for span in spans {
            let crossfade = min(span.start - span.fadeStart, span.fadeEnd - span.end)
            let keptEnd = span.start - crossfade
            if keptEnd > position { pieces.append(.copy(position..<keptEnd)) }
            output += max(0, keptEnd - position)
            joins.append(Join(removed: span.start..<span.end, crossfade: crossfade, outputFrame: output))
            if crossfade > 0 {
                pieces.append(.blend(fadingOut: keptEnd..<span.start, fadingIn: span.end..<(span.end + crossfade)))
            }
            output += crossfade
            position = span.end + crossfade
        }
        if position < frames { pieces.append(.copy(position..<frames)) }
        self.joins = joins
        self.pieces = pieces
        inputFrames = frames
    }
}

extension CutPlan {
    /// `samples` (interleaved, `channels` per frame, ``inputFrames`` long) cut: the pieces
    /// copied and blended as ``CutReader`` streams them from a file.
    func apply(to samples: [Float], channels: Int) -> [Float] {
        var result: [Float] = []
        result.reserveCapacity(outputFrames * channels)
        for piece in pieces {
            switch piece {
            case let .copy(frames):
                result += samples[(frames.lowerBound * channels)..<(frames.upperBound * channels)]
            case let .blend(out, into):
                let gains = Self.gains(length: out.count)
                for step in 0..<out.count {
                    for channel in 0..<channels {
                        result.append(
                            samples[(out.lowerBound + step) * channels + channel] * gains.out[step]
                                + samples[(into.lowerBound + step) * channels + channel] * gains.in[step])
                    }
                }
            }
        }
        return result
    }

    /// The equal-power gains of a `length`-frame join: cos θ for the audio fading out, sin θ for
    /// the audio fading in, θ along ``FadeCurve``.
    static func gains(length: Int) -> (out: [Float], in: [Float]) {
        let curve = FadeCurve.table(length: length)
        return (curve.map { cos(Float.pi / 2 * $0) }, curve.map { sin(Float.pi / 2 * $0) })
    }
}
