import Foundation

/// The comment header of an Ogg Vorbis or Ogg Opus file, carried from an input to its output
/// by copying the packet whole: every field (custom keys, repeated ones, a cover picture as
/// `METADATA_BLOCK_PICTURE`) and the vendor string, where libsndfile writes only the ten
/// fields it knows.
///
/// The output's header pages are written again around the input's packet; when their count
/// changes, every later page's sequence number and checksum follow.
package enum OggComments {
    /// One Ogg page's fields that matter here, and where it is in its file.
    struct Page {
        var offset: Int
        var headerType: UInt8
        var granule: UInt64
        var serial: UInt32
        var sequence: UInt32
        var segments: [UInt8]
        var body: Data
        var size: Int { 27 + segments.count + body.count }
    }

    /// The header packets a codec's stream starts with, by the identification packet's magic:
    /// Vorbis's three (identification, comment, setup) and Opus's two (`OpusHead`, `OpusTags`).
    static func headerCount(of identification: Data) -> Int? {
        if identification.starts(with: [0x01] + Array("vorbis".utf8)) { return 3 }
        if identification.starts(with: Array("OpusHead".utf8)) { return 2 }
        return nil
    }

    /// The first pages of the Ogg file at `path` up to the one that ends its header packets, and
    /// those packets; `nil` when it is no regular single-stream Ogg Vorbis or Opus file, or its
    /// headers do not end with a page.
    static func headers(ofFileAt path: String) -> (pages: [Page], packets: [Data])? {
        guard (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular,
            let file = FileHandle(forReadingAtPath: path)
        else { return nil }
        defer { try? file.close() }
        var pages: [Page] = [], packets: [Data] = [], partial = Data(), offset = 0
        // A comment header holding a cover picture spans a few pages; a crafted one could span millions.
        for _ in 0..<1_000 {
            guard let page = Self.page(in: file, at: offset), page.serial == pages.first?.serial ?? page.serial else {
                return nil
            }
            pages.append(page)
            offset += page.size
            var start = 0
            for (index, lacing) in page.segments.enumerated() {
                let next = start + Int(lacing)
                partial += page.body[page.body.startIndex + start..<page.body.startIndex + next]
                start = next
                guard lacing < 255 else { continue }
                packets.append(partial)
                partial = Data()
                guard let count = headerCount(of: packets[0]) else { return nil }
                if packets.count == count { return index == page.segments.count - 1 ? (pages, packets) : nil }
            }
        }
        return nil
    }

    /// The page at `offset` of `file`; `nil` when none starts there.
    static func page(in file: FileHandle, at offset: Int) -> Page? {
        guard (try? file.seek(toOffset: UInt64(offset))) != nil, let head = try? file.read(upToCount: 27),
            head.count == 27,
            head.prefix(4) == Data("OggS".utf8)
        else { return nil }
        let bytes = [UInt8](head)
        let word = { (at: Int) in bytes[at..<at + 4].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) } }
        guard let lacing = try? file.read(upToCount: Int(bytes[26])), lacing.count == Int(bytes[26]) else { return nil }
        let size = lacing.reduce(0) { $0 + Int($1) }
        guard let body = try? file.read(upToCount: size), body.count == size else { return nil }
        let granule = bytes[6..<14].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return Page(
            offset: offset, headerType: bytes[5], granule: granule, serial: word(14), sequence: word(18),
            segments: [UInt8](lacing),
            body: body)
    }

    /// The comment packet of the Ogg file at `path`, to be carried into an output of its codec;
    /// `nil` when the file is no Ogg Opus file (`opus`) or Vorbis file (else).
    package static func commentPacket(ofFileAt path: String, opus: Bool) -> Data? {
        guard let packets = headers(ofFileAt: path)?.packets, isComment(packets[1], opus: opus) else { return nil }
        return packets[1]
    }

    /// Whether `packet` is an Opus (`opus`) or Vorbis comment header.
    static func isComment(_ packet: Data, opus: Bool) -> Bool {
        packet.starts(with: opus ? Array("OpusTags".utf8) : [0x03] + Array("vorbis".utf8))
    }

    /// Puts `comment` (``commentPacket(ofFileAt:opus:)`` of an input of the same codec) in place of
    /// the comment packet of the Ogg file libsndfile wrote at `path`; a file of another codec, or
    /// whose headers do not parse, is left as it is.
    ///
    /// - Parameters:
    ///   - name: The output's name for errors (`path` may be its temporary file).
    /// - Throws: ``AudioError/writeFailed(path:frame:reason:)`` when the file cannot be written.
    package static func replaceComment(ofFileAt path: String, named name: String, with comment: Data) throws(AudioError)
    {
        // The identification packet alone on the first page, as both codecs' mappings require.
        guard let (pages, packets) = headers(ofFileAt: path), let first = pages.first, pages.count > 1,
            first.segments.filter({ $0 < 255 }).count == 1, first.segments.last.map({ $0 < 255 }) == true,
            isComment(comment, opus: headerCount(of: packets[0]) == 2)
        else { return }
        // The identification page as it was; the comment and any setup packet laced on pages of their own.
        var head = Data(), sequence = first.sequence + 1, segments: [UInt8] = [], body = Data(), continued = false
        head += serialized(first, sequence: first.sequence)
        func flush(continues: Bool) {
            // Header pages hold no audio: their granule position is 0.
            let page = Page(
                offset: 0, headerType: continued ? 0x01 : 0, granule: 0, serial: first.serial, sequence: sequence,
                segments: segments, body: body)
            head += serialized(page, sequence: sequence)
            sequence += 1
            (segments, body, continued) = ([], Data(), continues)
        }
        for packet in [comment] + packets.dropFirst(2) {
            var rest = packet[...]
            while true {
                let piece = rest.prefix(255)
                segments.append(UInt8(piece.count))
                body += piece
                rest = rest.dropFirst(piece.count)
                let ended = piece.count < 255
                if segments.count == 255 { flush(continues: !ended) }
                if ended { break }
            }
        }
        if !segments.isEmpty { flush(continues: false) }
        let end = pages.last.map { $0.offset + $0.size } ?? 0
        try FileHead.replace(ofFileAt: path, named: name, upTo: end, with: head)
        let shift = Int64(sequence) - Int64(pages.last!.sequence) - 1
        if shift != 0 { try renumber(fileAt: path, named: name, from: head.count, by: shift, serial: first.serial) }
    }

    /// Adds `shift` to the sequence number of every page from `offset` on, with its checksum.
    private static func renumber(
        fileAt path: String, named name: String, from offset: Int, by shift: Int64, serial: UInt32
    )
        throws(AudioError)
    {
        do {
            let file = try FileHandle(forUpdating: URL(fileURLWithPath: path))
            defer { try? file.close() }
            var offset = offset
            while let page = page(in: file, at: offset), page.serial == serial {
                try file.seek(toOffset: UInt64(offset))
                try file.write(
                    contentsOf: serialized(page, sequence: UInt32(truncatingIfNeeded: Int64(page.sequence) + shift)))
                offset += page.size
            }
        } catch {
            throw .writeFailed(path: name, frame: 0, reason: error.localizedDescription)
        }
    }

    /// The bytes of `page` with the sequence number `sequence`, and its checksum.
    private static func serialized(_ page: Page, sequence: UInt32) -> Data {
        var bytes = Array("OggS".utf8) + [0, page.headerType]
        bytes += withUnsafeBytes(of: page.granule.littleEndian, Array.init)
        bytes += withUnsafeBytes(of: page.serial.littleEndian, Array.init)
        bytes += withUnsafeBytes(of: sequence.littleEndian, Array.init)
        bytes += [0, 0, 0, 0, UInt8(page.segments.count)] + page.segments + [UInt8](page.body)
        let checksum = crc(bytes)
        for index in 0..<4 { bytes[22 + index] = UInt8(truncatingIfNeeded: checksum >> (8 * index)) }
        return Data(bytes)
    }

    /// Ogg's CRC-32: polynomial 0x04C11DB7, most significant bit first, no inversion.
    static func crc(_ bytes: [UInt8]) -> UInt32 {
        bytes.reduce(UInt32(0)) { crc, byte in crcTable[Int((crc >> 24) ^ UInt32(byte))] ^ (crc << 8) }
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        (0..<8).reduce(UInt32(index) << 24) { value, _ in
            value & 0x8000_0000 != 0 ? value << 1 ^ 0x04C1_1DB7 : value << 1
        }
    }
}
