import Foundation

/// The speech bands' levels of the audio, in dB, on a fixed grid of analysis frames, each
/// computed once and kept while edge refinement moves forward through the file.
///
/// Grid frame `t` is the Hann-windowed stretch `t·hop ..< t·hop + frameSize` of the channels'
/// mix (their mean, polarity-corrected: ``ChannelMix``). The analyses of neighbouring matches
/// overlap (each reaches the refinement window and half a second or more beyond its edges); requests
/// that come in time order share every frame they overlap on, so each frame of the file is
/// transformed at most once. A request that starts
/// before the samples kept starts over from it.
///
/// The noise floor, a low percentile of each band's levels over the latest request's frames
/// (``floor(of:)``), is found in a ``LevelHistogram`` of those levels: each request counts out
/// the levels of the frames it leaves and counts in those of the frames it adds.
///
/// Audio stored as integers of at most 16 bits is read as stored and mixed from the same
/// `Float` values libsndfile's float read gives. With ``saved``, the levels of frames another
/// pass computed (the transcript offset's analyses) are taken from there, or this cache's are
/// kept there for a later pass (``savesComputedLevels``).
///
/// Not thread-safe: give each thread its own cache. Its state is not checked for exclusive
/// access at run time (`@exclusivity(unchecked)`): every access is within one method of the
/// one thread that owns it, and the checks cost about 5 % of a 10,000-word run's instructions.
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
    @exclusivity(unchecked) private var mono: [Float] = []
    @exclusivity(unchecked) private var monoStart = 0
    @exclusivity(unchecked) private var firstSample = 0
    /// Per band, the levels of the grid frames from `firstFrame` on, from `levels[band][levelStart]`,
    /// and their ``LevelHistogram`` bins alike.
    @exclusivity(unchecked) private var levels: [[Float]]
    @exclusivity(unchecked) private var levelBins: [[UInt16]]
    @exclusivity(unchecked) private var levelStart = 0
    @exclusivity(unchecked) private var firstFrame = 0
    /// The grid frames of the latest load, whose levels ``histogram`` counts.
    @exclusivity(unchecked) private var loaded = 0..<0
    /// The floor's percentile, in 0...1.
    let percentile: Double
    /// Levels another pass computed, taken instead of computing them (or, when
    /// ``savesComputedLevels``, where the levels this cache computes are kept).
    let saved: SavedBandLevels?
    /// Whether the levels computed are kept in ``saved`` for a later pass.
    var savesComputedLevels = false
    /// The levels of the grid frames `loaded`, for the floor.
    @exclusivity(unchecked) private var histogram: LevelHistogram
    /// Scratch: interleaved samples as read (as `Float`, or as stored), one frame's power
    /// spectrum, the levels of the frames computed by one load (frame by frame), and one band's
    /// levels and their bins.
    @exclusivity(unchecked) private var interleaved: [Float] = []
    @exclusivity(unchecked) private var storedSamples: [Int16] = []
    /// Sums the squares of the stored samples read, for a matched beep's levels.
    @exclusivity(unchecked) private var squares: BlockSquares.Recorder?
    @exclusivity(unchecked) private var power: [Float]
    /// Scratch: one frame's band power sums, eight lanes a time (the lanes past the bands hold
    /// 1), then the bands' widths in bins, laid out alike.
    @exclusivity(unchecked) private var sums: [Float]
    @exclusivity(unchecked) private var newLevels: [Float] = []
    @exclusivity(unchecked) private var column: [Float] = []
    @exclusivity(unchecked) private var columnBins: [UInt16] = []
    /// The levels of the latest frames off the grid asked for (``levels(ofFrameAt:into:)``),
    /// `bands.count` per frame, each at the slot of its first sample in `recentStarts`
    /// (`Int.min` for none); the next slot to fill.
    @exclusivity(unchecked) private var recentLevels: [Float] = []
    @exclusivity(unchecked) private var recentStarts = [Int](repeating: .min, count: BandLevelCache.recentFrames)
    @exclusivity(unchecked) private var nextRecent = 0

    /// Creates an empty cache.
    ///
    /// - Parameters:
    ///   - frameSize: Samples per analysis frame, at least 2.
    ///   - hop: Samples between grid frames, at least 1.
    ///   - bands: Ranges of bins within `0...frameSize / 2`, in ascending order, not empty.
    ///   - mix: How the audio's channels are mixed.
    ///   - percentile: The noise floor's percentile of a band's levels, in 0...1.
    ///   - saved: Levels saved by another pass over the same audio, or where to save them.
    init(
        frameSize: Int, hop: Int, bands: [Range<Int>], mix: ChannelMix, percentile: Double,
        saved: SavedBandLevels? = nil
    ) {
        precondition(saved.map { $0.bandCount == bands.count } ?? true, "saved levels of another band count")
        self.frameSize = frameSize
        self.hop = hop
        self.bands = bands
        self.mix = mix
        self.percentile = percentile
        self.saved = saved
        spectrum = Spectrum(size: frameSize)
        bins = bands.first!.lowerBound..<bands.last!.upperBound
        power = [Float](repeating: 0, count: spectrum.binCount)
        let lanes = (bands.count + 7) / 8 * 8
        sums = [Float](repeating: 1, count: 2 * lanes)
        for (number, band) in bands.enumerated() { sums[lanes + number] = Float(band.count) }
        levels = Array(repeating: [], count: bands.count)
        levelBins = Array(repeating: [], count: bands.count)
        histogram = LevelHistogram(bandCount: bands.count)
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
        let frames = ((range.lowerBound + hop - 1) / hop)..<((range.upperBound - frameSize) / hop + 1)
        if range.lowerBound < kept.lowerBound || range.lowerBound > kept.upperBound {
            // Behind the samples kept, or past them with a gap: start over at the range.
            count(loaded, by: -1)
            loaded = 0..<0
            mono.removeAll(keepingCapacity: true)
            for band in levels.indices {
                levels[band].removeAll(keepingCapacity: true)
                levelBins[band].removeAll(keepingCapacity: true)
            }
            (monoStart, levelStart) = (0, 0)
            firstSample = range.lowerBound
            firstFrame = (range.lowerBound + hop - 1) / hop
            kept = range.lowerBound..<range.lowerBound
            recentStarts = [Int](repeating: .min, count: Self.recentFrames)
        }
        let computed = firstFrame + levels[0].count - levelStart
        if kept.upperBound < range.upperBound {
            // The samples before the range, and before the first frame still to compute, are not
            // read again: forgotten before the new ones come, so that the samples kept never
            // grow much past one stretch (stretches that touch would otherwise pile up).
            dropSamples(before: min(range.lowerBound, computed * hop))
            try append(max(range.lowerBound, kept.upperBound)..<range.upperBound, from: &audio)
        }
        if computed < frames.upperBound { computeLevels(of: computed..<frames.upperBound) }
        followFloor(to: frames)
        dropSamples(before: range.lowerBound)
        dropLevels(before: frames.lowerBound)
        return frames
    }

    /// The rank (0-based, ascending) of the floor's level among `count` levels.
    private func rank(among count: Int) -> Int {
        min(count - 1, Int(Double(count) * percentile))
    }

    /// Counts out of ``histogram`` the levels of the frames loaded that `frames` leaves, counts
    /// in those of `frames` not loaded, and makes `frames` the frames loaded.
    private func followFloor(to frames: Range<Int>) {
        let old = loaded
        func run(_ start: Int, _ end: Int) -> Range<Int> { start..<max(start, end) }
        count(run(old.lowerBound, min(frames.lowerBound, old.upperBound)), by: -1)
        count(run(max(frames.upperBound, old.lowerBound), old.upperBound), by: -1)
        count(run(frames.lowerBound, min(old.lowerBound, frames.upperBound)), by: 1)
        count(run(max(old.upperBound, frames.lowerBound), frames.upperBound), by: 1)
        loaded = frames
    }

    /// Counts the levels of the grid frames `frames` (kept) into ``histogram`` or out of it.
    private func count(_ frames: Range<Int>, by delta: Int32) {
        guard !frames.isEmpty else { return }
        let start = levelStart + frames.lowerBound - firstFrame
        for band in levelBins.indices {
            levelBins[band].withUnsafeBufferPointer { bins in
                histogram.count(
                    UnsafeBufferPointer(rebasing: bins[start..<(start + frames.count)]), band: band, by: delta)
            }
        }
    }

    /// The level of the noise floor of `band`: its levels' percentile over the frames of the
    /// latest ``load(_:from:)``.
    func floor(of band: Int) -> Float {
        let rank = rank(among: loaded.count)
        let start = levelStart + loaded.lowerBound - firstFrame
        let kept = start..<(start + loaded.count)
        return levels[band].withUnsafeBufferPointer { levels in
            levelBins[band].withUnsafeBufferPointer { bins in
                histogram.level(
                    ofRank: rank, band: band, among: UnsafeBufferPointer(rebasing: levels[kept]),
                    bins: UnsafeBufferPointer(rebasing: bins[kept]))
            }
        }
    }

    /// Calls `body` with the levels of `band` in the grid frames `frames`, loaded by the latest
    /// ``load(_:from:)``.
    func withLevels<Result>(of band: Int, in frames: Range<Int>, _ body: (UnsafeBufferPointer<Float>) -> Result)
        -> Result
    {
        precondition(
            frames.lowerBound >= firstFrame && frames.upperBound <= firstFrame + levels[band].count - levelStart,
            "frames not loaded")
        let start = levelStart + frames.lowerBound - firstFrame
        return levels[band].withUnsafeBufferPointer {
            body(UnsafeBufferPointer(rebasing: $0[start..<(start + frames.count)]))
        }
    }

    /// The band levels of the frame starting at sample `start` (anywhere, not only on the grid),
    /// written to `levels`; `false` when that frame reaches outside the samples kept.
    ///
    /// The levels of the latest ``recentFrames`` such frames are kept: neighbouring matches'
    /// analyses place the edges between them, and so ask for the same frames again.
    func levels(ofFrameAt start: Int, into levels: inout [Float]) -> Bool {
        guard keptSamples.contains(start), start + frameSize <= keptSamples.upperBound else { return false }
        let bandCount = bands.count
        if levels.count != bandCount { levels = [Float](repeating: 0, count: bandCount) }
        if let slot = recentStarts.firstIndex(of: start) {
            levels.withUnsafeMutableBufferPointer { levels in
                recentLevels.withUnsafeBufferPointer {
                    levels.baseAddress!.update(from: $0.baseAddress! + slot * bandCount, count: bandCount)
                }
            }
            return true
        }
        if recentLevels.isEmpty { recentLevels = [Float](repeating: 0, count: Self.recentFrames * bandCount) }
        let slot = nextRecent
        (recentStarts[slot], nextRecent) = (start, (slot + 1) % Self.recentFrames)
        recentLevels.withUnsafeMutableBufferPointer { recent in
            withLevelWriter { write in write(start, recent.baseAddress! + slot * bandCount) }
            levels.withUnsafeMutableBufferPointer {
                $0.baseAddress!.update(from: recent.baseAddress! + slot * bandCount, count: bandCount)
            }
        }
        return true
    }

    /// How many frames off the grid ``levels(ofFrameAt:into:)`` keeps the levels of.
    static let recentFrames = 32

    /// Computes the levels of the grid frames `frames`, which follow those computed (or takes
    /// those ``saved`` holds), and appends them band by band.
    private func computeLevels(of frames: Range<Int>) {
        let bandCount = bands.count
        if newLevels.count < frames.count * bandCount {
            newLevels = [Float](repeating: 0, count: frames.count * bandCount)
        }
        newLevels.withUnsafeMutableBufferPointer { newLevels in
            let taking = savesComputedLevels ? nil : saved
            let hop = hop
            withLevelWriter { write in
                for (index, frame) in frames.enumerated() {
                    let destination = newLevels.baseAddress! + index * bandCount
                    if taking?.copy(frame: frame, to: destination) != true { write(frame * hop, destination) }
                }
            }
            let computed = UnsafeBufferPointer(newLevels)
            if savesComputedLevels { saved?.save(frames, levels: computed) }
            if column.count < frames.count {
                column = [Float](repeating: 0, count: frames.count)
                columnBins = [UInt16](repeating: 0, count: frames.count)
            }
            for band in levels.indices {
                column.withUnsafeMutableBufferPointer { column in
                    columnBins.withUnsafeMutableBufferPointer { bins in
                        for index in 0..<frames.count {
                            column[index] = computed[index * bandCount + band]
                            bins[index] = LevelHistogram.bin(column[index])
                        }
                    }
                }
                levels[band].append(contentsOf: column[..<frames.count])
                levelBins[band].append(contentsOf: columnBins[..<frames.count])
            }
        }
    }

    /// The sample frames whose mix is kept.
    private var keptSamples: Range<Int> { firstSample..<(firstSample + mono.count - monoStart) }

    /// The samples held in memory: those kept, and those forgotten but not yet moved out.
    var samplesHeld: Int { mono.count }

    /// Frames read at a time: the read buffer stays small however long the range.
    static let readFrames = 16_384

    /// Appends the channels' mix of `range` to the samples kept, read a piece at a time: as
    /// stored 16-bit integers when the audio holds them (``StoredSamples``), mixed from the
    /// `Float` values `sf_readf_float` gives for them (`Int16.normalized(_:)`), so the mix is
    /// the same to the bit without libsndfile converting every sample first. The squares of
    /// such samples go to the readers' ``BlockSquares``, when they share one.
    private func append(_ range: Range<Int>, from audio: inout some FrameSource) throws {
        let channels = audio.channelCount
        precondition(channels == mix.weights.count, "the mix is for another channel count")
        let stored = audio.narrowStoredSamples
        if let store = (stored as? any BlockSquaresSource)?.blockSquares, squares?.store !== store {
            squares = BlockSquares.Recorder(store: store)
        }
        var start = range.lowerBound
        while start < range.upperBound {
            let piece = start..<min(range.upperBound, start + Self.readFrames)
            if let stored {
                if storedSamples.count < piece.count * channels {
                    storedSamples = [Int16](repeating: 0, count: Self.readFrames * channels)
                }
                try storedSamples.withUnsafeMutableBufferPointer { samples in
                    try stored.readStoredSamples(piece, into: samples.baseAddress!)
                    squares?.take(piece, samples: samples.baseAddress!)
                }
                appendMix(ofStored: piece.count, channels: channels)
            } else {
                try audio.readFrames(piece, into: &interleaved)
                if channels > 1 { mixInPlace(frames: piece.count, channels: channels) }
                mono.append(contentsOf: interleaved[..<piece.count])
            }
            start = piece.upperBound
        }
    }

    /// Appends the mix of the first `frames` frames of ``storedSamples`` (`channels` channels)
    /// to the samples kept, mixed from the same `Float` values libsndfile gives for them.
    private func appendMix(ofStored frames: Int, channels: Int) {
        if interleaved.count < frames { interleaved = [Float](repeating: 0, count: Self.readFrames) }
        interleaved.withUnsafeMutableBufferPointer { mixed in
            storedSamples.withUnsafeBufferPointer { samples in
                mix.mix(frames: frames, into: mixed) { Int16.normalized(samples[$0]) }
            }
        }
        mono.append(contentsOf: interleaved[..<frames])
    }

    /// Replaces the first `frames` samples of ``interleaved`` with the mix of its `frames`
    /// frames of `channels` channels.
    private func mixInPlace(frames: Int, channels: Int) {
        interleaved.withUnsafeMutableBufferPointer { samples in
            mix.mix(frames: frames, into: samples) { samples[$0] }
        }
    }

    /// Forgets the samples before `sample` (when it lies past the first kept), moving the rest
    /// down once the part forgotten outgrows it.
    private func dropSamples(before sample: Int) {
        guard sample > firstSample else { return }
        monoStart += sample - firstSample
        firstSample = sample
        if monoStart > mono.count / 2 {
            mono.removeFirst(monoStart)
            monoStart = 0
        }
    }

    /// Forgets the levels of the grid frames before `frame`, moving the rest down once the part
    /// forgotten outgrows it.
    private func dropLevels(before frame: Int) {
        levelStart += frame - firstFrame
        firstFrame = frame
        if levelStart > levels[0].count / 2 {
            for band in levels.indices {
                levels[band].removeFirst(levelStart)
                levelBins[band].removeFirst(levelStart)
            }
            levelStart = 0
        }
    }

    /// Calls `body` with a function that writes the band levels of the frame starting at a
    /// sample (within the samples kept) to a destination: per band, the mean power of its bins
    /// in dB, never below the absolute floor. The samples and scratch it uses are taken once
    /// for all the frames `body` writes.
    private func withLevelWriter<Result>(
        _ body: (_ write: (_ start: Int, _ destination: UnsafeMutablePointer<Float>) -> Void) -> Result
    ) -> Result {
        let origin = monoStart - firstSample
        let spectrum = spectrum, bins = bins, bands = bands, frameSize = frameSize
        let floor = EdgeRefiner.Tuning.absoluteFloor
        return mono.withUnsafeBufferPointer { mono in
            power.withUnsafeMutableBufferPointer { power in
                sums.withUnsafeMutableBufferPointer { sums in
                    let widths = UnsafeRawPointer(sums.baseAddress! + sums.count / 2)
                    return body { start, destination in
                        let offset = origin + start
                        spectrum.power(
                            of: UnsafeBufferPointer(rebasing: mono[offset..<(offset + frameSize)]), stride: 1,
                            bins: bins, writingTo: power.baseAddress!)
                        for (number, band) in bands.enumerated() {
                            var sum: Float = 0
                            for bin in band { sum += power[bin] }
                            sums[number] = sum
                        }
                        // Eight bands' means, floors and logarithms at a time: each lane's
                        // arithmetic is the scalar one.
                        let raw = UnsafeRawPointer(sums.baseAddress!)
                        for first in stride(from: 0, to: bands.count, by: 8) {
                            let offset = first * MemoryLayout<Float>.stride
                            let mean =
                                raw.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
                                / widths.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
                            let levels = decibels(mean.replacing(with: floor, where: mean .< floor))
                            if first + 8 <= bands.count {
                                UnsafeMutableRawPointer(destination + first).storeBytes(
                                    of: levels, as: SIMD8<Float>.self)
                            } else {
                                for lane in 0..<(bands.count - first) { destination[first + lane] = levels[lane] }
                            }
                        }
                    }
                }
            }
        }
    }
}

extension BandLevelCache {
    /// An empty cache with `refiner`'s frames, hop and bands and its noise floor's percentile.
    ///
    /// - Parameters:
    ///   - refiner: The refiner whose analysis it keeps.
    ///   - mix: How the audio's channels are mixed.
    ///   - saved: Levels saved by another pass over the same audio, or where to save them.
    convenience init(for refiner: EdgeRefiner, mix: ChannelMix, saved: SavedBandLevels? = nil) {
        self.init(
            frameSize: refiner.frameSize, hop: refiner.hop, bands: refiner.bands, mix: mix,
            percentile: EdgeRefiner.Tuning.floorPercentile, saved: saved)
    }
}
