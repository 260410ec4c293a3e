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
        plan = fftwf_plan_dft_r2c_1d(Int32(size), input, output, UInt32(FFTW_ESTIMATE))
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
    package func power(of samples: UnsafeBufferPointer<Float>, stride: Int, bins: Range<Int>, writingTo power: UnsafeMutablePointer<Float>) {
        precondition(samples.count >= (size - 1) * stride + 1, "frame shorter than the spectrum")
        precondition(bins.lowerBound >= 0 && bins.upperBound <= binCount, "bins outside the spectrum")
        let source = samples.baseAddress!
        if stride == 1 {
            for index in 0..<size { input[index] = source[index] * window[index] }
        } else {
            for index in 0..<size { input[index] = source[index * stride] * window[index] }
        }
        fftwf_execute(plan)
        for bin in bins {
            power[bin] = (output[bin].0 * output[bin].0 + output[bin].1 * output[bin].1) * scale
        }
    }
}
