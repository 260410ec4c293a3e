import Foundation

extension AACStream {
    /// The packets of an ADTS file (`.aac`; ISO/IEC 14496-3 §1.A.2.2): frame after frame, each a
    /// 7-byte header and one `raw_data_block`, after an optional ID3v2 tag. Decoders drop nothing
    /// from an ADTS stream's start.
    ///
    /// - Throws: ``AACUnsupported`` for ADTS the editor does not take (HE-AAC or another profile,
    ///   CRC-protected or multi-block frames, changing rates or channels, bytes that are not
    ///   frames); ``MP3Error/io(path:reason:)`` when the file cannot be read.
    static func adts(path: String) throws -> AACStream {
        let data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        return try data.withUnsafeBytes { try adts($0) }
    }

    /// The packets of the ADTS stream `bytes`.
    static func adts(_ bytes: UnsafeRawBufferPointer) throws(AACUnsupported) -> AACStream {
        var offset = 0
        if bytes.count >= 10, bytes[0] == 0x49, bytes[1] == 0x44, bytes[2] == 0x33 {
            offset = 10 + (0..<4).reduce(0) { $0 << 7 | Int(bytes[6 + $1] & 0x7F) } + (bytes[5] & 0x10 != 0 ? 10 : 0)
        }
        var packets: [Range<Int>] = []
        var first: (index: Int, channels: Int)?
        while offset < bytes.count {
            guard bytes.count - offset >= 7, bytes[offset] == 0xFF, bytes[offset + 1] & 0xF6 == 0xF0 else {
                throw AACUnsupported("byte \(offset) is not the start of an ADTS frame")
            }
            let header = (2..<7).reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
            let protected = bytes[offset + 1] & 1 == 0
            let profile = header >> 38 & 3, index = header >> 34 & 15, channels = header >> 30 & 7
            let length = header >> 13 & 0x1FFF, blocks = header & 3
            guard profile == 1 else {
                throw AACUnsupported("its ADTS profile is \(["Main", "LC", "SSR", "LTP"][profile]), not LC")
            }
            guard !protected else { throw AACUnsupported("its ADTS frames carry CRCs") }
            guard blocks == 0 else { throw AACUnsupported("its ADTS frames hold several raw data blocks") }
            guard index < sampleRates.count, (1...7).contains(channels) else {
                throw AACUnsupported("the ADTS frame at byte \(offset) gives no rate or channel configuration")
            }
            if let first, first != (index, channels) {
                throw AACUnsupported("the ADTS frame at byte \(offset) changes the rate or channels")
            }
            first = (index, channels)
            guard length > 7, offset + length <= bytes.count else {
                throw AACUnsupported("the ADTS frame at byte \(offset) is cut short")
            }
            packets.append((offset + 7)..<(offset + length))
            offset += length
        }
        guard let first else { throw AACUnsupported("it holds no ADTS frame") }
        return AACStream(
            packets: packets, sampleRate: sampleRates[first.index], channelConfiguration: first.channels,
            decodedStartOffset: 0, frameCount: packets.count * frameSamples)
    }
}
