import CensorTestFiles
import Foundation
import Testing

/// MP3 files for the direct-censoring tests: made by ffmpeg's libmp3lame (or the `lame` tool,
/// for CRC-protected streams) from a known tone, decoded by independent decoders (ffmpeg,
/// mpg123), and walked frame by frame by a header reader of the tests' own.
enum MP3Files {
    /// How a test file is encoded.
    struct Encoding: Sendable, CustomStringConvertible {
        var rate: Int
        var channels: Int
        /// libmp3lame's options: `-b:a 128k` (CBR) or `-q:a 4` (VBR).
        var options: [String]

        var description: String { "\(rate) Hz \(channels) ch \(options.joined(separator: " "))" }
    }

    /// The tone of docs/ARCHITECTURE.md's click measure: half scale, 220 Hz, phase 0.7 (channel 2 a third
    /// of π later), as an ffmpeg `aevalsrc` expression.
    static func tone(channels: Int) -> String {
        (0..<channels).map { "0.5*sin(2*PI*220*t+0.7+\(Double($0) * Double.pi / 3))" }.joined(separator: "|")
    }

    /// Runs a tool (``ExternalTool/run(_:_:)``).
    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> (output: Data, errors: String) {
        try ExternalTool.run(tool, arguments)
    }

    /// Encodes `seconds` of the tone (or of `source`, an ffmpeg lavfi graph) to `path`.
    static func make(_ path: String, _ encoding: Encoding, seconds: Double = 3, source: String? = nil) throws {
        let graph = source ?? "aevalsrc=\(tone(channels: encoding.channels)):s=\(encoding.rate):d=\(seconds)"
        try run(
            "ffmpeg",
            [
                "-v", "error", "-y", "-f", "lavfi", "-i", graph, "-ac", "\(encoding.channels)",
                "-ar", "\(encoding.rate)", "-c:a", "libmp3lame",
            ] + encoding.options + [path])
    }

    /// Decodes with ffmpeg (or mpg123) into one `Float` array per channel.
    static func decode(_ path: String, channels: Int, with decoder: String = "ffmpeg") throws -> [[Float]] {
        let data =
            decoder == "ffmpeg"
            ? try run("ffmpeg", ["-v", "error", "-i", path, "-f", "f32le", "-"]).output
            : try run("mpg123", ["-q", "-e", "f32", "-s", path]).output
        let samples = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        return (0..<channels).map { channel in
            stride(from: channel, to: samples.count, by: channels).map { samples[$0] }
        }
    }

    /// A frame as the tests' own header reader sees it.
    struct Frame {
        var offset: Int
        var length: Int
        var granules: Int
        /// Bytes of header, CRC and side information: the only ones censoring may change.
        var sideInfoEnd: Int
        var protected: Bool
    }

    /// The frames of a well-formed file, after its ID3v2 tag, up to `end` (the first byte of
    /// trailing tags), by plain arithmetic on the headers (ISO/IEC 11172-3 and 13818-3 tables).
    static func frames(_ bytes: [UInt8], end: Int? = nil) -> [Frame] {
        var offset = 0
        if bytes.starts(with: Array("ID3".utf8)) {
            offset = 10 + bytes[6..<10].reduce(0) { $0 << 7 | Int($1) }
        }
        let end = end ?? bytes.count
        var frames: [Frame] = []
        while offset + 4 <= end, bytes[offset] == 0xFF, bytes[offset + 1] & 0xE0 == 0xE0 {
            let mpeg1 = bytes[offset + 1] & 0x18 == 0x18
            let kbps =
                (mpeg1
                ? [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
                : [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160])[Int(bytes[offset + 2] >> 4)]
            let base = [44100, 48000, 32000][Int(bytes[offset + 2] >> 2 & 3)]
            let rate = bytes[offset + 1] & 0x18 == 0x18 ? base : bytes[offset + 1] & 0x18 == 0x10 ? base / 2 : base / 4
            let length = (mpeg1 ? 144 : 72) * kbps * 1000 / rate + Int(bytes[offset + 2] >> 1 & 1)
            let mono = bytes[offset + 3] >> 6 == 3
            let protected = bytes[offset + 1] & 1 == 0
            let side = mpeg1 ? (mono ? 17 : 32) : (mono ? 9 : 17)
            frames.append(
                Frame(
                    offset: offset, length: length, granules: mpeg1 ? 2 : 1,
                    sideInfoEnd: offset + 4 + (protected ? 2 : 0) + side, protected: protected))
            offset += length
        }
        return frames
    }

    /// The first sample from `start` on whose magnitude passes 0.05 (−26 dBFS): where a tone
    /// after silence begins, to find one place in different decoders' timelines.
    static func onset(_ samples: [Float], from start: Int = 0) throws -> Int {
        try #require(samples.indices.dropFirst(start).first { abs(samples[$0]) > 0.05 })
    }

    /// The peak of `samples` in dBFS (−∞ for silence).
    static func peakDBFS(_ samples: ArraySlice<Float>) -> Double {
        20 * log10(Double(samples.lazy.map { abs($0) }.max() ?? 0))
    }

    /// CRC-16/ARC bit by bit (polynomial 0xA001 reflected, initial value 0), as the LAME tag
    /// keeps it: the tests' own, independent of censor's table-driven one.
    static func lameCRC(_ bytes: ArraySlice<UInt8>) -> UInt16 {
        var crc: UInt16 = 0
        for byte in bytes {
            crc ^= UInt16(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? crc >> 1 ^ 0xA001 : crc >> 1 }
        }
        return crc
    }

    /// Where the LAME tag of a file's first frame (the Xing/Info frame) begins: its encoder
    /// string (`LAME`, `Lavc`, `Lavf`) within the frame's first 200 bytes.
    static func lameTag(_ bytes: [UInt8]) -> Int? {
        guard let info = frames(bytes).first else { return nil }
        let head = Array(bytes[info.offset..<min(bytes.count, info.offset + 200)])
        for start in 0..<(head.count - 4)
        where ["LAME", "Lavc", "Lavf"].contains(String(decoding: head[start..<(start + 4)], as: UTF8.self)) {
            return info.offset + start
        }
        return nil
    }

    /// The LAME tag's music CRC (of the frames after the info frame, through the music length
    /// counted from the info frame's start) and tag CRC (of the info frame up to that field):
    /// each as stored and as computed from the bytes.
    static func lameCRCs(_ bytes: [UInt8]) throws -> (
        music: (stored: UInt16, computed: UInt16), tag: (stored: UInt16, computed: UInt16)
    ) {
        let info = try #require(frames(bytes).first)
        let tag = try #require(lameTag(bytes))
        func word(_ at: Int) -> UInt16 { UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1]) }
        let musicLength = bytes[(tag + 28)..<(tag + 32)].reduce(0) { $0 << 8 | Int($1) }
        let musicEnd = info.offset + musicLength
        try #require(musicEnd <= bytes.count && musicEnd > info.offset + info.length)
        return (
            (word(tag + 32), lameCRC(bytes[(info.offset + info.length)..<musicEnd])),
            (word(tag + 34), lameCRC(bytes[info.offset..<(tag + 34)]))
        )
    }

    /// Expects the LAME tag's music CRC of `output` to be that of its bytes, and its own CRC to
    /// be as true as `input`'s was (ffmpeg's is off in all but MPEG-1 stereo; see
    /// ``MP3PartialDecodingTests``).
    static func checkLameCRCs(_ output: [UInt8], input: [UInt8]) throws {
        let crcs = try lameCRCs(output), original = try lameCRCs(input)
        #expect(crcs.music.stored == crcs.music.computed, "music CRC \(crcs.music)")
        #expect(
            crcs.tag.stored ^ crcs.tag.computed == original.tag.stored ^ original.tag.computed, "tag CRC \(crcs.tag)")
    }

    /// The bytes with the LAME tag's two CRCs zeroed.
    static func withoutLameCRCs(_ bytes: [UInt8]) -> [UInt8] {
        guard let tag = lameTag(bytes) else { return bytes }
        var bytes = bytes
        bytes.replaceSubrange((tag + 32)..<(tag + 36), with: [0, 0, 0, 0])
        return bytes
    }
}
