/// Where Layer III side information keeps each granule and channel's `global_gain`, and reading
/// and writing that field in place.
///
/// The side information's layout is fixed by the header alone (ISO/IEC 11172-3 §2.4.1.7,
/// 13818-3 §2.4.1.7): MPEG-1 has `main_data_begin` (9 bits), private bits (5 mono, 3 stereo),
/// `scfsi` (4 bits a channel), then 59 bits per granule and channel; MPEG-2 and 2.5 have
/// `main_data_begin` (8 bits), private bits (1 mono, 2 stereo), then 63 bits per channel of their
/// one granule. In each granule-channel block `global_gain` follows `part2_3_length` (12) and
/// `big_values` (9). Changing it moves no other bit: the Huffman data, the scale factors and the
/// bit reservoir stay as they are.
public enum MP3SideInfo {
    /// The bit offset of `global_gain` from the side information's first bit.
    ///
    /// - Parameters:
    ///   - granule: The granule within the frame, below the header's ``MP3FrameHeader/granuleCount``.
    ///   - channel: The channel, below the header's ``MP3FrameHeader/channelCount``.
    ///   - header: The frame's header.
    /// - Returns: The offset in bits.
    public static func globalGainBit(granule: Int, channel: Int, in header: MP3FrameHeader) -> Int {
        let channels = header.channelCount
        switch header.version {
        case .mpeg1:
            let fixed = 9 + (channels == 1 ? 5 : 3) + 4 * channels
            return fixed + (granule * channels + channel) * 59 + 21
        case .mpeg2, .mpeg25:
            let fixed = 8 + (channels == 1 ? 1 : 2)
            return fixed + channel * 63 + 21
        }
    }

    /// Reads the 8 bits at `bit` (from the top bit of `bytes[0]`).
    static func readByte(at bit: Int, in bytes: UnsafeMutableRawBufferPointer) -> UInt8 {
        let index = bit >> 3, shift = bit & 7
        let pair = UInt16(bytes[index]) << 8 | UInt16(shift == 0 ? 0 : bytes[index + 1])
        return UInt8(truncatingIfNeeded: pair >> (8 - shift))
    }

    /// Writes `value` into the 8 bits at `bit` (from the top bit of `bytes[0]`), leaving every
    /// other bit as it was.
    static func writeByte(_ value: UInt8, at bit: Int, in bytes: UnsafeMutableRawBufferPointer) {
        let index = bit >> 3, shift = bit & 7
        guard shift != 0 else {
            bytes[index] = value
            return
        }
        let high = UInt8(0xFF) >> shift
        bytes[index] = bytes[index] & ~high | value >> shift
        let low = UInt8(0xFF) << (8 - shift)
        bytes[index + 1] = bytes[index + 1] & ~low | value << (8 - shift)
    }
}
