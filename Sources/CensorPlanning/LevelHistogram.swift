/// Counts of each band's levels in bins of 1/16 dB, for the noise floor: the level of a rank
/// among those counted (``BandLevelCache/floor(of:)``), exactly, with levels counted in and out
/// as the frames analysed move along the file.
///
/// Each level's bin is computed once (``bin(_:)``) and kept beside it. The bin that holds a rank
/// is found by walking from the one that held the band's last rank (the floor moves little from
/// one stretch to the next); the level is then selected among the few levels of that bin alone.
struct LevelHistogram {
    /// Bins per dB, and the level where the first bin starts (below the absolute floor's −90 dB);
    /// levels at or above `lowest + binCount / binsPerDecibel` (+32 dB) share the last bin.
    static let binsPerDecibel: Float = 16
    static let lowest: Float = -96
    static let binCount = 2048

    /// `binCount` counts per band.
    private var counts: [Int32]
    /// Per band, a bin, and how many levels the bins below it hold.
    private var pointers: [Int]
    private var countsBelow: [Int]
    /// Scratch: the levels of one bin.
    private var held: [Float] = []

    /// An empty histogram of `bandCount` bands.
    init(bandCount: Int) {
        counts = [Int32](repeating: 0, count: bandCount * Self.binCount)
        pointers = [Int](repeating: 0, count: bandCount)
        countsBelow = [Int](repeating: 0, count: bandCount)
    }

    /// The bin of a finite level: monotonic in the level.
    static func bin(_ level: Float) -> UInt16 {
        let position = (level - lowest) * binsPerDecibel
        return position < 1 ? 0 : position >= Float(binCount - 1) ? UInt16(binCount - 1) : UInt16(position)
    }

    /// Counts levels of `band` in (`delta` 1) or out (`delta` −1), given by their bins; each level
    /// counted out was counted in.
    mutating func count(_ bins: UnsafeBufferPointer<UInt16>, band: Int, by delta: Int32) {
        let pointer = pointers[band]
        var below = 0
        counts.withUnsafeMutableBufferPointer { counts in
            let counts = counts.baseAddress! + band * Self.binCount
            for bin in bins {
                counts[Int(bin)] &+= delta
                below &+= Int(bin) < pointer ? 1 : 0
            }
        }
        countsBelow[band] += Int(delta) * below
    }

    /// The level ranked `rank` (0-based, ascending) among `levels`, the levels of `band` counted
    /// now, whose bins are `bins`.
    mutating func level(
        ofRank rank: Int, band: Int, among levels: UnsafeBufferPointer<Float>, bins: UnsafeBufferPointer<UInt16>
    ) -> Float {
        precondition(levels.indices.contains(rank) && bins.count == levels.count, "rank outside the levels")
        var (bin, below) = (pointers[band], countsBelow[band])
        counts.withUnsafeBufferPointer { counts in
            let counts = counts.baseAddress! + band * Self.binCount
            while below > rank {
                bin -= 1
                below -= Int(counts[bin])
            }
            while below + Int(counts[bin]) <= rank {
                below += Int(counts[bin])
                bin += 1
            }
        }
        (pointers[band], countsBelow[band]) = (bin, below)
        // The bin's levels, found sixteen bins at a time.
        if held.count < levels.count { held = [Float](repeating: 0, count: levels.count) }
        return held.withUnsafeMutableBufferPointer { held in
            let wanted = UInt16(bin)
            var found = 0
            var index = 0
            let raw = UnsafeRawPointer(bins.baseAddress!)
            let wantedSixteen = SIMD16(repeating: wanted)
            while index + 16 <= bins.count {
                let sixteen = raw.loadUnaligned(
                    fromByteOffset: index * MemoryLayout<UInt16>.stride, as: SIMD16<UInt16>.self)
                // The lanes' comparison as four 64-bit words: any set bit is a lane in the bin
                // (`any(_:)` on a mask is not compiled to this, and costs a loop over the lanes).
                let words = unsafeBitCast(sixteen .== wantedSixteen, to: SIMD4<UInt64>.self)
                if words[0] | words[1] | words[2] | words[3] != 0 {
                    for lane in 0..<16 where bins[index + lane] == wanted {
                        held[found] = levels[index + lane]
                        found += 1
                    }
                }
                index += 16
            }
            for tail in index..<bins.count where bins[tail] == wanted {
                held[found] = levels[tail]
                found += 1
            }
            return nthSmallest(rank - below, in: UnsafeMutableBufferPointer(rebasing: held[..<found]))
        }
    }
}
