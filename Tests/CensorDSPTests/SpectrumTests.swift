import CensorTestSignals
import Foundation
import Testing

@testable import CensorDSP

/// The FFTW wrapper: power spectra of Hann-windowed frames.
@Suite struct SpectrumTests {
    @Test("a sine on a bin's frequency peaks in that bin", arguments: [(480, 37), (441, 10), (240, 100), (256, 5)])
    func sinePeaks(size: Int, bin: Int) {
        let spectrum = Spectrum(size: size)
        let samples = (0..<size).map { Float(0.5 * sin(2 * Double.pi * Double(bin) * Double($0) / Double(size))) }
        var power: [Float] = []
        samples.withUnsafeBufferPointer { spectrum.power(of: $0, stride: 1, into: &power) }
        #expect(power.count == size / 2 + 1)
        #expect(power.indices.max { power[$0] < power[$1] } == bin)
        // The Hann window's main lobe is two bins each way; nothing beyond it is within 30 dB.
        let far = power.indices.filter { abs($0 - bin) > 2 }.map { power[$0] }.max() ?? 0
        #expect(far < power[bin] / 1000)
    }

    @Test(
        "every bin, 0 Hz and Nyquist included, is a direct DFT's to 1e-5 of the frame's total power, by either transform",
        arguments: [480, 160, 64, 450, 441, 120])
    func matchesDirectDFT(size: Int) {
        // 480, 160, 64 and 120 take the half-size complex transform; 450 and 441 the real one.
        let spectrum = Spectrum(size: size)
        let samples = Signals.noise(frames: size, amplitudes: [0.4], seed: UInt64(size)).enumerated().map {
            index, noise in
            noise + Float(0.3 * sin(2 * Double.pi * 7.3 * Double(index) / Double(size))) + 0.05
        }
        var power: [Float] = []
        samples.withUnsafeBufferPointer { spectrum.power(of: $0, stride: 1, into: &power) }
        let window = (0..<size).map { 0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(size)) }
        let scale = 1 / window.reduce(0) { $0 + $1 * $1 }
        let direct = (0...(size / 2)).map { bin in
            var (real, imaginary) = (0.0, 0.0)
            for index in 0..<size {
                let angle = -2 * Double.pi * Double(bin * index % size) / Double(size)
                real += Double(samples[index]) * window[index] * cos(angle)
                imaginary += Double(samples[index]) * window[index] * sin(angle)
            }
            return (real * real + imaginary * imaginary) * scale
        }
        let total = direct.reduce(0, +)
        let worst = zip(power, direct).map { abs(Double($0) - $1) }.max() ?? .infinity
        #expect(power.count == size / 2 + 1)
        #expect(worst < 1e-5 * total, "size \(size): worst difference \(worst), total \(total)")
    }

    @Test("white noise of variance σ² has a mean power of σ² per bin")
    func noiseLevel() {
        let spectrum = Spectrum(size: 480)
        let frames = 200
        let samples = Signals.noise(frames: 480 * frames, amplitudes: [0.3], seed: 21)  // variance 0.03
        var power: [Float] = []
        var total = 0.0
        samples.withUnsafeBufferPointer { samples in
            for frame in 0..<frames {
                spectrum.power(of: UnsafeBufferPointer(rebasing: samples[(frame * 480)...]), stride: 1, into: &power)
                total += power[1..<240].reduce(0.0) { $0 + Double($1) }
            }
        }
        let mean = total / Double(frames * 239)
        #expect(abs(mean / 0.03 - 1) < 0.05, "mean power \(mean)")
    }

    @Test("interleaved channels are read with a stride; a range of bins is all that is written")
    func strideAndBins() {
        let spectrum = Spectrum(size: 64)
        let left = (0..<64).map { Float(sin(2 * Double.pi * 4 * Double($0) / 64)) }
        let right = (0..<64).map { Float(0.5 * sin(2 * Double.pi * 9 * Double($0) / 64)) }
        let stereo = zip(left, right).flatMap { [$0, $1] }
        var mono: [Float] = [], first: [Float] = [], second: [Float] = []
        left.withUnsafeBufferPointer { spectrum.power(of: $0, stride: 1, into: &mono) }
        stereo.withUnsafeBufferPointer { samples in
            spectrum.power(of: samples, stride: 2, into: &first)
            spectrum.power(of: UnsafeBufferPointer(rebasing: samples[1...]), stride: 2, into: &second)
        }
        #expect(first == mono)
        #expect(second.indices.max { second[$0] < second[$1] } == 9)
        var part = [Float](repeating: -1, count: spectrum.binCount)
        part.withUnsafeMutableBufferPointer { part in
            left.withUnsafeBufferPointer {
                spectrum.power(of: $0, stride: 1, bins: 3..<6, writingTo: part.baseAddress!)
            }
        }
        #expect(Array(part[3..<6]) == Array(mono[3..<6]))
        #expect(part[..<3].allSatisfy { $0 == -1 } && part[6...].allSatisfy { $0 == -1 })
    }

    /// A failure here means Debian's FFTW changed: run scripts/fftw-wisdom.sh again (FFTW then
    /// plans by its estimate, about a quarter slower at 48 kHz, and every result still holds).
    @Test("FFTW takes the plans measured for refinement's frame sizes")
    func wisdomTaken() {
        _ = Spectrum(size: 480)
        #expect(Spectrum.wisdomImported == true)
    }
}
