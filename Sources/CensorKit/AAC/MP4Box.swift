/// One box of an ISO base media file (MP4, MOV; ISO/IEC 14496-12 §4.2): its type and the bytes
/// of its body, in whatever buffer or file it was found in.
struct MP4Box: Sendable, Hashable {
    /// The four-character type.
    let type: String
    /// The body: the bytes after the header.
    let body: Range<Int>

    /// The boxes filling `range` of a file, read header by header.
    static func children(of range: Range<Int>, in file: MP3File) throws -> [MP4Box] {
        try children(of: range) { offset, count in try file.read(at: offset, count: count) }
    }

    /// The boxes filling `range` of `bytes`.
    static func children(of range: Range<Int>, in bytes: [UInt8]) throws -> [MP4Box] {
        try children(of: range) { offset, count in Array(bytes[offset..<(offset + count)]) }
    }

    /// The first box of type `type` among those filling `range` of `bytes`.
    static func child(_ type: String, of range: Range<Int>, in bytes: [UInt8]) throws -> MP4Box? {
        try children(of: range, in: bytes).first { $0.type == type }
    }

    /// The four characters at `offset` of `bytes`.
    static func fourCC(_ bytes: [UInt8], at offset: Int) -> String {
        String(
            decoding: bytes[offset..<(offset + 4)].map { (32...126).contains($0) ? $0 : UInt8(ascii: "?") },
            as: UTF8.self)
    }

    private static func children(of range: Range<Int>, read: (Int, Int) throws -> [UInt8]) throws -> [MP4Box] {
        var boxes: [MP4Box] = []
        var offset = range.lowerBound
        while range.upperBound - offset >= 8 {
            let header = try read(offset, 8)
            var size = header[0..<4].reduce(0) { $0 << 8 | Int($1) }, start = offset + 8
            if size == 1 {
                guard range.upperBound - offset >= 16 else { break }
                size = try read(offset + 8, 8).reduce(0) { $0 << 8 | Int($1) }
                start += 8
            } else if size == 0 {
                size = range.upperBound - offset
            }
            guard size >= start - offset, size <= range.upperBound - offset else {
                throw AACUnsupported("the box at byte \(offset) runs past its parent")
            }
            boxes.append(MP4Box(type: fourCC(header, at: 4), body: start..<(offset + size)))
            offset += size
        }
        return boxes
    }
}

/// Reads big-endian numbers and bytes from a range of a buffer; running out is ``AACUnsupported``.
struct MP4Reader {
    private let bytes: [UInt8]
    private var offset: Int
    private let end: Int

    init(_ bytes: [UInt8], _ range: Range<Int>) {
        self.bytes = bytes
        offset = range.lowerBound
        end = range.upperBound
    }

    /// Bytes left.
    var remaining: Int { end - offset }

    /// The next `width` bytes as an unsigned big-endian number.
    mutating func uint(_ width: Int) throws(AACUnsupported) -> Int {
        let value = try bytes(width).reduce(0) { $0 << 8 | Int($1) }
        guard value >= 0 else { throw AACUnsupported("a box holds a number too large") }
        return value
    }

    /// The next `width` bytes (4 or 8) as a signed big-endian number.
    mutating func signed(_ width: Int) throws(AACUnsupported) -> Int {
        let value = try bytes(width).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return width == 4 ? Int(Int32(truncatingIfNeeded: value)) : Int(Int64(bitPattern: value))
    }

    /// The next `count` bytes.
    mutating func bytes(_ count: Int) throws(AACUnsupported) -> [UInt8] {
        guard count >= 0, count <= remaining else { throw AACUnsupported("a box is cut short") }
        defer { offset += count }
        return Array(bytes[offset..<(offset + count)])
    }

    /// Skips `count` bytes.
    mutating func skip(_ count: Int) throws(AACUnsupported) {
        guard count >= 0, count <= remaining else { throw AACUnsupported("a box is cut short") }
        offset += count
    }
}
