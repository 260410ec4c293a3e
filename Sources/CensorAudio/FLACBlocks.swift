import Foundation

/// The metadata blocks of a FLAC file that libsndfile does not carry, carried from an input
/// to its output by copying their bytes: the Vorbis comment block whole (every field, custom
/// keys and repeated ones included, and the vendor string), the pictures (cover art), the
/// applications' blocks and, on the same timeline, the cue sheet.
///
/// libsndfile writes a FLAC file's `STREAMINFO` (with the MD5 of the new audio) and a Vorbis
/// comment of the ten fields it knows; ``rewrite(fileAt:named:carrying:marker:)`` then puts the
/// input's blocks in place of the latter, and censor's marker in a Vorbis comment of its own.
package enum FLACBlocks {
    /// One metadata block: its type and its body.
    package struct Block: Equatable, Sendable {
        package var type: UInt8
        package var body: Data
    }

    static let streamInfo: UInt8 = 0, padding: UInt8 = 1, application: UInt8 = 2, seekTable: UInt8 = 3
    static let vorbisComment: UInt8 = 4, cueSheet: UInt8 = 5, picture: UInt8 = 6
    /// The most blocks looked at: a real file has a handful, a crafted one could have millions.
    static let mostBlocks = 1_000
    /// The Vorbis comment field censor's marker is in.
    static let markerField = "CENSOR"

    /// The metadata blocks of the FLAC file at `path` (one starting `fLaC`), and the offset of
    /// its first audio frame; `nil` when it is no regular FLAC file or its blocks do not parse.
    static func blocks(ofFileAt path: String) -> (blocks: [Block], end: Int)? {
        guard (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular,
            let file = FileHandle(forReadingAtPath: path)
        else { return nil }
        defer { try? file.close() }
        guard let magic = try? file.read(upToCount: 4), magic == Data("fLaC".utf8) else { return nil }
        var blocks: [Block] = [], offset = 4
        for _ in 0..<mostBlocks {
            guard let head = try? file.read(upToCount: 4), head.count == 4 else { return nil }
            let bytes = [UInt8](head)
            let size = Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
            guard let body = try? file.read(upToCount: size), body.count == size else { return nil }
            blocks.append(Block(type: bytes[0] & 0x7F, body: body))
            offset += 4 + size
            if bytes[0] & 0x80 != 0 { return (blocks, offset) }
        }
        return nil
    }

    /// The blocks of the FLAC file at `path` an output carries: its Vorbis comment, pictures and
    /// applications' blocks, and its cue sheet when `sameTimeline` (the output holds the same
    /// frames at the same rate, so the cue points still fall where they did); `nil` when the
    /// file is no FLAC file.
    package static func carriedBlocks(ofFileAt path: String, sameTimeline: Bool) -> [Block]? {
        let kept: Set<UInt8> =
            sameTimeline ? [vorbisComment, picture, application, cueSheet] : [vorbisComment, picture, application]
        return blocks(ofFileAt: path)?.blocks.filter { kept.contains($0.type) }
    }

    /// Replaces the metadata blocks of the FLAC file libsndfile wrote at `path`, but its
    /// `STREAMINFO` and seek table, with `carried` (``carriedBlocks(ofFileAt:sameTimeline:)``;
    /// `nil`: the file's own), and adds `marker` as a Vorbis comment field `CENSOR` of its own
    /// in place of an earlier one. The audio frames move to follow the new blocks.
    ///
    /// - Parameters:
    ///   - name: The output's name for errors (`path` may be its temporary file).
    /// - Throws: ``AudioError/writeFailed(path:frame:reason:)`` when the file cannot be read or written.
    package static func rewrite(fileAt path: String, named name: String, carrying carried: [Block]?, marker: String?)
        throws(AudioError)
    {
        guard let (own, end) = blocks(ofFileAt: path) else {
            throw .writeFailed(path: name, frame: 0, reason: "libsndfile's FLAC metadata could not be read back")
        }
        var blocks = own.filter { [streamInfo, seekTable].contains($0.type) }
        var rest = carried ?? own.filter { ![streamInfo, seekTable, padding].contains($0.type) }
        if let marker {
            if let index = rest.firstIndex(where: { $0.type == vorbisComment }) {
                // A comment that would outgrow a block's 24-bit size is kept as it was, without the marker.
                if let body = withField(markerField, marker, in: rest[index].body), body.count < 1 << 24 {
                    rest[index].body = body
                }
            } else {
                rest.insert(
                    Block(type: vorbisComment, body: comment(vendor: "censor", fields: ["\(markerField)=\(marker)"])),
                    at: 0)
            }
        }
        blocks += rest
        var head = Data("fLaC".utf8)
        for (position, block) in blocks.enumerated() {
            let size = block.body.count
            head.append(block.type | (position == blocks.count - 1 ? 0x80 : 0))
            head.append(contentsOf: [UInt8(size >> 16), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)])
            head.append(block.body)
        }
        try FileHead.replace(ofFileAt: path, named: name, upTo: end, with: head)
    }

    /// The Vorbis comment block `body` with every field named `key` (in any case) left out and
    /// `key=value` added at the end; `nil` when it does not parse.
    static func withField(_ key: String, _ value: String, in body: Data) -> Data? {
        let bytes = [UInt8](body)
        var offset = 0
        func length() -> Int? {
            guard offset + 4 <= bytes.count else { return nil }
            defer { offset += 4 }
            return bytes[offset..<offset + 4].reversed().reduce(0) { $0 << 8 | Int($1) }
        }
        guard let vendorSize = length(), offset + vendorSize <= bytes.count else { return nil }
        let vendor = Data(bytes[offset..<offset + vendorSize])
        offset += vendorSize
        guard let count = length() else { return nil }
        var fields: [Data] = []
        for _ in 0..<count {
            guard let size = length(), offset + size <= bytes.count else { return nil }
            let field = Data(bytes[offset..<offset + size])
            offset += size
            let name = field.prefix { $0 != UInt8(ascii: "=") }
            if String(decoding: name, as: UTF8.self).uppercased() != key.uppercased() { fields.append(field) }
        }
        return comment(vendor: vendor, fields: fields + [Data("\(key)=\(value)".utf8)])
    }

    /// A Vorbis comment block's body: the vendor string and the fields, each after its length.
    static func comment(vendor: String, fields: [String]) -> Data {
        comment(vendor: Data(vendor.utf8), fields: fields.map { Data($0.utf8) })
    }

    private static func comment(vendor: Data, fields: [Data]) -> Data {
        let length = { (count: Int) in withUnsafeBytes(of: UInt32(count).littleEndian) { Data($0) } }
        return fields.reduce(length(vendor.count) + vendor + length(fields.count)) { $0 + length($1.count) + $1 }
    }
}
