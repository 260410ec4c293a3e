import CSndFile
import CensorTestFiles
import Foundation
import Testing

@testable import CensorAudio
@testable import CensorPlanning

/// What spares edge refinement work without changing one level: 16-bit audio is analysed from
/// its stored samples, and the levels the transcript offset's analyses compute are taken by the
/// refinement that follows.
@Suite struct BandLevelReuseTests {
    static let rate = BandLevelCacheTests.rate

    /// An ``AudioReader`` seen only as a ``FrameSource``: its samples are read as `Float`.
    struct FloatReads: FrameSource {
        let reader: AudioReader
        var channelCount: Int { reader.channelCount }
        var frameCount: Int { reader.frameCount }
        func readFrames(_ range: Range<Int>, into buffer: inout [Float]) throws {
            try reader.readFrames(range, into: &buffer)
        }
    }

    static func cache(_ mix: ChannelMix, saved: SavedBandLevels? = nil) -> BandLevelCache {
        let refiner = BandLevelCacheTests.refiner
        return BandLevelCache(
            frameSize: refiner.frameSize, hop: refiner.hop, bands: refiner.bands, mix: mix,
            percentile: EdgeRefiner.Tuning.floorPercentile, saved: saved)
    }

    static func bits(_ cache: BandLevelCache, _ frames: Range<Int>) -> [[UInt32]] {
        BandLevelCacheTests.levels(cache, frames).map { $0.map(\.bitPattern) }
    }

    @Test(
        "a 16-bit file analysed from its stored samples gives the levels and floors of its samples read as floats, to the bit",
        arguments: [1, 2, 3])
    func storedReadsGiveTheFloatLevels(channels: Int) throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let path = folder.path("speech.wav")
        // Noise and bursts; the second channel inverted (the mix then subtracts it), the third quieter.
        let mono = BandLevelCacheTests.audio(channels: 1).samples
        let samples = mono.flatMap { sample in
            [sample, -sample * 0.9, sample * 0.3].prefix(channels).map { Int32(Int16(($0 * 32_767).rounded())) << 16 }
        }
        try AudioFiles.write(
            .int(samples), to: path,
            format: AudioFiles.format(
                Int(SF_FORMAT_WAV), Int(SF_FORMAT_PCM_16),
                rate: Self.rate, channels: channels))
        var stored = try AudioReader(path: path)
        #expect(stored.narrowStoredSamples != nil)
        var floats = FloatReads(reader: try AudioReader(path: path))
        let mix = try ChannelMix(for: &stored)
        if channels > 1 { #expect(mix.weights[1] < 0) }
        let (fromStored, fromFloats) = (Self.cache(mix), Self.cache(mix))
        var offGrid: ([Float], [Float]) = ([], [])
        // More than a read's worth of frames at once, then forward in steps.
        for range in [0..<(BandLevelCache.readFrames + 5_000), 20_000..<40_000, 41_000..<63_000] {
            let frames = try fromStored.load(range, from: &stored)
            #expect(try fromFloats.load(range, from: &floats) == frames)
            #expect(Self.bits(fromStored, frames) == Self.bits(fromFloats, frames), "\(range)")
            for band in fromStored.bands.indices {
                #expect(fromStored.floor(of: band).bitPattern == fromFloats.floor(of: band).bitPattern)
            }
            #expect(fromStored.levels(ofFrameAt: range.lowerBound + 333, into: &offGrid.0))
            #expect(fromFloats.levels(ofFrameAt: range.lowerBound + 333, into: &offGrid.1))
            #expect(offGrid.0.map(\.bitPattern) == offGrid.1.map(\.bitPattern))
        }
    }

    @Test("a cache taking saved levels has a fresh cache's levels, from stores joined where their runs overlap")
    func savedLevelsAreTheComputedOnes() throws {
        var audio = BandLevelCacheTests.audio(channels: 2)
        let mix = ChannelMix(channelCount: 2)
        let bandCount = BandLevelCacheTests.refiner.bands.count
        let (saved, other) = (SavedBandLevels(bandCount: bandCount), SavedBandLevels(bandCount: bandCount))
        let saving = Self.cache(mix, saved: saved), savingOther = Self.cache(mix, saved: other)
        saving.savesComputedLevels = true
        savingOther.savesComputedLevels = true
        // Two analyses far apart, and one that follows the second (its new frames extend the run);
        // another store's analysis overlaps the first run's end and goes on past it.
        let first = try saving.load(8_000..<20_000, from: &audio)
        let second = try saving.load(36_000..<44_000, from: &audio)
        let third = try saving.load(40_000..<50_000, from: &audio)
        let fourth = try savingOther.load(16_000..<28_000, from: &audio)
        #expect(saved.savedFrames == [first, second.lowerBound..<third.upperBound])
        let joined = SavedBandLevels(joining: [other, saved])
        #expect(joined.savedFrames == [first.lowerBound..<fourth.upperBound, second.lowerBound..<third.upperBound])
        // The refinement's loads, forward, overlapping the runs saved and the frames between them.
        let taking = Self.cache(mix, saved: joined)
        var start = 0
        while start + 12_000 <= audio.frameCount {
            let frames = try taking.load(start..<(start + 12_000), from: &audio)
            let fresh = Self.cache(mix)
            _ = try fresh.load(start..<(start + 12_000), from: &audio)
            #expect(Self.bits(taking, frames) == Self.bits(fresh, frames), "\(start)")
            start += 4_000
        }
        // Read, not used up: another cache takes them again.
        #expect(joined.savedFrames == [first.lowerBound..<fourth.upperBound, second.lowerBound..<third.upperBound])
    }

    @Test("saved levels are taken, not computed again: levels saved from other audio show through in their frames")
    func savedLevelsAreTaken() throws {
        var audio = BandLevelCacheTests.audio(channels: 1)
        var other = InterleavedBuffer(samples: audio.samples.map { $0 * 0.5 }, channelCount: 1)
        let mix = ChannelMix(channelCount: 1)
        let saved = SavedBandLevels(bandCount: BandLevelCacheTests.refiner.bands.count)
        let saving = Self.cache(mix, saved: saved)
        saving.savesComputedLevels = true
        let savedFrames = try saving.load(16_000..<24_000, from: &other)
        let halfLevels = Self.bits(saving, savedFrames)
        let taking = Self.cache(mix, saved: saved)
        let frames = try taking.load(12_000..<28_000, from: &audio)
        let fresh = Self.cache(mix)
        _ = try fresh.load(12_000..<28_000, from: &audio)
        // Inside the saved frames, the other audio's levels (6 dB lower); around them, this audio's.
        #expect(Self.bits(taking, savedFrames) == halfLevels)
        #expect(Self.bits(taking, savedFrames) != Self.bits(fresh, savedFrames))
        #expect(
            Self.bits(taking, frames.lowerBound..<savedFrames.lowerBound)
                == Self.bits(fresh, frames.lowerBound..<savedFrames.lowerBound))
        #expect(
            Self.bits(taking, savedFrames.upperBound..<frames.upperBound)
                == Self.bits(fresh, savedFrames.upperBound..<frames.upperBound))
    }
}
