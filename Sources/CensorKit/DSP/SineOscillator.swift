import Foundation

/// A sine tone addressed by absolute frame, identical however the audio is cut into blocks.
///
/// It steps by complex rotation in `Double` and re-anchors on an exact `sin`/`cos` every
/// ``anchorInterval`` frames counted from its origin, so the value at a frame depends only on
/// the frame, never on where a block began.
struct SineOscillator {
    /// Frames between exact re-anchoring points.
    static let anchorInterval = 1024

    /// The frame where the tone has phase zero.
    let origin: Int
    private let step: Double
    private let stepSin: Double
    private let stepCos: Double
    /// The frame `value` belongs to.
    private(set) var frame: Int
    private var sine = 0.0
    private var cosine = 1.0
    /// Frames left before the next anchor.
    private var untilAnchor = SineOscillator.anchorInterval

    /// A tone of `frequency` Hz at `sampleRate` with phase zero at frame `origin`.
    init(frequency: Double, sampleRate: Int, origin: Int) {
        self.origin = origin
        step = 2 * Double.pi * frequency / Double(sampleRate)
        stepSin = sin(step)
        stepCos = cos(step)
        frame = origin
    }

    /// Positions the oscillator at `target`.
    mutating func seek(to target: Int) {
        let offset = target - origin
        let anchor = offset - offset % Self.anchorInterval
        anchorAt(anchor)
        for _ in anchor..<offset { rotate() }
        untilAnchor = Self.anchorInterval - (offset - anchor)
        frame = target
    }

    /// The tone's value at ``frame``, then moves to the next frame.
    @inline(__always)
    mutating func next() -> Float {
        let value = Float(sine)
        frame += 1
        untilAnchor -= 1
        if untilAnchor == 0 {
            anchorAt(frame - origin)
        } else {
            rotate()
        }
        return value
    }

    private mutating func anchorAt(_ offset: Int) {
        untilAnchor = Self.anchorInterval
        let phase = step * Double(offset)
        sine = sin(phase)
        cosine = cos(phase)
    }

    @inline(__always)
    private mutating func rotate() {
        let s = sine * stepCos + cosine * stepSin
        cosine = cosine * stepCos - sine * stepSin
        sine = s
    }
}
