import Foundation
import Testing

/// The censored marker on every output path: a file censored in place says so in its metadata,
/// and a second `--in-place` run skips it with a note (exit 0, the file untouched) unless
/// `--force`, which censors it again and replaces the marker. WAV through libsndfile is
/// `OutputSafetyTests.inPlaceTwice`; here the paths through ffmpeg and the direct MP3 pass.
@Suite struct InPlaceMarkerTests {
    /// A file, how ffmpeg makes it from the workspace's recording, the mode to censor it with,
    /// and the tag the marker is in (ffprobe's name).
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var encoder: [String]
        var mode: String
        var tag: String
        var description: String { "\(name), \(mode)" }
    }

    static let cases = [
        Case(name: "talk.m4a", encoder: ["-c:a", "aac", "-b:a", "96k"], mode: "beep", tag: "comment"),
        Case(name: "talk.mkv", encoder: ["-c:a", "libopus", "-b:a", "64k"], mode: "duck", tag: "COMMENT"),
        Case(name: "talk.mp3", encoder: ["-c:a", "libmp3lame", "-b:a", "64k"], mode: "beep", tag: "comment"),
        Case(name: "talk.mp3", encoder: ["-c:a", "libmp3lame", "-b:a", "64k"], mode: "mute", tag: "censor"),
    ]

    /// The file's global tags, as ffprobe reports them.
    static func tags(_ workspace: Workspace, _ name: String) throws -> [String: String] {
        let result = try workspace.shell("ffprobe -v error -show_entries format_tags -of json \(name)")
        try #require(result.status == 0, "\(result)")
        let root = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return (root["format"] as? [String: Any])?["tags"] as? [String: String] ?? [:]
    }

    @Test("in place twice: the second run skips with the note quoting the file's marker; --force censors again",
          arguments: cases)
    func twice(_ item: Case) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let made = try workspace.shell("ffmpeg -v error -i talk.wav " + item.encoder.joined(separator: " ")
            + " -metadata comment='kept note' " + item.name)
        try #require(made.status == 0, "\(made)")
        // The recording is a steady tone, which no transcript's times fit: with a word moved, `--align auto`
        // would align the words in it (TimesFit); the marker's spans here are refinement's.
        let arguments = [item.name, "--transcript", "talk.json", "--words", "words.txt", "--in-place", "--mode", item.mode,
                         "--align", "off"]

        let first = try workspace.run(arguments + ["-q"])
        #expect(first.status == 0, "\(first)")
        let tags = try Self.tags(workspace, item.name)
        let marker = try #require(tags[item.tag].flatMap { $0.range(of: "censored by censor ").map { tags[item.tag]![$0.lowerBound...] } })
        #expect(marker.hasPrefix("censored by censor 0.1.0: 2 spans at "), "\(tags)")
        // The input's own comment is kept: in front of the marker, or beside the direct pass's tag.
        #expect(tags.first { $0.key.lowercased() == "comment" }?.value.hasPrefix("kept note") == true, "\(tags)")
        let censored = try FileSnapshot(workspace.file(item.name))

        let second = try workspace.run(arguments)
        #expect(second.status == 0, "\(second)")
        #expect(second.stderrLines == ["censor: \(item.name): skipped: it was censored already (\(marker)); "
            + "use --force to censor it again"], "\(second)")
        #expect(try FileSnapshot(workspace.file(item.name)) == censored)

        // Forced, with a transcript that moves the first word: censored again, one marker, the new one.
        let moved = try String(contentsOf: workspace.file("talk.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"start\": 0.5", with: "\"start\": 0.45")
        try #require(moved != (try String(contentsOf: workspace.file("talk.json"), encoding: .utf8)))
        try Data(moved.utf8).write(to: workspace.file("talk.json"))
        let forced = try workspace.run(arguments + ["--force", "-q"])
        #expect(forced.status == 0, "\(forced)")
        #expect(try workspace.bytes(item.name) != censored.bytes)
        let after = try Self.tags(workspace, item.name)
        let values = after.values.joined(separator: "|")
        #expect(values.components(separatedBy: "censored by censor ").count == 2, "one marker: \(after)")
        let newer = try #require(after[item.tag])
        #expect(newer.contains("censored by censor 0.1.0: 2 spans at ") && !newer.contains(String(marker)), "\(after)")
        if item.tag == "censor" {
            // The direct pass replaced its own tag: the file is as long as after the first run.
            #expect(try workspace.bytes(item.name).count == censored.bytes.count)
        }
    }
}
