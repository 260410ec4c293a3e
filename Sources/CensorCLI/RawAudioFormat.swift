import CensorKit
import Foundation

/// The layout of headerless samples (`--raw 48000:2:pcm16`): little-endian, interleaved, as
/// `ffmpeg -f s16le` and `sox -t raw` write them.
///
/// Such a stream is given a WAV header as it is spooled, so the audio reader sees an ordinary
/// file and every sample keeps its bits.
struct RawAudioFormat: Sendable, Equatable {
    let sampleRate: Int
    let channels: Int
    let encoding: AudioEncoding

    /// The encodings a WAV header can describe, so raw streams can be in them.
    static let encodings: [AudioEncoding] = [.pcm8, .pcm16, .pcm24, .pcm32, .float, .double, .ulaw, .alaw]

    /// Parses `RATE:CHANNELS:ENCODING`.
    ///
    /// - Throws: ``UsageError`` saying which part is wrong and what was expected.
    init(parsing text: String) throws(UsageError) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let expected = "expected RATE:CHANNELS:ENCODING such as 48000:2:pcm16"
        guard parts.count == 3 else { throw UsageError("--raw '\(text)': \(expected)") }
        guard let rate = Int(parts[0]), (1...768_000).contains(rate) else {
            throw UsageError("--raw '\(text)': the rate '\(parts[0])' is not a whole number of hertz from 1 to 768000")
        }
        guard let channels = Int(parts[1]), (1...256).contains(channels) else {
            throw UsageError("--raw '\(text)': the channel count '\(parts[1])' is not a whole number from 1 to 256")
        }
        guard let encoding = Self.encodings.first(where: { $0.rawValue == parts[2] }) else {
            throw UsageError(
                "--raw '\(text)': the encoding '\(parts[2])' is not one of "
                    + Self.encodings.map(\.rawValue).joined(separator: ", "))
        }
        sampleRate = rate
        self.channels = channels
        self.encoding = encoding
    }

    /// Bytes per sample.
    var sampleBytes: Int {
        switch encoding {
        case .pcm8, .ulaw, .alaw: 1
        case .pcm16: 2
        case .pcm24: 3
        case .pcm32, .float: 4
        default: 8
        }
    }

    /// The largest data chunk a WAV header can declare (its sizes are 32-bit).
    static let largestData = Int(UInt32.max) - 64

    /// The 44-byte canonical WAV header for `dataBytes` bytes of these samples.
    func wavHeader(dataBytes: Int) -> [UInt8] {
        let tag: UInt16 =
            switch encoding {
            case .float, .double: 3
            case .alaw: 6
            case .ulaw: 7
            default: 1
            }
        let blockAlign = channels * sampleBytes
        var bytes: [UInt8] = []
        func append<Value: FixedWidthInteger>(_ value: Value) {
            withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
        }
        bytes += Array("RIFF".utf8)
        append(UInt32(36 + dataBytes))
        bytes += Array("WAVEfmt ".utf8)
        append(UInt32(16))
        append(tag)
        append(UInt16(channels))
        append(UInt32(sampleRate))
        append(UInt32(sampleRate * blockAlign))
        append(UInt16(blockAlign))
        append(UInt16(sampleBytes * 8))
        bytes += Array("data".utf8)
        append(UInt32(dataBytes))
        return bytes
    }
}
