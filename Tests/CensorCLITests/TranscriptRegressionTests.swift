import Foundation
import Testing

/// Transcripts the fuzz targets (Fuzz/, `make fuzz`) found crashing censor, run end to end so
/// that a crash fails one test instead of the whole test process.
@Suite struct TranscriptRegressionTests {
    /// A whisper JSON transcript of one listed word with these raw JSON fields.
    static func transcript(_ fields: String) -> String {
        #"{"segments": [{"start": 0, "end": 2, "text": " damn", "words": [{"word": " damn", \#(fields)}]}]}"#
    }

    @Test(
        "a speaker number past Int's range is an error naming the file, not a crash",
        arguments: [
            // Found by the detect target in Google Speech's speakerTag (all JSON formats share the reader).
            #""start": 0.5, "end": 0.8, "speaker": 66666666666666666666666666"#,
            #""start": 0.5, "end": 0.8, "speaker": -1e300"#,
        ])
    func hugeSpeakerNumber(_ fields: String) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Data(Self.transcript(fields).utf8).write(to: workspace.file("speaker.json"))
        let result = try workspace.run([
            "talk.wav", "--transcript", "speaker.json", "--words", "words.txt", "-o", "out.wav",
        ])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("speaker.json"), "\(result)")
        #expect(result.stderr.contains("a speaker name or number"), "\(result)")
        #expect(!workspace.exists("out.wav"))
        #expect(temporaryFiles(in: try workspace.contents()).isEmpty)
    }

    @Test("word times far past the end of the audio (1e300 s): warnings, a finished output, exit 0")
    func hugeTimes() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Data(
            #"""
            {"segments": [{"start": 0, "end": 2, "text": "", "words": [
              {"word": " damn,", "start": 0.5, "end": 1e300}, {"word": " crap", "start": 1e20, "end": 2e20}]}]}
            """#.utf8
        ).write(to: workspace.file("far.json"))
        let result = try workspace.run([
            "talk.wav", "--transcript", "far.json", "--words", "words.txt", "-o", "out.wav",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("Warning: far.json runs to 1e+300 s but talk.wav is 2.000 s long"), "\(result)")
        #expect(result.stderr.contains("1 span censored"), "\(result)")
        #expect(workspace.exists("out.wav"))
    }
}
