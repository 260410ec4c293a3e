/// The four bytes that open an MPEG audio frame, decoded (ISO/IEC 11172-3 §2.4.2.3, 13818-3 §2.4.2.3).
///
/// Only what Layer III needs: where the side information lies, how long the frame is, how many
/// granules it holds.
///
/// ```swift
/// let header = MP3FrameHeader(0xFFFB_9064)   // MPEG-1 Layer III, 128 kb/s, 44.1 kHz, joint stereo
/// print(header?.frameLength)                 // 417
/// ```
public struct MP3FrameHeader: Sendable, Hashable {
    /// The MPEG version: it fixes the sample rates, the granules per frame and the side
    /// information's layout.
    public enum Version: Sendable, Hashable {
        /// MPEG-1: 32, 44.1 and 48 kHz; two granules per frame.
        case mpeg1
        /// MPEG-2 low sampling frequencies: 16, 22.05 and 24 kHz; one granule per frame.
        case mpeg2
        /// The unofficial MPEG-2.5: 8, 11.025 and 12 kHz; one granule per frame.
        case mpeg25
    }

    /// What a header's four bytes turned out to be.
    public enum Parse: Sendable, Hashable {
        /// A Layer III header this parser reads.
        case layer3(MP3FrameHeader)
        /// A syntactically sound MPEG audio header for another layer (1 or 2).
        case otherLayer(Int)
        /// A Layer III header with bitrate index 0: free format, whose frame length no header gives.
        case freeFormat
        /// An AAC ADTS header (the MPEG sync with layer bits 00).
        case adts
        /// No frame header: no sync, or a reserved version, bitrate or sample rate.
        case none
    }

    /// Samples in one granule, per channel, in every version.
    public static let granuleSamples = 576

    /// The MPEG version.
    public let version: Version
    /// Whether a 16-bit CRC follows the header (protection bit 0).
    public let isProtected: Bool
    /// Bits per second.
    public let bitrate: Int
    /// Samples per second.
    public let sampleRate: Int
    /// Whether the frame carries one padding byte.
    public let isPadded: Bool
    /// Channels: 1 for single-channel mode, otherwise 2 (stereo, joint stereo, dual channel).
    public let channelCount: Int
    /// The four header bytes as read, big-endian.
    public let bits: UInt32

    private static let mpeg1Bitrates = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
    private static let mpeg2Bitrates = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]

    /// Decodes four big-endian header bytes as a Layer III frame header.
    ///
    /// - Parameter bits: The header's bytes, the first in the top eight bits.
    /// - Returns: `nil` unless ``parse(_:)`` gives ``Parse/layer3(_:)``.
    public init?(_ bits: UInt32) {
        guard case let .layer3(header) = Self.parse(bits) else { return nil }
        self = header
    }

    private init(version: Version, bits: UInt32, bitrateIndex: Int, rateIndex: Int) {
        self.version = version
        self.bits = bits
        isProtected = bits & 0x1_0000 == 0
        bitrate = (version == .mpeg1 ? Self.mpeg1Bitrates : Self.mpeg2Bitrates)[bitrateIndex] * 1000
        let base = [44100, 48000, 32000][rateIndex]
        sampleRate =
            switch version {
            case .mpeg1: base
            case .mpeg2: base / 2
            case .mpeg25: base / 4
            }
        isPadded = bits & 0x200 != 0
        channelCount = (bits >> 6) & 3 == 3 ? 1 : 2
    }

    /// Says what four big-endian bytes are: a Layer III header, another MPEG audio layer,
    /// free format, AAC, or nothing.
    ///
    /// - Parameter bits: The bytes, the first in the top eight bits.
    /// - Returns: What they are.
    public static func parse(_ bits: UInt32) -> Parse {
        guard bits >> 21 == 0x7FF else { return .none }
        let versionBits = (bits >> 19) & 3, layerBits = (bits >> 17) & 3
        let bitrateIndex = Int((bits >> 12) & 0xF), rateIndex = Int((bits >> 10) & 3)
        if layerBits == 0 { return versionBits & 2 != 0 ? .adts : .none }
        guard versionBits != 1, bitrateIndex != 15, rateIndex != 3 else { return .none }
        guard layerBits == 1 else { return .otherLayer(layerBits == 3 ? 1 : 2) }
        guard bitrateIndex != 0 else { return .freeFormat }
        let version: Version = versionBits == 3 ? .mpeg1 : versionBits == 2 ? .mpeg2 : .mpeg25
        return .layer3(MP3FrameHeader(version: version, bits: bits, bitrateIndex: bitrateIndex, rateIndex: rateIndex))
    }

    /// Granules per frame: 2 for MPEG-1, 1 for MPEG-2 and 2.5.
    public var granuleCount: Int { version == .mpeg1 ? 2 : 1 }

    /// Decoded samples per channel in one frame.
    public var samplesPerFrame: Int { granuleCount * Self.granuleSamples }

    /// The whole frame's length in bytes, header included.
    public var frameLength: Int {
        (version == .mpeg1 ? 144 : 72) * bitrate / sampleRate + (isPadded ? 1 : 0)
    }

    /// The side information's length in bytes (ISO/IEC 11172-3 §2.4.1.7, 13818-3 §2.4.1.7).
    public var sideInfoLength: Int {
        switch (version, channelCount) {
        case (.mpeg1, 1): 17
        case (.mpeg1, _): 32
        case (_, 1): 9
        case (_, _): 17
        }
    }

    /// Where the side information begins, in bytes from the frame's start: after the header and the CRC.
    public var sideInfoOffset: Int { isProtected ? 6 : 4 }

    /// Whether `other` can continue the same stream: the same version and sample rate (the
    /// channel mode and bitrate may change from frame to frame).
    public func continues(_ other: MP3FrameHeader) -> Bool {
        version == other.version && sampleRate == other.sampleRate
    }
}
