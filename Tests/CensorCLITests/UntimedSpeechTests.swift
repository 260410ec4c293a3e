import Foundation
import Testing

/// Files that hold recognized speech but no time for any of it: exit 1 naming why, never a
/// copy of the input with the words audible.
@Suite struct UntimedSpeechTests {
    @Test(
        "speech text without times is refused, nothing written",
        arguments: [
            (#"{"id": "x", "status": "completed", "text": "oh damn it", "words": []}"#, "assemblyai"),
            (#"{"text": " oh damn it", "segments": [], "language": "en"}"#, "whisper-json"),
            (
                #"{"results": {"channels": [{"alternatives": [{"transcript": "oh damn it", "confidence": 0.9, "words": []}]}]}}"#,
                "deepgram"
            ),
            (
                #"{"jobName": "x", "results": {"transcripts": [{"transcript": "oh damn it"}], "items": []}, "status": "COMPLETED"}"#,
                "aws-transcribe"
            ),
            (#"{"results": [{"alternatives": [{"transcript": "oh damn it", "confidence": 0.9}]}]}"#, "google-speech"),
        ])
    func refused(text: String, format: String) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Data(text.utf8).write(to: workspace.file("s.json"))
        let result = try workspace.run(["talk.wav", "--transcript", "s.json", "--word", "damn", "-o", "out.wav"])
        #expect(result.status == 1, "\(result)")
        #expect(
            result.stderr.contains(
                "Error: s.json (\(format)): none of its 3 words has a time, and none could be "
                    + "estimated from a timed neighbour; nothing could be censored"), "\(result)")
        #expect(!workspace.exists("out.wav"))
    }

    @Test("a result that heard no speech only warns, and the output is a copy")
    func noSpeech() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Data(#"{"id": "x", "status": "completed", "text": "", "words": []}"#.utf8).write(
            to: workspace.file("s.json"))
        let result = try workspace.run(["talk.wav", "--transcript", "s.json", "--word", "damn", "-o", "out.wav"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("Warning: s.json has no timed words; nothing can be censored"), "\(result)")
    }
}
