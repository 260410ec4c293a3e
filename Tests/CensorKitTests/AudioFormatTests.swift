import CSndFile
import CensorTestFiles
import Foundation
import Testing

@testable import CensorAudio
@testable import CensorKit

/// Format carry-over through `Censor.censorFile`: the output's extension picks the container, a
/// lossless encoding is kept where the container takes it, metadata travels with the audio, and an
/// output censor cannot write is refused with an error naming the file.
@Suite struct AudioFormatTests {
    /// One conversion: the input's encoding, the output's extension, and what must come out.
    struct Conversion: Sendable, CustomTestStringConvertible {
        let name: String
        let inputContainer: Int
        let inputEncoding: Int
        let channels: Int
        let rate: Int
        let outputExtension: String
        let expectedContainer: Int
        let expectedEncoding: Int
        /// Whether the stored samples outside the spans must keep their exact bits.
        let keepsBits: Bool

        var testDescription: String { name }

        var inputFormat: AudioFileFormat {
            AudioFiles.format(inputContainer, inputEncoding, rate: rate, channels: channels)
        }
    }

    static let conversions: [Conversion] = [
        Conversion(
            name: "WAV 16 → .flac is FLAC 16", inputContainer: SF_FORMAT_WAV, inputEncoding: SF_FORMAT_PCM_16,
            channels: 2, rate: 44_100, outputExtension: "flac",
            expectedContainer: SF_FORMAT_FLAC, expectedEncoding: SF_FORMAT_PCM_16, keepsBits: true),
        Conversion(
            name: "WAV 24 → .flac is FLAC 24", inputContainer: SF_FORMAT_WAV, inputEncoding: SF_FORMAT_PCM_24,
            channels: 1, rate: 48_000, outputExtension: "flac",
            expectedContainer: SF_FORMAT_FLAC, expectedEncoding: SF_FORMAT_PCM_24, keepsBits: true),
        Conversion(
            name: "WAV float → .flac falls to PCM 24", inputContainer: SF_FORMAT_WAV,
            inputEncoding: SF_FORMAT_FLOAT, channels: 2, rate: 48_000, outputExtension: "flac",
            expectedContainer: SF_FORMAT_FLAC, expectedEncoding: SF_FORMAT_PCM_24, keepsBits: false),
        Conversion(
            name: "FLAC 24 → .wav is WAV 24", inputContainer: SF_FORMAT_FLAC, inputEncoding: SF_FORMAT_PCM_24,
            channels: 2, rate: 96_000, outputExtension: "wav",
            expectedContainer: SF_FORMAT_WAV, expectedEncoding: SF_FORMAT_PCM_24, keepsBits: true),
        Conversion(
            name: "WAV 16 → .AIFF (any case) is AIFF 16", inputContainer: SF_FORMAT_WAV,
            inputEncoding: SF_FORMAT_PCM_16, channels: 1, rate: 22_050, outputExtension: "AIFF",
            expectedContainer: SF_FORMAT_AIFF, expectedEncoding: SF_FORMAT_PCM_16, keepsBits: true),
        Conversion(
            name: "WAV double → .caf is CAF double", inputContainer: SF_FORMAT_WAV,
            inputEncoding: SF_FORMAT_DOUBLE, channels: 2, rate: 44_100, outputExtension: "caf",
            expectedContainer: SF_FORMAT_CAF, expectedEncoding: SF_FORMAT_DOUBLE, keepsBits: true),
        Conversion(
            name: "AIFF 24 → .w64 is W64 24", inputContainer: SF_FORMAT_AIFF, inputEncoding: SF_FORMAT_PCM_24,
            channels: 6, rate: 48_000, outputExtension: "w64",
            expectedContainer: SF_FORMAT_W64, expectedEncoding: SF_FORMAT_PCM_24, keepsBits: true),
        // The input is `in.input`: its own extension, unknown to censor, keeps its container.
        Conversion(
            name: "WAV 16 → the input's unknown extension keeps WAV 16", inputContainer: SF_FORMAT_WAV,
            inputEncoding: SF_FORMAT_PCM_16, channels: 2, rate: 8_000, outputExtension: "input",
            expectedContainer: SF_FORMAT_WAV, expectedEncoding: SF_FORMAT_PCM_16, keepsBits: true),
        Conversion(
            name: "WAV 16 → .ogg is Ogg Vorbis", inputContainer: SF_FORMAT_WAV, inputEncoding: SF_FORMAT_PCM_16,
            channels: 2, rate: 44_100, outputExtension: "ogg",
            expectedContainer: SF_FORMAT_OGG, expectedEncoding: SF_FORMAT_VORBIS, keepsBits: false),
        Conversion(
            name: "WAV float → .oga is Ogg Vorbis", inputContainer: SF_FORMAT_WAV, inputEncoding: SF_FORMAT_FLOAT,
            channels: 1, rate: 22_050, outputExtension: "oga",
            expectedContainer: SF_FORMAT_OGG, expectedEncoding: SF_FORMAT_VORBIS, keepsBits: false),
    ]

    static let matches = [
        Match(wordIndices: 0..<1, text: "damn", pattern: "damn", start: 0.2, end: 0.35),
        Match(wordIndices: 3..<4, text: "hell", pattern: "hell", start: 0.61, end: 0.7),
    ]

    /// A second of ordinary material in `format`, written to `path`.
    static func writeInput(_ path: String, format: AudioFileFormat, metadata: AudioMetadata = AudioMetadata())
        throws -> AudioFiles.Samples
    {
        let samples = AudioFiles.samples(.ordinary, format: format, frames: format.sampleRate + 11)
        try AudioFiles.write(samples, to: path, format: format, metadata: metadata)
        return samples
    }

    @Test("a format's container and encoding are named as libsndfile names them, not by their codes")
    func names() {
        let flac = AudioFiles.format(SF_FORMAT_FLAC, SF_FORMAT_PCM_16, rate: 44_100, channels: 2)
        #expect(flac.containerName == "FLAC (Free Lossless Audio Codec)")
        #expect(flac.encodingName == "Signed 16 bit PCM")
        let wav = AudioFiles.format(SF_FORMAT_WAV, SF_FORMAT_FLOAT, rate: 8_000, channels: 1)
        #expect(wav.containerName == "WAV (Microsoft)")
        #expect(wav.encodingName == "32 bit float")
    }

    @Test("frames lie in place in PCM, µ-law, float and double files, not in FLAC, Vorbis or IMA ADPCM ones")
    func framesInPlace() {
        func format(_ container: Int, _ encoding: Int) -> AudioFileFormat {
            AudioFiles.format(container, encoding, rate: 8000, channels: 1)
        }
        for encoding in [
            SF_FORMAT_PCM_U8, SF_FORMAT_PCM_16, SF_FORMAT_PCM_24, SF_FORMAT_PCM_32, SF_FORMAT_ULAW, SF_FORMAT_FLOAT,
            SF_FORMAT_DOUBLE,
        ] {
            #expect(format(SF_FORMAT_WAV, encoding).storesFramesInPlace)
        }
        #expect(format(SF_FORMAT_AIFF, SF_FORMAT_PCM_S8).storesFramesInPlace)
        #expect(!format(SF_FORMAT_FLAC, SF_FORMAT_PCM_16).storesFramesInPlace)
        #expect(!format(SF_FORMAT_OGG, SF_FORMAT_VORBIS).storesFramesInPlace)
        #expect(!format(SF_FORMAT_WAV, SF_FORMAT_IMA_ADPCM).storesFramesInPlace)
    }

    @Test("an output extension no writer handles, other than the input's, is refused; nothing is written")
    func unknownExtensionIsRefused() throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let format = AudioFiles.format(SF_FORMAT_FLAC, SF_FORMAT_PCM_16, rate: 22_050, channels: 1)
        _ = try Self.writeInput(folder.path("in.flac"), format: format)
        #expect(
            throws: MediaError.unknownOutput(
                path: folder.path("out.m4x"),
                choices: OutputName.extensions
                    .map { "." + $0 }.joined(separator: " "))
        ) {
            try Censor(mode: .mute).censorFile(
                input: folder.path("in.flac"), output: folder.path("out.m4x"),
                matches: Self.matches)
        }
        #expect(try folder.contents() == ["in.flac"])
    }

    @Test("the output's extension picks the container; lossless encodings are kept", arguments: conversions)
    func extensionPicksTheContainer(_ conversion: Conversion) throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let inputPath = folder.path("in.input")  // an unknown extension: libsndfile reads by content
        let outputPath = folder.path("out.\(conversion.outputExtension)")
        let format = conversion.inputFormat
        _ = try Self.writeInput(inputPath, format: format)
        let report = try Censor(mode: .mute).censorFile(input: inputPath, output: outputPath, matches: Self.matches)
        let input = try AudioFiles.read(inputPath)
        #expect(input.code == format.code)

        let output = try AudioFiles.read(outputPath)
        #expect(
            output.container == Int32(conversion.expectedContainer),
            "container 0x\(String(output.container, radix: 16))")
        #expect(
            output.encoding == Int32(conversion.expectedEncoding),
            "encoding 0x\(String(output.encoding, radix: 16))")
        #expect(output.sampleRate == conversion.rate)
        #expect(output.channels == conversion.channels)
        #expect(output.frames == input.frames)
        #expect(report.spans.count == 2)
        #expect(try folder.contents() == ["in.input", "out.\(conversion.outputExtension)"])

        guard conversion.keepsBits, output.frames == input.frames else { return }
        let mask = BitIdentityTests.modifiedMask(report, frames: input.frames)
        let changed = (0..<input.samples.count).filter {
            !mask[$0 / conversion.channels] && !output.samples.sameBits(at: $0, as: input.samples)
        }
        #expect(changed.isEmpty, "\(changed.count) untouched samples changed; first \(changed.first ?? -1)")
    }

    @Test("float WAV → FLAC keeps untouched samples to the nearest 24-bit step")
    func floatToFLACRoundsToTwentyFourBits() throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let format = AudioFiles.format(SF_FORMAT_WAV, SF_FORMAT_FLOAT, rate: 48_000, channels: 2)
        let inputPath = folder.path("in.wav"), outputPath = folder.path("out.flac")
        let written = try Self.writeInput(inputPath, format: format)
        let report = try Censor(mode: .mute).censorFile(input: inputPath, output: outputPath, matches: Self.matches)
        let output = try AudioFiles.read(outputPath, as: .int)
        try #require(output.samples.count == written.count)
        let mask = BitIdentityTests.modifiedMask(report, frames: output.frames)
        var worst = 0.0
        for index in 0..<written.count where !mask[index / 2] {
            let step = abs(output.samples.normalized(at: index) - written.normalized(at: index)) * 8_388_608
            worst = max(worst, step)
        }
        // Half a step of quantization; libsndfile before 1.1 scaled float writes by 2^23 − 1, up to one step more.
        #expect(worst <= 1.5, "untouched samples moved by up to \(worst) 24-bit steps")
        #expect(worst > 0, "the float material has bits below 24-bit resolution")
    }

    @Test("WAV → .mp3 writes MPEG layer III when libsndfile can")
    func wavToMP3() throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let format = AudioFiles.format(SF_FORMAT_WAV, SF_FORMAT_PCM_16, rate: 44_100, channels: 2)
        let inputPath = folder.path("in.wav"), outputPath = folder.path("out.mp3")
        _ = try Self.writeInput(inputPath, format: format)
        let mp3 = AudioFiles.format(SF_FORMAT_MPEG, SF_FORMAT_MPEG_LAYER_III, rate: 44_100, channels: 2)
        let censor = try Censor(mode: .beep(Beep()))
        guard AudioFiles.canWrite(mp3) else {
            // This libsndfile has no MP3 encoder: the output is refused, naming the file.
            #expect(throws: AudioError.self) {
                try censor.censorFile(input: inputPath, output: outputPath, matches: Self.matches)
            }
            #expect(!FileManager.default.fileExists(atPath: outputPath))
            return
        }
        let report = try censor.censorFile(input: inputPath, output: outputPath, matches: Self.matches)
        let output = try AudioFiles.read(outputPath, as: .float)
        #expect(output.container == Int32(SF_FORMAT_MPEG))
        #expect(output.encoding == Int32(SF_FORMAT_MPEG_LAYER_III))
        #expect(output.sampleRate == 44_100)
        #expect(output.channels == 2)
        #expect(report.frames == format.sampleRate + 11)
        // MP3 frames pad the end; the audio itself is all there.
        #expect(output.frames >= report.frames)
    }

    /// Where metadata goes: the containers whose libsndfile support stores these four strings.
    @Test(
        "title, artist, comment and date travel from input to output",
        arguments: [("wav", "wav"), ("wav", "flac"), ("flac", "wav"), ("wav", "ogg"), ("flac", "flac")])
    func metadataTravels(_ inputExtension: String, _ outputExtension: String) throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let container = inputExtension == "flac" ? SF_FORMAT_FLAC : SF_FORMAT_WAV
        let format = AudioFiles.format(container, SF_FORMAT_PCM_16, rate: 44_100, channels: 2)
        let strings = [
            "title": "Episode 12: Keys", "artist": "Ana Müller", "comment": "clean edit, take 3",
            "date": "2024-05-17",
        ]
        let inputPath = folder.path("in.\(inputExtension)"), outputPath = folder.path("out.\(outputExtension)")
        _ = try Self.writeInput(inputPath, format: format, metadata: AudioMetadata(strings: strings))
        let input = try AudioFiles.read(inputPath)
        for (name, value) in strings {
            try #require(input.strings[name] == value, "the test input lacks its \(name)")
        }
        _ = try Censor(mode: .duck(gainDB: -20)).censorFile(input: inputPath, output: outputPath, matches: Self.matches)
        let output = try AudioFiles.read(outputPath)
        for (name, value) in strings.sorted(by: { $0.key < $1.key }) {
            #expect(output.strings[name] == value, "\(name)")
        }
    }

    @Test(
        "an output censor cannot write is refused with an AudioError naming it, and nothing is left",
        arguments: [
            // MP3 holds one or two channels.
            (6, 48_000, "mp3"),
            // FLAC holds at most 8 channels.
            (10, 48_000, "flac"),
        ])
    func unsupportedOutputIsRefused(channels: Int, rate: Int, ext: String) throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let format = AudioFiles.format(SF_FORMAT_WAV, SF_FORMAT_PCM_16, rate: rate, channels: channels)
        let inputPath = folder.path("in.wav"), outputPath = folder.path("out.\(ext)")
        try AudioFiles.write(
            AudioFiles.samples(.ordinary, format: format, frames: 4_000), to: inputPath, format: format)
        let before = try Data(contentsOf: URL(fileURLWithPath: inputPath))

        let error = #expect(throws: AudioError.self) {
            try Censor(mode: .mute).censorFile(input: inputPath, output: outputPath, matches: Self.matches)
        }
        if let error {
            // Named as the user wrote it, not as the hidden temporary file it was written to.
            #expect(error.description.contains("'\(outputPath)'"), "\(error)")
            #expect(!error.description.contains(".tmp"), "\(error)")
            switch error {
            case let .unsupportedOutput(path, _), let .cannotCreate(path, _): #expect(path == outputPath)
            default: Issue.record("expected an unsupported or uncreatable output, got \(error)")
            }
        }
        #expect(try folder.contents() == ["in.wav"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: inputPath)) == before)
    }
}
