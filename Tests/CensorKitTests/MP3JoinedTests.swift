import CensorTestFiles
import Foundation
import Testing

@testable import CensorKit

/// MP3s made of two libmp3lame files joined with `cat`: the first file's Info header counts only
/// its own frames, and decoders part at the join (mpg123 decodes the second Info frame and
/// trims the first file's padding there; ffmpeg does neither). Words in the second file are
/// censored in both decoders' output, whichever of their timelines the transcript's times follow.
@Suite struct MP3JoinedTests {
    static let rate = 44100
    static let encoding = MP3Files.Encoding(rate: rate, channels: 1, options: ["-b:a", "128k"])
    /// The second file: 0.5 s of silence, then a tone; the word lies 0.5–0.8 s after the tone's onset.
    static let second = "aevalsrc=0.5*sin(2*PI*440*t)*gte(t\\,0.5):s=\(rate):d=2"

    /// Joins a 3 s tone and ``second`` (the first file's Info frame count zeroed when
    /// `zeroCount`), censors a word of the second part timed on `decoder`'s timeline, and
    /// returns the word's peak in ffmpeg's and mpg123's decode of the output, and the report.
    static func censorJoined(zeroCount: Bool, timedBy decoder: String) throws -> (
        levels: [String: Double], report: Report
    ) {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let first = folder.path("a.mp3"), second = folder.path("b.mp3"), input = folder.path("in.mp3"),
            output = folder.path("out.mp3")
        try MP3Files.make(first, encoding)
        try MP3Files.make(second, encoding, source: Self.second)
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: first)))
        if zeroCount {
            // The Info header's flags, then its frame count, big-endian.
            let info = try #require((0..<(bytes.count - 4)).first { bytes[$0..<($0 + 4)].elementsEqual("Info".utf8) })
            try #require(bytes[info + 7] & 1 == 1)
            bytes.replaceSubrange((info + 8)..<(info + 12), with: [0, 0, 0, 0])
        }
        try Data(bytes + Array(try Data(contentsOf: URL(fileURLWithPath: second)))).write(
            to: URL(fileURLWithPath: input))
        var onsets: [String: Int] = [:]
        for tool in ["ffmpeg", "mpg123"] {
            onsets[tool] = try MP3Files.onset(
                try MP3Files.decode(input, channels: 1, with: tool)[0], from: 3 * rate + rate / 10)
        }
        let at = Double(try #require(onsets[decoder])) / Double(rate) + 0.5
        let word = Match(wordIndices: 0..<1, text: "w", pattern: "w", start: at, end: at + 0.3)
        let report = try Censor(mode: .mute, options: MP3DirectTests.options)
            .censorMP3(input: input, output: output, matches: [word])
        // The first file's LAME tag covers its own frames: its music CRC stays true of them.
        try MP3Files.checkLameCRCs(
            Array(try Data(contentsOf: URL(fileURLWithPath: output))),
            input: Array(try Data(contentsOf: URL(fileURLWithPath: input))))
        var levels: [String: Double] = [:]
        for tool in ["ffmpeg", "mpg123"] {
            let decoded = try MP3Files.decode(output, channels: 1, with: tool)[0]
            let start = try #require(onsets[tool]) + rate / 2
            levels[tool] = MP3Files.peakDBFS(decoded[start..<(start + 3 * rate / 10)])
        }
        return (levels, report)
    }

    @Test(
        "a word in the second of two joined MP3s is muted below −90 dBFS in ffmpeg and mpg123",
        arguments: [false, true], ["ffmpeg", "mpg123"])
    func secondPartMuted(zeroCount: Bool, timedBy decoder: String) throws {
        let (levels, report) = try Self.censorJoined(zeroCount: zeroCount, timedBy: decoder)
        #expect(report.spans.count == 1)
        for (tool, level) in levels.sorted(by: { $0.key < $1.key }) {
            #expect(
                level < -90,
                "\(tool): the word peaks at \(level) dBFS (times from \(decoder), count zeroed: \(zeroCount))")
        }
        // The length is that of the frames there are: both parts, past the first file's count.
        #expect(report.frames > 5 * Self.rate)
    }
}
