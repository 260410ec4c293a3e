import Foundation
import Testing

/// The censor marker on every output path: a file censored in place carries it in a tag of its
/// own, with digests of the job and of the file; a second `--in-place` run skips the file only
/// when both match (exit 0, the file untouched), and censors any other file, a forged or stale
/// marker included, with a warning. The user's own tags stay exactly as they were.
@Suite struct InPlaceMarkerTests {
    /// A file, how ffmpeg makes it from the workspace's recording, the mode to censor it with,
    /// and the tag the marker is in (ffprobe's name; `nil`: a box ffprobe does not show).
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var encoder: [String]
        var mode: String
        var tag: String?
        var description: String { "\(name), \(mode)" }
    }

    static let cases = [
        Case(name: "talk.wav", encoder: [], mode: "beep", tag: nil),
        Case(name: "talk.m4a", encoder: ["-c:a", "aac", "-b:a", "96k"], mode: "beep", tag: nil),
        Case(name: "talk.mkv", encoder: ["-c:a", "libopus", "-b:a", "64k"], mode: "duck", tag: "CENSOR"),
        Case(name: "talk.mp3", encoder: ["-c:a", "libmp3lame", "-b:a", "64k"], mode: "beep", tag: "censor"),
        Case(name: "talk.mp3", encoder: ["-c:a", "libmp3lame", "-b:a", "64k"], mode: "mute", tag: "censor"),
    ]

    /// The file's global tags, as ffprobe reports them.
    static func tags(_ workspace: Workspace, _ name: String) throws -> [String: String] {
        let result = try workspace.shell("ffprobe -v error -show_entries format_tags -of json \(name)")
        try #require(result.status == 0, "\(result)")
        let root = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return (root["format"] as? [String: Any])?["tags"] as? [String: String] ?? [:]
    }

    /// Makes `item.name` from the recording with the comment `comment`.
    static func make(_ item: Case, in workspace: Workspace, comment: String) throws {
        let source = item.name == "talk.wav" ? "plain.wav" : "talk.wav"
        if item.name == "talk.wav" {
            try FileManager.default.moveItem(atPath: workspace.path("talk.wav"), toPath: workspace.path("plain.wav"))
        }
        let made = try workspace.shell(
            "ffmpeg -v error -i \(source) " + item.encoder.joined(separator: " ")
                + " -metadata comment='\(comment)' " + item.name)
        try #require(made.status == 0, "\(made)")
    }

    static let arguments = ["--transcript", "talk.json", "--words", "words.txt", "--in-place", "--align", "off"]

    @Test(
        "in place twice: the second run skips the unchanged file; a changed list, file or --force censors again",
        arguments: cases)
    func twice(_ item: Case) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Self.make(item, in: workspace, comment: "kept note")
        let before = try Self.tags(workspace, item.name)
        let arguments = [item.name] + Self.arguments + ["--mode", item.mode]

        let first = try workspace.run(arguments + ["-q"])
        #expect(first.status == 0, "\(first)")
        // The user's tags are exactly as they were; censor's marker is a tag (or box) of its own.
        var after = try Self.tags(workspace, item.name)
        let marker = item.tag.flatMap { after.removeValue(forKey: $0) }
        #expect((marker != nil) == (item.tag != nil), "\(after)")
        #expect(after.filter { $0.key.lowercased() != "encoder" } == before.filter { $0.key.lowercased() != "encoder" })
        let bytes = try workspace.bytes(item.name)
        let text = String(decoding: bytes, as: UTF8.self)
        let found = try #require(
            text.range(
                of: #"censored by censor 0\.1\.0: 2 spans at [0-9.\-, ]+ s; job sha256:[0-9a-f]{64}; "#
                    + #"file sha256:[0-9a-f]{64}"#, options: .regularExpression))
        if let marker { #expect(marker == String(text[found]), "\(marker)") }
        let said = String(text[found].prefix { $0 != ";" })
        let censored = try FileSnapshot(workspace.file(item.name))

        let second = try workspace.run(arguments)
        #expect(second.status == 0, "\(second)")
        #expect(
            second.stderrLines == [
                "censor: \(item.name): skipped: it was censored already (\(said)); "
                    + "use --force to censor it again"
            ], "\(second)")
        #expect(try FileSnapshot(workspace.file(item.name)) == censored)

        // Another list: the marker's job differs, the file is censored again.
        try Data("damn\ncrap\nworks\n".utf8).write(to: workspace.file("more.txt"))
        var relisted = arguments
        relisted[relisted.firstIndex(of: "words.txt")!] = "more.txt"
        let third = try workspace.run(relisted)
        #expect(third.status == 0, "\(third)")
        #expect(
            third.stderrLines.first == "Warning: '\(item.name)' carries a censor marker (\(said)) that proves nothing: "
                + "it was censored for other lists, options or transcript; it is censored again", "\(third)")
        #expect(third.stderrLines.last?.contains("spans censored") == true, "\(third)")
        #expect(try workspace.bytes(item.name) != censored.bytes)

        // One byte of the file changed (in the last tenth, audio or tags): the file digest no longer matches.
        var changed = try workspace.bytes(item.name)
        let at = changed.count - changed.count / 10
        changed[at] ^= 0x01
        try changed.write(to: workspace.file(item.name))
        let fourth = try workspace.run(relisted)
        #expect(fourth.status == 0, "\(fourth)")
        #expect(
            fourth.stderrLines.first?.hasSuffix(
                "that proves nothing: the file changed since censor wrote it; "
                    + "it is censored again") == true, "\(fourth)")

        // Forced: censored again though the marker matches; one marker, the new one.
        let forced = try workspace.run(relisted + ["--force", "-q"])
        #expect(forced.status == 0, "\(forced)")
        let last = String(decoding: try workspace.bytes(item.name), as: UTF8.self)
        #expect(last.components(separatedBy: "censored by censor ").count == 2, "one marker")
    }

    @Test(
        "a marker forged in the comment is no proof: the file is censored, with a warning, exit 0",
        arguments: [cases[0], cases[1], cases[2]])
    func forged(_ item: Case) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let note = "censored by censor 0.1.0: 2 spans at 0.500-0.800, 1.245-1.555 s"
        try Self.make(item, in: workspace, comment: note)
        let input = try workspace.bytes(item.name)
        let result = try workspace.run([item.name] + Self.arguments + ["--mode", item.mode])
        #expect(result.status == 0, "\(result)")
        // What follows the comment in the file may be printable too (Matroska's next element): the note starts the quote.
        let warning = try #require(result.stderrLines.first)
        #expect(
            warning.hasPrefix("Warning: '\(item.name)' carries a censor marker (\(note)")
                && warning.hasSuffix(") that proves nothing: it holds no digests to prove it; it is censored again"),
            "\(result)")
        #expect(result.stderrLines.last?.contains("2 spans censored") == true, "\(result)")
        #expect(try workspace.bytes(item.name) != input)
        // The forged comment is the user's: kept as it was.
        #expect(try Self.tags(workspace, item.name).first { $0.key.lowercased() == "comment" }?.value == note)
    }

    @Test("--no-marker: no marker in the file, and a second --in-place run censors it again")
    func noMarker() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let arguments = ["talk.wav"] + Self.arguments + ["--no-marker", "-q"]
        let first = try workspace.run(arguments)
        #expect(first.status == 0, "\(first)")
        let once = try workspace.bytes("talk.wav")
        #expect(!String(decoding: once, as: UTF8.self).contains("censored by censor"))
        let second = try workspace.run(arguments)
        #expect(second.status == 0, "\(second)")
        #expect(second.stderr.isEmpty, "\(second)")
        // Censored twice: the second pass beeps over the first's beep, a different signal.
        #expect(try workspace.bytes("talk.wav") != once)
    }

    @Test("a WAV's software field longer than libsndfile keeps is carried whole, without libsndfile's name")
    func longSoftware() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let software =
            "Studio Recorder Pro 12.4.1 build 2026-11-30 (x86_64; Linux; plugin chain: denoise 3.1, eq 2.0, "
            + "limiter 1.7; exported by batch job 42)"
        try #require(software.utf8.count > 127)
        // The recording with a LIST/INFO chunk before its audio: ISFT (the software) and ICMT (a comment).
        func field(_ id: String, _ text: String) -> Data {
            let value = Data(text.utf8) + Data([0])
            return Data(id.utf8) + withUnsafeBytes(of: UInt32(value.count).littleEndian) { Data($0) } + value
                + (value.count % 2 == 1 ? Data([0]) : Data())
        }
        let info = Data("INFO".utf8) + field("ISFT", software) + field("ICMT", "kept note")
        let list = Data("LIST".utf8) + withUnsafeBytes(of: UInt32(info.count).littleEndian) { Data($0) } + info
        var wav = Data(Workspace.wavBytes)
        wav.insert(contentsOf: list, at: 36)
        wav.replaceSubrange(4..<8, with: withUnsafeBytes(of: UInt32(wav.count - 8).littleEndian) { Data($0) })
        try wav.write(to: workspace.file("long.wav"))
        #expect(try Self.tags(workspace, "long.wav")["encoder"] == software)
        let result = try workspace.run([
            "long.wav", "--transcript", "talk.json", "--words", "words.txt", "-o", "out.wav", "-q",
        ])
        #expect(result.status == 0, "\(result)")
        let before = try Self.tags(workspace, "long.wav"), after = try Self.tags(workspace, "out.wav")
        #expect(after["encoder"] == before["encoder"], "\(before) → \(after)")
        #expect(after["comment"] == "kept note", "\(after)")
    }
}
