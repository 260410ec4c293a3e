/// Counts of each band's levels in bins of 1/16 dB, for the noise floor: the level of a rank
/// among those counted (``BandLevelCache/floor(of:)``), exactly, with levels counted in and out
/// as the frames analysed move along the file.
///
/// The bin that holds a rank is found by walking from the one that held the band's last rank
/// (the floor moves little from one stretch to the next); the level is then selected among the
/// few levels of that bin alone.
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
    @inline(__always)
    static func bin(_ level: Float) -> Int {
        let position = (level - lowest) * binsPerDecibel
        return position < 1 ? 0 : position >= Float(binCount - 1) ? binCount - 1 : Int(position)
    }

    /// Counts `levels` of `band` in (`delta` 1) or out (`delta` −1); each level counted out was
    /// counted in.
    mutating func count(_ levels: UnsafeBufferPointer<Float>, band: Int, by delta: Int32) {
        let pointer = pointers[band]
        var below = 0
        counts.withUnsafeMutableBufferPointer { counts in
            let counts = counts.baseAddress! + band * Self.binCount
            for level in levels {
                let bin = Self.bin(level)
                counts[bin] &+= delta
                below &+= bin < pointer ? 1 : 0
            }
        }
        countsBelow[band] += Int(delta) * below
    }

    /// The level ranked `rank` (0-based, ascending) among `levels`, which are the levels of
    /// `band` counted now.
    mutating func level(ofRank rank: Int, band: Int, among levels: UnsafeBufferPointer<Float>) -> Float {
        precondition(levels.indices.contains(rank), "rank outside the levels")
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
        // The bin's levels, gathered eight at a time: each lane tests its position against the
        // bin's bounds, which is `bin(_:)`'s test.
        if held.count < levels.count { held = [Float](repeating: 0, count: levels.count) }
        return held.withUnsafeMutableBufferPointer { held in
            let low = bin == 0 ? -Float.infinity : Float(bin), high = bin == Self.binCount - 1 ? Float.infinity : Float(bin + 1)
            var found = 0
            var index = 0
            let raw = UnsafeRawPointer(levels.baseAddress!)
            let (lowest, scale) = (SIMD8<Float>(repeating: Self.lowest), SIMD8<Float>(repeating: Self.binsPerDecibel))
            let (lows, highs) = (SIMD8<Float>(repeating: low), SIMD8<Float>(repeating: high))
            while index + 8 <= levels.count {
                let eight = raw.loadUnaligned(fromByteOffset: index * MemoryLayout<Float>.stride, as: SIMD8<Float>.self)
                let positions = (eight - lowest) * scale
                let inside = (positions .>= lows) .& (positions .< highs)
                if any(inside) {
                    for lane in 0..<8 where inside[lane] {
                        held[found] = eight[lane]
                        found += 1
                    }
                }
                index += 8
            }
            for level in levels[index...] where Self.bin(level) == bin {
                held[found] = level
                found += 1
            }
            return nthSmallest(rank - below, in: UnsafeMutableBufferPointer(rebasing: held[..<found]))
        }
    }
}
