import Foundation

/// The smooth curves censor fades with.
enum FadeCurve {
    /// How far step `index` of an `length`-step fade has come, in (0, 1): a raised cosine
    /// `½ − ½·cos(π·(index + 1)/(length + 1))`, flat at both ends so the fade has no kink.
    @inlinable
    static func progress(_ index: Int, of length: Int) -> Float {
        Float(0.5 - 0.5 * cos(Double.pi * Double(index + 1) / Double(length + 1)))
    }

    /// The censoring strength at absolute `frame` of `span`: 0 outside its modified region,
    /// rising along the fade in, 1 in the core, falling along the fade out.
    @inlinable
    static func strength(at frame: Int, in span: Span) -> Float {
        if frame < span.start {
            return progress(frame - span.fadeStart, of: span.start - span.fadeStart)
        }
        if frame >= span.end {
            return progress(span.fadeEnd - 1 - frame, of: span.fadeEnd - span.end)
        }
        return 1
    }
}
