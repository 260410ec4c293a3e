import Foundation
import Testing

/// AAC files for the direct-censoring tests: the click measure's tone encoded by ffmpeg's native
/// AAC encoder into ADTS, M4A, MP4 or MOV, decoded by ffmpeg's two AAC decoders (`aac`, float,
/// and `aac_fixed`, fixed point), and their packets listed by ffprobe.
enum AACFiles {
    /// How a test file is encoded.
    struct Encoding: Sendable, CustomStringConvertible {
        var rate: Int
        var channels: Int
        var kbps: Int
        /// The file name's extension: `aac`, `m4a`, `mp4` or `mov`.
        var container: String
        /// Extra encoder options (`-aac_pns 0`).
        var options: [String] = []

        var description: String { "\(container) \(rate) Hz \(channels) ch \(kbps) kb/s \(options.joined(separator: " "))" }
    }

    /// Encodes `seconds` of the tone to `path`.
    static func make(_ path: String, _ encoding: Encoding, seconds: Double = 3) throws {
        let graph = "aevalsrc=\(MP3Files.tone(channels: encoding.channels)):s=\(encoding.rate):d=\(seconds)"
        try MP3Files.run("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", graph, "-c:a", "aac",
                                    "-b:a", "\(encoding.kbps)k"] + encoding.options + [path])
    }

    /// Decodes with ffmpeg's `aac` or `aac_fixed` decoder into one `Float` array per channel;
    /// records an issue when the decoder reports any error, unless `allowingErrors`.
    static func decode(_ path: String, channels: Int, decoder: String = "aac", allowingErrors: Bool = false) throws -> [[Float]] {
        let result = try MP3Files.run("ffmpeg", ["-v", "error", "-c:a", decoder, "-i", path, "-f", "f32le", "-"])
        #expect(allowingErrors || result.errors.isEmpty, "\(decoder) on \(path): \(result.errors)")
        let samples = result.output.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        return (0..<channels).map { channel in stride(from: channel, to: samples.count, by: channels).map { samples[$0] } }
    }

    /// One audio packet as ffprobe lists it.
    struct Packet: Hashable {
        var pts: String
        var dts: String
        var duration: String
        var size: Int
        var position: Int
    }

    /// The audio packets of `path`, in file order, as ffprobe lists them.
    static func packets(_ path: String) throws -> [Packet] {
        let text = String(decoding: try MP3Files.run("ffprobe", [
            "-v", "error", "-select_streams", "a:0", "-show_entries", "packet=pts,dts,duration,size,pos",
            "-of", "csv=p=0", path,
        ]).output, as: UTF8.self)
        return text.split(separator: "\n").map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            return Packet(pts: fields[0], dts: fields[1], duration: fields[2], size: Int(fields[3]) ?? -1, position: Int(fields[4]) ?? -1)
        }
    }
}
