import Foundation

extension Signals {
    // MARK: - Speech-like signals

    /// A harmonic burst from `start` to `end` seconds (six harmonics of `fundamental`, falling
    /// as 1/h, peak about `amplitude`), added to `samples` (mono).
    package static func addBurst(
        to samples: inout [Float], from start: Double, to end: Double, fundamental: Double = 180,
        amplitude: Double = 0.3, sampleRate: Int
    ) {
        let first = Int((start * Double(sampleRate)).rounded()), last = Int((end * Double(sampleRate)).rounded())
        for frame in first..<last {
            let t = Double(frame - first) / Double(sampleRate)
            var value = 0.0
            for harmonic in 1...6 {
                value += sin(2 * Double.pi * fundamental * Double(harmonic) * t) / Double(harmonic)
            }
            samples[frame] += Float(amplitude * value / 2.45)
        }
    }

    /// `seconds` of white noise at `level` dBFS RMS (0 for digital silence), seeded.
    package static func background(seconds: Double, sampleRate: Int, level: Double?, seed: UInt64 = 11) -> [Float] {
        let frames = Int(seconds * Double(sampleRate))
        guard let level else { return [Float](repeating: 0, count: frames) }
        // Uniform noise in [−a, a) has RMS a/√3.
        let amplitude = pow(10, level / 20) * 3.0.squareRoot()
        return noise(frames: frames, amplitudes: [amplitude], seed: seed)
    }
}
