import CFFTW3
import Foundation

/// FFTW's planner keeps global state: creating or destroying plans from two threads at once
/// is undefined, while executing distinct plans concurrently is safe. Every plan this module
/// makes is created and destroyed under this lock (the command line censors files in parallel).
private let _fftwPlanning = NSLock()
/// Whether ``spectrumWisdom`` was imported, under `_fftwPlanning`; `nil` before the first plan.
nonisolated(unsafe) private var _wisdomImported: Bool?

/// Power spectra of short frames of real audio: a Hann window and one single-precision FFTW
/// plan of a fixed size.
///
/// A frame of *N* points, a multiple of 8, is transformed as *N*/2 complex values (its even
/// samples the real parts, its odd ones the imaginary parts) by a complex FFT of half the size,
/// and each bin asked for is then taken apart into the real frame's own: FFTW's vectorised
/// complex codelets do this in about a third of the time its real transform of 480 points
/// takes (whose twiddle pass is scalar), and only the bins wanted are computed. Other sizes
/// (450 and 900, at 44.1 and 88.2 kHz, whose halves FFTW transforms slowly) take its real
/// transform.
///
/// Before the first plan, FFTW is given the plans `scripts/fftw-wisdom.sh` measured for the
/// frame sizes edge refinement uses (``spectrumWisdom``): about a quarter faster than those
/// FFTW estimates, and planned in well under a millisecond. Where FFTW refuses them (another
/// version, a processor without their codelets), it plans by its estimate.
///
/// The only type in CensorKit that calls FFTW; the rest of the code sees `Float` arrays.
///
/// ```swift
/// let spectrum = Spectrum(size: 480)
/// var power: [Float] = []
/// frame.withUnsafeBufferPointer { spectrum.power(of: $0, stride: 1, into: &power) }
/// // power[k] is the power at k · rate / 480 Hz, k in 0...240
/// ```
///
/// Not thread-safe: give each thread its own instance.
package final class Spectrum {
    /// Samples per frame.
    let size: Int
    /// Bins per spectrum: `size / 2 + 1`, from 0 Hz to the Nyquist frequency.
    package var binCount: Int { size / 2 + 1 }

    private let input: UnsafeMutablePointer<Float>
    private let output: UnsafeMutablePointer<fftwf_complex>
    private let plan: fftwf_plan
    /// For a size that is a multiple of 8, the plan's transform is the complex one of `size / 2`
    /// points, and `twiddles[k]` and `twiddles[size/2 + 1 + k]` are cos(2πk/size) and
    /// −sin(2πk/size), k in 0...size/2; `nil` for other sizes.
    private let twiddles: UnsafeMutablePointer<Float>?
    private let window: UnsafeMutablePointer<Float>
    /// Scales |X(k)|² so that white noise of variance σ² has an expected power of σ² per bin.
    private let scale: Float

    /// Creates the window and the plan.
    ///
    /// - Parameter size: Samples per frame, at least 2; any size (FFTW handles every length).
    package init(size: Int) {
        precondition(size >= 2, "a spectrum needs at least two samples")
        self.size = size
        let input = fftwf_alloc_real(size)!
        let output = fftwf_alloc_complex(size / 2 + 1)!
        self.input = input
        self.output = output
        // FFTW_ESTIMATE: no trial runs, and the arrays are not overwritten while planning; the
        // wisdom's plan where it has one for this size.
        _fftwPlanning.lock()
        if _wisdomImported == nil { _wisdomImported = fftwf_import_wisdom_from_string(spectrumWisdom) != 0 }
        if size % 8 == 0 {
            let half = size / 2
            plan = input.withMemoryRebound(to: fftwf_complex.self, capacity: half) { complex in
                fftwf_plan_dft_1d(Int32(half), complex, output, FFTW_FORWARD, UInt32(FFTW_ESTIMATE))
            }
            let twiddles = UnsafeMutablePointer<Float>.allocate(capacity: 2 * (half + 1))
            for bin in 0...half {
                let angle = 2 * Double.pi * Double(bin) / Double(size)
                (twiddles[bin], twiddles[half + 1 + bin]) = (Float(cos(angle)), Float(-sin(angle)))
            }
            self.twiddles = twiddles
        } else {
            plan = fftwf_plan_dft_r2c_1d(Int32(size), input, output, UInt32(FFTW_ESTIMATE))
            twiddles = nil
        }
        _fftwPlanning.unlock()
        window = .allocate(capacity: size)
        var sum: Float = 0
        for index in 0..<size {
            window[index] = Float(0.5 - 0.5 * cos(2 * Double.pi * Double(index) / Double(size)))
            sum += window[index] * window[index]
        }
        scale = 1 / sum
    }

    /// Whether FFTW took the measured plans (``spectrumWisdom``); `nil` before the first spectrum.
    package static var wisdomImported: Bool? { _fftwPlanning.withLock { _wisdomImported } }

    deinit {
        _fftwPlanning.lock()
        fftwf_destroy_plan(plan)
        _fftwPlanning.unlock()
        fftwf_free(input)
        fftwf_free(output)
        window.deallocate()
        twiddles?.deallocate()
    }

    /// The power spectrum of one Hann-windowed frame.
    ///
    /// - Parameters:
    ///   - samples: At least `(size − 1) · stride + 1` samples; the frame is
    ///     `samples[0], samples[stride], …` (one channel of interleaved audio).
    ///   - stride: The distance between the frame's samples.
    ///   - power: Receives ``binCount`` values; resized when it has another count.
    /// - Complexity: O(*n* log *n*) for a frame of *n* samples.
    func power(of samples: UnsafeBufferPointer<Float>, stride: Int, into power: inout [Float]) {
        if power.count != binCount { power = [Float](repeating: 0, count: binCount) }
        power.withUnsafeMutableBufferPointer { power in
            self.power(of: samples, stride: stride, bins: 0..<binCount, writingTo: power.baseAddress!)
        }
    }

    /// The power of the bins `bins` only, written to `power[bins]`: ``power(of:stride:into:)``
    /// for callers that need part of the spectrum and keep their own memory.
    ///
    /// - Parameters:
    ///   - samples: At least `(size − 1) · stride + 1` samples.
    ///   - stride: The distance between the frame's samples.
    ///   - bins: The bins wanted, within `0..<binCount`.
    ///   - power: Memory for ``binCount`` values; only `power[bins]` is written.
    package func power(
        of samples: UnsafeBufferPointer<Float>, stride: Int, bins: Range<Int>,
        writingTo power: UnsafeMutablePointer<Float>
    ) {
        precondition(samples.count >= (size - 1) * stride + 1, "frame shorter than the spectrum")
        precondition(bins.lowerBound >= 0 && bins.upperBound <= binCount, "bins outside the spectrum")
        let source = samples.baseAddress!
        if stride == 1 {
            for index in 0..<size { input[index] = source[index] * window[index] }
        } else {
            for index in 0..<size { input[index] = source[index * stride] * window[index] }
        }
        fftwf_execute(plan)
        guard let twiddles else {
            for bin in bins {
                power[bin] = (output[bin].0 * output[bin].0 + output[bin].1 * output[bin].1) * scale
            }
            return
        }
        // Bin k of the real frame from bins k and N/2 − k (mod N/2) of the half-size transform
        // Z: X(k) = E + W·O, with E = (Z(k) + Z*(N/2 − k))/2, O = (Z(k) − Z*(N/2 − k))/2i and
        // W = e^(−2πik/N). Computed doubled (2E, 2O), so the power is scaled by a quarter.
        let half = size / 2
        let quarterScale = scale / 4
        let z = UnsafeRawPointer(output)
        let (cosines, sines) = (UnsafeRawPointer(twiddles), UnsafeRawPointer(twiddles + half + 1))
        let floatSize = MemoryLayout<Float>.stride
        // Eight bins at a time: Z(k ..< k + 8) and Z(N/2 − k − 7 ... N/2 − k), the latter reversed.
        let inner = bins.clamped(to: 1..<half)
        var index = inner.lowerBound
        while index + 8 <= inner.upperBound {
            let pairs = z.loadUnaligned(fromByteOffset: 2 * index * floatSize, as: SIMD16<Float>.self)
            let mirrored = z.loadUnaligned(fromByteOffset: 2 * (half - index - 7) * floatSize, as: SIMD16<Float>.self)
            let (real, imaginary) = (pairs.evenHalf, pairs.oddHalf)
            let (backwardReal, backwardImaginary) = (mirrored.evenHalf, mirrored.oddHalf)
            let mirrorReal = SIMD8(
                backwardReal[7], backwardReal[6], backwardReal[5], backwardReal[4],
                backwardReal[3], backwardReal[2], backwardReal[1], backwardReal[0])
            let mirrorImaginary = SIMD8(
                backwardImaginary[7], backwardImaginary[6], backwardImaginary[5], backwardImaginary[4],
                backwardImaginary[3], backwardImaginary[2], backwardImaginary[1], backwardImaginary[0])
            let cosine = cosines.loadUnaligned(fromByteOffset: index * floatSize, as: SIMD8<Float>.self)
            let sine = sines.loadUnaligned(fromByteOffset: index * floatSize, as: SIMD8<Float>.self)
            let (evenReal, evenImaginary) = (real + mirrorReal, imaginary - mirrorImaginary)
            let (oddReal, oddImaginary) = (imaginary + mirrorImaginary, mirrorReal - real)
            let x = evenReal + (cosine * oddReal - sine * oddImaginary)
            let y = evenImaginary + (cosine * oddImaginary + sine * oddReal)
            UnsafeMutableRawPointer(power + index).storeBytes(of: (x * x + y * y) * quarterScale, as: SIMD8<Float>.self)
            index += 8
        }
        let floats = z.assumingMemoryBound(to: Float.self)
        while index < inner.upperBound {
            let mirror = half - index
            let (real, imaginary) = (floats[2 * index], floats[2 * index + 1])
            let (mirrorReal, mirrorImaginary) = (floats[2 * mirror], floats[2 * mirror + 1])
            let (evenReal, evenImaginary) = (real + mirrorReal, imaginary - mirrorImaginary)
            let (oddReal, oddImaginary) = (imaginary + mirrorImaginary, mirrorReal - real)
            let (cosine, sine) = (twiddles[index], twiddles[half + 1 + index])
            let x = evenReal + (cosine * oddReal - sine * oddImaginary)
            let y = evenImaginary + (cosine * oddImaginary + sine * oddReal)
            power[index] = (x * x + y * y) * quarterScale
            index += 1
        }
        // Bins 0 and N/2 both come from Z(0) alone: its real part plus or minus its imaginary one.
        if bins.contains(0) { power[0] = (floats[0] + floats[1]) * (floats[0] + floats[1]) * scale }
        if bins.contains(half) { power[half] = (floats[0] - floats[1]) * (floats[0] - floats[1]) * scale }
    }
}
