import Foundation
import Testing

/// `--mode cut` through the command line: the output shorter by what the report says was
/// removed, labels, markers and subtitles on its timeline, and what it refuses.
@Suite struct CutModeCLITests {
    @Test("a WAV cut: shorter by the report's total; labels, Kodi EDL, OTIO markers and subtitles on the new timeline")
    func cutWAV() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try workspace.run([
            "talk.wav", "--transcript", "talk.json", "--words", "words.txt", "--mode", "cut", "-o", "out.wav",
            "--report", "r.json", "--labels", "l.txt", "--markers", "m.kodi.edl", "--markers", "m.otio",
            "--subtitles", "s.srt", "-q",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: workspace.bytes("r.json")) as? [String: Any])
        let cuts = try #require(report["cuts"] as? [[String: Any]])
        #expect(cuts.count == 2)
        let removedFrames = cuts.reduce(0) { $0 + ($1["removedFrames"] as! Int) }
        let output = try WAVFile(contentsOf: workspace.file("out.wav"))
        #expect(output.data.count / 4 == Workspace.frames - removedFrames)
        #expect(report["outputFrames"] as? Int == Workspace.frames - removedFrames)
        #expect(abs((report["removed"] as! Double) - Double(removedFrames) / Double(Workspace.sampleRate)) < 1e-6)
        // The second cut's new time: its original start less the first cut's removed frames.
        let first = cuts[0], second = cuts[1]
        let expectedNew =
            Double(
                (second["startFrame"] as! Int) - (first["removedFrames"] as! Int)
                    - (second["crossfadeFrames"] as! Int) + (second["crossfadeFrames"] as! Int) / 2)
            / Double(Workspace.sampleRate)
        #expect(abs((second["newTime"] as! Double) - expectedNew) < 1e-6)
        // Labels: a point at each join.
        let labels = String(decoding: try workspace.bytes("l.txt"), as: UTF8.self).split(separator: "\n")
        #expect(labels.map { Double($0.split(separator: "\t")[0])! } == cuts.map { $0["newTime"] as! Double })
        // The player's EDL skips (0) each span of the input.
        let edl = String(decoding: try workspace.bytes("m.kodi.edl"), as: UTF8.self).split(separator: "\n")
        #expect(edl.count == 2 && edl.allSatisfy { $0.hasSuffix("\t0") })
        #expect(abs(Double(edl[1].split(separator: "\t")[0])! - (second["start"] as! Double)) < 1e-6)
        // OTIO: the clip as long as the output, a marker at each join (25 fps frames).
        let otio = try #require(try JSONSerialization.jsonObject(with: workspace.bytes("m.otio")) as? [String: Any])
        let clip = try #require(
            (((otio["tracks"] as? [String: Any])?["children"] as? [[String: Any]])?.first?["children"]
                as? [[String: Any]])?.first)
        let markers = try #require(clip["markers"] as? [[String: Any]])
        let starts = markers.map {
            (($0["marked_range"] as? [String: Any])?["start_time"] as? [String: Any])?["value"] as? Double
        }
        #expect(
            starts
                == cuts.map {
                    Double(Int(($0["newTime"] as! Double) * Double(Workspace.sampleRate)) * 25 / Workspace.sampleRate)
                })
        // Subtitles: the cue ends with "works." (1.9 s in the input), earlier by the frames removed before it.
        let srt = String(decoding: try workspace.bytes("s.srt"), as: UTF8.self)
        let shifted = 1.9 - Double(removedFrames) / Double(Workspace.sampleRate)
        let milliseconds = Int((shifted * 1000).rounded())
        #expect(
            srt.contains(String(format: "00:00:%02d,%03d", milliseconds / 1000, milliseconds % 1000))
                || srt.contains(String(format: "00:00:%02d,%03d", (milliseconds - 1) / 1000, (milliseconds - 1) % 1000)),
            "\(srt)")
    }

    @Test(
        "--mode cut refuses a video, --mp3-direct, standard input and --review with a usage error saying why",
        arguments: [
            (["talk.mp4"], "--mode cut removes audio and shortens the timeline, but 'talk.mp4' is a video"),
            (
                ["talk.wav", "-o", "out.mp3", "--mp3-direct"],
                "--mp3-direct changes the gain of the MP3's frames in place and cannot remove any"
            ),
            (
                ["-", "-o", "out.wav"],
                "--mode cut needs the whole recording to shorten it, and standard input (-) streams"
            ),
            (["talk.wav", "--review", "r.html"], "--review plays the input beside the output at the same times"),
        ])
    func refused(arguments: [String], message: String) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Data().write(to: workspace.file("talk.mp4"))
        let result = try workspace.run(
            arguments + ["--transcript", "talk.json", "--words", "words.txt", "--mode", "cut"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("Error: " + message), "\(result.stderr)")
        #expect(try workspace.contents() == ["talk.json", "talk.mp4", "talk.wav", "words.txt"])
    }
}
