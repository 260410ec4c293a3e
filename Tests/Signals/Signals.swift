import Foundation

/// Deterministic test signals and the measurements DSP tests assert on.
///
/// Everything here is pure and seeded, so a test renders the same numbers on every run and
/// every machine. Signals are interleaved `Float` arrays, as ``CensorDSP/InterleavedBuffer`` holds.
package enum Signals {
    // MARK: - Generators

    /// A sine tone, the same on every channel unless `channelPhases` says otherwise.
    ///
    /// - Parameters:
    ///   - frequency: Hertz.
    ///   - sampleRate: Frames per second.
    ///   - frames: Length in frames.
    ///   - amplitude: Peak amplitude (full scale 1).
    ///   - phase: Phase in radians at frame 0.
    ///   - channels: Interleaved channel count.
    ///   - channelPhases: Extra phase per channel, in radians; empty for none.
    /// - Returns: `frames × channels` interleaved samples.
    package static func sine(
        frequency: Double, sampleRate: Int, frames: Int, amplitude: Double = 0.5, phase: Double = 0,
        channels: Int = 1, channelPhases: [Double] = []
    ) -> [Float] {
        var samples = [Float](repeating: 0, count: frames * channels)
        let step = 2 * Double.pi * frequency / Double(sampleRate)
        for frame in 0..<frames {
            for channel in 0..<channels {
                let extra = channel < channelPhases.count ? channelPhases[channel] : 0
                samples[frame * channels + channel] = Float(amplitude * sin(step * Double(frame) + phase + extra))
            }
        }
        return samples
    }

    /// A xorshift64* generator: tiny, fast, and the same sequence everywhere for a seed.
    package struct Random: RandomNumberGenerator {
        private var state: UInt64

        /// - Parameter seed: Any value; 0 is replaced, since xorshift would stay at 0.
        package init(seed: UInt64) {
            state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed
        }

        /// The next 64 random bits.
        package mutating func next() -> UInt64 {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return state &* 0x2545_F491_4F6C_DD1D
        }

        /// A uniform value in [-1, 1).
        package mutating func nextSigned() -> Double {
            Double(next() >> 11) / Double(1 << 52) - 1
        }
    }

    /// Uniform white noise in `[-amplitude, amplitude)` per channel, from a fixed seed.
    ///
    /// - Parameters:
    ///   - frames: Length in frames.
    ///   - channels: Interleaved channel count.
    ///   - amplitudes: Peak per channel; the last value repeats for further channels.
    ///   - seed: The generator's seed.
    package static func noise(frames: Int, channels: Int = 1, amplitudes: [Double] = [0.5], seed: UInt64 = 0x5EED)
        -> [Float]
    {
        var random = Random(seed: seed)
        var samples = [Float](repeating: 0, count: frames * channels)
        for frame in 0..<frames {
            for channel in 0..<channels {
                let amplitude = amplitudes[min(channel, amplitudes.count - 1)]
                samples[frame * channels + channel] = Float(amplitude * random.nextSigned())
            }
        }
        return samples
    }

    // MARK: - Channels

    /// One channel of interleaved samples.
    package static func channel(_ channel: Int, of samples: [Float], channels: Int, frames range: Range<Int>? = nil)
        -> [Float]
    {
        let range = range ?? 0..<(samples.count / channels)
        return range.map { samples[$0 * channels + channel] }
    }

    // MARK: - Filters

    /// A direct-form-I biquad in `Double`.
    package struct Biquad {
        var b0, b1, b2, a1, a2: Double
        private var x1 = 0.0, x2 = 0.0, y1 = 0.0, y2 = 0.0

        /// A second-order high-pass at `cutoff` Hz with quality `q`, by the bilinear transform
        /// with the cutoff prewarped (the audio-EQ-cookbook form).
        package init(highPass cutoff: Double, q: Double, sampleRate: Double) {
            let w0 = 2 * Double.pi * cutoff / sampleRate
            let cosine = cos(w0)
            let alpha = sin(w0) / (2 * q)
            let a0 = 1 + alpha
            b0 = (1 + cosine) / 2 / a0
            b1 = -(1 + cosine) / a0
            b2 = (1 + cosine) / 2 / a0
            a1 = -2 * cosine / a0
            a2 = (1 - alpha) / a0
        }

        package mutating func process(_ x: Double) -> Double {
            let y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
            x2 = x1
            x1 = x
            y2 = y1
            y1 = y
            return y
        }
    }

    /// The 4th-order Butterworth high-pass docs/ARCHITECTURE.md's click measure uses: two cascaded
    /// biquads at `cutoff` with Q = 0.5412 and 1.3066.
    ///
    /// - Parameters:
    ///   - samples: One channel.
    ///   - cutoff: Hertz; 5 kHz for the click measure.
    ///   - sampleRate: Frames per second.
    /// - Returns: The filtered channel, as long as `samples`.
    package static func butterworthHighPass(_ samples: [Float], cutoff: Double = 5000, sampleRate: Int) -> [Double] {
        var first = Biquad(highPass: cutoff, q: 0.5412, sampleRate: Double(sampleRate))
        var second = Biquad(highPass: cutoff, q: 1.3066, sampleRate: Double(sampleRate))
        return samples.map { second.process(first.process(Double($0))) }
    }

    // MARK: - Measurements

    /// The largest absolute value, in dBFS (full scale 1 is 0 dBFS); −infinity for silence.
    package static func peakDBFS<S: Sequence>(_ samples: S) -> Double where S.Element: BinaryFloatingPoint {
        20 * log10(peak(samples))
    }

    /// The largest absolute value.
    package static func peak<S: Sequence>(_ samples: S) -> Double where S.Element: BinaryFloatingPoint {
        samples.reduce(0.0) { max($0, abs(Double($1))) }
    }

    /// The root mean square; 0 for no samples.
    package static func rms<S: Collection>(_ samples: S) -> Double where S.Element: BinaryFloatingPoint {
        guard !samples.isEmpty else { return 0 }
        let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        return (sum / Double(samples.count)).squareRoot()
    }

    /// `samples` times a Hann window, which keeps a strong tone from leaking into far bins.
    package static func hannWindowed(_ samples: [Float]) -> [Double] {
        let n = samples.count
        return samples.enumerated().map { index, sample in
            Double(sample) * (0.5 - 0.5 * cos(2 * Double.pi * Double(index) / Double(max(1, n - 1))))
        }
    }

    /// The power of `samples` at `frequency` by the Goertzel algorithm, Hann-windowed.
    package static func goertzelPower(_ samples: [Float], frequency: Double, sampleRate: Int) -> Double {
        goertzelPower(windowed: hannWindowed(samples), frequency: frequency, sampleRate: sampleRate)
    }

    /// The power of already windowed `samples` at `frequency` by the Goertzel algorithm.
    package static func goertzelPower(windowed samples: [Double], frequency: Double, sampleRate: Int) -> Double {
        let coefficient = 2 * cos(2 * Double.pi * frequency / Double(sampleRate))
        var s1 = 0.0, s2 = 0.0
        samples.withUnsafeBufferPointer { samples in
            for sample in samples {
                let s = sample + coefficient * s1 - s2
                s2 = s1
                s1 = s
            }
        }
        return s1 * s1 + s2 * s2 - coefficient * s1 * s2
    }

    /// The frequency on a grid from `lower` to `upper` (step `step` Hz) where `samples` has the
    /// most power.
    package static func spectralPeak(
        _ samples: [Float], sampleRate: Int, from lower: Double = 50, to upper: Double = 8000, step: Double = 5
    ) -> Double {
        let windowed = hannWindowed(samples)
        var best = lower
        var bestPower = -Double.infinity
        var frequency = lower
        while frequency <= upper {
            let power = goertzelPower(windowed: windowed, frequency: frequency, sampleRate: sampleRate)
            if power > bestPower {
                bestPower = power
                best = frequency
            }
            frequency += step
        }
        return best
    }

    // MARK: - Bits

    /// The samples' bit patterns, for comparisons that tell 0.0 from −0.0.
    package static func bits<S: Sequence<Float>>(_ samples: S) -> [UInt32] {
        samples.map(\.bitPattern)
    }

    // MARK: - Frames

    /// A time in seconds whose `floor(t·rate)` is exactly `frame`, whatever floating-point error the
    /// product suffers (half a frame past it).
    package static func startTime(ofFrame frame: Int, sampleRate: Int) -> Double {
        (Double(frame) + 0.5) / Double(sampleRate)
    }

    /// A time in seconds whose `ceil(t·rate)` is exactly `frame` (half a frame before it).
    package static func endTime(ofFrame frame: Int, sampleRate: Int) -> Double {
        (Double(frame) - 0.5) / Double(sampleRate)
    }
}
