/// The tags around an MP3's frames: ID3v2 before them, APE, Lyrics3 v2 and ID3v1 after them.
///
/// Tags are copied byte for byte; only their extent matters, so that the frame parser neither
/// takes tag bytes for frames nor reports them as lost sync.
public struct MP3Tags: Sendable, Hashable {
    /// Bytes of ID3v2 tags at the file's start (several may follow one another).
    public var leadingLength = 0
    /// Bytes of APE, Lyrics3 v2 and ID3v1 tags at the file's end.
    public var trailingLength = 0
    /// The tags found, in file order: `ID3v2`, `APE`, `Lyrics3`, `ID3v1`.
    public var names: [String] = []

    /// Finds the tags of a file of `size` bytes.
    ///
    /// - Parameters:
    ///   - size: The file's length in bytes.
    ///   - read: Reads up to `count` bytes at `offset` (fewer only at the end of the file).
    /// - Returns: The tags' extents.
    /// - Throws: What `read` throws.
    public init(size: Int, read: (_ offset: Int, _ count: Int) throws -> [UInt8]) rethrows {
        var leading: [String] = []
        while leadingLength + 10 <= size {
            let head = try read(leadingLength, 10)
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
            if end - 32 >= leadingLength {
                let footer = try read(end - 32, 32)
                if footer.count == 32, footer.starts(with: Array("APETAGEX".utf8)) {
                    let size = Int(Self.littleEndian(footer[12..<16])), flags = Self.littleEndian(footer[20..<24])
                    let start = end - size - (flags & 0x8000_0000 != 0 ? 32 : 0)
                    if size >= 32, start >= leadingLength {
                        end = start
                        trailing.insert("APE", at: 0)
                        found = true
                    }
                }
            }
            if end - 15 >= leadingLength {
                let footer = try read(end - 15, 15)
                if footer.count == 15, footer[6...].elementsEqual("LYRICS200".utf8),
                   footer[0..<6].allSatisfy({ (0x30...0x39).contains($0) }),
                   let size = Int(String(decoding: footer[0..<6], as: UTF8.self)), end - 15 - size >= leadingLength {
                    end -= 15 + size
                    trailing.insert("Lyrics3", at: 0)
                    found = true
                }
            }
        }
        trailingLength = size - end
        names = leading + trailing
    }

    /// The whole length of an ID3v2 tag (header, body and footer) opening `head`, or `nil`.
    static func id3v2Length(_ head: [UInt8]) -> Int? {
        guard head.count == 10, head.starts(with: Array("ID3".utf8)), head[3] != 0xFF, head[4] != 0xFF,
              head[6..<10].allSatisfy({ $0 < 0x80 }) else { return nil }
        let body = head[6..<10].reduce(0) { $0 << 7 | Int($1) }
        return 10 + body + (head[5] & 0x10 != 0 ? 10 : 0)
    }

    private static func littleEndian(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }
}
