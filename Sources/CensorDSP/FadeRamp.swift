import Foundation

/// One fade's gains, frame by frame in the order the frames come, computed once per length and
/// shape so the kernels only look them up.
///
/// `keep` multiplies the audio; `add` multiplies the tone (beep fades only, else empty). A
/// rising ramp fades into the core (its strength grows along ``FadeCurve``), a falling one out
/// of it (the same curve backwards).
struct FadeRamp {
    /// What a fade does with the audio (and the tone).
    enum Shape: Hashable {
        /// The audio times a gain moving from 1 to `gain` (its bit pattern, so it hashes).
        case gain(bits: UInt32)
        /// ``BeepFade/equalPower``: audio × cos(π/2·w), tone × sin(π/2·w).
        case equalPower
        /// ``BeepFade/complementary``: audio × (1 − w), tone × w.
        case complementary

        /// The shape of a fade to `gain`.
        static func gain(_ gain: Float) -> Shape { .gain(bits: gain.bitPattern) }

        /// The shape of a beep's `fade`.
        init(_ fade: BeepFade) {
            switch fade {
            case .equalPower: self = .equalPower
            case .complementary: self = .complementary
            }
        }
    }

    /// The audio's gain at each frame.
    let keep: [Float]
    /// The tone's gain at each frame; empty for gain shapes.
    let add: [Float]

    /// The ramp of `length` frames of `shape`, rising into the core or falling out of it.
    init(length: Int, shape: Shape, rising: Bool) {
        let curve = FadeCurve.table(length: length)
        let strengths = rising ? curve : Array(curve.reversed())
        switch shape {
        case let .gain(bits):
            let gain = Float(bitPattern: bits)
            keep = strengths.map { 1 + (gain - 1) * $0 }
            add = []
        case .equalPower:
            keep = strengths.map { cos(Float.pi / 2 * $0) }
            add = strengths.map { sin(Float.pi / 2 * $0) }
        case .complementary:
            keep = strengths.map { 1 - $0 }
            add = strengths
        }
    }
}
