import Foundation

/// The speech bands' levels of the audio, in dB, on a fixed grid of analysis frames, each
/// computed once and kept while edge refinement moves forward through the file.
///
/// Grid frame `t` is the Hann-windowed stretch `t·hop ..< t·hop + frameSize` of the channels'
/// mix (their mean, polarity-corrected: ``ChannelMix``). The analyses of neighbouring matches
/// overlap (each reaches the refinement window and half a second beyond its edges); requests
/// that come in time order share every frame they overlap on, so each frame of the file is
/// transformed at most once. A request that starts
/// before the samples kept starts over from it.
///
/// Not thread-safe: give each thread its own cache.
final class BandLevelCache {
    /// Samples per analysis frame.
    let frameSize: Int
    /// Samples between grid frames.
    let hop: Int
    /// The bands, as ranges of FFT bins.
    let bands: [Range<Int>]
    /// How the channels are mixed into the signal analysed.
    let mix: ChannelMix
    private let spectrum: Spectrum
    /// The bins the bands cover.
    private let bins: Range<Int>

    /// The channels' mix of the samples from `firstSample` on, from `mono[monoStart]`.
    private var mono: [Float] = []
    private var monoStart = 0
    private var firstSample = 0
    /// Per band, the levels of the grid frames from `firstFrame` on, from `levels[band][levelStart]`.
    private var levels: [[Float]]
    private var levelStart = 0
    private var firstFrame = 0
    /// Scratch: interleaved samples as read, one frame's power spectrum and its band levels.
    private var interleaved: [Float] = []
    private var power: [Float]
    private var frameLevels: [Float]

    /// Creates an empty cache.
    ///
    /// - Parameters:
    ///   - frameSize: Samples per analysis frame, at least 2.
    ///   - hop: Samples between grid frames, at least 1.
    ///   - bands: Ranges of bins within `0...frameSize / 2`, in ascending order, not empty.
    ///   - mix: How the audio's channels are mixed.
    init(frameSize: Int, hop: Int, bands: [Range<Int>], mix: ChannelMix) {
        self.frameSize = frameSize
        self.hop = hop
        self.bands = bands
        self.mix = mix
        spectrum = Spectrum(size: frameSize)
        bins = bands.first!.lowerBound..<bands.last!.upperBound
        power = [Float](repeating: 0, count: spectrum.binCount)
        levels = Array(repeating: [], count: bands.count)
        frameLevels = [Float](repeating: 0, count: bands.count)
    }

    /// Reads the samples of `range` (those not kept yet) and computes the levels of every grid
    /// frame that lies wholly inside it.
    ///
    /// - Parameters:
    ///   - range: Sample frames within the audio, at least `frameSize + hop` long.
    ///   - audio: The recording.
    /// - Returns: The grid frames inside `range`, whose levels ``withLevels(of:in:_:)`` now gives.
    /// - Throws: When `audio` cannot be read.
    func load(_ range: Range<Int>, from audio: inout some FrameSource) throws -> Range<Int> {
        var kept = keptSamples
        if range.lowerBound < kept.lowerBound || range.lowerBound > kept.upperBound {
            // Behind the samples kept, or past them with a gap: start over at the range.
            mono.removeAll(keepingCapacity: true)
            for band in levels.indices { levels[band].removeAll(keepingCapacity: true) }
            (monoStart, levelStart) = (0, 0)
            firstSample = range.lowerBound
            firstFrame = (range.lowerBound + hop - 1) / hop
            kept = range.lowerBound..<range.lowerBound
        }
        if kept.upperBound < range.upperBound {
            try append(max(range.lowerBound, kept.upperBound)..<range.upperBound, from: &audio)
        }
        let frames = ((range.lowerBound + hop - 1) / hop)..<((range.upperBound - frameSize) / hop + 1)
        let computed = firstFrame + levels[0].count - levelStart
        if computed < frames.upperBound {
            for frame in computed..<frames.upperBound {
                frameLevels.withUnsafeMutableBufferPointer { write(levelsOfFrameAt: frame * hop, to: $0.baseAddress!) }
                for band in levels.indices { levels[band].append(frameLevels[band]) }
            }
        }
        drop(before: range.lowerBound, frames: frames.lowerBound)
        return frames
    }

    /// Calls `body` with the levels of `band` in the grid frames `frames`, loaded by the latest
    /// ``load(_:from:)``.
    func withLevels<Result>(of band: Int, in frames: Range<Int>, _ body: (UnsafeBufferPointer<Float>) -> Result) -> Result {
        precondition(frames.lowerBound >= firstFrame && frames.upperBound <= firstFrame + levels[band].count - levelStart,
                     "frames not loaded")
        let start = levelStart + frames.lowerBound - firstFrame
        return levels[band].withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<(start + frames.count)])) }
    }

    /// The band levels of the frame starting at sample `start` (anywhere, not only on the grid),
    /// written to `levels`; `false` when that frame reaches outside the samples kept.
    func levels(ofFrameAt start: Int, into levels: inout [Float]) -> Bool {
        guard keptSamples.contains(start), start + frameSize <= keptSamples.upperBound else { return false }
        if levels.count != bands.count { levels = [Float](repeating: 0, count: bands.count) }
        levels.withUnsafeMutableBufferPointer { write(levelsOfFrameAt: start, to: $0.baseAddress!) }
        return true
    }

    /// The sample frames whose mix is kept.
    private var keptSamples: Range<Int> { firstSample..<(firstSample + mono.count - monoStart) }

    /// Appends the channels' mix of `range` to the samples kept.
    private func append(_ range: Range<Int>, from audio: inout some FrameSource) throws {
        guard !range.isEmpty else { return }
        try audio.readFrames(range, into: &interleaved)
        let channels = audio.channelCount
        precondition(channels == mix.weights.count, "the mix is for another channel count")
        if channels == 1 {
            mono.append(contentsOf: interleaved)
            return
        }
        let start = mono.count
        mono.append(contentsOf: repeatElement(0, count: range.count))
        let weights = mix.weights
        interleaved.withUnsafeBufferPointer { source in
            mono.withUnsafeMutableBufferPointer { mono in
                if channels == 2 {
                    let (left, right) = (weights[0], weights[1])
                    var pair = source.baseAddress!
                    for frame in start..<mono.count {
                        mono[frame] = pair[0] * left + pair[1] * right
                        pair += 2
                    }
                    return
                }
                for frame in 0..<range.count {
                    var sum: Float = 0
                    for channel in 0..<channels { sum += source[frame * channels + channel] * weights[channel] }
                    mono[start + frame] = sum
                }
            }
        }
    }

    /// Forgets the samples before `sample` and the levels of the grid frames before `frame`,
    /// moving the rest down once the part forgotten outgrows it.
    private func drop(before sample: Int, frames frame: Int) {
        monoStart += sample - firstSample
        firstSample = sample
        levelStart += frame - firstFrame
        firstFrame = frame
        if monoStart > mono.count / 2 {
            mono.removeFirst(monoStart)
            monoStart = 0
        }
        if levelStart > levels[0].count / 2 {
            for band in levels.indices { levels[band].removeFirst(levelStart) }
            levelStart = 0
        }
    }

    /// Writes the band levels of the frame starting at sample `start` to `destination`: per
    /// band, the mean power of its bins in dB, never below the absolute floor.
    private func write(levelsOfFrameAt start: Int, to destination: UnsafeMutablePointer<Float>) {
        let offset = monoStart + start - firstSample
        let spectrum = spectrum, bins = bins, bands = bands, frameSize = frameSize
        let floor = EdgeRefiner.Tuning.absoluteFloor
        mono.withUnsafeBufferPointer { mono in
            power.withUnsafeMutableBufferPointer { power in
                spectrum.power(of: UnsafeBufferPointer(rebasing: mono[offset..<(offset + frameSize)]), stride: 1,
                               bins: bins, writingTo: power.baseAddress!)
                for (number, band) in bands.enumerated() {
                    var sum: Float = 0
                    for bin in band { sum += power[bin] }
                    destination[number] = decibels(max(sum / Float(band.count), floor))
                }
            }
        }
    }
}

/// `10·log10(power)` for a positive, finite `power`, to within 0.0002 dB: the exponent from
/// the float's bits and a polynomial for the mantissa's logarithm.
@inline(__always)
func decibels(_ power: Float) -> Float {
    let bits = power.bitPattern
    let exponent = Float(Int32(bitPattern: (bits >> 23) & 0xFF) - 127)
    // The mantissa m in [1, 2), as x = (m − 1) / (m + 1) in [0, 1/3]: ln m = 2·atanh x.
    let mantissa = Float(bitPattern: (bits & 0x007F_FFFF) | 0x3F80_0000)
    let x = (mantissa - 1) / (mantissa + 1), x2 = x * x
    let lnMantissa = 2 * x * (1 + x2 * (1 / 3 + x2 * (1 / 5 + x2 * (1 / 7 + x2 / 9))))
    // 10·log10(2) and 10·log10(e).
    return 3.0102999566 * exponent + 4.3429448190 * lnMantissa
}
