/// The tags around an MP3's frames: ID3v2 before them, APE, Lyrics3 v2 and ID3v1 after them.
///
/// Tags are copied byte for byte; only their extent matters, so that the frame parser neither
/// takes tag bytes for frames nor reports them as lost sync. A trailing tag is taken only
/// whole and sound — an APE tag's version, flags, header and every item up to its footer, a
/// Lyrics3 v2 tag's `LYRICSBEGIN` and fields — and never over bytes that hold MP3 frames (a
/// run of ``framesInTag`` headers, each where the one before ends): a footer that claims the
/// frames before it would leave them uncensored, while every decoder still plays them.
public struct MP3Tags: Sendable, Hashable {
    /// Bytes of ID3v2 tags at the file's start (several may follow one another).
    public var leadingLength = 0
    /// Bytes of APE, Lyrics3 v2 and ID3v1 tags at the file's end.
    public var trailingLength = 0
    /// The tags found, in file order: `ID3v2`, `APE`, `Lyrics3`, `ID3v1`.
    public var names: [String] = []

    /// Frame headers in a row, each continuing the one before where it ends, that make bytes
    /// audio rather than a tag: three, which chance in a tag's text or pictures all but never
    /// makes (a header's 11 sync bits and valid fields, three times at exact distances).
    static let framesInTag = 3

    /// Bytes of leading tag headers read at a time: a run of small tags costs one read per
    /// this many bytes, not one per tag; a long tag is skipped, never read.
    static let headerChunk = 1 << 16

    /// Finds the tags of a file of `size` bytes.
    ///
    /// - Parameters:
    ///   - size: The file's length in bytes.
    ///   - read: Reads `count` bytes at `offset` (never asked past the end of the file).
    /// - Returns: The tags' extents.
    /// - Throws: What `read` throws.
    public init(size: Int, read: (_ offset: Int, _ count: Int) throws -> [UInt8]) rethrows {
        var leading: [String] = []
        var chunk: [UInt8] = [], chunkStart = 0
        while leadingLength + 10 <= size {
            if leadingLength + 10 > chunkStart + chunk.count || leadingLength < chunkStart {
                chunkStart = leadingLength
                chunk = try read(leadingLength, min(Self.headerChunk, size - leadingLength))
            }
            let head = Array(chunk[(leadingLength - chunkStart)..<(leadingLength - chunkStart + 10)])
            guard let length = Self.id3v2Length(head) else { break }
            leadingLength = min(size, leadingLength + length)
            leading.append("ID3v2")
        }
        var end = size
        var trailing: [String] = []
        if end - 128 >= leadingLength, try read(end - 128, 3) == Array("TAG".utf8) {
            end -= 128
            trailing.insert("ID3v1", at: 0)
        }
        // APE and Lyrics3 v2 may come in either order before ID3v1.
        var found = true
        while found {
            found = false
            if let start = try Self.apeStart(end: end, floor: leadingLength, read: read),
                try !Self.holdsFrames(start..<end, read: read)
            {
                end = start
                trailing.insert("APE", at: 0)
                found = true
            }
            if let start = try Self.lyrics3Start(end: end, floor: leadingLength, read: read),
                try !Self.holdsFrames(start..<end, read: read)
            {
                end = start
                trailing.insert("Lyrics3", at: 0)
                found = true
            }
        }
        trailingLength = size - end
        names = leading + trailing
    }

    /// The whole length of an ID3v2 tag (header, body and footer) opening `head`, or `nil`.
    static func id3v2Length(_ head: [UInt8]) -> Int? {
        guard head.count == 10, head.starts(with: Array("ID3".utf8)), head[3] != 0xFF, head[4] != 0xFF,
            head[6..<10].allSatisfy({ $0 < 0x80 })
        else { return nil }
        let body = head[6..<10].reduce(0) { $0 << 7 | Int($1) }
        return 10 + body + (head[5] & 0x10 != 0 ? 10 : 0)
    }

    /// Where the APE tag ending at `end` begins, when a sound one ends there, not before `floor`:
    /// its footer of version 1.000 or 2.000 flagged as a footer, its header (when the footer
    /// says there is one) agreeing with it, and exactly its number of items between them, each
    /// a size, flags, a key of 2 to 255 printable ASCII characters ended by a zero, and a value.
    private static func apeStart(end: Int, floor: Int, read: (Int, Int) throws -> [UInt8]) rethrows -> Int? {
        guard end - 32 >= floor else { return nil }
        let footer = try read(end - 32, 32)
        guard footer.starts(with: Array("APETAGEX".utf8)) else { return nil }
        let version = littleEndian(footer[8..<12]), size = Int(littleEndian(footer[12..<16]))
        let items = Int(littleEndian(footer[16..<20])), flags = littleEndian(footer[20..<24])
        let hasHeader = flags & 0x8000_0000 != 0
        // 11 bytes is the least an item takes: size, flags, a two-letter key and its zero.
        guard version == 1000 || version == 2000, flags & 0x6000_0000 == 0, size >= 32, items * 11 <= size - 32,
            end - size - (hasHeader ? 32 : 0) >= floor
        else { return nil }
        let start = end - size - (hasHeader ? 32 : 0)
        if hasHeader {
            let header = try read(start, 32)
            guard header.starts(with: Array("APETAGEX".utf8)), header[8..<20] == footer[8..<20],
                littleEndian(header[20..<24]) & 0x2000_0000 != 0
            else { return nil }
        }
        var offset = end - size
        for _ in 0..<items {
            guard offset + 11 <= end - 32 else { return nil }
            let head = try read(offset, min(8 + 256, end - 32 - offset))
            let valueSize = Int(littleEndian(head[0..<4]))
            guard let zero = head[8...].firstIndex(of: 0), (10...263).contains(zero),
                head[8..<zero].allSatisfy({ (0x20...0x7E).contains($0) })
            else { return nil }
            offset += zero + 1
            guard valueSize <= end - 32 - offset else { return nil }
            offset += valueSize
        }
        return offset == end - 32 ? start : nil
    }

    /// Where the Lyrics3 v2 tag ending at `end` begins, when a sound one ends there, not before
    /// `floor`: six digits giving its size and `LYRICS200`, `LYRICSBEGIN` that many bytes before,
    /// and between them fields of a three-letter name and five digits giving their size.
    private static func lyrics3Start(end: Int, floor: Int, read: (Int, Int) throws -> [UInt8]) rethrows -> Int? {
        guard end - 15 >= floor else { return nil }
        let footer = try read(end - 15, 15)
        guard footer[6...].elementsEqual("LYRICS200".utf8), let size = digits(footer[0..<6]), size >= 11,
            end - 15 - size >= floor
        else { return nil }
        let start = end - 15 - size
        let body = try read(start, size)
        guard body.starts(with: Array("LYRICSBEGIN".utf8)) else { return nil }
        var offset = 11
        while offset < body.count {
            guard offset + 8 <= body.count, body[offset..<(offset + 3)].allSatisfy({ (0x41...0x5A).contains($0) }),
                let length = digits(body[(offset + 3)..<(offset + 8)]), length <= body.count - offset - 8
            else { return nil }
            offset += 8 + length
        }
        return start
    }

    /// Whether `range` holds MP3 frames: ``framesInTag`` Layer III headers in a row, each
    /// continuing the one before and beginning where it ends.
    private static func holdsFrames(_ range: Range<Int>, read: (Int, Int) throws -> [UInt8]) rethrows -> Bool {
        var chunkStart = range.lowerBound
        while chunkStart + 4 <= range.upperBound {
            let chunk = try read(chunkStart, min(headerChunk, range.upperBound - chunkStart))
            for index in chunk.indices where chunk[index] == 0xFF && index + 4 <= chunk.count {
                guard var header = MP3FrameHeader(word(chunk[index..<(index + 4)])) else { continue }
                var next = chunkStart + index, run = 1
                while run < framesInTag {
                    next += header.frameLength
                    guard next + 4 <= range.upperBound,
                        let following = MP3FrameHeader(word(try read(next, 4)[...])), following.continues(header)
                    else { break }
                    header = following
                    run += 1
                }
                if run == framesInTag { return true }
            }
            // Step back three bytes, for a header across two chunks.
            chunkStart += max(1, chunk.count - 3)
        }
        return false
    }

    private static func word(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// The value of ASCII decimal digits, or `nil` when any is not a digit.
    private static func digits(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard bytes.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return bytes.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    private static func littleEndian(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }
}
