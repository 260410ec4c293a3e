import Foundation
import Testing

/// Transcripts whose recognizer masked the profanity: censored by default, with a notice.
@Suite struct MaskedWordCLITests {
    /// AssemblyAI's `filter_profanity` words (the sentence of its guide "Filter profanity from
    /// your transcript", docs.assemblyai.com: "It was some tough s*** that they had to go
    /// through … it blows my f****** mind"), in its transcript layout, fitted into the
    /// workspace's two seconds.
    static let assemblyAI = #"""
        {"id": "6rlr37h3yb-b0d3-4ac3-9b07-1a6b3bc9c8c9", "status": "completed", "text": "It was some tough s*** that. It blows my f****** mind.", "words": [
        {"text": "some", "start": 100, "end": 300, "confidence": 0.99, "speaker": null},
        {"text": "tough", "start": 300, "end": 600, "confidence": 0.99, "speaker": null},
        {"text": "s***", "start": 640, "end": 900, "confidence": 0.97, "speaker": null},
        {"text": "blows", "start": 1000, "end": 1200, "confidence": 0.99, "speaker": null},
        {"text": "my", "start": 1200, "end": 1300, "confidence": 0.99, "speaker": null},
        {"text": "f******", "start": 1320, "end": 1700, "confidence": 0.95, "speaker": null}]}
        """#

    @Test("masked words are censored by default and counted in a notice and in the report")
    func censoredByDefault() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Data(Self.assemblyAI.utf8).write(to: workspace.file("masked.json"))
        let result = try workspace.run([
            "talk.wav", "--transcript", "masked.json", "--word", "shit", "--word", "damn",
            "-o", "out.wav", "--report", "report.json",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stderrLines.filter { $0.hasPrefix("Warning:") } == [
                "Warning: masked.json (assemblyai): 2 words are masked by the recognizer's profanity filter; 1 matched the "
                    + "list by their shown letters and length and are censored; 1 matched no entry and stay audible: "
                    + "'f******' at 1.320 s"
            ])
        let report = String(decoding: try workspace.bytes("report.json"), as: UTF8.self)
        #expect(report.contains(#""lastTime": 1.7, "maskedWords": 2}"#), "\(report)")
        #expect(report.contains(#"{"text": "s***", "pattern": "shit", "start": 0.64, "end": 0.9"#), "\(report)")

        let all = try workspace.run(["talk.wav", "--transcript", "masked.json", "-o", "all.wav", "--report", "-"])
        #expect(all.status == 0, "\(all)")
        #expect(
            all.stderr.contains("2 matched the list by their shown letters and length and are censored\n"), "\(all)")
        #expect(all.stdout.contains(#""text": "f******", "pattern": "*fuck*", "start": 1.32, "end": 1.7"#), "\(all)")
    }
}
