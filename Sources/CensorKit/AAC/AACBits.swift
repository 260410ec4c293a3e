/// Reads a byte buffer bit by bit, most significant bit first, as AAC syntax is written
/// (ISO/IEC 14496-3 §1.5.1.1, `bslbf`/`uimsbf`); reading past the end is an error, never a trap.
struct AACBitReader {
    /// The bytes read.
    let bytes: [UInt8]
    /// The next bit to read, from the top bit of `bytes[0]`.
    private(set) var position: Int
    /// The bit after the last one that may be read.
    let end: Int

    /// Reads `bytes[range]` from its first bit.
    init(_ bytes: [UInt8], range: Range<Int>? = nil) {
        self.bytes = bytes
        let range = range ?? 0..<bytes.count
        position = range.lowerBound * 8
        end = range.upperBound * 8
    }

    /// Bits left to read.
    var remaining: Int { end - position }

    /// Reads `count` bits (at most 32) as an unsigned number.
    ///
    /// - Throws: ``AACBitReader/Overrun`` when fewer are left.
    mutating func read(_ count: Int) throws(Overrun) -> Int {
        guard count <= remaining else { throw Overrun() }
        var value = 0
        for _ in 0..<count {
            value = value << 1 | Int(bytes[position >> 3] >> (7 - UInt8(position & 7)) & 1)
            position += 1
        }
        return value
    }

    /// Reads one bit.
    ///
    /// - Throws: ``AACBitReader/Overrun`` at the end.
    @inline(__always)
    mutating func readBit() throws(Overrun) -> Int {
        guard position < end else { throw Overrun() }
        defer { position += 1 }
        return Int(bytes[position >> 3] >> (7 - UInt8(position & 7)) & 1)
    }

    /// Skips `count` bits.
    ///
    /// - Throws: ``AACBitReader/Overrun`` when fewer are left.
    mutating func skip(_ count: Int) throws(Overrun) {
        guard count >= 0, count <= remaining else { throw Overrun() }
        position += count
    }

    /// Moves to the next byte boundary (of the buffer, not of the range).
    mutating func alignToByte() { position = (position + 7) & ~7 }

    /// The bits ran out before the syntax did.
    struct Overrun: Error {}
}

/// Writes bits, most significant bit first, into a growing byte buffer.
struct AACBitWriter {
    /// The bytes written; the last one padded with zero bits.
    private(set) var bytes: [UInt8] = []
    /// Bits written.
    private(set) var count = 0

    /// Appends the low `width` bits of `value`.
    mutating func write(_ value: Int, _ width: Int) {
        for bit in stride(from: width - 1, through: 0, by: -1) {
            if count & 7 == 0 { bytes.append(0) }
            bytes[bytes.count - 1] |= UInt8((value >> bit) & 1) << (7 - UInt8(count & 7))
            count += 1
        }
    }
}
