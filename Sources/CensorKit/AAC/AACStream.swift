/// An AAC-LC audio stream as the direct editor sees it: where each packet (`raw_data_block`)
/// lies in the file, in decoding order, and what the decoded timeline is.
///
/// Packet *k* codes undelayed samples `[1024k, 1024k + 2048)`: its IMDCT's 2048 outputs, overlapped
/// by half with each neighbour's. Decoders drop ``decodedStartOffset`` of them from the start
/// (an MP4 edit list's `media_time`: the encoder's priming) and give ``frameCount`` frames.
struct AACStream: Sendable {
    /// Each packet's bytes in the file.
    var packets: [Range<Int>]
    /// Frames per second.
    var sampleRate: Int
    /// The `channelConfiguration` (1 to 7; Table 1.19).
    var channelConfiguration: Int
    /// Undelayed samples decoders drop from the start.
    var decodedStartOffset: Int
    /// The decoded length in frames: the packets' samples less ``decodedStartOffset``.
    var frameCount: Int

    /// Samples per packet.
    static let frameSamples = 1024

    /// Channels per frame of ``channelConfiguration``.
    var channelCount: Int { [0, 1, 2, 3, 4, 5, 6, 8][channelConfiguration] }

    /// The rates of `sampling_frequency_index` 0 to 12 (Table 1.18).
    static let sampleRates = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350]
}

/// Why a stream is not edited on its compressed data; the caller re-encodes instead, saying why.
struct AACUnsupported: Error, Sendable, CustomStringConvertible {
    /// What the stream has or lacks, as a clause: "it is HE-AAC (SBR)".
    let reason: String
    /// Whether the stream is AAC at all; when not, censoring it this way was never an option.
    var isAAC = true

    init(_ reason: String, isAAC: Bool = true) {
        self.reason = reason
        self.isAAC = isAAC
    }

    var description: String { reason }
}
