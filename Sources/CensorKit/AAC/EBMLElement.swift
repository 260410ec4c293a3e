/// One element of an EBML file (Matroska; RFC 8794 §4–6): its ID, where it starts, and the bytes
/// of its body, read from a buffer with every length checked against the buffer and the parent.
struct EBMLElement: Sendable, Hashable {
    /// The ID, with its length marker, as the specifications write it: `0x1F43B675` for a Cluster.
    let id: UInt32
    /// The offset of the ID's first byte.
    let start: Int
    /// The body: the bytes after the ID and the size. For an element of unknown size, from the
    /// end of its header to the end of its parent: where it really ends is up to its reader.
    let body: Range<Int>
    /// Whether the size field is all ones: the element runs until an element that cannot be its
    /// child (RFC 8794 §6.2).
    let hasUnknownSize: Bool

    /// The element starting at `offset` of `bytes`, inside a parent ending at `end`.
    ///
    /// - Throws: ``AACUnsupported`` when the ID or the size is no valid variable-length integer
    ///   (an ID of more than 4 bytes, a size of more than 8), or the element runs past `end`.
    static func read(at offset: Int, end: Int, in bytes: UnsafeRawBufferPointer) throws(AACUnsupported) -> EBMLElement {
        let end = min(end, bytes.count)
        guard offset >= 0, offset < end else {
            throw AACUnsupported("its EBML element at byte \(offset) lies past its parent")
        }
        let idLength = bytes[offset].leadingZeroBitCount + 1
        guard idLength <= 4, end - offset > idLength else {
            throw AACUnsupported("its EBML element at byte \(offset) has no valid ID")
        }
        let id = (0..<idLength).reduce(UInt32(0)) { $0 << 8 | UInt32(bytes[offset + $1]) }
        let (size, sizeLength) = try vint(at: offset + idLength, end: end, in: bytes)
        let bodyStart = offset + idLength + sizeLength
        let unknown = size == (UInt64(1) << (7 * sizeLength)) - 1
        if unknown { return EBMLElement(id: id, start: offset, body: bodyStart..<end, hasUnknownSize: true) }
        guard size <= UInt64(end - bodyStart) else {
            throw AACUnsupported(
                "its EBML element 0x\(String(id, radix: 16, uppercase: true)) at byte \(offset) runs past its "
                    + "parent or the file's end")
        }
        return EBMLElement(id: id, start: offset, body: bodyStart..<(bodyStart + Int(size)), hasUnknownSize: false)
    }

    /// The variable-length integer at `offset` (1 to 8 bytes, its length marker removed) and its
    /// length in bytes.
    ///
    /// - Throws: ``AACUnsupported`` when its first byte is zero (longer than 8 bytes) or it runs past `end`.
    static func vint(at offset: Int, end: Int, in bytes: UnsafeRawBufferPointer) throws(AACUnsupported) -> (
        value: UInt64, length: Int
    ) {
        let end = min(end, bytes.count)
        guard offset >= 0, offset < end, bytes[offset] != 0 else {
            throw AACUnsupported("its EBML number at byte \(offset) is longer than 8 bytes or cut short")
        }
        let length = bytes[offset].leadingZeroBitCount + 1
        guard end - offset >= length else { throw AACUnsupported("its EBML number at byte \(offset) is cut short") }
        let first = UInt64(bytes[offset]) & (0xFF >> UInt64(length))
        let value = (1..<length).reduce(first) { $0 << 8 | UInt64(bytes[offset + $1]) }
        return (value, length)
    }

    /// The body as an unsigned big-endian integer (an empty body is 0).
    ///
    /// - Throws: ``AACUnsupported`` for a body longer than 8 bytes.
    func unsigned(in bytes: UnsafeRawBufferPointer) throws(AACUnsupported) -> UInt64 {
        guard body.count <= 8, !hasUnknownSize else {
            throw AACUnsupported("its EBML integer at byte \(start) is longer than 8 bytes")
        }
        return body.reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[$1]) }
    }

    /// The body as a signed big-endian integer (an empty body is 0).
    ///
    /// - Throws: ``AACUnsupported`` for a body longer than 8 bytes.
    func signed(in bytes: UnsafeRawBufferPointer) throws(AACUnsupported) -> Int64 {
        let value = try unsigned(in: bytes)
        guard !body.isEmpty else { return 0 }
        let shift = UInt64(64 - 8 * body.count)
        return Int64(bitPattern: value << shift) >> Int64(shift)
    }

    /// The body as text, up to its first NUL.
    func string(in bytes: UnsafeRawBufferPointer) -> String {
        let text = bytes[body].prefix { $0 != 0 }
        return String(decoding: text, as: UTF8.self)
    }
}
