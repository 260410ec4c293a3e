import Foundation

/// A fresh folder for one end-to-end test, with the files a `censor` run needs: a WAV written
/// byte by byte (no CensorKit involved), a whisper JSON transcript and a censor list.
struct Workspace {
    let url: URL

    /// The test recording: 16-bit PCM stereo at 22 050 Hz, two seconds.
    static let sampleRate = 22_050
    static let channels = 2
    static let frames = 44_100

    /// " Well, damn, this crap works." with word times; "damn," and "crap" are listed.
    static let transcript = #"""
        {"text": " Well, damn, this crap works.", "segments": [{"id": 0, "seek": 0, "start": 0.1, "end": 1.9, "text": " Well, damn, this crap works.", "words": [{"word": " Well,", "start": 0.1, "end": 0.4, "probability": 0.91}, {"word": " damn,", "start": 0.5, "end": 0.8, "probability": 0.88}, {"word": " this", "start": 0.95, "end": 1.15, "probability": 0.97}, {"word": " crap", "start": 1.25, "end": 1.55, "probability": 0.9}, {"word": " works.", "start": 1.6, "end": 1.9, "probability": 0.93}]}], "language": "en"}
        """#
    static let words = "# test list\ndamn\ncrap\n"

    /// The bytes of the test recording as a WAV file.
    static let wavBytes = [UInt8](WAVFile.pcm16(samples: samples(), channels: channels, sampleRate: sampleRate).bytes())

    /// Creates the folder with `talk.wav`, `talk.json` and `words.txt` in it.
    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("censor-cli-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try Data(Self.wavBytes).write(to: file("talk.wav"))
        try Data(Self.transcript.utf8).write(to: file("talk.json"))
        try Data(Self.words.utf8).write(to: file("words.txt"))
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }
    func path(_ name: String) -> String { file(name).path }

    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: path(name)) }

    func bytes(_ name: String) throws -> Data { try Data(contentsOf: file(name)) }

    /// Every name in the folder (or in `subfolder`), hidden ones included, sorted.
    func contents(_ subfolder: String? = nil) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: subfolder.map(path) ?? url.path).sorted()
    }

    func remove() { try? FileManager.default.removeItem(at: url) }

    /// Runs `censor` in this folder.
    func run(_ arguments: [String]) throws -> CensorCommand.Result {
        try CensorCommand.run(arguments, in: url)
    }

    /// Interleaved 16-bit samples: a tone a channel at about −12 dBFS and seeded noise, none zero.
    static func samples() -> [Int16] {
        var state: UInt64 = 0x5EED_CAFE
        return (0..<(frames * channels)).map { index in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let noise = Double(Int64(bitPattern: state) >> 40) / Double(1 << 23)  // [-1, 1)
            let frame = index / channels, channel = index % channels
            let tone = 0.25 * sin(2 * Double.pi * Double(300 + 200 * channel) * Double(frame) / Double(sampleRate))
            let value = Int16((tone + 0.02 * noise) * 32_767)
            return value == 0 ? 1 : value
        }
    }
}

/// A RIFF/WAVE file taken apart: its format and its sample bytes.
struct WAVFile {
    var formatTag: UInt16
    var channels: Int
    var sampleRate: Int
    var bitsPerSample: Int
    /// The `data` chunk's bytes.
    var data: Data

    /// A 16-bit PCM file holding `samples`, interleaved.
    static func pcm16(samples: [Int16], channels: Int, sampleRate: Int) -> WAVFile {
        var data = Data(capacity: samples.count * 2)
        for sample in samples { withUnsafeBytes(of: sample.littleEndian) { data.append(contentsOf: $0) } }
        return WAVFile(formatTag: 1, channels: channels, sampleRate: sampleRate, bitsPerSample: 16, data: data)
    }

    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    init(formatTag: UInt16, channels: Int, sampleRate: Int, bitsPerSample: Int, data: Data) {
        self.formatTag = formatTag
        self.channels = channels
        self.sampleRate = sampleRate
        self.bitsPerSample = bitsPerSample
        self.data = data
    }

    /// Parses a RIFF/WAVE file's `fmt ` and `data` chunks.
    init(contentsOf url: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: url))
        func u32(_ at: Int) -> Int {
            Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
        }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func tag(_ at: Int) -> String { String(decoding: bytes[at..<(at + 4)], as: UTF8.self) }
        guard bytes.count >= 12, tag(0) == "RIFF", tag(8) == "WAVE" else {
            throw Malformed(description: "\(url.lastPathComponent) is not RIFF/WAVE")
        }
        var format: (tag: Int, channels: Int, rate: Int, bits: Int)?
        var data: Data?
        var offset = 12
        while offset + 8 <= bytes.count {
            let size = u32(offset + 4)
            let body = offset + 8
            guard body + size <= bytes.count else { throw Malformed(description: "chunk \(tag(offset)) overruns") }
            switch tag(offset) {
            case "fmt ": format = (u16(body), u16(body + 2), u32(body + 4), u16(body + 14))
            case "data": data = Data(bytes[body..<(body + size)])
            default: break
            }
            offset = body + size + (size & 1)
        }
        guard let format, let data else { throw Malformed(description: "\(url.lastPathComponent) lacks fmt or data") }
        self.init(
            formatTag: UInt16(format.tag), channels: format.channels, sampleRate: format.rate,
            bitsPerSample: format.bits, data: data)
    }

    /// The whole file: a 44-byte header and the data.
    func bytes() -> Data {
        var out = Data()
        func append32(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { out.append(contentsOf: $0) } }
        func append16(_ value: Int) { withUnsafeBytes(of: UInt16(value).littleEndian) { out.append(contentsOf: $0) } }
        let blockAlign = channels * bitsPerSample / 8
        out.append(contentsOf: Array("RIFF".utf8)); append32(36 + data.count);
        out.append(contentsOf: Array("WAVE".utf8))
        out.append(contentsOf: Array("fmt ".utf8)); append32(16); append16(Int(formatTag)); append16(channels)
        append32(sampleRate); append32(sampleRate * blockAlign); append16(blockAlign); append16(bitsPerSample)
        out.append(contentsOf: Array("data".utf8)); append32(data.count); out.append(data)
        return out
    }

    func write(to url: URL) throws { try bytes().write(to: url) }

    /// The 16-bit samples, interleaved.
    var samples16: [Int16] {
        stride(from: 0, to: data.count - 1, by: 2).map {
            Int16(bitPattern: UInt16(data[data.startIndex + $0]) | UInt16(data[data.startIndex + $0 + 1]) << 8)
        }
    }
}

/// Files a run must not leave: temporary files (`.*.tmp`, and scratch files `.*.tmp.<extension>`).
func temporaryFiles(in names: [String]) -> [String] {
    names.filter { $0.hasPrefix(".") && ($0.hasSuffix(".tmp") || $0.contains(".tmp.")) }
}
