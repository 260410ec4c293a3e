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
        /// The stretches of sound in it, in order: runs of activity joined across gaps shorter
        /// than a closure.
        var sounds: [Sound] = []
    }

    /// Short-time spectra of `range`: band levels, an adaptive per-band floor (a low percentile
    /// of the stretch's own frames, so the floor follows the recording's noise), and each
    /// frame's activity above it.
    ///
    /// The frames are those of the cache's grid that lie inside `range`; the samples stay in
    /// the cache for ``activity(centredAt:in:)``. The analysis of the same `range` as the
    /// latest one is that one, not computed again.
    ///
    /// - Parameters:
    ///   - range: The sample frames to analyse; at least a frame and a hop long.
    ///   - audio: The recording.
    /// - Returns: The analysis; its `activity` has one value per hop.
    /// - Complexity: O(*n*/*h* · *N* log *N*) for *n* frames not analysed before, a hop of *h*
    ///   and frames of *N* samples, and O(*r*/*h* · *b*) for the *r* frames of `range` and *b* bands.
    mutating func analyse(_ range: Range<Int>, in audio: inout some FrameSource) throws -> Analysis {
        if let latestAnalysis, latestAnalysis.samples == range { return latestAnalysis }
        if levels == nil {
            let mix = try mix ?? ChannelMix(for: &audio)
            self.mix = mix
            levels = BandLevelCache(for: self, mix: mix)
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
        var analysis = Analysis(
            first: grid.lowerBound * hop, last: range.upperBound, samples: range, activity: activity, floors: floors)
        analysis.sounds = joined(runs(in: analysis))
        latestAnalysis = analysis
        return analysis
    }

    /// The activity of one frame centred on sample `centre` (an absolute frame index), measured
    /// against `analysis`'s floor; for placing an edge between two analysis frames.
    ///
    /// - Returns: The activity, or `nil` when the frame reaches outside the analysed samples.
    mutating func activity(centredAt centre: Int, in analysis: Analysis) -> Float? {
        let start = centre - frameSize / 2
        guard start >= analysis.samples.lowerBound, start + frameSize <= analysis.samples.upperBound,
            let levels, levels.levels(ofFrameAt: start, into: &frameLevels)
        else { return nil }
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
        let highBin = min(
            nyquistBin - 1, Int((min(Tuning.highestHertz, 0.95 * Double(sampleRate) / 2) / binHertz).rounded(.down)))
        guard lowBin <= highBin else { return [] }
        guard highBin - lowBin >= Tuning.minimumBandBins else { return [lowBin..<max(lowBin + 1, highBin + 1)] }
        func mel(_ hertz: Double) -> Double { 2595 * log10(1 + hertz / 700) }
        func hertz(_ mel: Double) -> Double { 700 * (pow(10, mel / 2595) - 1) }
        let lowMel = mel(Double(lowBin) * binHertz), highMel = mel(Double(highBin + 1) * binHertz)
        var bands: [Range<Int>] = []
        var start = lowBin
        for index in 1...Tuning.bandCount {
            let edge = Int(
                (hertz(lowMel + (highMel - lowMel) * Double(index) / Double(Tuning.bandCount)) / binHertz).rounded())
            let end = index == Tuning.bandCount ? highBin + 1 : max(edge, start + Tuning.minimumBandBins)
            guard end <= highBin + 1 else { break }
            bands.append(start..<end)
            start = end
        }
        if start <= highBin, let last = bands.popLast() { bands.append(last.lowerBound..<(highBin + 1)) }
        return bands
    }
}
