import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A small, fast, deterministic random number generator (PCG-style LCG with an output mix).
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }

    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        var x = state
        x ^= x >> 33
        x = x &* 0xFF51_AFD7_ED55_8CCD
        x ^= x >> 33
        return x
    }

    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) * (1.0 / 9_007_199_254_740_992.0) }

    /// Uniform in [-1, 1).
    mutating func signed() -> Float { Float(Int64(bitPattern: next()) >> 40) * (1.0 / 8_388_608.0) }

    /// Uniform in `0..<count`.
    mutating func below(_ count: Int) -> Int { Int(next() % UInt64(count)) }
}

/// Speech-like test audio: pinkish noise shaped by a syllable-rate envelope, with pauses, a
/// voiced low tone and no digital silence, about −20 dBFS RMS. Deterministic: the same frames
/// every run, whatever the block size.
struct SpeechLikeSignal {
    let sampleRate: Int
    let channelCount: Int
    private var random = SeededRandom(seed: 0xC0FFEE)
    /// Paul Kellet's economy pink-noise filter state, per channel.
    private var pink: [(Float, Float, Float)]
    private var frame = 0

    init(sampleRate: Int, channelCount: Int) {
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        pink = Array(repeating: (0, 0, 0), count: channelCount)
    }

    /// Fills `output` with the next `frames` interleaved frames, full scale ±1.
    mutating func fill(_ output: UnsafeMutablePointer<Float>, frames: Int) {
        let rate = Float(sampleRate)
        var position = 0
        for _ in 0..<frames {
            let seconds = Float(frame) / rate
            // Syllables at ~4 Hz inside words of ~0.3 s, phrases of ~3 s with short pauses.
            let syllable = 0.5 + 0.5 * sinf(2 * .pi * 4 * seconds)
            let phrase: Float = fmodf(seconds, 3.1) < 2.7 ? 1 : 0.05
            let envelope = 0.02 + 0.3 * syllable * phrase
            let voiced = 0.08 * sinf(2 * .pi * 140 * seconds) * phrase
            for channel in 0..<channelCount {
                let white = random.signed()
                var (b0, b1, b2) = pink[channel]
                b0 = 0.99765 * b0 + white * 0.0990460
                b1 = 0.96300 * b1 + white * 0.2965164
                b2 = 0.57000 * b2 + white * 1.0526913
                pink[channel] = (b0, b1, b2)
                let noise = (b0 + b1 + b2 + white * 0.1848) * 0.25
                output[position] = envelope * noise + voiced * (channel == 0 ? 1 : 0.8)
                position += 1
            }
            frame += 1
        }
    }

    /// `seconds` of the signal as interleaved floats in memory.
    static func buffer(seconds: Double, sampleRate: Int = 48_000, channelCount: Int = 2) -> [Float] {
        var signal = SpeechLikeSignal(sampleRate: sampleRate, channelCount: channelCount)
        let frames = Int(seconds * Double(sampleRate))
        return [Float](unsafeUninitializedCapacity: frames * channelCount) { storage, count in
            signal.fill(storage.baseAddress!, frames: frames)
            count = frames * channelCount
        }
    }
}

/// Writes a 16-bit PCM RIFF/WAVE file block by block.
enum WAVWriter {
    /// Writes `seconds` of ``SpeechLikeSignal`` to `path` (through a temporary file, renamed into
    /// place when complete).
    static func writeSpeech(to path: String, seconds: Double, sampleRate: Int = 48_000, channelCount: Int = 2) throws {
        let frames = Int(seconds * Double(sampleRate))
        let dataBytes = frames * channelCount * 2
        precondition(dataBytes + 36 < Int(UInt32.max), "a RIFF file holds less than 4 GiB")
        let temporary = path + ".partial"
        guard let file = fopen(temporary, "wb") else {
            throw GenerationError(description: "cannot create \(temporary): \(String(cString: strerror(errno)))")
        }
        var header: [UInt8] = []
        func append32(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { header += $0 } }
        func append16(_ value: Int) { withUnsafeBytes(of: UInt16(value).littleEndian) { header += $0 } }
        header += Array("RIFF".utf8); append32(36 + dataBytes); header += Array("WAVE".utf8)
        header += Array("fmt ".utf8); append32(16); append16(1); append16(channelCount)
        append32(sampleRate); append32(sampleRate * channelCount * 2); append16(channelCount * 2); append16(16)
        header += Array("data".utf8); append32(dataBytes)
        fwrite(header, 1, header.count, file)

        var signal = SpeechLikeSignal(sampleRate: sampleRate, channelCount: channelCount)
        let block = 65_536
        let floats = UnsafeMutablePointer<Float>.allocate(capacity: block * channelCount)
        let shorts = UnsafeMutablePointer<Int16>.allocate(capacity: block * channelCount)
        defer { floats.deallocate(); shorts.deallocate() }
        var done = 0
        while done < frames {
            let count = min(block, frames - done)
            signal.fill(floats, frames: count)
            for index in 0..<(count * channelCount) {
                let value = max(-32_768, min(32_767, (floats[index] * 32_767).rounded()))
                shorts[index] = Int16(value).littleEndian
            }
            guard fwrite(shorts, 2, count * channelCount, file) == count * channelCount else {
                fclose(file)
                unlink(temporary)
                throw GenerationError(description: "cannot write \(temporary): \(String(cString: strerror(errno)))")
            }
            done += count
        }
        guard fclose(file) == 0, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw GenerationError(description: "cannot finish \(path): \(String(cString: strerror(errno)))")
        }
    }
}

/// Input generation failed.
struct GenerationError: Error, CustomStringConvertible {
    var description: String
}

/// The generated input files, made on first use and kept in the data folder between runs.
///
/// Files live in `<data>/inputs-v<generatorVersion>/`; changing what the generator makes bumps
/// the version, so stale inputs are never measured.
final class Inputs {
    /// Bump when any generated input changes.
    static let generatorVersion = 1

    let folder: String
    /// Outputs of timed runs; emptied after each run.
    let outputFolder: String

    init(dataFolder: String) {
        folder = "\(dataFolder)/inputs-v\(Self.generatorVersion)"
        outputFolder = "\(dataFolder)/out"
    }

    private func ensureFolders() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: outputFolder, withIntermediateDirectories: true)
    }

    /// Makes `path` with `make` unless it exists already.
    func cached(_ name: String, _ make: (String) throws -> Void) throws -> String {
        try ensureFolders()
        let path = "\(folder)/\(name)"
        if !FileManager.default.fileExists(atPath: path) {
            Console.progress(" [generating \(name)]", newline: false)
            try make(path)
        }
        return path
    }

    /// A 48 kHz stereo 16-bit speech-like WAV of `seconds`.
    func wav(seconds: Int) throws -> String {
        try cached("speech-\(seconds)s.wav") { try WAVWriter.writeSpeech(to: $0, seconds: Double(seconds)) }
    }

    /// The 10-minute WAV encoded by ffmpeg as FLAC (16-bit) or MP3 (LAME, 192 kb/s CBR).
    func encoded(_ container: String, seconds: Int) throws -> String {
        let source = try wav(seconds: seconds)
        guard Subprocess.isAvailable("ffmpeg") else { throw Skip(reason: "ffmpeg is not installed") }
        let codec: [String] = container == "mp3" ? ["-c:a", "libmp3lame", "-b:a", "192k"] : ["-c:a", "flac"]
        return try cached("speech-\(seconds)s.\(container)") { path in
            let temporary = "\(folder)/partial-\(getpid()).\(container)"
            try Subprocess.run(
                "ffmpeg",
                ["-hide_banner", "-nostdin", "-loglevel", "error", "-y", "-i", source]
                    + codec + [temporary])
            guard rename(temporary, path) == 0 else { throw GenerationError(description: "cannot rename to \(path)") }
        }
    }

    /// An hour of the speech WAV (its 10 minutes six times) as a 128 kb/s CBR MP3, for the
    /// direct MP3 cases.
    func hourMP3() throws -> String {
        let source = try wav(seconds: EndToEndCases.duration)
        guard Subprocess.isAvailable("ffmpeg") else { throw Skip(reason: "ffmpeg is not installed") }
        return try cached("speech-3600s-128k.mp3") { path in
            let temporary = "\(folder)/partial-\(getpid()).mp3"
            try Subprocess.run(
                "ffmpeg",
                [
                    "-hide_banner", "-nostdin", "-loglevel", "error", "-y", "-stream_loop", "5",
                    "-i", source, "-c:a", "libmp3lame", "-b:a", "128k", temporary,
                ])
            guard rename(temporary, path) == 0 else { throw GenerationError(description: "cannot rename to \(path)") }
        }
    }

    /// An hour of the speech WAV (its 10 minutes six times) as a 128 kb/s M4A by ffmpeg's AAC
    /// encoder, for the direct AAC cases.
    func hourM4A() throws -> String {
        let source = try wav(seconds: EndToEndCases.duration)
        guard Subprocess.isAvailable("ffmpeg") else { throw Skip(reason: "ffmpeg is not installed") }
        return try cached("speech-3600s-128k.m4a") { path in
            let temporary = "\(folder)/partial-\(getpid()).m4a"
            try Subprocess.run(
                "ffmpeg",
                [
                    "-hide_banner", "-nostdin", "-loglevel", "error", "-y", "-stream_loop", "5",
                    "-i", source, "-c:a", "aac", "-b:a", "128k", temporary,
                ])
            guard rename(temporary, path) == 0 else { throw GenerationError(description: "cannot rename to \(path)") }
        }
    }

    /// The censor list of the end-to-end cases.
    func endToEndList() throws -> String {
        try cached("words.txt") { path in
            try Data((EndToEndLayout.listedWords.joined(separator: "\n") + "\n").utf8).write(
                to: URL(fileURLWithPath: path))
        }
    }

    /// A whisper JSON transcript of `layout`.
    func transcript(_ layout: EndToEndLayout) throws -> String {
        try cached("transcript-\(layout.name).json") { path in
            var bytes = ByteWriter()
            WhisperJSONWriter.write(layout.words(), into: &bytes)
            try bytes.data.write(to: URL(fileURLWithPath: path))
        }
    }

    /// A fresh output path for a run; anything there is removed first.
    func output(_ name: String) throws -> String {
        try ensureFolders()
        let path = "\(outputFolder)/\(name)"
        unlink(path)
        return path
    }
}

/// The transcript of an end-to-end case: which words are said when, and which are listed.
struct EndToEndLayout {
    static let listedWords = ["damn", "hell", "crap", "shit", "bastard", "piss", "bloody", "bugger"]
    static let fillerWords = ["well", "so", "the", "people", "really", "think", "about", "this", "and", "time"]

    enum Kind {
        /// `censored` listed words spread evenly over the file, one unlisted word between each
        /// two. Together they cover half the audio whatever their number (each lasts half of its
        /// `duration / censored` slot): 10 words of 30 s or 10,000 of 30 ms, so that between these
        /// cases only the word count varies, not the censored duration. At 1000 words they are
        /// 0.3 s long, as in the figures other tools were measured with.
        case spread(censored: Int)
        /// Everyday speech: 2.5 words a second, 0.3 s each; one in `listedEvery` is listed.
        case speech(listedEvery: Int)
    }

    var duration: Double
    var kind: Kind

    static func spread(_ censored: Int, over duration: Double) -> EndToEndLayout {
        EndToEndLayout(duration: duration, kind: .spread(censored: censored))
    }

    static func speech(over duration: Double, listedEvery every: Int) -> EndToEndLayout {
        EndToEndLayout(duration: duration, kind: .speech(listedEvery: every))
    }

    /// Names the transcript file.
    var name: String {
        switch kind {
        case let .spread(censored): "\(Int(duration))s-\(censored)w"
        case let .speech(every): "\(Int(duration))s-speech-1in\(every)"
        }
    }

    /// Times to the millisecond, as transcripts and ffmpeg graphs write them.
    static func toMilliseconds(_ seconds: Double) -> Double { (seconds * 1000).rounded() / 1000 }

    /// Every word of the transcript, in order.
    func words() -> [GeneratedWord] {
        var words: [GeneratedWord] = []
        switch kind {
        case let .spread(censored):
            let slot = duration / Double(censored)
            words.reserveCapacity(2 * censored)
            for index in 0..<censored {
                let base = Double(index) * slot
                words.append(
                    GeneratedWord(
                        text: " " + Self.fillerWords[index % Self.fillerWords.count],
                        start: Self.toMilliseconds(base + 0.02 * slot), end: Self.toMilliseconds(base + 0.2 * slot)))
                words.append(
                    GeneratedWord(
                        text: " " + Self.listedWords[index % Self.listedWords.count] + (index % 3 == 0 ? "," : ""),
                        start: Self.toMilliseconds(base + 0.25 * slot), end: Self.toMilliseconds(base + 0.75 * slot),
                        listed: true))
            }
        case let .speech(every):
            let count = Int(duration * 2.5)
            words.reserveCapacity(count)
            for index in 0..<count {
                let start = Double(index) * 0.4 + 0.05
                let listed = index % every == every / 2
                let text =
                    listed
                    ? Self.listedWords[(index / every) % Self.listedWords.count]
                    : Self.fillerWords[index % Self.fillerWords.count]
                words.append(
                    GeneratedWord(
                        text: " " + text, start: Self.toMilliseconds(start), end: Self.toMilliseconds(start + 0.3),
                        listed: listed))
            }
        }
        return words
    }

    /// The listed words' `[start, end]` times, in order.
    var censoredTimes: [(start: Double, end: Double)] {
        words().filter(\.listed).map { ($0.start, $0.end) }
    }
}
