/// The CRC-16 that protects an MPEG audio frame (ISO/IEC 11172-3 §2.4.3.1): generator
/// x¹⁶ + x¹⁵ + x² + 1 (0x8005), initial value 0xFFFF, over the header's last two bytes and, in
/// Layer III, the side information. It is stored big-endian right after the header.
public enum MP3CRC {
    private static let table: [UInt16] = (0..<256).map { byte in
        var crc = UInt16(byte) << 8
        for _ in 0..<8 { crc = crc & 0x8000 != 0 ? crc << 1 ^ 0x8005 : crc << 1 }
        return crc
    }

    /// The CRC a frame should carry.
    ///
    /// - Parameters:
    ///   - frame: The frame's bytes from its header on, at least through the side information.
    ///   - header: Its header.
    /// - Returns: The CRC over header bytes 2–3 and the side information.
    public static func checksum(of frame: UnsafeRawBufferPointer, header: MP3FrameHeader) -> UInt16 {
        var crc: UInt16 = 0xFFFF
        func add(_ byte: UInt8) { crc = crc << 8 ^ table[Int(UInt8(crc >> 8) ^ byte)] }
        add(frame[2])
        add(frame[3])
        for index in header.sideInfoOffset..<(header.sideInfoOffset + header.sideInfoLength) { add(frame[index]) }
        return crc
    }

    /// The CRC a protected frame carries.
    static func stored(in frame: UnsafeRawBufferPointer) -> UInt16 {
        UInt16(frame[4]) << 8 | UInt16(frame[5])
    }

    /// Stores `crc` in a protected frame.
    static func store(_ crc: UInt16, in frame: UnsafeMutableRawBufferPointer) {
        frame[4] = UInt8(crc >> 8)
        frame[5] = UInt8(truncatingIfNeeded: crc)
    }
}
