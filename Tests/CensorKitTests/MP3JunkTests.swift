import CensorTestFiles
import Foundation
import Testing

@testable import CensorKit

/// Bytes that are not frames before a word. Without false frame headers in them, ffmpeg drops
/// the frame after them and mpg123 keeps it: the word is censored on both timelines. With false
/// headers decoders drop or invent frames beyond reckoning: the file is re-encoded.
@Suite struct MP3JunkTests {
    static let rate = 44100
    /// Silence, then a tone from 1.5 s on; the word lies 0.3–0.6 s after the tone's onset.
    static let source = "aevalsrc=0.5*sin(2*PI*220*t)*gte(t\\,1.5):s=\(rate):d=3"

    /// 1,000 bytes put before the 30th audio frame: a pattern with no 0xFF followed by a sync
    /// nibble, or, with `falseHeaders`, pseudo-random bytes with a copy of a real frame's header
    /// every 97 bytes.
    static func junk(falseHeaders: Bool, header: ArraySlice<UInt8>) -> [UInt8] {
        guard falseHeaders else { return (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) } }
        var state: UInt32 = 7
        var bytes = (0..<1000).map { _ -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        for at in stride(from: 0, to: 996, by: 97) { bytes.replaceSubrange(at..<(at + 4), with: header) }
        return bytes
    }

    /// The word's peak in ffmpeg's and mpg123's decode of the censored file, the word timed on
    /// `decoder`'s timeline of the input and looked for on each decoder's own (or, for a
    /// re-encoded output, which every decoder decodes alike, on ffmpeg's); and the report.
    static func censor(falseHeaders: Bool, timedBy decoder: String) throws -> (levels: [String: Double], report: Report)
    {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let input = folder.path("in.mp3"), output = folder.path("out.mp3")
        try MP3Files.make(input, MP3InputTests.cbr, source: source)
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: input)))
        let frames = MP3Files.frames(bytes)
        let junk = Self.junk(falseHeaders: falseHeaders, header: bytes[frames[5].offset..<(frames[5].offset + 4)])
        bytes.insert(contentsOf: junk, at: frames[31].offset)
        try Data(bytes).write(to: URL(fileURLWithPath: input))
        var onsets: [String: Int] = [:]
        for tool in ["ffmpeg", "mpg123"] {
            onsets[tool] = try MP3Files.onset(try MP3Files.decode(input, channels: 1, with: tool)[0], from: rate)
        }
        let at = Double(try #require(onsets[decoder])) / Double(rate) + 0.3
        let word = Match(wordIndices: 0..<1, text: "w", pattern: "w", start: at, end: at + 0.3)
        let report = try Censor(mode: .mute, options: MP3DirectTests.options)
            .censorMP3(input: input, output: output, matches: [word])
        let reencoded = report.warnings.first?.contains("re-encoded") == true
        var levels: [String: Double] = [:]
        for tool in ["ffmpeg", "mpg123"] {
            let decoded = try MP3Files.decode(output, channels: 1, with: tool)[0]
            let start = try #require(onsets[reencoded ? "ffmpeg" : tool]) + 3 * rate / 10
            levels[tool] = MP3Files.peakDBFS(decoded[start..<(start + 3 * rate / 10)])
        }
        return (levels, report)
    }

    @Test(
        "junk without false headers before a word: edited directly, the word below −90 dBFS in ffmpeg and mpg123",
        arguments: ["ffmpeg", "mpg123"])
    func plainJunk(timedBy decoder: String) throws {
        let (levels, report) = try Self.censor(falseHeaders: false, timedBy: decoder)
        #expect(report.warnings.count == 1 && report.warnings[0].contains("1000 bytes at byte"), "\(report.warnings)")
        for (tool, level) in levels.sorted(by: { $0.key < $1.key }) {
            #expect(level < -90, "\(tool): the word peaks at \(level) dBFS (times from \(decoder))")
        }
    }

    /// libmp3lame re-encoding a muted core leaves coding noise near −89 dBFS in it (the
    /// re-encode path's own tests ask for an RMS below 0.0005, −66 dBFS).
    @Test("junk with false frame headers before a word: re-encoded, the word below −80 dBFS alike in ffmpeg and mpg123")
    func falseHeaders() throws {
        let (levels, report) = try Self.censor(falseHeaders: true, timedBy: "ffmpeg")
        let warning = try #require(report.warnings.first)
        #expect(
            warning.hasSuffix(
                "are not MP3 frames but hold false frame headers, after which decoders disagree on "
                    + "where the audio lies; it was decoded and re-encoded, so that every decoder hears the spans censored"
            ), "\(warning)")
        for (tool, level) in levels.sorted(by: { $0.key < $1.key }) {
            #expect(level < -80, "\(tool): the word peaks at \(level) dBFS")
        }
        #expect(abs((levels["ffmpeg"] ?? 0) - (levels["mpg123"] ?? 0)) < 0.1, "\(levels)")
    }
}
