import Foundation

/// Media made on the spot with ffmpeg and espeak-ng for the end-to-end tests of containers:
/// a few seconds of speech in which "damn" is one espeak-ng phrase of its own, so its times are
/// known to the sample, and helpers that read streams back through ffmpeg.
struct MediaFixture {
    let workspace: Workspace
    /// The speech: 22 050 Hz mono 16-bit WAV, "hello there you" + "damn" + "fool, this is a test".
    let speech = "speech.wav"
    /// Where "damn" starts and ends in the speech, in seconds.
    let damn: ClosedRange<Double>
    /// The length of the speech, in seconds.
    let duration: Double

    /// A tool failed.
    struct ToolError: Error, CustomStringConvertible {
        let description: String
    }

    /// Writes `speech.wav` and its transcript `speech.json` (json-words) into `workspace`.
    init(_ workspace: Workspace) throws {
        self.workspace = workspace
        let phrases = ["hello there you", "damn", "fool, this is a test"]
        var frames: [Int] = []
        for (index, phrase) in phrases.enumerated() {
            try Self.run("/usr/bin/espeak-ng", ["-w", workspace.path("p\(index).wav"), phrase])
            frames.append(try WAVFile(contentsOf: workspace.file("p\(index).wav")).data.count / 2)
        }
        try Self.run(
            "/usr/bin/sox", (0..<phrases.count).map { workspace.path("p\($0).wav") } + [workspace.path(speech)])
        for index in phrases.indices { try FileManager.default.removeItem(at: workspace.file("p\(index).wav")) }
        let rate = 22_050.0
        let start = Double(frames[0]) / rate, end = Double(frames[0] + frames[1]) / rate
        damn = start...end
        duration = Double(frames.reduce(0, +)) / rate
        let words = [
            ("hello", 0.05, start * 0.3), ("there", start * 0.35, start * 0.6), ("you", start * 0.65, start * 0.95),
            ("damn", start, end), ("fool,", end + 0.05, end + 0.4), ("this", end + 0.5, end + 0.7),
            ("is", end + 0.75, end + 0.85), ("a", end + 0.9, end + 0.95), ("test.", end + 1.0, end + 1.4),
        ]
        let json =
            "["
            + words.map { #"{"word": "\#($0.0)", "start": \#($0.1), "end": \#($0.2)}"# }
            .joined(separator: ", ") + "]"
        try Data(json.utf8).write(to: workspace.file("speech.json"))
    }

    /// Runs `ffmpeg` with `arguments` in the workspace (errors only, no questions asked).
    func ffmpeg(_ arguments: [String]) throws {
        try Self.run("/usr/bin/ffmpeg", ["-nostdin", "-v", "error", "-y"] + arguments, in: workspace.url)
    }

    /// The stream `map` of `file` decoded to interleaved samples (`f32le` or `s16le`) at its own rate.
    func samples(_ file: String, map: String = "0:a:0") throws -> [Float] {
        let data = try Self.run(
            "/usr/bin/ffmpeg",
            [
                "-nostdin", "-v", "error", "-i", workspace.path(file), "-map", map,
                "-f", "f32le", "-c:a", "pcm_f32le", "-",
            ])
        return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    }

    /// The stream `map` of `file` decoded to 16-bit integers.
    func integerSamples(_ file: String, map: String = "0:a:0") throws -> [Int16] {
        let data = try Self.run(
            "/usr/bin/ffmpeg",
            [
                "-nostdin", "-v", "error", "-i", workspace.path(file), "-map", map,
                "-f", "s16le", "-c:a", "pcm_s16le", "-",
            ])
        return data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
    }

    /// The MD5 of every packet of the streams `map` of `file`, copied without decoding.
    func packetDigests(_ file: String, map: String) throws -> String {
        let data = try Self.run(
            "/usr/bin/ffmpeg",
            [
                "-nostdin", "-v", "error", "-i", workspace.path(file), "-map", map,
                "-c", "copy", "-f", "framemd5", "-",
            ])
        // Lines starting with # name the muxer's version; the packet lines follow.
        return String(decoding: data, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("#") }
            .joined(separator: "\n")
    }

    /// The size and MD5 of every packet of the streams `map` of `file`, without their times.
    func packetContents(_ file: String, map: String) throws -> [String] {
        try packetDigests(file, map: map).split(separator: "\n").map { line in
            line.split(separator: ",").suffix(2).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        }
    }

    /// ffprobe's description of `file`: its streams, format tags and chapters.
    func probe(_ file: String) throws -> [String: Any] {
        let data = try Self.run(
            "/usr/bin/ffprobe",
            [
                "-v", "error", "-print_format", "json", "-show_streams",
                "-show_format", "-show_chapters", workspace.path(file),
            ])
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    /// The streams of `file` as `type:codec` (`video:h264`, `audio:aac` …), attached pictures
    /// marked `+pic`, with their language tags.
    func streamSummary(_ file: String) throws -> [String] {
        let streams = try probe(file)["streams"] as? [[String: Any]] ?? []
        return streams.map { stream in
            let tags = stream["tags"] as? [String: Any] ?? [:]
            let picture = (stream["disposition"] as? [String: Any])?["attached_pic"] as? Int == 1 ? "+pic" : ""
            return "\(stream["codec_type"] ?? "?"):\(stream["codec_name"] ?? "?")\(picture)/\(tags["language"] ?? "-")"
        }
    }

    /// Runs `program`; returns its standard output; throws with its standard error on failure.
    @discardableResult
    static func run(_ program: String, _ arguments: [String], in folder: URL? = nil) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        process.standardInput = FileHandle.nullDevice
        let capture = try CensorCommand.Capture()
        let out = try FileHandle(forWritingTo: capture.stdout), err = try FileHandle(forWritingTo: capture.stderr)
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        guard process.terminationStatus == 0 else {
            throw ToolError(
                description: "\(program) \(arguments.joined(separator: " ")) failed: "
                    + String(decoding: try Data(contentsOf: capture.stderr), as: UTF8.self))
        }
        return try Data(contentsOf: capture.stdout)
    }
}

/// Measures on decoded audio.
enum Measure {
    /// The root-mean-square of `samples[range]` (interleaved, all channels).
    static func rms(_ samples: [Float], _ range: Range<Int>) -> Double {
        guard !range.isEmpty else { return 0 }
        return (range.reduce(0.0) { $0 + Double(samples[$1]) * Double(samples[$1]) } / Double(range.count)).squareRoot()
    }

    /// The lag in `-maxLag...maxLag` samples at which `b` best matches `a` over `window` (the
    /// normalized cross-correlation's peak): 0 when they are in sync.
    static func lag(_ a: [Float], _ b: [Float], window: Range<Int>, maxLag: Int) -> Int {
        var best = 0, bestScore = -Double.infinity
        for lag in -maxLag...maxLag {
            var product = 0.0, energy = 0.0
            for index in window where index + lag >= 0 && index + lag < b.count {
                let other = Double(b[index + lag])
                product += Double(a[index]) * other
                energy += other * other
            }
            let score = energy > 0 ? product / energy.squareRoot() : 0
            if score > bestScore { (best, bestScore) = (lag, score) }
        }
        return best
    }

    /// The signal-to-noise ratio of `b` against `a` over `range`, in dB.
    static func snr(_ a: [Float], _ b: [Float], _ range: Range<Int>) -> Double {
        var signal = 0.0, noise = 0.0
        for index in range {
            signal += Double(a[index]) * Double(a[index])
            noise += (Double(a[index]) - Double(b[index])) * (Double(a[index]) - Double(b[index]))
        }
        return 10 * log10(signal / max(noise, 1e-30))
    }

    /// The magnitude of `frequency` Hz in `samples[range]` of one channel of `channels`
    /// (Goertzel), normalized so a full-scale sine gives 0.5.
    static func magnitude(
        _ samples: [Float], _ range: Range<Int>, channel: Int = 0, channels: Int,
        frequency: Double, rate: Double
    ) -> Double {
        let coefficient = 2 * cos(2 * Double.pi * frequency / rate)
        var previous = 0.0, beforePrevious = 0.0, count = 0
        for frame in range {
            let value = Double(samples[frame * channels + channel]) + coefficient * previous - beforePrevious
            beforePrevious = previous
            previous = value
            count += 1
        }
        let power = previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious
        return power.squareRoot() / Double(max(count, 1))
    }
}
