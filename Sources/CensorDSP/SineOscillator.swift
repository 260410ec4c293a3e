import Foundation

/// A sine tone addressed by absolute frame, identical however the audio is cut into blocks.
///
/// Four consecutive frames are computed at once, as four lanes each rotated by four steps of
/// phase in `Double`. Every ``anchorInterval`` frames from the origin the lanes re-anchor on
/// exact `sin` values, so the value at a frame depends only on the frame, never on where a
/// block began. The value at a frame depends only on its distance from the origin, too, so
/// the tone's first frames can be computed once (``table(frequency:sampleRate:frames:)``) and
/// copied for every span's tone instead of computed again. A tone of a whole number of hertz
/// repeats exactly every ``cycle(frequency:sampleRate:)`` frames (48 for 1 kHz at 48 kHz): a
/// table of whole cycles is copied over and over, however long the span.
struct SineOscillator {
    /// Frames between exact re-anchoring points; a multiple of the lane count.
    static let anchorInterval = 1024
    private static let lanes = 4

    /// The frame where the tone has phase zero.
    let origin: Int
    private let step: Double
    private let rotationSine: SIMD4<Double>
    private let rotationCosine: SIMD4<Double>
    /// The frame of lane 0.
    private var base: Int
    private var sines = SIMD4<Double>()
    private var cosines = SIMD4<Double>()
    /// Lane groups left before the next anchor.
    private var untilAnchor = 0
    /// The frame ``next()`` returns.
    private(set) var frame: Int
    /// Whether the lanes hold ``frame``'s group: not after a fill copied from the table or a seek.
    private var lanesCurrent = true
    /// The tone's values from the origin on, the same as the lanes compute.
    private let table: [Float]
    /// Whether the table holds whole cycles of the tone, and so gives every frame's value.
    private let tableRepeats: Bool
    /// The frames after which the tone's values repeat to the bit: the table's length when it
    /// holds whole cycles; `nil` otherwise.
    var period: Int? { tableRepeats ? table.count : nil }

    /// A tone of `frequency` Hz at `sampleRate` with phase zero at frame `origin`.
    ///
    /// - Parameter table: The values of the tone's first frames from its origin, at this
    ///   frequency and rate (``table(frequency:sampleRate:frames:)``); copied where a fill lies
    ///   within them, or everywhere when they are whole cycles of the tone.
    init(frequency: Double, sampleRate: Int, origin: Int, table: [Float] = []) {
        self.origin = origin
        self.table = table
        tableRepeats =
            !table.isEmpty
            && Self.cycle(frequency: frequency, sampleRate: sampleRate).map { table.count % $0 == 0 } == true
        step = 2 * Double.pi * frequency / Double(sampleRate)
        rotationSine = SIMD4(repeating: sin(step * Double(Self.lanes)))
        rotationCosine = SIMD4(repeating: cos(step * Double(Self.lanes)))
        base = origin
        frame = origin
        anchor(at: origin)
    }

    /// The values of the first `frames` frames of a tone of `frequency` Hz at `sampleRate`.
    static func table(frequency: Double, sampleRate: Int, frames: Int) -> [Float] {
        guard frames > 0 else { return [] }
        var oscillator = SineOscillator(frequency: frequency, sampleRate: sampleRate, origin: 0)
        return [Float](unsafeUninitializedCapacity: frames) { values, count in
            oscillator.fill(values.baseAddress!, count: frames)
            count = frames
        }
    }

    /// The frames after which a tone of `frequency` Hz at `sampleRate` repeats exactly: the rate
    /// over its greatest common divisor with a whole frequency; `nil` for a fractional one.
    static func cycle(frequency: Double, sampleRate: Int) -> Int? {
        guard frequency >= 1, frequency <= Double(sampleRate), frequency == frequency.rounded(), sampleRate > 0 else {
            return nil
        }
        var (a, b) = (sampleRate, Int(frequency))
        while b != 0 { (a, b) = (b, a % b) }
        return sampleRate / a
    }

    /// Positions the oscillator at `target`; the lanes follow when next computed.
    mutating func seek(to target: Int) {
        frame = target
        lanesCurrent = false
    }

    /// Moves the lanes to ``frame``'s group.
    private mutating func placeLanes() {
        let offset = frame - origin
        anchor(at: origin + offset - offset % Self.anchorInterval)
        while base + Self.lanes <= frame { advance() }
        lanesCurrent = true
    }

    /// The tone's value at ``frame``, then moves to the next frame.
    @inline(__always)
    mutating func next() -> Float {
        let value = Float(sines[frame - base])
        frame += 1
        if frame - base == Self.lanes { advance() }
        return value
    }

    /// Writes the values of the next `count` frames to `output`: copied from the table where
    /// they all lie within it, else computed.
    @inline(__always)
    mutating func fill(_ output: UnsafeMutablePointer<Float>, count: Int) {
        let offset = frame - origin
        if offset >= 0, count <= table.count - offset {
            table.withUnsafeBufferPointer { output.update(from: $0.baseAddress! + offset, count: count) }
            frame += count
            lanesCurrent = false
            return
        }
        if offset >= 0, tableRepeats {
            table.withUnsafeBufferPointer { table in
                var (done, position) = (0, offset % table.count)
                while done < count {
                    let piece = min(count - done, table.count - position)
                    (output + done).update(from: table.baseAddress! + position, count: piece)
                    (done, position) = (done + piece, 0)
                }
            }
            frame += count
            lanesCurrent = false
            return
        }
        if !lanesCurrent { placeLanes() }
        var index = 0
        while index < count, frame != base {
            output[index] = next()
            index += 1
        }
        while count - index >= Self.lanes {
            let values = SIMD4<Float>(sines)
            output[index] = values[0]
            output[index + 1] = values[1]
            output[index + 2] = values[2]
            output[index + 3] = values[3]
            index += Self.lanes
            frame += Self.lanes
            advance()
        }
        while index < count {
            output[index] = next()
            index += 1
        }
    }

    /// Moves lane 0 to the next group of frames.
    @inline(__always)
    private mutating func advance() {
        untilAnchor -= 1
        if untilAnchor == 0 {
            anchor(at: base + Self.lanes)
            return
        }
        base += Self.lanes
        let s = sines * rotationCosine + cosines * rotationSine
        cosines = cosines * rotationCosine - sines * rotationSine
        sines = s
    }

    /// Sets the lanes to exact values for the frames from `frame`.
    private mutating func anchor(at frame: Int) {
        base = frame
        untilAnchor = Self.anchorInterval / Self.lanes
        for lane in 0..<Self.lanes {
            let phase = step * Double(frame - origin + lane)
            sines[lane] = sin(phase)
            cosines[lane] = cos(phase)
        }
    }
}
