import CensorKit
import CensorTestFiles
import Foundation
import Testing

/// The progress of a container's run covers decoding as well as censoring, encoding and muxing.
@Suite struct MediaProgressTests {
    @Test("progress goes through decoding, then censoring, each to its end")
    func stages() throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        process.arguments = [
            "-nostdin", "-v", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=2",
            "-c:a", "aac", folder.path("in.m4a"),
        ]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        var seen: [RenderProgress] = []
        let match = Match(wordIndices: 0..<1, text: "damn", pattern: "damn", start: 0.5, end: 0.8)
        let report = try Censor(mode: .mute).censorMedia(
            input: folder.path("in.m4a"), output: folder.path("out.m4a"), matches: [match]
        ) { seen.append($0) }
        #expect(report.spans.count == 1)
        let decoding = seen.prefix { $0.stage == .decoding }, censoring = seen.drop { $0.stage == .decoding }
        #expect(
            !decoding.isEmpty && !censoring.isEmpty && censoring.allSatisfy { $0.stage == .censoring },
            "decoding first, then censoring: \(seen.map(\.stage))")
        #expect(decoding.last?.fraction == 1 && censoring.last?.fraction == 1)
        #expect(censoring.last?.framesDone == report.frames)
        #expect(try folder.contents() == ["in.m4a", "out.m4a"])
    }
}
