/// A `raw_data_block` that decodes to digital silence and is exactly as long as the block it
/// replaces, so that no packet size, sample table or ADTS header changes.
///
/// Each channel element of the stream's channel configuration is written with `max_sfb` = 0 —
/// no scalefactor band, so no spectral coefficient: the frame's IMDCT output is zero, and what
/// the frame adds to the decoded audio is only the previous frame's overlap fading out through
/// the window — followed by fill elements (`ID_FIL`, `EXT_FILL`) up to the length, `ID_END` and
/// zero bits to the byte boundary (§4.4.2.1, §4.4.2.7, Table 4.121). The first element keeps the
/// window sequence and shape of the frame it replaces, so the decoder's window switching runs as
/// it did; the others take the same, except the LFE, which is always long.
enum AACSilentBlock {
    /// The channel elements of channel configurations 1 to 7 (Table 1.19), in order.
    static func elements(channelConfiguration: Int) -> [AACRawBlock.ElementID]? {
        switch channelConfiguration {
        case 1: [.singleChannel]
        case 2: [.channelPair]
        case 3: [.singleChannel, .channelPair]
        case 4: [.singleChannel, .channelPair, .singleChannel]
        case 5: [.singleChannel, .channelPair, .channelPair]
        case 6: [.singleChannel, .channelPair, .channelPair, .lowFrequency]
        case 7: [.singleChannel, .channelPair, .channelPair, .channelPair, .lowFrequency]
        default: nil
        }
    }

    /// The silent block of `length` bytes, or `nil` when the elements do not fit in it.
    ///
    /// - Parameters:
    ///   - length: The bytes the block must fill.
    ///   - elements: The stream's channel elements (``elements(channelConfiguration:)``).
    ///   - firstTag: The first element's `element_instance_tag`.
    ///   - window: The window of the frame replaced.
    static func make(
        length: Int, elements: [AACRawBlock.ElementID], firstTag: Int = 0,
        window: AACRawBlock.Window = .long
    ) -> [UInt8]? {
        var writer = AACBitWriter()
        var tags: [AACRawBlock.ElementID: Int] = [:]
        for (index, element) in elements.enumerated() {
            let tag = index == 0 ? firstTag : tags[element, default: 0]
            tags[element] = tag + 1
            let window = element == .lowFrequency ? .long : window
            writer.write(element.rawValue, 3)
            writer.write(tag, 4)
            if element == .channelPair {
                writer.write(1, 1)  // common_window
                write(window, to: &writer)
                writer.write(0, 2)  // ms_mask_present
                for _ in 0..<2 { writeChannelStream(&writer) }
            } else {
                writer.write(0, 8)
                write(window, to: &writer)
                writer.write(0, 3)
            }
        }
        // Fill elements of at most 269 payload bytes each, until less than one fits.
        var left = length * 8 - writer.count - 3
        guard left >= 0 else { return nil }
        while left >= 7 {
            let short = (left - 7) / 8
            let count = short <= 14 ? short : left >= 15 + 8 * 15 ? min(269, (left - 15) / 8) : 14
            writer.write(AACRawBlock.ElementID.fill.rawValue, 3)
            if count < 15 {
                writer.write(count, 4)
                left -= 7 + 8 * count
            } else {
                writer.write(15, 4)
                writer.write(count - 14, 8)
                left -= 15 + 8 * count
            }
            if count > 0 {
                writer.write(0, 4)  // extension_type EXT_FILL
                writer.write(0, 4)  // fill_nibble
                for _ in 1..<count { writer.write(0xA5, 8) }
            }
        }
        writer.write(AACRawBlock.ElementID.end.rawValue, 3)
        var bytes = writer.bytes
        bytes.append(contentsOf: repeatElement(0, count: length - bytes.count))
        return bytes
    }

    /// A channel stream with no band: `global_gain` 0, and no pulse, TNS or gain control data.
    private static func writeChannelStream(_ writer: inout AACBitWriter) {
        writer.write(0, 8)
        writer.write(0, 3)
    }

    /// An `ics_info` with `max_sfb` = 0 and no prediction.
    private static func write(_ window: AACRawBlock.Window, to writer: inout AACBitWriter) {
        writer.write(0, 1)
        writer.write(window.sequence, 2)
        writer.write(window.shape, 1)
        if window.isShort {
            writer.write(0, 4)
            writer.write(window.grouping, 7)
        } else {
            writer.write(0, 6)
            writer.write(0, 1)
        }
    }
}
