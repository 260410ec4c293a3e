import CensorKit
import Foundation
import Testing

/// The library on the demo files and in memory, as Examples/LibraryUse uses it (README quotes those
/// programs; LibraryExamplesTests keeps the quotes true), with the exact spans asserted.
@Suite struct ReadmeExampleTests {
    private let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples")

    @Test("censoring the demo file to file censors its four spans")
    func fileExample() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("censor-readme-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("talk.clean.wav").path

        let transcript = try Transcript.load(path: examples.appendingPathComponent("talk.json").path)
        let list = try CensorList.load(path: examples.appendingPathComponent("words.txt").path)
        let censor = try Censor(mode: .duck(gainDB: -30), options: try PlanOptions(padBefore: 0.02, padAfter: 0.02))
        let report = try censor.censorFile(
            input: examples.appendingPathComponent("talk.wav").path, output: output,
            matches: list.matches(in: transcript), overwrite: true)

        #expect(report.spans.map(\.text) == ["damn,", "hell", "crap,", "piece of crap."])
        #expect(report.spans.map(\.pattern) == ["damn", "hell", "crap", "piece of crap"])
        // 0.78 s − 20 ms at 22050 Hz, floored: frame 16758, before any snapping.
        let first = try #require(report.spans.first)
        #expect(first.startFrame <= 16758 && first.startFrame >= 16758 - 221)
        #expect(report.json().hasPrefix("{\"input\": "))
        #expect(FileManager.default.fileExists(atPath: output))
    }

    @Test("censoring in memory mutes the word's core and nothing else")
    func memoryExample() throws {
        let transcript = Transcript(
            words: [Word(text: " Well,", start: 0.1, end: 0.2), Word(text: " damn,", start: 0.5, end: 0.6)],
            format: .whisperJSON)
        let samples = (0..<48_000 * 2).map { Float(sin(Double($0 / 2) * 0.05)) * 0.5 }
        var audio = try AudioBuffer(samples: samples, channelCount: 2, sampleRate: 48_000)
        let matches = CensorList(entries: ["damn"]).matches(in: transcript)
        let report = try Censor(mode: .mute).censor(&audio, matches: matches)

        let span = try #require(report.spans.first)
        #expect(report.spans.count == 1)
        #expect(span.startFrame <= 24_000 && span.endFrame >= 28_800)
        #expect(audio.samples[(span.startFrame * 2)..<(span.endFrame * 2)].allSatisfy { $0 == 0 })
        #expect(audio.samples[..<(span.fadeStartFrame * 2)] == samples[..<(span.fadeStartFrame * 2)])
        #expect(audio.samples[(span.fadeEndFrame * 2)...] == samples[(span.fadeEndFrame * 2)...])
    }
}
