/// Converts between a file's stored samples and the `Float` the kernels compute in.
///
/// Only frames inside a span pass through a codec; every other sample is written back exactly
/// as it was read, which is what keeps untouched audio bit-identical.
package protocol SampleCodec {
    /// The stored sample type.
    associatedtype Sample
    /// The sample as a float with full scale at ±1.
    func decode(_ sample: Sample) -> Float
    /// The float as a stored sample, rounded to the format's resolution.
    func encode(_ value: Float) -> Sample
    /// Multiplies `count` stored samples in place by `gain`: each becomes
    /// `encode(decode(sample) * gain)`.
    func scale(_ samples: UnsafeMutablePointer<Sample>, count: Int, by gain: Float)
    /// Writes `count` frames of two channels, interleaved, from one channel of `values`: frame
    /// `i` becomes `encode(left * values[i])`, `encode(right * values[i])`.
    func encodeStereo(
        _ values: UnsafePointer<Float>, count: Int, left: Float, right: Float,
        into samples: UnsafeMutablePointer<Sample>)
}

extension SampleCodec {
    @inline(__always) package func scale(_ samples: UnsafeMutablePointer<Sample>, count: Int, by gain: Float) {
        for index in 0..<count { samples[index] = encode(decode(samples[index]) * gain) }
    }

    @inline(__always) package func encodeStereo(
        _ values: UnsafePointer<Float>, count: Int, left: Float, right: Float,
        into samples: UnsafeMutablePointer<Sample>
    ) {
        for index in 0..<count {
            samples[2 &* index] = encode(left * values[index])
            samples[2 &* index &+ 1] = encode(right * values[index])
        }
    }
}

/// `Float` samples, unchanged both ways.
package struct FloatCodec: SampleCodec {
    package init() {}
    @inline(__always) package func decode(_ sample: Float) -> Float { sample }
    @inline(__always) package func encode(_ value: Float) -> Float { value }
}

/// `Double` samples.
package struct DoubleCodec: SampleCodec {
    package init() {}
    @inline(__always) package func decode(_ sample: Double) -> Float { Float(sample) }
    @inline(__always) package func encode(_ value: Float) -> Double { Double(value) }
}

/// Integer PCM of at most 16 bits, held left-justified in an `Int16` (as libsndfile's `short`
/// interface stores 8- and 16-bit audio, its cheapest path), computed in `Float`, which holds
/// every 16-bit step exactly.
package struct NarrowPCMCodec: SampleCodec {
    /// Adding 1.5·2²³ to a float below 2²² in magnitude leaves the nearest integer (ties to
    /// even) in the low bits of its bit pattern.
    private static let nearestIntegerMagic: Float = 12_582_912
    private let scale: Float
    private let shift: Int16
    private let maximum: Float

    /// A codec for `bits`-bit audio, 8 to 16.
    package init(bits: Int) {
        precondition((8...16).contains(bits), "narrow PCM has 8 to 16 bits")
        scale = Float(1 << (bits - 1))
        shift = Int16(16 - bits)
        maximum = scale - 1
    }

    @inline(__always) package func decode(_ sample: Int16) -> Float {
        Float(sample) * (1.0 / 32_768.0)
    }

    @inline(__always) package func encode(_ value: Float) -> Int16 {
        var clamped = value * scale
        clamped = clamped > maximum ? maximum : clamped
        clamped = clamped < -scale ? -scale : clamped
        let nearest = Int32(bitPattern: (clamped + Self.nearestIntegerMagic).bitPattern) &- 0x4B40_0000
        return Int16(truncatingIfNeeded: nearest) &<< shift
    }

    /// Eight samples at a time, read as four pairs (`Int32`s) and split into the first and
    /// second of each by shifts, so that every lane's arithmetic is ``encode(_:)`` of
    /// ``decode(_:)`` times `gain`. (Widening the 16-bit lanes the usual way compiles to an
    /// unpack that reads its register's previous value, which chains each group of eight to
    /// the last: three times slower.)
    @inline(__always) package func scale(_ samples: UnsafeMutablePointer<Int16>, count: Int, by gain: Float) {
        let raw = UnsafeMutableRawPointer(samples)
        // decode's 1/32768, the gain and encode's scale as one factor: the two are powers of
        // two, which scale a float exactly, so each lane's product is encoded as encode's is.
        let factor = gain * (scale * (1.0 / 32_768.0))
        var index = 0
        while index &+ 8 <= count {
            // Little-endian: each pair's first sample in the low half.
            let pairs = raw.loadUnaligned(fromByteOffset: index &* 2, as: SIMD4<Int32>.self)
            let first = nearestSteps(SIMD4<Float>((pairs &<< 16) &>> 16) * factor)
            let second = nearestSteps(SIMD4<Float>(pairs &>> 16) * factor)
            raw.storeBytes(of: (second &<< 16) | (first & 0xFFFF), toByteOffset: index &* 2, as: SIMD4<Int32>.self)
            index &+= 8
        }
        while index < count {
            samples[index] = encode(decode(samples[index]) * gain)
            index &+= 1
        }
    }

    /// Four frames at a time, each written as one pair (`Int32`): the left sample in its low
    /// half, the right in its high half.
    @inline(__always) package func encodeStereo(
        _ values: UnsafePointer<Float>, count: Int, left: Float, right: Float, into samples: UnsafeMutablePointer<Int16>
    ) {
        let raw = UnsafeMutableRawPointer(samples), source = UnsafeRawPointer(values)
        var index = 0
        while index &+ 4 <= count {
            let lanes = source.loadUnaligned(fromByteOffset: index &* 4, as: SIMD4<Float>.self)
            let first = encoded(left * lanes), second = encoded(right * lanes)
            raw.storeBytes(of: (second &<< 16) | (first & 0xFFFF), toByteOffset: index &* 4, as: SIMD4<Int32>.self)
            index &+= 4
        }
        while index < count {
            samples[2 &* index] = encode(left * values[index])
            samples[2 &* index &+ 1] = encode(right * values[index])
            index &+= 1
        }
    }

    /// ``encode(_:)`` of four values, each in the low 16 bits of its lane.
    @inline(__always) private func encoded(_ values: SIMD4<Float>) -> SIMD4<Int32> {
        nearestSteps(values * scale)
    }

    /// ``encoded(_:)`` of values already multiplied by `scale`.
    @inline(__always) private func nearestSteps(_ scaled: SIMD4<Float>) -> SIMD4<Int32> {
        var clamped = scaled
        // The lanes of encode's two comparisons, written so that they compile to min and max.
        clamped = clamped.replacing(with: SIMD4(repeating: maximum), where: SIMD4(repeating: maximum) .< clamped)
        clamped = clamped.replacing(with: SIMD4(repeating: -scale), where: clamped .< SIMD4(repeating: -scale))
        return (unsafeBitCast(clamped + Self.nearestIntegerMagic, to: SIMD4<Int32>.self) &- 0x4B40_0000)
            &<< SIMD4(repeating: Int32(shift))
    }
}

/// Integer PCM of `bits` significant bits, held left-justified in an `Int32` (as libsndfile's
/// `int` interface stores 8-, 16- and 24-bit audio). Encoding takes the nearest step the
/// format can store (ties to even) and saturates at full scale, so nothing wraps around.
package struct IntegerPCMCodec: SampleCodec {
    /// Adding 1.5·2⁵² to a double below 2⁵¹ in magnitude leaves the nearest integer (ties to
    /// even) in the low bits of its bit pattern, without a libm call or a trap check.
    private static let nearestIntegerMagic = 6_755_399_441_055_744.0
    private let scale: Double
    private let shift: Int32
    private let maximum: Double

    /// A codec for `bits`-bit audio, 8 to 32.
    package init(bits: Int) {
        precondition((8...32).contains(bits), "integer PCM has 8 to 32 bits")
        scale = Double(1 << (bits - 1))
        shift = Int32(32 - bits)
        maximum = scale - 1
    }

    @inline(__always) package func decode(_ sample: Int32) -> Float {
        Float(sample) * (1.0 / 2_147_483_648.0)
    }

    @inline(__always) package func encode(_ value: Float) -> Int32 {
        let clamped = Swift.min(Swift.max(Double(value) * scale, -scale), maximum)
        return Int32(truncatingIfNeeded: (clamped + Self.nearestIntegerMagic).bitPattern) &<< shift
    }
}
