import Foundation

/// The smooth curves censor fades with.
package enum FadeCurve {
    /// How far step `index` of an `length`-step fade has come, in (0, 1): a raised cosine
    /// `½ − ½·cos(π·(index + 1)/(length + 1))`, flat at both ends so the fade has no kink.
    @inlinable
    package static func progress(_ index: Int, of length: Int) -> Float {
        Float(0.5 - 0.5 * cos(Double.pi * Double(index + 1) / Double(length + 1)))
    }

    /// The progress of every step of a `length`-step fade, computed once per fade length.
    package static func table(length: Int) -> [Float] {
        (0..<length).map { progress($0, of: length) }
    }
}
