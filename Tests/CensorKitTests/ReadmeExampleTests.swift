import CensorKit
import Foundation
import Testing

/// The README's library examples, run as written (paths made absolute).
@Suite struct ReadmeExampleTests {
    private let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples")

    @Test("the README's file example censors the demo's four spans")
    func fileExample() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("censor-readme-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("talk.clean.wav").path

        let transcript = try Transcript.load(contentsOf: examples.appendingPathComponent("talk.json"))
        let list = try CensorList.load(contentsOf: examples.appendingPathComponent("words.txt"))
        let censor = Censor(mode: .duck(gainDB: -30), options: PlanOptions(padBefore: 0.02, padAfter: 0.02))
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

    @Test("the README's in-memory example mutes the word's core and nothing else")
    func memoryExample() throws {
        let transcript = Transcript(
            words: [Word(text: " Well,", start: 0.1, end: 0.2), Word(text: " damn,", start: 0.5, end: 0.6)],
            format: .whisperJSON)
        let samples = (0..<48_000 * 2).map { Float(sin(Double($0 / 2) * 0.05)) * 0.5 }
        var audio = InterleavedBuffer(samples: samples, channelCount: 2)
        let matches = CensorList(entries: ["damn"]).matches(in: transcript)
        let plan = Censor(mode: .mute).censor(&audio, sampleRate: 48_000, matches: matches)

        let span = try #require(plan.spans.first)
        #expect(plan.spans.count == 1)
        #expect(span.start <= 24_000 && span.end >= 28_800)
        #expect(audio.samples[(span.start * 2)..<(span.end * 2)].allSatisfy { $0 == 0 })
        #expect(audio.samples[..<(span.fadeStart * 2)] == samples[..<(span.fadeStart * 2)])
        #expect(audio.samples[(span.fadeEnd * 2)...] == samples[(span.fadeEnd * 2)...])
    }
}
