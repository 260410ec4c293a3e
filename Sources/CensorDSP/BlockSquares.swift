import Foundation

/// Each channel's exact sum of squares of audio stored as narrow integers, per aligned block of
/// ``frames`` frames, for the blocks an earlier pass read whole: a matched beep's level adds
/// them instead of reading those blocks again.
///
/// Edge refinement reads the audio around every censored word; where censored words crowd
/// together they merge into spans that may run for minutes, every frame of which refinement
/// read. Its reads feed a ``Recorder``, which sums the squares of each block as its frames come
/// in order and keeps those of every block it saw whole. The sums are exact (integers), so a
/// level that adds them equals one read again to the bit.
///
/// The readers of one file share one store (``BlockSquaresSource``). It holds 8 bytes per
/// channel and block read whole, and the block's place: about 0.1 MB per 10 minutes of stereo
/// read at 48 kHz. Any number of threads may record and look up at once.
package final class BlockSquares: @unchecked Sendable {
    /// Frames per block; blocks start at multiples of it.
    package static let frames = 16_384

    /// Interleaved channels per frame.
    package let channelCount: Int
    /// Where each block's sums start in `sums`.
    private var slots: [Int: Int] = [:]
    /// The blocks' sums, `channelCount` per block, in the order recorded.
    private var sums: [Int64] = []
    private let lock = NSLock()

    /// Creates an empty store for audio of `channelCount` channels.
    package init(channelCount: Int) {
        precondition(channelCount > 0, "no channels")
        self.channelCount = channelCount
    }

    /// Whether the sums of `block` are kept.
    package func contains(_ block: Int) -> Bool {
        lock.withLock { slots[block] != nil }
    }

    /// The number of blocks whose sums are kept.
    package var count: Int { lock.withLock { slots.count } }

    /// Keeps `squares` (one per channel) as the sums of `block`, unless it has them already.
    package func record(_ block: Int, squares: UnsafeBufferPointer<Int64>) {
        precondition(squares.count == channelCount, "one sum per channel")
        lock.withLock {
            guard slots[block] == nil else { return }
            slots[block] = sums.count
            sums.append(contentsOf: squares)
        }
    }

    /// Adds the sums of `block`, when kept, to `squares` (one per channel).
    ///
    /// - Returns: Whether they were kept (and added).
    package func add(_ block: Int, to squares: UnsafeMutablePointer<Int64>) -> Bool {
        lock.withLock {
            guard let slot = slots[block] else { return false }
            for channel in 0..<channelCount { squares[channel] &+= sums[slot + channel] }
            return true
        }
    }

    /// Adds each channel's sum of squares of `samples` (interleaved, `channels` per frame) to
    /// `squares`; exact in 64 bits for up to 2³³ frames.
    package static func addSquares(
        of samples: UnsafeBufferPointer<Int16>, channels: Int, into squares: UnsafeMutablePointer<Int64>
    ) {
        guard var base = samples.baseAddress else { return }
        var count = samples.count
        if 4 % channels == 0 {
            // Eight samples at a time, folded into four lanes: lane i sums channel i % channels.
            // A square is at most 2³⁰, so two add up in 32 bits before they widen.
            let raw = UnsafeRawPointer(base), groups = count / 8
            var sums = SIMD4<UInt64>()
            for group in 0..<groups {
                let values = SIMD8<Int32>(
                    truncatingIfNeeded: raw.loadUnaligned(fromByteOffset: group &* 16, as: SIMD8<Int16>.self))
                let squared = SIMD8<UInt32>(truncatingIfNeeded: values &* values)
                sums &+= SIMD4<UInt64>(truncatingIfNeeded: squared.lowHalf &+ squared.highHalf)
            }
            for lane in 0..<4 { squares[lane % channels] &+= Int64(truncatingIfNeeded: sums[lane]) }
            base += groups * 8
            count -= groups * 8
        }
        // The frames left (every frame, for other channel counts), channel by channel.
        let frames = count / channels
        for channel in 0..<channels {
            var sum: Int64 = 0
            var pointer = base + channel
            for _ in 0..<frames {
                let value = Int32(pointer.pointee)
                sum &+= Int64(value &* value)
                pointer += channels
            }
            squares[channel] &+= sum
        }
    }

    /// Sums the squares of stored samples read in order, and records those of each block
    /// whose frames all came in one run of consecutive reads.
    package struct Recorder {
        /// Where the sums go.
        package let store: BlockSquares
        /// The frame the next read continues from; the current block is summed only when its
        /// frames came from its start on (`summing`).
        private var next = Int.min
        private var summing = false
        private var partial: [Int64]

        package init(store: BlockSquares) {
            self.store = store
            partial = Array(repeating: 0, count: store.channelCount)
        }

        /// Takes the samples of `frames` (interleaved, as stored), read after those taken before.
        ///
        /// Frames that do not follow the last taken start a new run: the block they begin in is
        /// summed only when they begin it.
        package mutating func take(_ frames: Range<Int>, samples: UnsafePointer<Int16>) {
            let channels = store.channelCount, size = BlockSquares.frames
            var start = frames.lowerBound
            if start != next { summing = false }
            while start < frames.upperBound {
                let block = start / size, blockEnd = (block + 1) * size
                if start == block * size {
                    summing = !store.contains(block)
                    for channel in 0..<channels { partial[channel] = 0 }
                }
                let end = min(frames.upperBound, blockEnd)
                if summing {
                    let first = samples + (start - frames.lowerBound) * channels
                    partial.withUnsafeMutableBufferPointer { partial in
                        BlockSquares.addSquares(
                            of: UnsafeBufferPointer(start: first, count: (end - start) * channels),
                            channels: channels, into: partial.baseAddress!)
                    }
                    if end == blockEnd {
                        partial.withUnsafeBufferPointer { store.record(block, squares: $0) }
                        summing = false
                    }
                }
                start = end
            }
            next = frames.upperBound
        }
    }
}

/// A frame source whose readers may share a ``BlockSquares`` store: refinement records into
/// it, and a matched beep's levels add from it.
package protocol BlockSquaresSource: StoredSamples {
    /// The store of every reader of this audio; `nil` when none keeps the squares.
    var blockSquares: BlockSquares? { get }
}
