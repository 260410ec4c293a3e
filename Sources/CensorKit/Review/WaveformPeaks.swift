import Foundation

/// The envelope of a stretch of audio for drawing: the lowest and highest sample of every
/// bucket, over all channels, as signed bytes (−127…127 for −1…1).
///
/// A page draws a waveform from these instead of the samples: a few thousand bytes for a whole
/// episode, a few hundred for the neighbourhood of one edit.
struct WaveformPeaks: Sendable, Hashable {
    /// `min, max` for each bucket, in time order.
    var bytes: [Int8]

    /// The number of buckets.
    var count: Int { bytes.count / 2 }

    /// Reads `range` of `reader` in `buckets` equal parts (fewer when the range is shorter).
    ///
    /// - Throws: ``AudioError`` when the file cannot be read.
    /// - Complexity: One sequential read of `range`; memory is one block of frames.
    init(reading reader: AudioReader, range: Range<Int>, buckets: Int) throws {
        let total = range.count
        let count = min(buckets, total)
        bytes = []
        guard count > 0 else { return }
        bytes.reserveCapacity(count * 2)
        let channels = reader.channelCount
        let blockFrames = 1 << 16
        var buffer: [Float] = []
        var bucket = 0
        var bucketEnd = range.lowerBound + total / count
        // Every bucket holds at least one frame (count ≤ total), so both are set before use.
        var low = Float.infinity, high = -Float.infinity
        var frame = range.lowerBound
        while frame < range.upperBound {
            let block = frame..<min(frame + blockFrames, range.upperBound)
            try reader.readFrames(block, into: &buffer)
            var offset = 0
            while offset < block.count {
                let sliceEnd = min(block.count, bucketEnd - block.lowerBound)
                buffer.withUnsafeBufferPointer { samples in
                    for index in (offset * channels)..<(sliceEnd * channels) {
                        low = Swift.min(low, samples[index])
                        high = Swift.max(high, samples[index])
                    }
                }
                offset = sliceEnd
                if block.lowerBound + offset == bucketEnd {
                    bytes.append(Self.byte(low))
                    bytes.append(Self.byte(high))
                    low = .infinity
                    high = -.infinity
                    bucket += 1
                    bucketEnd = range.lowerBound + Int((Int64(total) * Int64(bucket + 1)) / Int64(count))
                }
            }
            frame = block.upperBound
        }
    }

    /// The bytes as base64, as the page reads them.
    var base64: String { Data(bytes.map { UInt8(bitPattern: $0) }).base64EncodedString() }

    /// `sample` (−1…1) as a signed byte, clamped.
    private static func byte(_ sample: Float) -> Int8 {
        Int8((Swift.max(-1, Swift.min(1, sample)) * 127).rounded())
    }
}
