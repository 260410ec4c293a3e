import CensorTestFiles
import CensorTestSignals
import Foundation
import Testing

@testable import CensorKit

/// What the direct AAC editor refuses, and what becomes of malformed packets: it never writes a
/// partial output, never lets a censored word through, and ``Censor/censorMedia(input:output:matches:options:format:replacingInput:into:progress:)``
/// re-encodes with a note instead.
@Suite struct AACFallbackTests {
    static let stereo = AACFiles.Encoding(rate: 44100, channels: 2, kbps: 128, container: "m4a")

    /// `body` with a scratch folder holding the tone encoded as `encoding` at `in.<container>`.
    static func withInput<T>(_ encoding: AACFiles.Encoding, _ body: (AudioFiles.Folder, String) throws -> T) throws -> T
    {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let input = folder.path("in.\(encoding.container)")
        try AACFiles.make(input, encoding)
        return try body(folder, input)
    }

    /// The reason `censorAAC` gives for not editing `input` into `output`, checking that it left
    /// nothing behind.
    static func refusal(_ input: String, output: String, mode: CensorMode = .mute, folder: AudioFiles.Folder) throws
        -> String?
    {
        let before = try folder.contents()
        let transaction = OutputTransaction(overwrite: false, protecting: [(input, .input)])
        defer { #expect((try? folder.contents()) == before, "a refused run left files") }
        do {
            _ = try Censor(mode: mode, options: AACDirectTests.options).censorAAC(
                input: input, output: output, matches: MP3DirectTests.matches(), into: transaction)
            try transaction.commit()
            return nil
        } catch let AACError.notDirect(path, reason) {
            #expect(path == input)
            return reason
        }
    }

    @Test(
        "a beep and another output container are refused before anything is written",
        arguments: [
            (CensorMode.beep(Beep()), "out.m4a", "a beep needs new audio"),
            (.mute, "out.mkv", "the output's container is not the input's"),
        ])
    func refused(mode: CensorMode, output: String, reason: String) throws {
        try Self.withInput(Self.stereo) { folder, input in
            let given = try Self.refusal(input, output: folder.path(output), mode: mode, folder: folder)
            #expect(given?.hasPrefix(reason) == true, "\(given ?? "accepted")")
        }
    }

    @Test(
        "channels laid out by a program config element are refused, for a duck as for a mute",
        arguments: [CensorMode.mute, .duck(gainDB: -20)])
    func programConfig(mode: CensorMode) throws {
        try Self.withInput(
            AACFiles.Encoding(rate: 44100, channels: 2, kbps: 128, container: "m4a", options: ["-aac_pce", "1"])
        ) {
            folder, input in
            let given = try Self.refusal(input, output: folder.path("out.m4a"), mode: mode, folder: folder)
            #expect(
                given == "its channels are laid out by a program config element (channel configuration 0)",
                "\(given ?? "accepted")")
        }
    }

    @Test("censoring in place is refused, the input left as it was")
    func inPlace() throws {
        try Self.withInput(Self.stereo) { folder, input in
            let before = try Data(contentsOf: URL(fileURLWithPath: input))
            let transaction = OutputTransaction(overwrite: true, protecting: [])
            #expect(
                throws: AACError.notDirect(path: input, reason: "it is censored in place, which marks it in its tags")
            ) {
                try Censor(mode: .mute, options: AACDirectTests.options).censorAAC(
                    input: input, output: input, matches: MP3DirectTests.matches(), replacingInput: true,
                    into: transaction)
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)
            #expect(try folder.contents() == ["in.m4a"])
        }
    }

    @Test("an AudioSpecificConfig of HE-AAC (object type 5) or AAC-LD (23) is refused", arguments: [5, 23])
    func objectTypes(type: UInt8) throws {
        try Self.withInput(Self.stereo) { folder, input in
            var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: input)))
            // The DecoderSpecificInfo (tag 5, its length in ffmpeg's 4-byte form) holds the config,
            // its 5-bit object type first.
            let esds = try #require((0..<(bytes.count - 4)).first { bytes[$0..<($0 + 4)].elementsEqual("esds".utf8) })
            let info = try #require((esds..<(esds + 64)).first { bytes[$0..<($0 + 4)] == [5, 0x80, 0x80, 0x80] }) + 5
            #expect(bytes[info] >> 3 == 2)
            bytes[info] = bytes[info] & 0x07 | type << 3
            try Data(bytes).write(to: URL(fileURLWithPath: input))
            let reason = try Self.refusal(input, output: folder.path("out.m4a"), folder: folder)
            #expect(reason == (type == 5 ? "it is HE-AAC (SBR)" : "it is AAC-LD or AAC-ELD"))
        }
    }

    @Test("an ADTS file cut inside a frame, or with bytes that are no frame, is refused")
    func brokenADTS() throws {
        try Self.withInput(AACFiles.Encoding(rate: 48000, channels: 1, kbps: 96, container: "aac")) { folder, input in
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: input)))
            try Data(bytes.dropLast(5)).write(to: URL(fileURLWithPath: input))
            let cut = try Self.refusal(input, output: folder.path("out.aac"), folder: folder)
            #expect(
                cut?.hasPrefix("the ADTS frame at byte ") == true && cut?.hasSuffix(" is cut short") == true,
                "\(cut ?? "")")
            try Data(bytes + [0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48]).write(to: URL(fileURLWithPath: input))
            #expect(
                try Self.refusal(input, output: folder.path("out.aac"), folder: folder)
                    == "byte \(bytes.count) is not the start of an ADTS frame")
        }
    }

    @Test(
        "packets under a span that are garbage are muted all the same, and in a duck too, with a warning",
        arguments: [CensorMode.mute, .duck(gainDB: -20)])
    func garbagePackets(mode: CensorMode) throws {
        try Self.withInput(AACFiles.Encoding(rate: 44100, channels: 1, kbps: 96, container: "aac")) { folder, input in
            var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: input)))
            let stream = try AACStream.adts(path: input)
            // The packets wholly inside the first word (0.6123 s + 0.25 s) become random bytes.
            var generator = Signals.Random(seed: 7)
            let first = Int(0.65 * 44100 / 1024) + 1, last = Int(0.85 * 44100 / 1024)
            for packet in stream.packets[first...last] {
                for index in packet { bytes[index] = UInt8.random(in: 0...255, using: &generator) }
            }
            try Data(bytes).write(to: URL(fileURLWithPath: input))
            let output = folder.path("out.aac")
            let transaction = OutputTransaction(overwrite: false, protecting: [(input, .input)])
            let report = try Censor(mode: mode, options: AACDirectTests.options).censorAAC(
                input: input, output: output, matches: MP3DirectTests.matches(), into: transaction)
            try transaction.commit()
            // Random bytes never read whole to an ID_END in their last byte, so a duck mutes them;
            // the decoder rejects some of them in the input.
            let censored = try AACFiles.decode(output, channels: 1, allowingErrors: true)
            let core = report.spans[0].startFrame..<report.spans[0].endFrame
            let garbage = (first * 1024)..<((last + 1) * 1024)
            #expect(core.contains(garbage.lowerBound) && core.contains(garbage.upperBound - 1))
            #expect(censored[0][(garbage.lowerBound + 1024)..<(garbage.upperBound - 1024)].allSatisfy { $0 == 0 })
            if case .duck = mode {
                #expect(
                    report.warnings.count == 1 && report.warnings[0].contains("were muted instead"),
                    "\(report.warnings)")
            }
        }
    }

    @Test(
        "a Matroska file with one audio stream is muted directly; with two audio streams or a subtitle stream, re-encoded"
    )
    func matroskaStreams() throws {
        try Self.withInput(AACFiles.Encoding(rate: 48000, channels: 2, kbps: 128, container: "mka")) { folder, input in
            let subtitles = folder.path("cues.srt")
            try Data("1\n00:00:00,500 --> 00:00:01,500\nhello\n".utf8).write(to: URL(fileURLWithPath: subtitles))
            let two = folder.path("two.mka"), titled = folder.path("titled.mkv")
            try MP3Files.run("ffmpeg", ["-v", "error", "-i", input, "-map", "0:a", "-map", "0:a", "-c", "copy", two])
            try MP3Files.run(
                "ffmpeg",
                [
                    "-v", "error", "-i", input, "-i", subtitles, "-map", "0", "-map", "1", "-c:a", "copy",
                    "-c:s", "srt", titled,
                ])
            let censor = try Censor(mode: .mute, options: AACDirectTests.options)
            let direct = try censor.censorMedia(
                input: input, output: folder.path("out.mka"), matches: MP3DirectTests.matches())
            #expect(direct.direct?.codec == "aac" && direct.direct?.editedPackets ?? 0 > 0 && direct.warnings.isEmpty)
            for (file, output) in [(two, "out2.mka"), (titled, "out3.mkv")] {
                let report = try censor.censorMedia(
                    input: file, output: folder.path(output), matches: MP3DirectTests.matches())
                #expect(report.direct == nil, "\(file)")
            }
        }
    }

    @Test("censorMedia re-encodes what the direct editor refuses, and says why; it ducks stereo directly")
    func mediaFallsBack() throws {
        try Self.withInput(Self.stereo) { folder, input in
            let output = folder.path("out.m4a")
            let report = try Censor(mode: .beep(Beep()), options: AACDirectTests.options).censorMedia(
                input: input, output: output, matches: MP3DirectTests.matches())
            #expect(report.direct == nil)
            #expect(
                report.warnings.contains {
                    $0.hasPrefix("'\(input)' was decoded and re-encoded, since a beep needs new audio")
                },
                "\(report.warnings)")
            let ducked = try Censor(mode: .duck(gainDB: -20), options: AACDirectTests.options).censorMedia(
                input: input, output: folder.path("ducked.m4a"), matches: MP3DirectTests.matches())
            #expect(
                ducked.direct?.codec == "aac" && ducked.direct?.editedPackets ?? 0 > 0 && ducked.warnings.isEmpty,
                "\(ducked.warnings)")
            let direct = try Censor(mode: .mute, options: AACDirectTests.options).censorMedia(
                input: input, output: folder.path("direct.m4a"), matches: MP3DirectTests.matches())
            #expect(direct.direct?.codec == "aac" && direct.warnings.isEmpty)
            var options = MediaOptions()
            options.direct = false
            let forced = try Censor(mode: .mute, options: AACDirectTests.options).censorMedia(
                input: input, output: folder.path("forced.m4a"), matches: MP3DirectTests.matches(), options: options)
            #expect(forced.direct == nil && forced.warnings.isEmpty)
        }
    }

    @Test(
        "a silent block reads back as the element and window it was made with, and fills its length exactly",
        arguments: [(1, 0, 6), (2, 2, 7), (2, 1, 300), (6, 3, 40), (1, 2, 1000)])
    func silentBlockRoundTrip(configuration: Int, sequence: Int, length: Int) throws {
        let elements = try #require(AACSilentBlock.elements(channelConfiguration: configuration))
        let window = AACRawBlock.Window(sequence: sequence, shape: 1, grouping: sequence == 2 ? 0b101_1010 : 0)
        let block = try #require(AACSilentBlock.make(length: length, elements: elements, firstTag: 3, window: window))
        #expect(block.count == length)
        let read = try AACRawBlock(block, range: 0..<block.count)
        #expect(read.element == elements[0] && read.tag == 3 && read.window == window)
        // A stereo frame's two channel streams do not fit in 5 bytes.
        #expect(AACSilentBlock.make(length: 5, elements: [.channelPair]) == nil)
    }

    @Test("random bytes never crash the ADTS walker, the block readers or the editor")
    func randomBytes() throws {
        var generator = Signals.Random(seed: 11)
        let elements = try #require(AACSilentBlock.elements(channelConfiguration: 2))
        for trial in 0..<2000 {
            var bytes = (0..<Int.random(in: 0...64, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            if trial % 2 == 0, bytes.count >= 7 { bytes[0] = 0xFF; bytes[1] = 0xF1 }
            _ = try? bytes.withUnsafeBytes { try AACStream.adts($0) }
            _ = try? AACRawBlock(bytes, range: 0..<bytes.count)
            _ = try? AACBlockLayout(bytes, range: 0..<bytes.count, sampleRate: 44100)
            if let silent = AACSilentBlock.make(length: bytes.count, elements: elements) {
                #expect(silent.count == bytes.count)
            }
        }
    }
}
