import CSndFile
import CensorAudio
import Foundation

/// Audio files on disk for end-to-end library tests: a scratch folder per test, seeded test
/// material in any stored sample type, files written through ``AudioWriter``, and stored samples
/// read back raw with libsndfile (`sf_readf_int` / `_float` / `_double`) so that tests compare
/// bit for bit, independently of ``AudioReader``.
///
/// Everything is nested in this enum so that no name collides with other test helpers.
package enum AudioFiles {
    // MARK: - Scratch folder

    /// A fresh, empty folder under the system's temporary directory; call ``remove()`` when done.
    package struct Folder {
        package let url: URL

        package init() throws {
            url = FileManager.default.temporaryDirectory
                .appendingPathComponent("censor-tests-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }

        /// The path of `name` in this folder.
        package func path(_ name: String) -> String {
            url.appendingPathComponent(name).path
        }

        /// The names of the files in the folder, hidden ones included, sorted.
        package func contents() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
        }

        package func remove() {
            try? FileManager.default.removeItem(at: url)
        }
    }

    // MARK: - Samples

    /// Interleaved samples in the type libsndfile stores them for an encoding: integer PCM as
    /// left-justified `Int32` (as `sf_readf_int` gives them), float and double as such.
    package enum Samples: Equatable, Sendable {
        case int([Int32])
        case float([Float])
        case double([Double])

        package var count: Int {
            switch self {
            case let .int(values): values.count
            case let .float(values): values.count
            case let .double(values): values.count
            }
        }

        /// Whether sample `index` of `self` and of `other` have the same bits (and type).
        package func sameBits(at index: Int, as other: Samples) -> Bool {
            switch (self, other) {
            case let (.int(x), .int(y)): x[index] == y[index]
            case let (.float(x), .float(y)): x[index].bitPattern == y[index].bitPattern
            case let (.double(x), .double(y)): x[index].bitPattern == y[index].bitPattern
            default: false
            }
        }

        /// How many samples of the common length differ in their bits from `other`'s, plus the
        /// difference in length.
        package func differingBits(from other: Samples) -> Int {
            let common = min(count, other.count)
            return (0..<common).filter { !sameBits(at: $0, as: other) }.count + abs(count - other.count)
        }

        /// Whether sample `index` is exactly zero (+0 or −0).
        package func isZero(at index: Int) -> Bool {
            switch self {
            case let .int(values): values[index] == 0
            case let .float(values): values[index] == 0
            case let .double(values): values[index] == 0
            }
        }

        /// Sample `index` as a number with full scale at ±1.
        package func normalized(at index: Int) -> Double {
            switch self {
            case let .int(values): Double(values[index]) / 2_147_483_648
            case let .float(values): Double(values[index])
            case let .double(values): values[index]
            }
        }
    }

    /// The stored sample type of an encoding.
    package enum Kind: Sendable {
        case int, float, double

        package init(_ format: AudioFileFormat) {
            switch Int(format.code) & SF_FORMAT_SUBMASK {
            case SF_FORMAT_DOUBLE: self = .double
            case SF_FORMAT_FLOAT: self = .float
            default: self = .int
            }
        }
    }

    /// The significant bits of an integer PCM format (16 for anything else).
    package static func integerBits(_ format: AudioFileFormat) -> Int {
        switch Int(format.code) & SF_FORMAT_SUBMASK {
        case SF_FORMAT_PCM_S8, SF_FORMAT_PCM_U8: 8
        case SF_FORMAT_PCM_24: 24
        case SF_FORMAT_PCM_32: 32
        default: 16
        }
    }

    // MARK: - Material

    /// What a test file holds.
    package enum Material: String, Sendable, CaseIterable, CustomStringConvertible {
        /// Seeded white noise at about −32 dBFS plus one tone a channel at −12 dBFS peak: every
        /// bit of every sample varies, including the low bits of 32-bit and double samples.
        case ordinary
        /// Only the two extreme values the encoding stores (`Int16.min` / `Int16.max` and the
        /// like for integers, −1 / +1 for float and double), in runs of a few frames.
        case fullScale

        package var description: String { rawValue }
    }

    /// `frames × channels` samples of `material`, stored as `format` stores them.
    package static func samples(_ material: Material, format: AudioFileFormat, frames: Int, seed: UInt64 = 0xC0FFEE)
        -> Samples
    {
        let channels = format.channelCount
        let count = frames * channels
        switch material {
        case .ordinary:
            var random = SplitMix(seed: seed &+ UInt64(channels) &* 31 &+ UInt64(format.sampleRate))
            let values = (0..<count).map { index -> Double in
                let frame = index / channels, channel = index % channels
                let frequency = 220.0 * Double(channel + 1) + 17.3
                let tone = 0.251_188_643 * sin(2 * Double.pi * frequency * Double(frame) / Double(format.sampleRate))
                return tone + 0.025 * random.nextSigned()
            }
            switch Kind(format) {
            case .double: return .double(values)
            case .float: return .float(values.map { Float($0) })
            case .int:
                let bits = integerBits(format)
                let scale = Double(sign: .plus, exponent: bits - 1, significand: 1)
                return .int(
                    values.map { value in
                        let step = (value * scale).rounded()
                        return Int32(min(max(step, -scale), scale - 1)) << Int32(32 - bits)
                    })
            }
        case .fullScale:
            // Runs of 1 to 7 frames at one extreme, then the other; channels out of step.
            let positive = (0..<count).map { index in
                let frame = index / channels, channel = index % channels
                return ((frame + 3 * channel) / (1 + (frame + channel) % 7)) % 2 == 0
            }
            switch Kind(format) {
            case .double: return .double(positive.map { $0 ? 1.0 : -1.0 })
            case .float: return .float(positive.map { $0 ? 1.0 : -1.0 })
            case .int:
                let bits = integerBits(format)
                let maximum = Int32((Int64(1) << (bits - 1)) - 1) << Int32(32 - bits)
                return .int(positive.map { $0 ? maximum : Int32.min })
            }
        }
    }

    /// A SplitMix64 generator: the same sequence everywhere for a seed.
    package struct SplitMix {
        private var state: UInt64

        package init(seed: UInt64) { state = seed }

        package mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        /// A uniform value in [-1, 1).
        package mutating func nextSigned() -> Double {
            Double(next() >> 11) / Double(UInt64(1) << 52) - 1
        }
    }

    // MARK: - Writing and reading

    /// libsndfile's format code of `container` with `encoding` (`SF_FORMAT_*`).
    package static func format(_ container: Int, _ encoding: Int, rate: Int, channels: Int) -> AudioFileFormat {
        AudioFileFormat(code: Int32(container | encoding), sampleRate: rate, channelCount: channels)
    }

    /// Writes `samples` to `path` in `format` through ``AudioWriter``.
    package static func write(
        _ samples: Samples, to path: String, format: AudioFileFormat, metadata: AudioMetadata = AudioMetadata()
    ) throws {
        let writer = try AudioWriter(creating: path, for: path, format: format, metadata: metadata)
        let frames = samples.count / format.channelCount
        switch samples {
        case let .int(values):
            try values.withUnsafeBufferPointer { try writer.write(from: $0.baseAddress!, frames: frames) }
        case let .float(values):
            try values.withUnsafeBufferPointer { try writer.write(from: $0.baseAddress!, frames: frames) }
        case let .double(values):
            try values.withUnsafeBufferPointer { try writer.write(from: $0.baseAddress!, frames: frames) }
        }
        try writer.close()
    }

    /// What libsndfile reads from a file, raw.
    package struct Stored {
        /// `SF_INFO.format`: container | encoding.
        package var code: Int32
        package var sampleRate: Int
        package var channels: Int
        /// `SF_INFO.frames`, as the file declares it.
        package var declaredFrames: Int
        /// Every sample read, interleaved.
        package var samples: Samples
        /// The text fields libsndfile finds, by ``AudioMetadata`` name.
        package var strings: [String: String]

        package var container: Int32 { code & Int32(SF_FORMAT_TYPEMASK) }
        package var encoding: Int32 { code & Int32(SF_FORMAT_SUBMASK) }
        /// The number of whole frames read.
        package var frames: Int { samples.count / channels }
    }

    package struct OpenError: Error, CustomStringConvertible {
        package let description: String

        package init(description: String) { self.description = description }
    }

    /// Reads every sample of `path` with libsndfile in `kind` (by default the type the file's
    /// encoding stores), with no conversion of the stored bits.
    package static func read(_ path: String, as kind: Kind? = nil) throws -> Stored {
        var info = SF_INFO()
        guard let file = sf_open(path, Int32(SFM_READ), &info) else {
            throw OpenError(description: "sf_open('\(path)'): \(String(cString: sf_strerror(nil)))")
        }
        defer { sf_close(file) }
        let channels = Int(info.channels)
        let format = AudioFileFormat(code: info.format, sampleRate: Int(info.samplerate), channelCount: channels)
        let block = 4096
        func readAll<T: Numeric>(_ zero: T, _ readf: (UnsafeMutablePointer<T>, sf_count_t) -> sf_count_t) -> [T] {
            var all: [T] = []
            var buffer = [T](repeating: zero, count: block * channels)
            while true {
                let count = buffer.withUnsafeMutableBufferPointer { readf($0.baseAddress!, sf_count_t(block)) }
                if count <= 0 { break }
                all.append(contentsOf: buffer[0..<(Int(count) * channels)])
            }
            return all
        }
        let samples: Samples
        switch kind ?? Kind(format) {
        case .int: samples = .int(readAll(Int32(0)) { sf_readf_int(file, $0, $1) })
        case .float: samples = .float(readAll(Float(0)) { sf_readf_float(file, $0, $1) })
        case .double: samples = .double(readAll(Double(0)) { sf_readf_double(file, $0, $1) })
        }
        var strings: [String: String] = [:]
        for field in AudioMetadata.fields {
            if let value = sf_get_string(file, field.id) { strings[field.name] = String(cString: value) }
        }
        return Stored(
            code: info.format, sampleRate: Int(info.samplerate), channels: channels,
            declaredFrames: Int(info.frames), samples: samples, strings: strings)
    }

    /// Whether libsndfile accepts `format` for writing (`sf_format_check`).
    package static func canWrite(_ format: AudioFileFormat) -> Bool {
        var info = SF_INFO(
            frames: 0, samplerate: Int32(format.sampleRate), channels: Int32(format.channelCount),
            format: format.code, sections: 0, seekable: 0)
        return sf_format_check(&info) != 0
    }
}
