// Selecting one rank among band levels: the noise floor's percentile (``BandLevelCache/floor(of:)``).

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
    // value, so every value in a bucket is at least every value in the buckets below it. Computed
    // once per value, eight at a time, and kept for both passes.
    let magic: Float = 12_582_912
    func bucket(_ value: Float) -> UInt8 {
        UInt8(truncatingIfNeeded: ((value - least) * scale + magic).bitPattern & 63)
    }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: values.count) { buckets in
        let raw = UnsafeRawPointer(values.baseAddress!), into = UnsafeMutableRawPointer(buckets.baseAddress!)
        let (leastEight, scaleEight, magicEight) = (
            SIMD8<Float>(repeating: least), SIMD8<Float>(repeating: scale), SIMD8<Float>(repeating: magic)
        )
        var index = 0
        while index + 8 <= values.count {
            let eight = raw.loadUnaligned(fromByteOffset: index * MemoryLayout<Float>.stride, as: SIMD8<Float>.self)
            let sums = unsafeBitCast((eight - leastEight) * scaleEight + magicEight, to: SIMD8<UInt32>.self)
            into.storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: sums & 63), toByteOffset: index, as: SIMD8<UInt8>.self)
            index += 8
        }
        for tail in index..<values.count { buckets[tail] = bucket(values[tail]) }
        // Four tables of counts, for the values at positions 0, 1, 2 and 3 mod 4: neighbouring
        // values (often in the same bucket) do not wait on each other's increment.
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 4 * 64) { counts in
            counts.initialize(repeating: 0)
            let counted = values.count & ~3
            var index = 0
            while index < counted {
                counts[Int(buckets[index])] &+= 1
                counts[64 + Int(buckets[index + 1])] &+= 1
                counts[128 + Int(buckets[index + 2])] &+= 1
                counts[192 + Int(buckets[index + 3])] &+= 1
                index += 4
            }
            for tail in counted..<values.count { counts[Int(buckets[tail])] &+= 1 }
            func count(_ bucket: Int) -> Int {
                Int(counts[bucket]) + Int(counts[64 + bucket]) + Int(counts[128 + bucket]) + Int(counts[192 + bucket])
            }
            var below = 0, holding = 0
            while below + count(holding) <= rank {
                below += count(holding)
                holding += 1
            }
            // The values of the bucket holding the rank, in order, moved to the front without a
            // branch: each value is written to the next free place, which advances only for those kept.
            let held = UInt8(holding)
            var kept = 0
            for index in values.indices {
                values[kept] = values[index]
                kept &+= buckets[index] == held ? 1 : 0
            }
            return quickselect(rank - below, in: UnsafeMutableBufferPointer(rebasing: values[..<kept]))
        }
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
