/// A frame source that can hand out its samples as stored, as 16-bit integers, without
/// converting them to `Float`.
///
/// Beep levels and edge snapping measure such audio exactly (each sample, and every sum of up
/// to 256 of them, is exact in integers) and faster. A source that wraps another can conform by
/// forwarding, so that it keeps this fast path.
public protocol StoredSamples: FrameSource {
    /// Whether the samples are stored as integers of at most 16 bits, so that
    /// ``readStoredSamples(_:into:)`` gives them exactly.
    var storesNarrowIntegers: Bool { get }

    /// Reads the frames of `range` as stored, interleaved, into `buffer`, which holds at least
    /// `range.count × channelCount` samples.
    func readStoredSamples(_ range: Range<Int>, into buffer: UnsafeMutablePointer<Int16>) throws
}

extension FrameSource {
    /// The source as ``StoredSamples`` when it stores integers of at most 16 bits; otherwise `nil`.
    package var narrowStoredSamples: (any StoredSamples)? {
        (self as? any StoredSamples).flatMap { $0.storesNarrowIntegers ? $0 : nil }
    }
}
