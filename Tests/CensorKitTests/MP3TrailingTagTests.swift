import CensorTestFiles
import Foundation
import Testing

@testable import CensorKit

/// Trailing tags that are not what they claim: an APE footer or a Lyrics3 v2 size that would
/// cover the frames before it. Such bytes are no tag: the frames under them are censored.
@Suite struct MP3TrailingTagTests {
    /// An APE v2 header or footer: `APETAGEX`, version 2000, the size, the item count, the flags.
    static func apeBlock(size: Int, items: Int, flags: UInt32) -> [UInt8] {
        Array("APETAGEX".utf8) + [0xD0, 0x07, 0, 0] + withUnsafeBytes(of: UInt32(size).littleEndian, Array.init)
            + withUnsafeBytes(of: UInt32(items).littleEndian, Array.init)
            + withUnsafeBytes(of: flags.littleEndian, Array.init)
            + [UInt8](repeating: 0, count: 8)
    }

    /// What is appended to (or put into) an MP3 of `count` bytes whose audio frames begin at
    /// `frames`, to fake a tag over most of them.
    enum Fake: String, CaseIterable, CustomStringConvertible {
        /// A bare 32-byte footer claiming all but the first 1,000 bytes.
        case apeFooter
        /// A Lyrics3 v2 footer, `nnnnnnLYRICS200`, claiming all but the first 1,000 bytes.
        case lyrics3
        /// A sound APE tag of one item whose value is frames: its item's size, flags and key put
        /// before a frame in the middle, a footer counting that item at the end.
        case apeOverFrames

        var description: String { rawValue }

        func apply(to bytes: inout [UInt8], frames: [MP3Files.Frame]) {
            switch self {
            case .apeFooter:
                bytes += MP3TrailingTagTests.apeBlock(size: bytes.count - 1000, items: 0, flags: 0)
            case .lyrics3:
                bytes += Array((String(format: "%06d", bytes.count - 1000) + "LYRICS200").utf8)
            case .apeOverFrames:
                let at = frames[frames.count / 3].offset
                let value = bytes.count - at
                // The key's bytes and the size's hold no 0xFF: no false frame header.
                let item =
                    withUnsafeBytes(of: UInt32(value).littleEndian, Array.init) + [0, 0, 0, 0] + Array("Cover\0".utf8)
                bytes.insert(contentsOf: item, at: at)
                bytes += MP3TrailingTagTests.apeBlock(size: item.count + value + 32, items: 1, flags: 0)
            }
        }
    }

    @Test("a fake trailing tag is no tag: the frames it claims are parsed", arguments: Fake.allCases)
    func fakeIsNoTag(fake: Fake) throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let path = folder.path("in.mp3")
        try MP3Files.make(path, MP3InputTests.cbr)
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        fake.apply(to: &bytes, frames: MP3Files.frames(bytes))
        let tags = MP3Tags(size: bytes.count) { Array(bytes[$0..<min(bytes.count, $0 + $1)]) }
        #expect(tags.trailingLength == 0 && tags.names == ["ID3v2"], "\(tags)")
    }

    @Test("a sound APE tag with a header, and Lyrics3 v2 fields, are found whole", arguments: [true, false])
    func soundTags(header: Bool) {
        let frames = [UInt8](repeating: 0x55, count: 1000)
        let item = [UInt8]([5, 0, 0, 0, 0, 0, 0, 0]) + Array("Title\0Hello".utf8)
        let ape =
            (header ? Self.apeBlock(size: item.count + 32, items: 1, flags: 0xA000_0000) : [])
            + item + Self.apeBlock(size: item.count + 32, items: 1, flags: header ? 0x8000_0000 : 0)
        let body = Array("LYRICSBEGININD0000210LYR00005words".utf8)
        let lyrics = body + Array(String(format: "%06d", body.count).utf8) + Array("LYRICS200".utf8)
        let bytes = frames + lyrics + ape
        let tags = MP3Tags(size: bytes.count) { Array(bytes[$0..<min(bytes.count, $0 + $1)]) }
        #expect(tags.trailingLength == lyrics.count + ape.count && tags.names == ["Lyrics3", "APE"])
        // One item fewer than the footer counts, a field of lower case: no tag (and none before it
        // is looked for).
        var wrongCount = bytes
        wrongCount[bytes.count - 16] = 2
        var wrongField = frames + lyrics
        wrongField[1000 + 11] = UInt8(ascii: "i")
        for damaged in [wrongCount, wrongField] {
            let found = MP3Tags(size: damaged.count) { Array(damaged[$0..<min(damaged.count, $0 + $1)]) }
            #expect(found.names.isEmpty && found.trailingLength == 0, "\(found)")
        }
    }

    @Test("a word under a fake trailing tag is muted below −90 dBFS in ffmpeg and mpg123", arguments: Fake.allCases)
    func wordUnderFakeMuted(fake: Fake) throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let input = folder.path("in.mp3"), output = folder.path("out.mp3")
        try MP3Files.make(input, MP3InputTests.cbr)
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: input)))
        fake.apply(to: &bytes, frames: MP3Files.frames(bytes))
        try Data(bytes).write(to: URL(fileURLWithPath: input))
        // Past two thirds of the 3 s tone: under every fake tag.
        let word = Match(wordIndices: 0..<1, text: "damn", pattern: "damn", start: 2.3, end: 2.6)
        let report = try Censor(mode: .mute, options: MP3DirectTests.options).censorMP3(
            input: input, output: output, matches: [word])
        let span = try #require(report.spans.first)
        for tool in ["ffmpeg", "mpg123"] {
            let decoded = try MP3Files.decode(output, channels: 1, with: tool)[0]
            let core = Int(2.3 * 44100)..<Int(2.6 * 44100)
            #expect(span.startFrame <= core.lowerBound && span.endFrame >= core.upperBound)
            let level = MP3Files.peakDBFS(decoded[core])
            #expect(level < -90, "\(fake), \(tool): the word peaks at \(level) dBFS")
        }
    }
}
