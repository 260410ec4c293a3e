import Foundation
import Testing

/// A video's own subtitle stream as its transcript, when none is given and none lies beside it:
/// cue-level, each word's time estimated within its cue, with the estimated-time warning and
/// margin; `--transcript-stream N` picks one; the report names the stream.
@Suite struct EmbeddedTranscriptTests {
    struct Report: Decodable {
        struct Transcript: Decodable {
            let format: String, words: Int, estimatedWords: Int, subtitleStream: Int?
        }
        let sampleRate: Int
        let transcript: Transcript
        let spans: [MediaTests.Span]
    }

    /// The fixture's speech as SubRip cues of a few words each, "damn" starting the second.
    static func cues(_ media: MediaFixture) -> String {
        let time = { (seconds: Double) in
            let milliseconds = Int((seconds * 1000).rounded())
            return String(format: "00:00:%02d,%03d", milliseconds / 1000, milliseconds % 1000)
        }
        return """
            1
            \(time(0.05)) --> \(time(media.damn.lowerBound))
            Hello there, you

            2
            \(time(media.damn.lowerBound)) --> \(time(media.damn.upperBound + 0.4))
            damn fool,

            3
            \(time(media.damn.upperBound + 0.4)) --> \(time(media.duration - 0.05))
            this is a test.

            """
    }

    /// A video of the fixture's speech, its cues as subtitle stream 2 in `codec`.
    static func makeVideo(_ media: MediaFixture, _ name: String, codec: String) throws {
        try Data(cues(media).utf8).write(to: media.workspace.file("cues.srt"))
        let (video, audio) = name.hasSuffix(".webm") ? ("libvpx", "libopus") : ("mpeg4", "aac")
        try media.ffmpeg([
            "-f", "lavfi", "-i", "testsrc=size=32x32:rate=5:duration=\(media.duration)", "-i", media.speech,
            "-i", "cues.srt", "-map", "0:v", "-map", "1:a", "-map", "2:s", "-c:v", video, "-c:a", audio,
            "-c:s", codec, "-metadata:s:s:0", "language=eng", "-shortest", name,
        ])
    }

    @Test(
        "MKV SubRip, MKV ASS, MP4 mov_text, WebM WebVTT: read as the transcript, the word muted within its cue's margin",
        arguments: [("film.mkv", "srt"), ("film.mkv", "ass"), ("film.mp4", "mov_text"), ("film.webm", "webvtt")])
    func ownStream(_ name: String, _ codec: String) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let media = try MediaFixture(workspace)
        try Self.makeVideo(media, name, codec: codec)
        let result = try workspace.run([
            name, "--word", "damn", "--mode", "mute", "--report", "r.json", "--align", "off",
            "--no-direct", "--no-refine",
        ])
        // No transcript was found before: exit 1, "no transcript for 'film.mkv'".
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stderrLines.contains {
                $0.hasPrefix(
                    "Warning: subtitle stream 0 of \(name) (srt) gives no word times "
                        + "for 9 of its 9 words; theirs are estimated")
            }, "\(result)")
        let report = try JSONDecoder().decode(Report.self, from: workspace.bytes("r.json"))
        #expect(
            report.transcript.subtitleStream == 2 && report.transcript.format == "srt"
                && report.transcript.estimatedWords == 9)
        let span = try #require(report.spans.first)
        #expect(report.spans.count == 1)
        // The cue's start widened by the estimated-time margin (0.25 s); its estimated end, so widened, past the
        // word's. Frames count from the stream's first decoded sample, which in Matroska is the AAC encoder's
        // priming: the speech, and the muxer's shift of the cues with it, come that much later.
        let at22k = { (file: String) in
            try MediaFixture.run(
                "/usr/bin/ffmpeg",
                [
                    "-nostdin", "-v", "error", "-i", workspace.path(file), "-map", "0:a:0",
                    "-ac", "1", "-ar", "22050", "-f", "f32le", "-",
                ]
            )
            .withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        }
        let lag =
            Double(Measure.lag(try at22k(media.speech), try at22k(name), window: 2_000..<20_000, maxLag: 2_000))
            / 22_050
        let rate = Double(report.sampleRate)
        #expect(
            abs(Double(span.startFrame) / rate - lag - (media.damn.lowerBound - 0.25)) < 0.01,
            "\(span.startFrame), \(lag)")
        #expect(Double(span.endFrame) / rate - lag > media.damn.upperBound, "\(span.endFrame)")
        let output = name.replacingOccurrences(of: "film.", with: "film.censored.")
        let before = try media.samples(name), after = try media.samples(output)
        let core = (span.startFrame + 2048)..<(span.endFrame - 2048)
        #expect(Measure.rms(before, core) > 0.01 && Measure.rms(after, core) < 0.001)
    }

    @Test("a transcript beside the video wins over its subtitle stream")
    func sidecarWins() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let media = try MediaFixture(workspace)
        try Self.makeVideo(media, "film.mkv", codec: "srt")
        try FileManager.default.copyItem(atPath: workspace.path("speech.json"), toPath: workspace.path("film.json"))
        let result = try workspace.run([
            "film.mkv", "--word", "damn", "--mode", "mute", "--report", "r.json", "--align", "off",
        ])
        #expect(result.status == 0, "\(result)")
        let report = try JSONDecoder().decode(Report.self, from: workspace.bytes("r.json"))
        #expect(
            report.transcript.subtitleStream == nil && report.transcript.estimatedWords == 0, "\(report.transcript)")
    }

    @Test(
        "two subtitle streams, none default: the error lists them; --transcript-stream picks one, or names what is wrong"
    )
    func choosing() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let media = try MediaFixture(workspace)
        try Data(Self.cues(media).utf8).write(to: workspace.file("en.srt"))
        try Data("1\n00:00:00,500 --> 00:00:01,200\nSacrebleu\n".utf8).write(to: workspace.file("fr.srt"))
        try media.ffmpeg([
            "-f", "lavfi", "-i", "testsrc=size=32x32:rate=5:duration=\(media.duration)", "-i", media.speech,
            "-i", "fr.srt", "-i", "en.srt", "-map", "0:v", "-map", "1:a", "-map", "2:s", "-map", "3:s",
            "-c:v", "mpeg4", "-c:a", "flac", "-c:s", "srt", "-metadata:s:s:0", "language=fra",
            "-metadata:s:s:1", "language=eng", "-metadata:s:s:1", "title=English",
            "-disposition:s:0", "0", "-disposition:s:1", "0", "film.mkv",
        ])
        let listing =
            "its subtitle streams, numbered from 0: 0 (subrip, fra), 1 (subrip, eng, \"English\"); "
            + "choose a text one by its number"
        let unchosen = try workspace.run(["film.mkv", "--word", "damn", "--align", "off"])
        #expect(
            unchosen.status == 1
                && unchosen.stderrLines == [
                    "Error: cannot read a transcript from 'film.mkv': it has "
                        + "2 text subtitle streams and none is marked default; " + listing
                ], "\(unchosen)")
        let missing = try workspace.run(["film.mkv", "--word", "damn", "--align", "off", "--transcript-stream", "2"])
        #expect(
            missing.status == 1
                && missing.stderrLines == [
                    "Error: cannot read a transcript from 'film.mkv': it has "
                        + "no subtitle stream 2; " + listing
                ], "\(missing)")
        #expect(!workspace.exists("film.censored.mkv"))

        let picked = try workspace.run([
            "film.mkv", "--word", "damn", "--mode", "mute", "--align", "off",
            "--transcript-stream", "1", "--report", "r.json",
        ])
        #expect(picked.status == 0, "\(picked)")
        let report = try JSONDecoder().decode(Report.self, from: workspace.bytes("r.json"))
        #expect(report.transcript.subtitleStream == 3 && report.spans.count == 1)

        let bad = try workspace.run(["film.mkv", "--word", "damn", "--transcript-stream", "-1"])
        #expect(
            bad.status == 64
                && bad.stderrLines.first == "Error: --transcript-stream '-1': expected a whole number from 0")
        let both = try workspace.run([
            "film.mkv", "--word", "damn", "--transcript-stream", "0", "--transcript", "en.srt",
        ])
        #expect(
            both.status == 64
                && both.stderrLines.first == "Error: --transcript and --transcript-stream contradict each other")
    }
}
