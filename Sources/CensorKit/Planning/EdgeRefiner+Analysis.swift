import Foundation

extension EdgeRefiner {
    /// Activity of the audio in one stretch, frame by frame.
    ///
    /// Frame `t` covers the samples `first + t·hop ..< first + t·hop + frameSize`; its centre is
    /// `first + t·hop + frameSize/2`.
    struct Analysis {
        /// The first sample of frame 0.
        var first: Int
        /// The frame after the last one analysed.
        var last: Int
        /// The samples the frames were taken from: `first` and `last` lie within them.
        var samples: Range<Int>
        /// Per analysis frame: how far the speech bands stand above the adaptive noise floor,
        /// the mean over the bands of the dB excess over `floorMargin` (0 for noise or silence).
        var activity: [Float]
        /// Per band, the level of the noise floor in dB.
        var floors: [Float]
    }

    /// Short-time spectra of `range`: band levels, an adaptive per-band floor (a low percentile
    /// of the stretch's own frames, so the floor follows the recording's noise), and each
    /// frame's activity above it.
    ///
    /// The frames are those of the cache's grid that lie inside `range`; the samples stay in
    /// the cache for ``activity(centredAt:in:)``.
    ///
    /// - Parameters:
    ///   - range: The sample frames to analyse; at least a frame and a hop long.
    ///   - audio: The recording.
    /// - Returns: The analysis; its `activity` has one value per hop.
    /// - Complexity: O(*n*/*h* · *N* log *N*) for *n* frames not analysed before, a hop of *h*
    ///   and frames of *N* samples, and O(*r*/*h* · *b*) for the *r* frames of `range` and *b* bands.
    mutating func analyse(_ range: Range<Int>, in audio: inout some FrameSource) throws -> Analysis {
        if levels == nil {
            let mix = try mix ?? ChannelMix(for: &audio)
            self.mix = mix
            levels = BandLevelCache(frameSize: frameSize, hop: hop, bands: bands, mix: mix, percentile: Tuning.floorPercentile)
        }
        let levels = levels!
        let grid = try levels.load(range, from: &audio)
        // Per band: the floor, a low percentile over the stretch, and the frames' excess over it
        // (beyond the margin), summed over the bands in their order.
        var floors = [Float](repeating: 0, count: bands.count)
        var activity = [Float](repeating: 0, count: grid.count)
        for band in bands.indices {
            floors[band] = levels.floor(of: band)
            let threshold = floors[band] + Tuning.floorMargin
            levels.withLevels(of: band, in: grid) { levels in
                activity.withUnsafeMutableBufferPointer { activity in
                    for frame in activity.indices { activity[frame] += max(0, levels[frame] - threshold) }
                }
            }
        }
        let bandCount = Float(bands.count)
        for frame in activity.indices { activity[frame] /= bandCount }
        return Analysis(first: grid.lowerBound * hop, last: range.upperBound, samples: range, activity: activity, floors: floors)
    }

    /// The activity of one frame centred on sample `centre` (an absolute frame index), measured
    /// against `analysis`'s floor; for placing an edge between two analysis frames.
    ///
    /// - Returns: The activity, or `nil` when the frame reaches outside the analysed samples.
    mutating func activity(centredAt centre: Int, in analysis: Analysis) -> Float? {
        let start = centre - frameSize / 2
        guard start >= analysis.samples.lowerBound, start + frameSize <= analysis.samples.upperBound,
              let levels, levels.levels(ofFrameAt: start, into: &frameLevels) else { return nil }
        return Self.activity(frameLevels, floors: analysis.floors)
    }

    /// The mean over the bands of each band's dB excess over the floor plus `floorMargin`.
    private static func activity(_ levels: [Float], floors: [Float]) -> Float {
        let margin = Tuning.floorMargin
        var excess: Float = 0
        for band in floors.indices {
            excess += max(0, levels[band] - (floors[band] + margin))
        }
        return excess / Float(floors.count)
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
    /// `Tuning.minimumBandBins` bins wide (fewer bins fluctuate too much in noise); none when
    /// the audio's band ends below the speech range (a rate under about 270 Hz).
    static func speechBands(frameSize: Int, sampleRate: Int) -> [Range<Int>] {
        let binHertz = Double(sampleRate) / Double(frameSize)
        let nyquistBin = frameSize / 2
        let lowBin = max(2, Int((Tuning.lowestHertz / binHertz).rounded(.up)))
        let highBin = min(nyquistBin - 1, Int((min(Tuning.highestHertz, 0.95 * Double(sampleRate) / 2) / binHertz).rounded(.down)))
        guard lowBin <= highBin else { return [] }
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

/// The value of rank `rank` (0-based) among `values`; reorders `values`.
///
/// Counts the values into 64 buckets between the least and the greatest, then quickselects
/// among those of the bucket that holds the rank.
///
/// - Complexity: O(*n*) on average.
func nthSmallest(_ rank: Int, in values: UnsafeMutableBufferPointer<Float>) -> Float {
    precondition(values.indices.contains(rank), "rank outside the values")
    var least = values[0], greatest = values[0]
    var index = 0
    if values.count >= 8 {
        let raw = UnsafeRawPointer(values.baseAddress!)
        var lows = SIMD8<Float>(repeating: least), highs = lows
        while index + 8 <= values.count {
            let eight = raw.loadUnaligned(fromByteOffset: index * MemoryLayout<Float>.stride, as: SIMD8<Float>.self)
            // Not pointwiseMin/Max: they are not inlined and cost a call per eight values.
            lows.replace(with: eight, where: eight .< lows)
            highs.replace(with: eight, where: eight .> highs)
            index += 8
        }
        (least, greatest) = (lows.min(), highs.max())
    }
    for value in values[index...] {
        least = min(least, value)
        greatest = max(greatest, value)
    }
    guard least < greatest else { return least }
    let scale = 63 / (greatest - least)
    guard scale.isFinite else { return quickselect(rank, in: values) }
    // The bucket of a value: (value − least)·scale in 0...63, rounded to the nearest integer by
    // adding 1.5·2²³, which leaves it in the low bits of the sum's significand. Monotonic in the
    // value, so every value in a bucket is at least every value in the buckets below it.
    let magic: Float = 12_582_912
    func bucket(_ value: Float) -> Int { Int(((value - least) * scale + magic).bitPattern & 63) }
    // Four tables of counts, for the values at positions 0, 1, 2 and 3 mod 4: neighbouring values
    // (often in the same bucket) do not wait on each other's increment.
    return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 4 * 64) { counts in
        counts.initialize(repeating: 0)
        let counted = values.count & ~3
        var index = 0
        while index < counted {
            counts[bucket(values[index])] &+= 1
            counts[64 + bucket(values[index + 1])] &+= 1
            counts[128 + bucket(values[index + 2])] &+= 1
            counts[192 + bucket(values[index + 3])] &+= 1
            index += 4
        }
        for value in values[counted...] { counts[bucket(value)] &+= 1 }
        func count(_ bucket: Int) -> Int {
            Int(counts[bucket]) + Int(counts[64 + bucket]) + Int(counts[128 + bucket]) + Int(counts[192 + bucket])
        }
        var below = 0, holding = 0
        while below + count(holding) <= rank {
            below += count(holding)
            holding += 1
        }
        // The values of the bucket holding the rank, in order, moved to the front without a branch:
        // each value is written to the next free place, which advances only for those kept.
        var kept = 0
        for index in values.indices {
            let value = values[index]
            values[kept] = value
            kept &+= bucket(value) == holding ? 1 : 0
        }
        return quickselect(rank - below, in: UnsafeMutableBufferPointer(rebasing: values[..<kept]))
    }
}

/// The value of rank `rank` (0-based) among `values`, by Hoare's quickselect; reorders `values`.
private func quickselect(_ rank: Int, in values: UnsafeMutableBufferPointer<Float>) -> Float {
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
