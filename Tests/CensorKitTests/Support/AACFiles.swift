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
        /// The file name's extension: `aac`, `m4a`, `mp4`, `mov`, `mka` or `mkv`.
        var container: String
        /// Extra encoder options (`-aac_pns 0`).
        var options: [String] = []
        /// Whether a small video stream (MPEG-4 Part 2, 64×48, 10 frames a second) comes first.
        var video = false
        /// What is encoded.
        var signal = Signal.tone

        /// A test signal, one lavfi expression per channel.
        enum Signal: String, Sendable {
            /// The click measure's tone (``MP3Files/tone(channels:)``).
            case tone
            /// Harmonics and noise unlike in each channel: many bands, noise substitution and
            /// intensity stereo at low rates.
            case music
            /// Noise bursts with sharp onsets every 0.15 s, unlike in each channel: short windows and TNS.
            case castanets

            func expression(channels: Int) -> String {
                switch self {
                case .tone: return MP3Files.tone(channels: channels)
                case .music:
                    return (0..<channels).map { channel in
                        "0.25*sin(2*PI*\(220 + 55 * channel)*t)+0.15*sin(2*PI*1375*t+\(channel))+0.08*sin(2*PI*4400*t)"
                            + "+0.05*(random(\(channel))*2-1)"
                    }.joined(separator: "|")
                case .castanets:
                    return (0..<channels).map { channel in
                        "(0.3*sin(2*PI*2000*t)+0.4*(random(\(channel))*2-1))*exp(-60*mod(t+\(Double(channel) * 0.02)\\,0.15))"
                    }.joined(separator: "|")
                }
            }
        }

        var description: String {
            "\(container) \(rate) Hz \(channels) ch \(kbps) kb/s \(signal)\(video ? " with video" : "") \(options.joined(separator: " "))"
        }
    }

    /// Encodes `seconds` of the tone to `path`.
    static func make(_ path: String, _ encoding: Encoding, seconds: Double = 3) throws {
        let layout = encoding.channels == 6 ? ":c=5.1" : ""
        let graph =
            "aevalsrc=\(encoding.signal.expression(channels: encoding.channels)):s=\(encoding.rate):d=\(seconds)\(layout)"
        let video = encoding.video ? ["-f", "lavfi", "-i", "testsrc=size=64x48:rate=10:d=\(seconds)"] : []
        try MP3Files.run(
            "ffmpeg",
            ["-v", "error", "-y"] + video + ["-f", "lavfi", "-i", graph]
                + (encoding.video ? ["-c:v", "mpeg4"] : []) + ["-c:a", "aac", "-b:a", "\(encoding.kbps)k"]
                + encoding.options + [path])
    }

    /// Decodes with ffmpeg's `aac` or `aac_fixed` decoder into one `Float` array per channel;
    /// records an issue when the decoder reports any error, unless `allowingErrors`.
    static func decode(_ path: String, channels: Int, decoder: String = "aac", allowingErrors: Bool = false) throws
        -> [[Float]]
    {
        let result = try MP3Files.run("ffmpeg", ["-v", "error", "-c:a", decoder, "-i", path, "-f", "f32le", "-"])
        #expect(allowingErrors || result.errors.isEmpty, "\(decoder) on \(path): \(result.errors)")
        let samples = result.output.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        return (0..<channels).map { channel in
            stride(from: channel, to: samples.count, by: channels).map { samples[$0] }
        }
    }

    /// One audio packet as ffprobe lists it.
    struct Packet: Hashable {
        var pts: String
        var dts: String
        var duration: String
        var size: Int
        var position: Int
    }

    /// The packets of `path`'s first stream of `kind` (`a`, `v`), in file order, as ffprobe lists them.
    static func packets(_ path: String, of kind: String = "a") throws -> [Packet] {
        let text = String(
            decoding: try MP3Files.run(
                "ffprobe",
                [
                    "-v", "error", "-select_streams", "\(kind):0", "-show_entries", "packet=pts,dts,duration,size,pos",
                    "-of", "csv=p=0", path,
                ]
            ).output, as: UTF8.self)
        return text.split(separator: "\n").map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            return Packet(
                pts: fields[0], dts: fields[1], duration: fields[2], size: Int(fields[3]) ?? -1,
                position: Int(fields[4]) ?? -1)
        }
    }
}
