import Foundation

extension EdgeRefiner {
    /// Activity of the audio in one stretch, frame by frame.
    ///
    /// Frame `t` covers the samples `first + t·hop ..< first + t·hop + frameSize`; its centre is
    /// `first + t·hop + frameSize/2`.
    struct Analysis {
        /// The first sample frame analysed.
        var first: Int
        /// The frame after the last one analysed.
        var last: Int
        /// Per analysis frame: how far the speech bands stand above the adaptive noise floor,
        /// the mean over the bands of the dB excess over `floorMargin` (0 for noise or silence).
        var activity: [Float]
        /// Per band, the reciprocal of the noise floor's energy.
        var inverseFloors: [Float]
    }

    /// Short-time spectra of `range`: band energies, an adaptive per-band floor (a low
    /// percentile of the stretch's own frames, so the floor follows the recording's noise),
    /// and each frame's activity above it.
    ///
    /// Keeps the samples it read, for ``activity(centredAt:in:)``.
    ///
    /// - Parameters:
    ///   - range: The sample frames to analyse; at least one frame long.
    ///   - audio: The recording.
    /// - Returns: The analysis; its `activity` has one value per hop.
    /// - Complexity: O(*n*/*h* · *N* log *N*) for *n* frames, a hop of *h* and frames of *N* samples.
    mutating func analyse(_ range: Range<Int>, in audio: inout some FrameSource) throws -> Analysis {
        try audio.readFrames(range, into: &samples)
        let frames = (range.count - frameSize) / hop + 1
        let bandCount = bands.count
        if energies.count < frames * bandCount { energies = [Float](repeating: 0, count: frames * bandCount) }
        for frame in 0..<frames {
            bandEnergies(at: frame * hop, channels: audio.channelCount, into: frame * bandCount)
        }
        // The floor: per band, a low percentile over the stretch, never below the absolute floor.
        var inverseFloors = [Float](repeating: 0, count: bandCount)
        var column = [Float](repeating: 0, count: frames)
        let rank = min(frames - 1, Int(Double(frames) * Tuning.floorPercentile))
        for band in 0..<bandCount {
            for frame in 0..<frames { column[frame] = energies[frame * bandCount + band] }
            inverseFloors[band] = 1 / max(_select(rank, in: &column), Tuning.absoluteFloor)
        }
        var activity = [Float](repeating: 0, count: frames)
        for frame in 0..<frames {
            activity[frame] = Self.activity(energies, at: frame * bandCount, inverseFloors: inverseFloors)
        }
        return Analysis(first: range.lowerBound, last: range.upperBound, activity: activity, inverseFloors: inverseFloors)
    }

    /// The activity of one frame centred on sample `centre` (an absolute frame index), measured
    /// against `analysis`'s floor; for placing an edge between two analysis frames.
    ///
    /// - Returns: The activity, or `nil` when the frame reaches outside the analysed samples.
    mutating func activity(centredAt centre: Int, in analysis: Analysis, channels: Int) -> Float? {
        let offset = centre - frameSize / 2 - analysis.first
        guard offset >= 0, centre + frameSize / 2 <= analysis.last else { return nil }
        let bandCount = bands.count
        if energies.count < bandCount { energies = [Float](repeating: 0, count: bandCount) }
        bandEnergies(at: offset, channels: channels, into: 0)
        return Self.activity(energies, at: 0, inverseFloors: analysis.inverseFloors)
    }

    /// Writes the band energies of the frame starting `offset` frames into `samples` to
    /// `energies[index...]`, summing the channels' power.
    private mutating func bandEnergies(at offset: Int, channels: Int, into index: Int) {
        if power.count != spectrum.binCount { power = [Float](repeating: 0, count: spectrum.binCount) }
        let spectrum = spectrum
        samples.withUnsafeBufferPointer { samples in
            power.withUnsafeMutableBufferPointer { power in
                for channel in 0..<channels {
                    let start = samples.baseAddress! + offset * channels + channel
                    let frame = UnsafeBufferPointer(start: start, count: samples.count - offset * channels - channel)
                    spectrum.power(of: frame, stride: channels, writingTo: power.baseAddress!, accumulate: channel > 0)
                }
            }
        }
        let floor = Tuning.absoluteFloor
        power.withUnsafeBufferPointer { power in
            energies.withUnsafeMutableBufferPointer { energies in
                for number in bands.indices {
                    let band = bands[number]
                    var sum: Float = 0
                    for bin in band { sum += power[bin] }
                    energies[index + number] = max(sum / Float(band.count), floor)
                }
            }
        }
    }

    /// The mean over the bands of each band's dB excess over the floor plus `floorMargin`.
    private static func activity(_ energies: [Float], at index: Int, inverseFloors: [Float]) -> Float {
        let margin = Tuning.floorMargin
        let marginRatio = powf(10, margin / 10)
        var excess: Float = 0
        for band in inverseFloors.indices {
            let ratio = energies[index + band] * inverseFloors[band]
            if ratio > marginRatio { excess += 10 * log10f(ratio) - margin }
        }
        return excess / Float(inverseFloors.count)
    }

    /// The smallest length of at least `minimum` samples whose only prime factors are 2, 3 and 5,
    /// for which FFTW is fastest.
    static func fastSize(atLeast minimum: Int) -> Int {
        var size = max(2, minimum)
        while true {
            var rest = size
            for factor in [2, 3, 5] { while rest % factor == 0 { rest /= factor } }
            if rest == 1, size % 2 == 0 { return size }
            size += 1
        }
    }

    /// Bands of FFT bins on the mel scale over the speech range, each at least
    /// `Tuning.minimumBandBins` bins wide (fewer bins fluctuate too much in noise).
    static func speechBands(frameSize: Int, sampleRate: Int) -> [Range<Int>] {
        let binHertz = Double(sampleRate) / Double(frameSize)
        let nyquistBin = frameSize / 2
        let lowBin = max(2, Int((Tuning.lowestHertz / binHertz).rounded(.up)))
        let highBin = min(nyquistBin - 1, Int((min(Tuning.highestHertz, 0.95 * Double(sampleRate) / 2) / binHertz).rounded(.down)))
        guard highBin - lowBin >= Tuning.minimumBandBins else { return [lowBin..<max(lowBin + 1, highBin + 1)] }
        func mel(_ hertz: Double) -> Double { 2595 * log10(1 + hertz / 700) }
        func hertz(_ mel: Double) -> Double { 700 * (pow(10, mel / 2595) - 1) }
        let lowMel = mel(Double(lowBin) * binHertz), highMel = mel(Double(highBin + 1) * binHertz)
        var bands: [Range<Int>] = []
        var start = lowBin
        for index in 1...Tuning.bandCount {
            let edge = Int((hertz(lowMel + (highMel - lowMel) * Double(index) / Double(Tuning.bandCount)) / binHertz).rounded())
            let end = index == Tuning.bandCount ? highBin + 1 : max(edge, start + Tuning.minimumBandBins)
            guard end <= highBin + 1 else { break }
            bands.append(start..<end)
            start = end
        }
        if start <= highBin, let last = bands.popLast() { bands.append(last.lowerBound..<(highBin + 1)) }
        return bands
    }
}

/// The value of rank `rank` (0-based) among `values`, by quickselect; reorders `values`.
///
/// - Complexity: O(*n*) on average.
func _select(_ rank: Int, in values: inout [Float]) -> Float {
    var low = 0, high = values.count - 1
    while low < high {
        let pivot = values[(low + high) / 2]
        var i = low, j = high
        while i <= j {
            while values[i] < pivot { i += 1 }
            while values[j] > pivot { j -= 1 }
            if i <= j {
                values.swapAt(i, j)
                i += 1
                j -= 1
            }
        }
        if rank <= j {
            high = j
        } else if rank >= i {
            low = i
        } else {
            return values[rank]
        }
    }
    return values[rank]
}
