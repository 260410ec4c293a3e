import CensorTestSignals
import Foundation
import Testing

@testable import CensorPlanning

/// The band levels edge refinement keeps between matches: whatever order the stretches are
/// asked for in, a frame's levels are those a fresh cache computes for it.
@Suite struct BandLevelCacheTests {
    static let rate = 16000
    /// The refiner's grid at this rate.
    static let refiner: (frameSize: Int, hop: Int, bands: [Range<Int>]) = {
        let refiner = EdgeRefiner(sampleRate: rate, window: 0.15)
        return (refiner.frameSize, refiner.hop, refiner.bands)
    }()

    static func cache(channels: Int = 2) -> BandLevelCache {
        BandLevelCache(
            frameSize: refiner.frameSize, hop: refiner.hop, bands: refiner.bands,
            mix: ChannelMix(channelCount: channels),
            percentile: EdgeRefiner.Tuning.floorPercentile)
    }

    /// Every band's levels over `frames`, as one array per band.
    static func levels(_ cache: BandLevelCache, _ frames: Range<Int>) -> [[Float]] {
        cache.bands.indices.map { band in cache.withLevels(of: band, in: frames) { Array($0) } }
    }

    /// The noise floor of `levels` by its definition, counted: the lowest level that more than
    /// `fraction` of the levels are at or below (the refiner's ``EdgeRefiner/Tuning/floorPercentile``).
    static func percentile(_ levels: [Float], fraction: Double = EdgeRefiner.Tuning.floorPercentile) -> Float? {
        // The levels tried from the lowest up: the first that qualifies is the lowest.
        levels.sorted().first { level in Double(levels.count(where: { $0 <= level })) > fraction * Double(levels.count)
        }
    }

    @Test(
        "the counted floor, by hand: the lowest level with more than the fraction of the levels at or below it",
        arguments: [
            // A fifth of ten is 2: 1, 2 and 3 are at or below 3, only 1 and 2 below 2.
            ([5, 1, 9, 3, 7, 2, 8, 4, 6, 10], 0.2, 3),
            // Ties: 1, 1 are two, not more than 2; 1, 1, 3, 3, 3 are five.
            ([3, 3, 3, 1, 1, 9, 9, 9, 9, 9], 0.2, 3),
            // Half of four is 2: -60 and -50 are two, -40 the third.
            ([-40, -60, -30, -50], 0.5, -40),
            ([-70], 0.2, -70),
        ] as [([Float], Double, Float)])
    func countedFloor(levels: [Float], fraction: Double, floor: Float) {
        #expect(Self.percentile(levels, fraction: fraction) == floor)
    }

    /// Four seconds of noise with bursts, in `channels` channels.
    static func audio(channels: Int) -> InterleavedBuffer {
        var mono = Signals.background(seconds: 4, sampleRate: rate, level: -45)
        Signals.addBurst(to: &mono, from: 0.7, to: 1.1, sampleRate: rate)
        Signals.addBurst(to: &mono, from: 2.3, to: 2.9, fundamental: 240, sampleRate: rate)
        let other = Signals.background(seconds: 4, sampleRate: rate, level: -30, seed: 5)
        let samples = channels == 1 ? mono : zip(mono, other).flatMap { [$0, $1] }
        return InterleavedBuffer(samples: samples, channelCount: channels)
    }

    @Test(
        "stretches asked for forward, overlapping, nested, backward or past a gap give a fresh cache's levels",
        arguments: [1, 2])
    func orderDoesNotMatter(channels: Int) throws {
        var audio = Self.audio(channels: channels)
        // Forward and overlapping, touching, inside the kept samples (found by the pipeline fuzz
        // target), behind them, past them with a gap.
        let ranges = [
            0..<20_000, 8_000..<30_000, 30_000..<31_000, 29_000..<45_000, 29_500..<33_000,
            29_500..<33_000, 5_000..<12_000, 50_000..<64_000, 49_999..<52_345, 10_001..<20_003,
        ]
        let shared = Self.cache(channels: channels)
        for range in ranges {
            let frames = try shared.load(range, from: &audio)
            let fresh = Self.cache(channels: channels)
            #expect(try fresh.load(range, from: &audio) == frames)
            #expect(Self.levels(shared, frames) == Self.levels(fresh, frames), "\(range)")
            // Grid frames lie wholly inside the range, and every such frame is there.
            #expect(frames.lowerBound * Self.refiner.hop >= range.lowerBound)
            #expect((frames.lowerBound - 1) * Self.refiner.hop < range.lowerBound)
            #expect((frames.upperBound - 1) * Self.refiner.hop + Self.refiner.frameSize <= range.upperBound)
            #expect(frames.upperBound * Self.refiner.hop + Self.refiner.frameSize > range.upperBound)
        }
    }

    @Test(
        "stretches that touch, as the transcript offset's analyses ask for them, do not pile up: the samples held stay about one stretch"
    )
    func touchingStretches() throws {
        var audio = Self.audio(channels: 2)
        let cache = Self.cache(channels: 2)
        let stretch = 6_000
        for start in stride(from: 0, to: 64_000 - stretch, by: stretch) {
            let frames = try cache.load(start..<(start + stretch), from: &audio)
            let fresh = Self.cache(channels: 2)
            _ = try fresh.load(start..<(start + stretch), from: &audio)
            #expect(Self.levels(cache, frames) == Self.levels(fresh, frames))
            #expect(
                cache.samplesHeld <= stretch + Self.refiner.frameSize, "\(cache.samplesHeld) samples held at \(start)")
        }
    }

    @Test(
        "the floor of loads a few frames apart, counted from one to the next, is the percentile a fresh cache selects",
        arguments: [1, 2])
    func floorFollowsCloseLoads(channels: Int) throws {
        var samples = Self.audio(channels: channels).samples
        // Half a second of digital silence: many levels tie at the absolute floor.
        for index in (Self.rate * 3 / 2 * channels)..<(Self.rate * 2 * channels) { samples[index] = 0 }
        var audio = InterleavedBuffer(samples: samples, channelCount: channels)
        let shared = Self.cache(channels: channels)
        let hop = Self.refiner.hop
        // Dense words (1.33 s analyses 60 ms apart: the levels slide), shorter and longer ones,
        // steps of a hop, a step too far to follow, and a step back (the cache starts over).
        var (start, length) = (0, 21_280)
        let steps = [
            (960, 0), (960, 0), (hop, 0), (2 * hop, hop), (960, -3 * hop), (0, hop), (960, 0), (8_000, 0), (960, 0),
            (960, 0), (-4_000, 0), (960, 0), (960, 2 * hop), (3 * hop, -hop), (960, 0), (960, 0),
        ]
        for (step, grow) in steps + steps {
            (start, length) = (start + step, length + grow)
            if start + length > samples.count / channels { (start, length) = (0, 21_280) }
            let frames = try shared.load(start..<(start + length), from: &audio)
            let fresh = Self.cache(channels: channels)
            _ = try fresh.load(start..<(start + length), from: &audio)
            for band in shared.bands.indices {
                let floor = Self.percentile(fresh.withLevels(of: band, in: frames) { Array($0) })
                #expect(shared.floor(of: band) == floor, "\(start)..<\(start + length), band \(band)")
                #expect(fresh.floor(of: band) == floor)
            }
        }
    }

    @Test(
        "the floor followed through loads a few hops apart, lengths changing, over bursts and silence, is the percentile of the loads' levels"
    )
    func floorFollowsManyLoads() throws {
        var samples = Self.audio(channels: 1).samples
        for index in (Self.rate / 5)..<(Self.rate / 2) { samples[index] = 0 }
        var audio = InterleavedBuffer(samples: samples, channelCount: 1)
        let cache = Self.cache(channels: 1)
        let hop = Self.refiner.hop
        // Steps of 1 to 4 hops and lengths ±5 hops around 1.33 s: the floor's rank moves
        // through the levels kept, and out of them, both ways, again and again.
        var (start, loads, step) = (0, 0, 7)
        while start + 21_280 + 5 * hop <= samples.count {
            let length = 21_280 + (loads * 37 % 11 - 5) * hop
            let frames = try cache.load(start..<(start + length), from: &audio)
            for band in cache.bands.indices {
                let floor = Self.percentile(cache.withLevels(of: band, in: frames) { Array($0) })
                #expect(cache.floor(of: band) == floor, "load \(loads), band \(band)")
            }
            step = step * 5 % 13
            start += (1 + step % 4) * hop
            loads += 1
        }
        #expect(loads > 150)
    }

    @Test(
        "frames off the grid asked for again, after others or after starting over, give a fresh cache's levels to the bit"
    )
    func framesOffTheGridAskedAgain() throws {
        var audio = Self.audio(channels: 2)
        let shared = Self.cache()
        _ = try shared.load(8_000..<30_000, from: &audio)
        // Fine frames a millisecond apart around two edges, asked for twice and interleaved, then
        // more than the cache keeps (all of them new), then the first ones again.
        let fine = Self.rate / 1000
        let first = (0..<9).map { 11_000 + $0 * fine }, second = (0..<9).map { 20_000 - $0 * fine }
        let many = (0..<(BandLevelCache.recentFrames + 5)).map { 12_000 + $0 * 7 }
        var starts = first + second + first + second.reversed() + many + first
        // Past the samples kept, or starting over behind them: none, then the same levels.
        starts.append(29_990)
        var (got, expected) = ([Float](), [Float]())
        for start in starts {
            let fresh = Self.cache()
            _ = try fresh.load(8_000..<30_000, from: &audio)
            let (one, other) = (
                shared.levels(ofFrameAt: start, into: &got), fresh.levels(ofFrameAt: start, into: &expected)
            )
            #expect(one == other)
            #expect(one == (start + Self.refiner.frameSize <= 30_000), "\(start)")
            if one { #expect(got.map(\.bitPattern) == expected.map(\.bitPattern), "frame at \(start)") }
        }
        _ = try shared.load(1_000..<20_000, from: &audio)
        let fresh = Self.cache()
        _ = try fresh.load(1_000..<20_000, from: &audio)
        for start in first {
            #expect(shared.levels(ofFrameAt: start, into: &got) && fresh.levels(ofFrameAt: start, into: &expected))
            #expect(got.map(\.bitPattern) == expected.map(\.bitPattern), "frame at \(start) after starting over")
        }
    }

    @Test("a frame's levels are those of the channels' mean: a burst in one channel stands 6 dB lower than in both")
    func channelsAreAveraged() throws {
        var burst = [Float](repeating: 0, count: Self.rate)
        Signals.addBurst(to: &burst, from: 0.2, to: 0.8, sampleRate: Self.rate)
        var one = InterleavedBuffer(samples: burst.flatMap { [$0, 0] }, channelCount: 2)
        var both = InterleavedBuffer(samples: burst.flatMap { [$0, $0] }, channelCount: 2)
        let (oneCache, bothCache) = (Self.cache(), Self.cache())
        let frames = try oneCache.load(0..<Self.rate, from: &one)
        _ = try bothCache.load(0..<Self.rate, from: &both)
        let frame = frames.lowerBound + frames.count / 2
        // The band of the third harmonic, 540 Hz.
        let band = try #require(
            Self.refiner.bands.firstIndex {
                $0.contains(Int(540.0 * Double(Self.refiner.frameSize) / Double(Self.rate)))
            })
        let levels = [oneCache, bothCache].map { $0.withLevels(of: band, in: frame..<(frame + 1)) { $0[0] } }
        #expect(abs(levels[1] - levels[0] - 20 * log10(2)) < 0.01, "\(levels)")
    }

    @Test(
        "nthSmallest(_:in:) agrees with sorting, ties, a single value and all-equal values included",
        arguments: [1, 2, 7, 64, 266, 1000])
    func selection(count: Int) {
        var generator = SystemRandomNumberGenerator()
        for trial in 0..<20 {
            var values = (0..<count).map { _ in
                Float(Int.random(in: -90...(trial.isMultiple(of: 2) ? 10 : -89), using: &generator))
            }
            if trial == 19 { values = [Float](repeating: -42, count: count) }
            let sorted = values.sorted()
            for rank in Set([0, count / 5, count / 2, count - 1]) {
                var scratch = values
                let value = scratch.withUnsafeMutableBufferPointer { nthSmallest(rank, in: $0) }
                #expect(value == sorted[rank], "rank \(rank) of \(values)")
            }
        }
    }

    @Test(
        "a histogram's rank is the sorted levels' as levels move in and out: on bin edges, tied, far below and above its bins",
        arguments: [3, 40, 400])
    func histogramRanks(count: Int) {
        var generator = SystemRandomNumberGenerator()
        // Levels on bin edges (multiples of 1/16 dB), between them, tied at the absolute floor,
        // and beyond the first and last bins (−96 and +32 dB), in two bands.
        func level() -> Float {
            switch Int.random(in: 0..<5, using: &generator) {
            case 0: Float(Int.random(in: -1440...512, using: &generator)) / 16
            case 1: Float.random(in: -90...20, using: &generator)
            case 2: -90
            case 3: Float.random(in: -200 ... -96, using: &generator)
            default: Float.random(in: 31.9...80, using: &generator)
            }
        }
        var histogram = LevelHistogram(bandCount: 2)
        var window: [[Float]] = [[], []]
        for step in 0..<60 {
            for band in 0..<2 {
                // Some levels leave from the front, as many or more come in at the back.
                let leaving = step == 0 ? 0 : Int.random(in: 0...(window[band].count / 2), using: &generator)
                let bins = window[band].map(LevelHistogram.bin)
                bins.withUnsafeBufferPointer {
                    histogram.count(UnsafeBufferPointer(rebasing: $0[..<leaving]), band: band, by: -1)
                }
                window[band].removeFirst(leaving)
                let entering = (0..<max(1, count - window[band].count + Int.random(in: -2...2, using: &generator))).map
                { _ in level() }
                entering.map(LevelHistogram.bin).withUnsafeBufferPointer { histogram.count($0, band: band, by: 1) }
                window[band] += entering
                let sorted = window[band].sorted()
                let windowBins = window[band].map(LevelHistogram.bin)
                for rank in Set([0, sorted.count / 5, sorted.count / 2, sorted.count - 1]) {
                    let found = window[band].withUnsafeBufferPointer { levels in
                        windowBins.withUnsafeBufferPointer {
                            histogram.level(ofRank: rank, band: band, among: levels, bins: $0)
                        }
                    }
                    #expect(found == sorted[rank], "step \(step), band \(band), rank \(rank) of \(sorted.count)")
                }
            }
        }
    }
}
