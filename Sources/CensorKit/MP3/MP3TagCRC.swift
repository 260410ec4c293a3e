/// The CRC-16 the LAME tag keeps of the music data and of its own first bytes: CRC-16/ARC
/// (polynomial 0x8005 reflected, 0xA001; initial value 0; no final XOR), as LAME and ffmpeg
/// compute them.
///
/// With no initial value and no final XOR the CRC is linear: the CRC of the edited data is the
/// stored one XOR the CRC of the difference, which is zero but for the bytes censoring changed.
/// So the music CRC is updated from the changed bytes alone, with runs of zeros stepped over
/// in logarithmic time (as zlib's `crc32_combine`), and never needs the untouched bytes; a CRC
/// that was already wrong stays wrong by the same difference, like a frame's.
enum MP3TagCRC {
    private static let table: [UInt16] = (0..<256).map { byte in
        var crc = UInt16(byte)
        for _ in 0..<8 { crc = crc & 1 != 0 ? crc >> 1 ^ 0xA001 : crc >> 1 }
        return crc
    }

    /// For each k, the linear map that appends 2^k zero bytes to a CRC: 16 columns, the image
    /// of each bit.
    private static let zeroRuns: [[UInt16]] = {
        var bit = (0..<16).map { $0 == 0 ? UInt16(0xA001) : UInt16(1) << ($0 - 1) }
        func square(_ map: [UInt16]) -> [UInt16] { map.map { apply(map, to: $0) } }
        for _ in 0..<3 { bit = square(bit) }
        var runs = [bit]
        for _ in 1..<48 { runs.append(square(runs[runs.count - 1])) }
        return runs
    }()

    private static func apply(_ map: [UInt16], to crc: UInt16) -> UInt16 {
        var result: UInt16 = 0, crc = crc, column = 0
        while crc != 0 {
            if crc & 1 != 0 { result ^= map[column] }
            crc >>= 1
            column += 1
        }
        return result
    }

    /// The CRC of `bytes` following data whose CRC is `crc`.
    static func checksum(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt16 = 0) -> UInt16 {
        var crc = crc
        for byte in bytes { crc = crc >> 8 ^ table[Int(UInt8(truncatingIfNeeded: crc) ^ byte)] }
        return crc
    }

    /// The CRC of `count` zero bytes (none when negative) following data whose CRC is `crc`.
    static func appendingZeros(_ count: Int, to crc: UInt16) -> UInt16 {
        var crc = crc, count = max(0, count), power = 0
        while count != 0, crc != 0 {
            if count & 1 != 0 { crc = apply(zeroRuns[power], to: crc) }
            count >>= 1
            power += 1
        }
        return crc
    }
}

/// The CRC of the difference between an MP3's music data before and after editing, built from
/// the changed bytes as the edit goes forward (``MP3TagCRC``).
struct MP3MusicCRCChange {
    private var crc: UInt16 = 0
    /// The file offset up to which the difference has been taken in.
    private var position: Int
    /// The byte after the music data the CRC covers: changes from there on are not its.
    private let end: Int

    /// Covers the music data `music`: from the first audio frame to the end the LAME tag gives
    /// (in files joined with `cat`, the first file's frames only).
    init(music: Range<Int>) {
        position = music.lowerBound
        end = music.upperBound
    }

    /// Takes in the bytes at `offset` (at or after every earlier call's), XORed before and
    /// after; those past the music data are left out.
    mutating func add(difference: UnsafeRawBufferPointer, at offset: Int) {
        let count = min(difference.count, end - offset)
        guard count > 0 else { return }
        crc = MP3TagCRC.checksum(
            UnsafeRawBufferPointer(rebasing: difference[..<count]),
            continuing: MP3TagCRC.appendingZeros(offset - position, to: crc))
        position = offset + count
    }

    /// The CRC of the whole difference, whose music data end at `end` (a damaged tag may say
    /// they end before the last change: then they are taken to end there).
    func value(end: Int) -> UInt16 { MP3TagCRC.appendingZeros(end - position, to: crc) }
}

extension MP3InfoHeader {
    /// Where the music data the LAME tag's CRC covers end, in a file whose info frame is
    /// `frame` (read from `tag`, the LAME tag's bytes): its music length, counted from the info
    /// frame's start, when that is plausible, otherwise `audioEnd`.
    static func musicEnd(tag: [UInt8], frame: Range<Int>, audioEnd: Int) -> Int {
        let length = tag[28..<32].reduce(0) { $0 << 8 | Int($1) }
        let end = frame.lowerBound + length
        return end > frame.upperBound && end <= audioEnd ? end : audioEnd
    }

    /// The LAME tag's last four bytes — the music CRC and the tag's own CRC, big-endian — after
    /// an edit that changed the CRC of the music data by `change`.
    ///
    /// - Parameters:
    ///   - tag: The tag's ``lameTagLength`` bytes as they were.
    ///   - change: The CRC of the difference the edit made (``MP3MusicCRCChange``).
    static func updatedCRCs(of tag: [UInt8], change: UInt16) -> [UInt8] {
        let music = (UInt16(tag[32]) << 8 | UInt16(tag[33])) ^ change
        // The tag's CRC covers the frame through the music CRC: its change is the CRC of the
        // music CRC's change (the zeros before it add nothing).
        let delta = [UInt8(change >> 8), UInt8(truncatingIfNeeded: change)]
        let own = (UInt16(tag[34]) << 8 | UInt16(tag[35])) ^ delta.withUnsafeBytes { MP3TagCRC.checksum($0) }
        return [UInt8(music >> 8), UInt8(truncatingIfNeeded: music), UInt8(own >> 8), UInt8(truncatingIfNeeded: own)]
    }
}
