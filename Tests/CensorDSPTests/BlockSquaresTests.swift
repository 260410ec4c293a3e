import Foundation
import Testing

@testable import CensorDSP

/// The squares of stored blocks an earlier pass read: summed exactly, kept only for blocks seen
/// whole, and added to a matched beep's level instead of reading those blocks again.
@Suite struct BlockSquaresTests {
    /// Seeded samples over the whole 16-bit range, full scale at both ends included.
    static func samples(_ count: Int, seed: UInt64 = 7) -> [Int16] {
        var state = seed
        return (0..<count).map { index in
            if index % 97 == 0 { return index % 2 == 0 ? .min : .max }
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int16(truncatingIfNeeded: state >> 48)
        }
    }

    /// Each channel's sum of squares, one sample at a time.
    static func naive(_ samples: ArraySlice<Int16>, channels: Int) -> [Int64] {
        var sums = [Int64](repeating: 0, count: channels)
        for (index, sample) in zip(samples.indices, samples) {
            sums[(index - samples.startIndex) % channels] += Int64(sample) * Int64(sample)
        }
        return sums
    }

    @Test("each channel's squares sum exactly, eight samples at a time or one by one", arguments: 1...6)
    func addSquares(channels: Int) {
        let samples = Self.samples(6 * 3000)
        for frames in Array(0...41) + [2999, 3000] {
            let slice = samples[0..<(frames * channels)]
            var sums = [Int64](repeating: 5, count: channels)
            slice.withUnsafeBufferPointer { slice in
                sums.withUnsafeMutableBufferPointer {
                    BlockSquares.addSquares(of: slice, channels: channels, into: $0.baseAddress!)
                }
            }
            #expect(sums == Self.naive(slice, channels: channels).map { $0 + 5 }, "\(frames) frames")
        }
        // Full scale everywhere: every square is 2³⁰, the most two lanes add in 32 bits.
        let loudest = [Int16](repeating: .min, count: 4000 * channels)
        var sums = [Int64](repeating: 0, count: channels)
        loudest.withUnsafeBufferPointer { loudest in
            sums.withUnsafeMutableBufferPointer {
                BlockSquares.addSquares(of: loudest, channels: channels, into: $0.baseAddress!)
            }
        }
        #expect(sums == Array(repeating: 4000 << 30, count: channels))
    }

    /// Feeds `samples` (interleaved, `channels` per frame) of `frames` to `recorder`, cut into
    /// reads of `pieces` frames in turn.
    static func feed(
        _ recorder: inout BlockSquares.Recorder, _ samples: [Int16], channels: Int, frames: Range<Int>, pieces: [Int]
    ) {
        var start = frames.lowerBound, turn = 0
        while start < frames.upperBound {
            let end = min(frames.upperBound, start + pieces[turn % pieces.count])
            samples.withUnsafeBufferPointer { recorder.take(start..<end, samples: $0.baseAddress! + start * channels) }
            (start, turn) = (end, turn + 1)
        }
    }

    @Test("a recorder keeps the sums of exactly the blocks whose frames all came in one run of reads")
    func recorderKeepsWholeBlocks() {
        let channels = 2, size = BlockSquares.frames
        let samples = Self.samples(8 * size * channels)
        let store = BlockSquares(channelCount: channels)
        var recorder = BlockSquares.Recorder(store: store)
        // Blocks 0 to 2 whole in reads of many sizes; block 3 left partway.
        Self.feed(
            &recorder, samples, channels: channels, frames: 0..<(3 * size + 100), pieces: [1000, 7, size, 3 * size, 1])
        // A run that starts inside block 4 (not kept) and reads blocks 5 and 6 whole, block 7 not.
        Self.feed(
            &recorder, samples, channels: channels, frames: (4 * size + 10)..<(7 * size + 5), pieces: [2048, 999])
        // Back to block 3's end: a read that does not follow the last one does not complete it.
        Self.feed(&recorder, samples, channels: channels, frames: (3 * size + 100)..<(4 * size), pieces: [size])
        #expect(store.count == 5)
        for block in 0..<8 {
            var sums = [Int64](repeating: 0, count: channels)
            let kept = sums.withUnsafeMutableBufferPointer { store.add(block, to: $0.baseAddress!) }
            #expect(kept == [0, 1, 2, 5, 6].contains(block), "block \(block)")
            if kept {
                #expect(
                    sums
                        == Self.naive(
                            samples[(block * size * channels)..<((block + 1) * size * channels)], channels: channels))
            }
        }
    }

    @Test("a block's sums are kept once: the first recorded stay")
    func firstSumsStay() {
        let store = BlockSquares(channelCount: 1)
        [Int64(3)].withUnsafeBufferPointer { store.record(4, squares: $0) }
        [Int64(9)].withUnsafeBufferPointer { store.record(4, squares: $0) }
        var recorder = BlockSquares.Recorder(store: store)
        Self.feed(
            &recorder, Self.samples(6 * BlockSquares.frames), channels: 1, frames: 0..<(6 * BlockSquares.frames),
            pieces: [5000])
        var sum: Int64 = 0
        #expect(store.add(4, to: &sum))
        #expect(sum == 3)
        #expect(store.count == 6)
    }

    /// 16-bit samples in memory, read as stored or as `Float`, sharing a ``BlockSquares`` store
    /// and counting the frames read as stored.
    final class StoredBuffer: BlockSquaresSource, @unchecked Sendable {
        let samples: [Int16]
        let channelCount: Int
        let blockSquares: BlockSquares?
        private(set) var framesRead = 0

        init(samples: [Int16], channelCount: Int) {
            self.samples = samples
            self.channelCount = channelCount
            blockSquares = BlockSquares(channelCount: channelCount)
        }

        var frameCount: Int { samples.count / channelCount }
        var storesNarrowIntegers: Bool { true }

        func readFrames(_ range: Range<Int>, into buffer: inout [Float]) {
            buffer = samples[(range.lowerBound * channelCount)..<(range.upperBound * channelCount)].map {
                Float($0) / 32_768
            }
        }

        func readStoredSamples(_ range: Range<Int>, into buffer: UnsafeMutablePointer<Int16>) {
            framesRead += range.count
            samples.withUnsafeBufferPointer {
                buffer.update(
                    from: $0.baseAddress! + range.lowerBound * channelCount, count: range.count * channelCount)
            }
        }
    }

    @Test("a long core's blocks kept are added, not read: the levels are those read, to the bit", arguments: [1, 2])
    func knownBlocksAreNotRead(channels: Int) throws {
        let size = BlockSquares.frames
        // Louder from block 3 on, so that a block added twice or missed would change a level
        // (none reaches the cap, where a wrong sum could give the same level).
        let samples = Self.samples(10 * size * channels).enumerated().map {
            $0.element / ($0.offset < 3 * size * channels ? 8 : 3)
        }
        let spans = [
            Span(ordered: 100, start: 340, end: 900, fadeEnd: 1140),  // inside block 0
            Span(ordered: size - 500, start: size - 260, end: 6 * size + 33, fadeEnd: 6 * size + 273),
            Span(ordered: 7 * size + 3, start: 7 * size + 243, end: 9 * size + 243, fadeEnd: 9 * size + 483),
        ]
        let plain = StoredBuffer(samples: samples, channelCount: channels)
        var source = plain
        let expected = try BeepLevels.levels(for: spans, beep: Beep(), in: &source, parallel: false)
        #expect(plain.framesRead == spans.reduce(0) { $0 + $1.fadeEnd - $1.fadeStart })
        // Blocks 0 to 8 read before, except block 4.
        let reading = StoredBuffer(samples: samples, channelCount: channels)
        var recorder = BlockSquares.Recorder(store: reading.blockSquares!)
        Self.feed(&recorder, samples, channels: channels, frames: 0..<(4 * size), pieces: [size])
        Self.feed(&recorder, samples, channels: channels, frames: (5 * size)..<(9 * size), pieces: [size])
        #expect(reading.blockSquares?.count == 8)
        var known = reading
        let levels = try BeepLevels.levels(for: spans, beep: Beep(), in: &known, parallel: false)
        #expect(levels.amplitudes.map { $0.map(\.bitPattern) } == expected.amplitudes.map { $0.map(\.bitPattern) })
        #expect(levels.fades == expected.fades)
        #expect(expected.amplitudes.joined().allSatisfy { $0 < Beep.maximumPeak })
        // The second span's blocks 1, 2, 3 and 5 and the third's block 8 are not read again.
        #expect(reading.framesRead == plain.framesRead - 5 * size)
    }
}
