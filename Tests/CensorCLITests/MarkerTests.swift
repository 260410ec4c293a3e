import Foundation
import Testing

/// `--markers` and `--player-edl`: every format read back by the library editors' converters
/// use (OpenTimelineIO: its cmx_3600 and fcpx_xml adapters and its own JSON reader), FCPXML
/// against the rules of its 1.8 DTD, and the player EDL against Kodi's grammar.
@Suite struct MarkerTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Installs OpenTimelineIO and its two adapters when missing (a failure fails the test).
    static func installReaders() throws {
        let modules = "import opentimelineio, otio_cmx3600_adapter, otio_fcpx_xml_adapter"
        if (try? MediaFixture.run("/usr/bin/env", ["python3", "-c", modules])) != nil { return }
        try MediaFixture.run(
            "/bin/bash",
            [
                root.appendingPathComponent("scripts/install-deps.sh").path,
                "pip:opentimelineio", "pip:otio-cmx3600-adapter", "pip:otio-fcpx-xml-adapter",
            ])
    }

    /// What `scripts/read-markers.py` read from `file`.
    static func read(_ kind: String, _ file: String, in workspace: Workspace, rate: String? = nil) throws -> [String:
        Any]
    {
        let data = try MediaFixture.run(
            "/usr/bin/env",
            [
                "python3", root.appendingPathComponent("scripts/read-markers.py").path, kind,
                workspace.path(file),
            ] + (rate.map { [$0] } ?? []))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The spans of the report at `file`: core start and end frames, words.
    static func spans(_ workspace: Workspace, _ file: String) throws -> [(start: Int, end: Int, text: String)] {
        let report = try #require(try JSONSerialization.jsonObject(with: workspace.bytes(file)) as? [String: Any])
        return try #require(report["spans"] as? [[String: Any]]).map {
            ($0["startFrame"] as! Int, $0["endFrame"] as! Int, $0["text"] as! String)
        }
    }

    @Test("a WAV's spans as CMX 3600, FCPXML, OTIO and Kodi EDL, read back with OpenTimelineIO at 25 fps")
    func audioMarkers() throws {
        try Self.installReaders()
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try workspace.run([
            "talk.wav", "--transcript", "talk.json", "--words", "words.txt", "-o", "out.wav", "--report", "r.json",
            "--markers", "m.edl", "--markers", "m.fcpxml", "--markers", "m.otio", "--markers", "m.kodi.edl", "-q",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let spans = try Self.spans(workspace, "r.json")
        try #require(spans.count == 2)
        let rate = Double(Workspace.sampleRate)
        // The default rate for audio is 25 fps: a span's first frame is floor(sample × 25 / rate).
        let starts = spans.map { Double(Int($0.start * 25 / Workspace.sampleRate)) }
        let ends = spans.map { Double(($0.end * 25 + Workspace.sampleRate - 1) / Workspace.sampleRate) }
        #expect(starts == [12, 31])

        let edl = try #require(try Self.read("edl", "m.edl", in: workspace, rate: "25")["clips"] as? [[String: Any]])
        #expect(edl.map { $0["sourceStart"] as? Double } == starts)
        #expect(edl.map { $0["duration"] as? Double } == zip(starts, ends).map { $1 - $0 })
        #expect(edl.map { ($0["markers"] as? [[String: Any]])?.first?["start"] as? Double } == starts)
        #expect(edl.map { ($0["markers"] as? [[String: Any]])?.first?["name"] as? String } == spans.map(\.text))

        for (kind, file) in [("otio", "m.otio"), ("fcpxml", "m.fcpxml")] {
            let read = try Self.read(kind, file, in: workspace)
            let clips = try #require(read["clips"] as? [[String: Any]])
            try #require(clips.count == 1, "\(kind)")
            #expect(
                clips[0]["duration"] as? Double
                    == Double((Workspace.frames * 25 + Workspace.sampleRate - 1) / Workspace.sampleRate))
            let markers = try #require(clips[0]["markers"] as? [[String: Any]])
            #expect(markers.map { $0["start"] as? Double } == starts, "\(kind)")
            #expect(markers.map { $0["duration"] as? Double } == zip(starts, ends).map { $1 - $0 }, "\(kind)")
            #expect(markers.map { $0["rate"] as? Double } == [25, 25], "\(kind)")
            #expect(markers.map { $0["name"] as? String } == spans.map(\.text), "\(kind)")
            if kind == "otio" {
                let samples = markers.map { ($0["metadata"] as? [String: Any])?["censor"] as? [String: Any] }
                #expect(samples.map { $0?["startSample"] as? Int } == spans.map(\.start))
                #expect(samples.map { $0?["endSample"] as? Int } == spans.map(\.end))
            } else {
                #expect((read["dtdProblems"] as? [String]) == [])
            }
        }

        // Kodi's grammar: `start end action` per line, seconds, action 1 (mute).
        let lines = String(decoding: try workspace.bytes("m.kodi.edl"), as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 2)
        for (line, span) in zip(lines, spans) {
            #expect(line.wholeMatch(of: /\d+\.\d{6}\t\d+\.\d{6}\t1/) != nil, "\(line)")
            let fields = line.split(separator: "\t").compactMap { Double($0) }
            #expect(
                abs(fields[0] - Double(span.start) / rate) < 1e-6 && abs(fields[1] - Double(span.end) / rate) < 1e-6)
        }
    }

    @Test("a 29.97 fps video with a drop-frame timecode of 01:00:00;00: marks from that timecode, drop-frame")
    func videoTimecode() throws {
        try Self.installReaders()
        let workspace = try Workspace()
        defer { workspace.remove() }
        let media = try MediaFixture(workspace)
        try media.ffmpeg([
            "-f", "lavfi", "-i", "color=size=64x48:rate=30000/1001", "-i", media.speech, "-shortest",
            "-c:v", "libx264", "-c:a", "flac", "-metadata", "timecode=01:00:00;00", "v.mkv",
        ])
        let result = try workspace.run([
            "v.mkv", "--transcript", "speech.json", "--word", "damn", "-o", "out.mkv", "--report", "r.json",
            "--markers", "v.edl", "--markers", "v.fcpxml", "--player-edl", "v.txt", "-q",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let span = try #require(try Self.spans(workspace, "r.json").first)
        // 01:00:00;00 drop-frame is frame 107 892 (108 frame numbers dropped in the hour).
        let first = 107_892 + span.start * 30000 / (22_050 * 1001)
        let edlText = String(decoding: try workspace.bytes("v.edl"), as: UTF8.self)
        #expect(edlText.contains("FCM: DROP FRAME"))
        #expect(edlText.contains(" V     C        01:00:"))
        let edl = try #require(
            try Self.read("edl", "v.edl", in: workspace, rate: "30000/1001")["clips"] as? [[String: Any]])
        #expect(edl.map { $0["sourceStart"] as? Double } == [Double(first)])
        let fcpxml = try Self.read("fcpxml", "v.fcpxml", in: workspace)
        #expect((fcpxml["dtdProblems"] as? [String]) == [])
        let marker = try #require(((fcpxml["clips"] as? [[String: Any]])?.first?["markers"] as? [[String: Any]])?.first)
        // The fcpx_xml adapter counts frames at the whole rate below (29 for 29.97): compared in seconds.
        let seconds = try #require(marker["start"] as? Double) / (try #require(marker["rate"] as? Double))
        #expect(abs(seconds - Double(first) * 1001 / 30000) < 1.0 / 29)
        let xml = String(decoding: try workspace.bytes("v.fcpxml"), as: UTF8.self)
        #expect(
            xml.contains("frameDuration=\"1001/30000s\"") && xml.contains("tcFormat=\"DF\"")
                && xml.contains("hasVideo=\"1\""))
        // --player-edl writes Kodi's EDL whatever the name.
        #expect(String(decoding: try workspace.bytes("v.txt"), as: UTF8.self).hasSuffix("\t1\n"))
    }

    @Test(
        "usage errors: an unknown extension, a bad --fps, --fps alone, markers of several inputs",
        arguments: [
            (
                ["--markers", "m.txt"],
                "--markers 'm.txt': expected a file name ending in .edl, .fcpxml, .otio, .kodi.edl"
            ),
            (["--markers", "m.edl", "--fps", "fast"], "--fps 'fast': expected frames per second"),
            (["--markers", "m.edl", "--fps", "0"], "--fps '0': expected frames per second"),
            (["--fps", "25"], "--fps applies to --markers only"),
            (["talk.wav", "--markers", "m.otio"], "--markers takes one input, but 2 were given"),
        ])
    func usageErrors(arguments: [String], message: String) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try workspace.run(["talk.wav", "--transcript", "talk.json", "--words", "words.txt"] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains("Error: " + message), "\(result.stderr)")
        #expect(try workspace.contents() == ["talk.json", "talk.wav", "words.txt"])
    }
}
