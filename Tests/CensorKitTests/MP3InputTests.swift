import CensorTestFiles
import Foundation
import Testing

@testable import CensorKit

/// Bad and unusual MP3 input for direct censoring: corrupt frames, lost sync, truncation,
/// mixed sample rates, free format, and files that are not MP3 at all under an `.mp3` name.
@Suite struct MP3InputTests {
    static let cbr = MP3Files.Encoding(rate: 44100, channels: 1, options: ["-b:a", "128k"])
    static let word = Match(wordIndices: 0..<1, text: "damn", pattern: "damn", start: 1.2, end: 1.5)

    /// Makes an MP3, lets `damage` change its bytes, censors it (mute) and returns the input,
    /// the output, the report and the frames of the undamaged file.
    static func censorDamaged(_ damage: (inout [UInt8], [MP3Files.Frame]) -> Void) throws
        -> (input: [UInt8], output: [UInt8], report: Report, frames: [MP3Files.Frame], decoded: [Float])
    {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let input = folder.path("in.mp3"), output = folder.path("out.mp3")
        try MP3Files.make(input, cbr)
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: input)))
        let frames = MP3Files.frames(bytes)
        damage(&bytes, frames)
        try Data(bytes).write(to: URL(fileURLWithPath: input))
        let report = try Censor(mode: .mute, options: try PlanOptions(refine: false))
            .censorMP3(input: input, output: output, matches: [word])
        return (
            bytes, Array(try Data(contentsOf: URL(fileURLWithPath: output))), report, frames,
            try MP3Files.decode(output, channels: 1)[0]
        )
    }

    /// Bytes that differ between two equally long files, as offsets.
    static func differences(_ a: [UInt8], _ b: [UInt8]) -> [Int] {
        zip(a, b).enumerated().compactMap { $0.element.0 != $0.element.1 ? $0.offset : nil }
    }

    /// Decoders disagree on the audio after a corrupt frame (here ffmpeg drops 8064 samples,
    /// mpg123 1536), so the damage lies after the word, and the warning names it.
    @Test("a corrupt frame is stepped over with a warning naming its byte; the rest is censored and copied")
    func corruptFrame() throws {
        var at = 0
        let result = try Self.censorDamaged { bytes, frames in
            at = frames[100].offset
            for index in at..<(at + 200) { bytes[index] = 0 }
        }
        #expect(result.output.count == result.input.count)
        // The damage took one frame: the Info header's count no longer matches, which is said too.
        #expect(result.report.warnings.count == 2)
        #expect(
            result.report.warnings.last?.hasSuffix(
                "header counts \(result.frames.count - 1) frames but "
                    + "\(result.frames.count - 2) were found (files joined end to end, or damage); the report's frames follow "
                    + "the frames found") == true)
        #expect(result.report.frames == (result.frames.count - 2) * 1152 - 1105)
        #expect(result.report.warnings.first?.contains("bytes at byte \(at) are not MP3 frames") == true)
        #expect(
            result.report.warnings.first?.contains("spans after it are widened to where either decodes their words")
                == true)
        // Only side information of frames before the damage changed; the damage itself is copied.
        let changed = Self.differences(result.input, result.output)
        #expect(!changed.isEmpty && changed.allSatisfy { $0 < at })
        let span = try #require(result.report.spans.first)
        #expect(MP3Files.peakDBFS(result.decoded[span.startFrame..<span.endFrame]) < -90)
    }

    @Test("junk between frames (lost sync) is stepped over with a warning giving its length and place")
    func lostSync() throws {
        var place = 0
        let result = try Self.censorDamaged { bytes, frames in
            place = frames[100].offset
            bytes.insert(contentsOf: (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }, at: place)
        }
        #expect(result.report.warnings.count == 1)
        #expect(
            result.report.warnings.first?.hasPrefix(
                "'\(result.report.input)': 1000 bytes at byte \(place) are not MP3 "
                    + "frames (lost sync or a corrupt frame); copied as they are") == true)
        #expect(Array(result.output[place..<(place + 1000)]) == Array(result.input[place..<(place + 1000)]))
        let span = try #require(result.report.spans.first)
        #expect(MP3Files.peakDBFS(result.decoded[span.startFrame..<span.endFrame]) < -90)
    }

    @Test("a file cut inside its last frame is censored with a warning; the partial frame is copied")
    func truncated() throws {
        var cut = 0
        let result = try Self.censorDamaged { bytes, frames in
            cut = frames[frames.count - 3].offset + 100
            bytes.removeSubrange(cut...)
        }
        #expect(result.output.count == cut)
        #expect(
            result.report.warnings.contains {
                $0.contains("is truncated: its last frame") && $0.contains("holds 100 of its")
            })
        #expect(Array(result.output[(cut - 100)...]) == Array(result.input[(cut - 100)...]))
    }

    @Test("an MP3 whose stream changes sample rate is refused, naming the byte and both rates; no output")
    func mixedRates() throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let first = folder.path("a.mp3"), second = folder.path("b.mp3"), input = folder.path("in.mp3"),
            output = folder.path("out.mp3")
        try MP3Files.make(first, Self.cbr)
        try MP3Files.make(second, .init(rate: 48000, channels: 1, options: ["-b:a", "128k"]))
        let head = try Data(contentsOf: URL(fileURLWithPath: first))
        try (head + (try Data(contentsOf: URL(fileURLWithPath: second)))).write(to: URL(fileURLWithPath: input))
        // The second file's ID3v2 tag sits between the streams: it is stepped over, then its frames refused.
        let secondFrames = MP3Files.frames(Array(try Data(contentsOf: URL(fileURLWithPath: second))))
        #expect(
            throws: MP3Error.mixedSampleRates(
                path: input, offset: head.count + secondFrames[0].offset,
                rate: 48000, expected: 44100)
        ) {
            try Censor(mode: .mute).censorMP3(input: input, output: output, matches: [Self.word])
        }
        #expect(try folder.contents() == ["a.mp3", "b.mp3", "in.mp3"])
    }

    @Test(
        "AAC in MPEG-4 or ADTS, named .mp3, is refused with what it is",
        arguments: [("mp4", "it is an MPEG-4 file (M4A, MP4 or AAC)"), ("adts", "it holds AAC audio (ADTS frames)")])
    func notMP3(container: String, found: String) throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let input = folder.path("in.mp3")
        try MP3Files.run(
            "ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "sine=d=1", "-c:a", "aac", "-f", container, input])
        let error = try #require(throws: MP3Error.self) {
            try Censor(mode: .mute).censorMP3(input: input, output: folder.path("out.mp3"), matches: [Self.word])
        }
        guard case let .notMP3(path, message) = error else { throw error }
        #expect(path == input && message.hasPrefix(found))
        #expect(error.description.hasSuffix("expected MPEG audio Layer III frames"))
        #expect(try folder.contents() == ["in.mp3"])
    }

    @Test("free format (bitrate index 0) and text are refused with clear errors")
    func freeFormatAndText() throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let free = folder.path("free.mp3"), text = folder.path("text.mp3")
        try Data([0xFF, 0xFB, 0x00, 0x44] + [UInt8](repeating: 0, count: 2000)).write(to: URL(fileURLWithPath: free))
        try Data("just some words\n".utf8).write(to: URL(fileURLWithPath: text))
        #expect(throws: MP3Error.freeFormat(path: free, offset: 0)) {
            try Censor(mode: .mute).censorMP3(input: free, output: folder.path("out.mp3"), matches: [Self.word])
        }
        #expect(throws: MP3Error.notMP3(path: text, found: "no MPEG audio frame was found in it")) {
            try Censor(mode: .mute).censorMP3(input: text, output: folder.path("out.mp3"), matches: [Self.word])
        }
    }

    @Test("trailing tags: Lyrics3 v2 before ID3v1 is found; a size that is not six digits is no tag")
    func lyrics3() {
        let frames = [UInt8](repeating: 0x55, count: 1000)
        let body = Array("LYRICSBEGININD0000210EAL00005words".utf8)
        let lyrics = body + Array(String(format: "%06d", body.count).utf8) + Array("LYRICS200".utf8)
        let bytes = frames + lyrics + Array("TAG".utf8) + [UInt8](repeating: 0, count: 125)
        let tags = MP3Tags(size: bytes.count) { Array(bytes[$0..<min(bytes.count, $0 + $1)]) }
        #expect(tags.trailingLength == lyrics.count + 128 && tags.names == ["Lyrics3", "ID3v1"])
        let bogus = frames + Array("-00020LYRICS200".utf8)
        let none = MP3Tags(size: bogus.count) { Array(bogus[$0..<min(bogus.count, $0 + $1)]) }
        #expect(none.trailingLength == 0 && none.names.isEmpty)
    }

    @Test(
        "frame headers decode to the tables' values",
        arguments: [
            (UInt32(0xFFFB_9064), MP3FrameHeader.Version.mpeg1, 128_000, 44100, 2, 417, 32),
            (UInt32(0xFFFB_A4C4), .mpeg1, 160_000, 48000, 1, 480, 17),
            (UInt32(0xFFF3_8064), .mpeg2, 64000, 22050, 2, 208, 17),
            (UInt32(0xFFE3_18C4), .mpeg25, 8000, 8000, 1, 72, 9),
        ])
    func headers(
        bits: UInt32, version: MP3FrameHeader.Version, bitrate: Int, rate: Int, channels: Int, length: Int,
        side: Int
    ) throws {
        let header = try #require(MP3FrameHeader(bits))
        #expect(header.version == version && header.bitrate == bitrate && header.sampleRate == rate)
        #expect(header.channelCount == channels && header.frameLength == length && header.sideInfoLength == side)
        #expect(header.samplesPerFrame == (version == .mpeg1 ? 1152 : 576))
    }

    @Test("global_gain sits after part2_3_length and big_values in every side-information layout")
    func globalGainOffsets() throws {
        let stereo1 = try #require(MP3FrameHeader(0xFFFB_9044)), mono1 = try #require(MP3FrameHeader(0xFFFB_90C4))
        let stereo2 = try #require(MP3FrameHeader(0xFFF3_8044)), mono2 = try #require(MP3FrameHeader(0xFFF3_80C4))
        // main_data_begin 9, private 3, scfsi 2×4, then 59 bits a granule-channel (ISO/IEC 11172-3).
        #expect(MP3SideInfo.globalGainBit(granule: 0, channel: 0, in: stereo1) == 20 + 21)
        #expect(MP3SideInfo.globalGainBit(granule: 1, channel: 1, in: stereo1) == 20 + 3 * 59 + 21)
        #expect(MP3SideInfo.globalGainBit(granule: 1, channel: 0, in: mono1) == 18 + 59 + 21)
        // main_data_begin 8, private 2 (1 mono), then 63 bits a channel (ISO/IEC 13818-3).
        #expect(MP3SideInfo.globalGainBit(granule: 0, channel: 1, in: stereo2) == 10 + 63 + 21)
        #expect(MP3SideInfo.globalGainBit(granule: 0, channel: 0, in: mono2) == 9 + 21)
        // The last field of the last block ends exactly where the side information does.
        #expect(MP3SideInfo.globalGainBit(granule: 1, channel: 1, in: stereo1) - 21 + 59 == 32 * 8)
        #expect(MP3SideInfo.globalGainBit(granule: 0, channel: 0, in: mono2) - 21 + 63 == 9 * 8)
    }

    @Test("global_gain is read and written at any bit offset without touching its neighbours", arguments: 0..<8)
    func bitField(shift: Int) {
        var bytes: [UInt8] = [0xA5, 0x5A, 0xC3]
        bytes.withUnsafeMutableBytes { raw in
            let value = MP3SideInfo.readByte(at: shift, in: raw)
            MP3SideInfo.writeByte(0, at: shift, in: raw)
            #expect(MP3SideInfo.readByte(at: shift, in: raw) == 0)
            MP3SideInfo.writeByte(value, at: shift, in: raw)
        }
        #expect(bytes == [0xA5, 0x5A, 0xC3])
        bytes.withUnsafeMutableBytes { MP3SideInfo.writeByte(0xFF, at: shift, in: $0) }
        let word = UInt32(bytes[0]) << 16 | UInt32(bytes[1]) << 8 | UInt32(bytes[2])
        let mask = UInt32(0xFF) << (16 - shift)
        #expect(word & mask == mask && word & ~mask & 0xFF_FFFF == 0xA5_5AC3 & ~mask)
    }
}
