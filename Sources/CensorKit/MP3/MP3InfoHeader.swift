/// The Xing/Info or VBRI header an encoder writes into an MP3's first frame, and the gapless
/// information of the LAME tag that may follow Xing/Info.
///
/// That frame holds no audio: decoders skip it. Censoring copies it as it is, so the frame
/// count, the seek table and the encoder delay and padding stay true (the frames keep their
/// lengths and number).
public struct MP3InfoHeader: Sendable, Hashable {
    /// Which header.
    public enum Kind: String, Sendable, Hashable {
        /// `Xing`: a variable-bitrate stream's header.
        case xing = "Xing"
        /// `Info`: the same for a constant-bitrate stream.
        case info = "Info"
        /// Fraunhofer's `VBRI`.
        case vbri = "VBRI"
    }

    /// Samples decoders add after the last encoded sample's decoding and the decoder's own delay;
    /// what decoders that honour gapless information trim from the start is
    /// `encoderDelay + decoderDelay`.
    public static let decoderDelay = 529

    /// Which header.
    public var kind: Kind
    /// The audio frames the header says follow it, when it says.
    public var frameCount: Int?
    /// The encoder string of the LAME tag (`LAME3.100`, `Lavc59.37`), when there is one.
    public var encoder: String?
    /// Samples the encoder added before the audio (LAME tag), when given.
    public var encoderDelay: Int?
    /// Samples the encoder added after the audio (LAME tag), when given.
    public var encoderPadding: Int?
    /// Where the LAME tag (its encoder string) begins in the frame, when there is a whole one.
    /// Its bytes 28–31 give the music length (from the info frame's start), 32–33 the music
    /// data's CRC, 34–35 the CRC of the frame's bytes before them (``MP3TagCRC``).
    var lameTagOffset: Int?

    /// Bytes of a LAME tag.
    static let lameTagLength = 36

    /// The samples ffmpeg, mpg123 and libsndfile drop from the start of the decoded stream:
    /// `encoderDelay + 529` when a LAME tag gives the delay, otherwise 0.
    public var decodedStartOffset: Int { encoderDelay.map { $0 + Self.decoderDelay } ?? 0 }

    /// Finds the header in a frame, if it holds one.
    ///
    /// - Parameters:
    ///   - frame: The frame's bytes from its header on (the whole frame, or as much as there is).
    ///   - header: Its header.
    /// - Returns: The header, or `nil` when the frame is an ordinary audio frame.
    public static func find(in frame: UnsafeRawBufferPointer, header: MP3FrameHeader) -> MP3InfoHeader? {
        func tag(at offset: Int) -> String? {
            guard offset + 4 <= frame.count else { return nil }
            return String(decoding: frame[offset..<(offset + 4)], as: UTF8.self)
        }
        func bigEndian(_ offset: Int, _ count: Int) -> Int? {
            guard offset + count <= frame.count else { return nil }
            return frame[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) }
        }
        if tag(at: 36) == Kind.vbri.rawValue {
            return MP3InfoHeader(kind: .vbri, frameCount: bigEndian(36 + 14, 4))
        }
        // After the side information; encoders (LAME) and readers (ffmpeg) place it there as if
        // there were no CRC even when there is one, so both places are tried.
        let places = [4 + header.sideInfoLength, header.sideInfoOffset + header.sideInfoLength]
        guard
            let xing = places.first(where: { tag(at: $0).flatMap(Kind.init(rawValue:)).map { $0 != .vbri } ?? false }),
            let kind = tag(at: xing).flatMap(Kind.init(rawValue:)), let flags = bigEndian(xing + 4, 4)
        else { return nil }
        var result = MP3InfoHeader(kind: kind)
        var offset = xing + 8
        if flags & 1 != 0 {
            result.frameCount = bigEndian(offset, 4)
            offset += 4
        }
        if flags & 2 != 0 { offset += 4 }
        if flags & 4 != 0 { offset += 100 }
        if flags & 8 != 0 { offset += 4 }
        // The LAME tag: a 9-byte encoder string, then 12 bytes of settings, then the delay and
        // padding in 12 bits each. ffmpeg reads them behind these encoder names only.
        guard offset + 24 <= frame.count else { return result }
        let encoder = String(decoding: frame[offset..<(offset + 9)], as: UTF8.self)
        guard ["LAME", "Lavf", "Lavc"].contains(where: encoder.hasPrefix) else { return result }
        result.encoder = String(encoder.prefix { $0 != "\0" && $0 != " " })
        if offset + lameTagLength <= frame.count { result.lameTagOffset = offset }
        if let packed = bigEndian(offset + 21, 3) {
            result.encoderDelay = packed >> 12
            result.encoderPadding = packed & 0xFFF
        }
        return result
    }

    private init(kind: Kind, frameCount: Int? = nil) {
        self.kind = kind
        self.frameCount = frameCount
    }
}
