import CSndFile
import CensorTestFiles
import Foundation
import Testing

@testable import CensorKit

/// docs/ARCHITECTURE.md "Untouched means identical", end to end through `Censor.censorFile`: for every
/// lossless encoding censor keeps, every sample outside every report span's
/// `[fadeStartFrame, fadeEndFrame)` comes out with the input's exact bits, the file keeps its
/// length, format, rate and channels, and mute leaves digital zero in every core.
@Suite struct BitIdentityTests {
    /// One input file shape: container, encoding, channels, rate, the streaming block size, and
    /// the output's format (``StreamCensorTests`` changes it).
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let container: Int
        let encoding: Int
        let fileExtension: String
        let channels: Int
        let rate: Int
        let blockFrames: Int
        var output = OutputFormat()

        var testDescription: String { "\(name) \(channels) ch \(rate) Hz, blocks of \(blockFrames)" }

        var format: AudioFileFormat {
            AudioFiles.format(container, encoding, rate: rate, channels: channels)
        }

        /// About 1.25 s, an odd number of frames so that no block size divides it.
        var frames: Int { rate + rate / 4 + 37 }
    }

    /// Every encoding, with each channel count (1, 2, 6) and rate (8000, 22050, 44100, 48000,
    /// 96000) at least once, and block sizes that put span edges inside and across blocks.
    static let cases: [Case] = [
        Case(
            name: "WAV PCM 16", container: SF_FORMAT_WAV, encoding: SF_FORMAT_PCM_16, fileExtension: "wav",
            channels: 2, rate: 44_100, blockFrames: Censor.defaultBlockFrames),
        Case(
            name: "WAV PCM 24", container: SF_FORMAT_WAV, encoding: SF_FORMAT_PCM_24, fileExtension: "wav",
            channels: 6, rate: 48_000, blockFrames: 1_000),
        Case(
            name: "WAV PCM 32", container: SF_FORMAT_WAV, encoding: SF_FORMAT_PCM_32, fileExtension: "wav",
            channels: 1, rate: 96_000, blockFrames: Censor.defaultBlockFrames),
        Case(
            name: "WAV PCM U8", container: SF_FORMAT_WAV, encoding: SF_FORMAT_PCM_U8, fileExtension: "wav",
            channels: 1, rate: 8_000, blockFrames: 333),
        Case(
            name: "WAV float", container: SF_FORMAT_WAV, encoding: SF_FORMAT_FLOAT, fileExtension: "wav",
            channels: 2, rate: 22_050, blockFrames: 4_096),
        Case(
            name: "WAV double", container: SF_FORMAT_WAV, encoding: SF_FORMAT_DOUBLE, fileExtension: "wav",
            channels: 6, rate: 44_100, blockFrames: Censor.defaultBlockFrames),
        Case(
            name: "FLAC 16", container: SF_FORMAT_FLAC, encoding: SF_FORMAT_PCM_16, fileExtension: "flac",
            channels: 2, rate: 48_000, blockFrames: 777),
        Case(
            name: "FLAC 24", container: SF_FORMAT_FLAC, encoding: SF_FORMAT_PCM_24, fileExtension: "flac",
            channels: 1, rate: 96_000, blockFrames: Censor.defaultBlockFrames),
        Case(
            name: "AIFF 16", container: SF_FORMAT_AIFF, encoding: SF_FORMAT_PCM_16, fileExtension: "aiff",
            channels: 1, rate: 22_050, blockFrames: Censor.defaultBlockFrames),
        Case(
            name: "AIFF 24", container: SF_FORMAT_AIFF, encoding: SF_FORMAT_PCM_24, fileExtension: "aiff",
            channels: 2, rate: 8_000, blockFrames: 1_024),
        Case(
            name: "CAF float", container: SF_FORMAT_CAF, encoding: SF_FORMAT_FLOAT, fileExtension: "caf",
            channels: 6, rate: 48_000, blockFrames: Censor.defaultBlockFrames),
        Case(
            name: "CAF PCM 24", container: SF_FORMAT_CAF, encoding: SF_FORMAT_PCM_24, fileExtension: "caf",
            channels: 2, rate: 44_100, blockFrames: 2_000),
        Case(
            name: "W64 PCM 24", container: SF_FORMAT_W64, encoding: SF_FORMAT_PCM_24, fileExtension: "w64",
            channels: 2, rate: 96_000, blockFrames: 5_000),
        Case(
            name: "RF64 PCM 16", container: SF_FORMAT_RF64, encoding: SF_FORMAT_PCM_16, fileExtension: "rf64",
            channels: 6, rate: 22_050, blockFrames: Censor.defaultBlockFrames),
    ]

    /// Every mode, including a full-scale beep that would clip if anything overshot.
    static let modes: [CensorMode] = [
        .beep(Beep()), .beep(try! Beep(frequency: 440, level: .peak(dBFS: 0))), .duck(gainDB: -30), .mute,
    ]

    /// Matches at the very start, in the middle, two that merge, one across the first default
    /// block boundary (when the file is that long), one running past the end, one wholly after it.
    static func matches(frames: Int, rate: Int) -> [Match] {
        let duration = Double(frames) / Double(rate)
        var times: [(Double, Double)] = [
            (0, 0.04), (0.2137, 0.3011), (0.5, 0.55), (0.556, 0.61), (duration - 0.03, duration + 0.5),
            (duration + 1, duration + 1.2),
        ]
        let boundary = Double(Censor.defaultBlockFrames) / Double(rate)
        if boundary + 0.02 < duration - 0.1 { times.append((boundary - 0.013, boundary + 0.011)) }
        return times.enumerated().map { index, time in
            Match(
                wordIndices: index..<(index + 1), text: "word\(index)", pattern: "word\(index)",
                start: time.0, end: time.1)
        }
    }

    /// Writes the input, censors it into `out.<ext>` and reads both back raw.
    static func censor(
        _ testCase: Case, material: AudioFiles.Material, mode: CensorMode, in folder: AudioFiles.Folder
    ) throws -> (input: AudioFiles.Stored, output: AudioFiles.Stored, report: Report) {
        let name = UUID().uuidString
        let inputPath = folder.path("\(name).in.\(testCase.fileExtension)")
        let outputPath = folder.path("\(name).out.\(testCase.fileExtension)")
        let written = AudioFiles.samples(material, format: testCase.format, frames: testCase.frames)
        try AudioFiles.write(written, to: inputPath, format: testCase.format)
        let input = try AudioFiles.read(inputPath)
        // The material itself went to disk unchanged; otherwise the comparison below means little.
        #expect(input.samples == written, "the test file does not hold the generated material")
        let censor = try Censor(mode: mode, blockFrames: testCase.blockFrames)
        let report = try censor.censorFile(
            input: inputPath, output: outputPath,
            matches: matches(frames: testCase.frames, rate: testCase.rate), overwrite: false)
        let output = try AudioFiles.read(outputPath)
        return (input, output, report)
    }

    /// Whether each frame lies in some span's modified region `[fadeStartFrame, fadeEndFrame)`.
    static func modifiedMask(_ report: Report, frames: Int) -> [Bool] {
        var mask = [Bool](repeating: false, count: frames)
        for span in report.spans {
            for frame in max(0, span.fadeStartFrame)..<min(frames, span.fadeEndFrame) { mask[frame] = true }
        }
        return mask
    }

    @Test(
        "keeps every sample outside the modified regions bit-identical, and length, format, rate and channels",
        arguments: cases, AudioFiles.Material.allCases)
    func untouchedSamplesKeepTheirBits(_ testCase: Case, material: AudioFiles.Material) throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        for mode in Self.modes {
            let (input, output, report) = try Self.censor(testCase, material: material, mode: mode, in: folder)

            #expect(output.code == input.code, "\(mode.name): format 0x\(String(output.code, radix: 16))")
            #expect(output.sampleRate == testCase.rate)
            #expect(output.channels == testCase.channels)
            #expect(output.declaredFrames == testCase.frames)
            #expect(output.frames == testCase.frames)
            #expect(report.frames == testCase.frames)
            #expect(report.sampleRate == testCase.rate)
            #expect(report.channels == testCase.channels)
            #expect(report.mode == mode.name)

            // The two matches 6 ms apart merge; the one past the end is skipped, not censored.
            let expectedSpans = Self.matches(frames: testCase.frames, rate: testCase.rate).count - 2
            #expect(report.spans.count == expectedSpans, "\(mode.name)")
            #expect(report.skipped.map(\.text) == ["word5"], "\(mode.name)")
            for span in report.spans {
                #expect(0 <= span.fadeStartFrame && span.fadeStartFrame <= span.startFrame)
                #expect(span.startFrame < span.endFrame && span.endFrame <= span.fadeEndFrame)
                #expect(span.fadeEndFrame <= testCase.frames)
            }
            #expect(report.spans.first?.fadeStartFrame == 0)
            #expect(report.spans.last?.fadeEndFrame == testCase.frames)

            guard output.samples.count == input.samples.count else { continue }
            let mask = Self.modifiedMask(report, frames: testCase.frames)
            let channels = testCase.channels
            var changedOutside = 0
            var firstChanged: Int?
            var changedInside = 0
            for index in 0..<input.samples.count {
                let same = output.samples.sameBits(at: index, as: input.samples)
                if mask[index / channels] {
                    if !same { changedInside += 1 }
                } else if !same {
                    changedOutside += 1
                    if firstChanged == nil { firstChanged = index }
                }
            }
            #expect(
                changedOutside == 0,
                """
                \(mode.name): \(changedOutside) samples outside the spans changed; first at frame \
                \(firstChanged.map { $0 / channels } ?? -1) channel \(firstChanged.map { $0 % channels } ?? -1)
                """)
            // The censoring did happen: this test could not pass by copying the input.
            #expect(changedInside > 0, "\(mode.name): nothing inside the spans changed")
        }
    }

    @Test("mute leaves exactly zero in every core", arguments: cases, AudioFiles.Material.allCases)
    func muteZeroesTheCore(_ testCase: Case, material: AudioFiles.Material) throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let (input, output, report) = try Self.censor(testCase, material: material, mode: .mute, in: folder)
        try #require(output.samples.count == input.samples.count)
        let channels = testCase.channels
        var coreSamples = 0
        var nonZero = 0
        var nonZeroInput = 0
        for span in report.spans {
            for index in (span.startFrame * channels)..<(span.endFrame * channels) {
                coreSamples += 1
                if !output.samples.isZero(at: index) { nonZero += 1 }
                if !input.samples.isZero(at: index) { nonZeroInput += 1 }
            }
        }
        #expect(coreSamples > 0)
        #expect(nonZeroInput > coreSamples / 2, "the cores hold sound, so muting shows")
        #expect(nonZero == 0, "\(nonZero) of \(coreSamples) core samples are not zero")
    }

    @Test("a file with nothing to censor comes out identical in every sample", arguments: cases)
    func nothingMatchedCopiesEverySample(_ testCase: Case) throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let inputPath = folder.path("in.\(testCase.fileExtension)")
        let outputPath = folder.path("out.\(testCase.fileExtension)")
        try AudioFiles.write(
            AudioFiles.samples(.ordinary, format: testCase.format, frames: testCase.frames),
            to: inputPath, format: testCase.format)
        let report = try Censor(mode: .mute, blockFrames: testCase.blockFrames)
            .censorFile(input: inputPath, output: outputPath, matches: [])
        let input = try AudioFiles.read(inputPath)
        let output = try AudioFiles.read(outputPath)
        #expect(report.spans.isEmpty)
        #expect(output.code == input.code)
        #expect(output.samples.count == input.samples.count)
        #expect(output.samples.differingBits(from: input.samples) == 0)
    }

    @Test(
        "float and double files keep samples beyond full scale bit-identical",
        arguments: [
            Case(
                name: "WAV float", container: SF_FORMAT_WAV, encoding: SF_FORMAT_FLOAT, fileExtension: "wav",
                channels: 1, rate: 44_100, blockFrames: Censor.defaultBlockFrames),
            Case(
                name: "CAF float", container: SF_FORMAT_CAF, encoding: SF_FORMAT_FLOAT, fileExtension: "caf",
                channels: 2, rate: 48_000, blockFrames: 1_000),
            Case(
                name: "W64 double", container: SF_FORMAT_W64, encoding: SF_FORMAT_DOUBLE, fileExtension: "w64",
                channels: 2, rate: 22_050, blockFrames: Censor.defaultBlockFrames),
        ])
    func samplesBeyondFullScaleKeepTheirBits(_ testCase: Case) throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let inputPath = folder.path("in.\(testCase.fileExtension)")
        let outputPath = folder.path("out.\(testCase.fileExtension)")
        // ±1.5 and ±4, which float files may hold and which must not be clipped on the way through.
        let count = testCase.frames * testCase.channels
        let values = (0..<count).map { index in [1.5, -1.5, 4.0, -4.0, 0.75][index % 5] }
        let written: AudioFiles.Samples =
            AudioFiles.Kind(testCase.format) == .double
            ? .double(values) : .float(values.map { Float($0) })
        try AudioFiles.write(written, to: inputPath, format: testCase.format)
        let report = try Censor(mode: .duck(gainDB: -6), blockFrames: testCase.blockFrames).censorFile(
            input: inputPath, output: outputPath,
            matches: Self.matches(frames: testCase.frames, rate: testCase.rate))
        let input = try AudioFiles.read(inputPath)
        let output = try AudioFiles.read(outputPath)
        #expect(input.samples == written)
        try #require(output.samples.count == input.samples.count)
        let mask = Self.modifiedMask(report, frames: testCase.frames)
        let changed = (0..<count).filter {
            !mask[$0 / testCase.channels] && !output.samples.sameBits(at: $0, as: input.samples)
        }
        #expect(changed.count == 0, "first changed sample: \(changed.first ?? -1)")
    }
}
