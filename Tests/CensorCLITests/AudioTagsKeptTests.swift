import Foundation
import Testing

/// The tags of audio files libsndfile writes, kept exactly: a FLAC file's Vorbis comment (every
/// field, custom keys and repeated ones) and its pictures, an Ogg Vorbis or Opus file's comment
/// header, a WAV's INFO list; censor's marker, when the container carries one, a tag of its own.
@Suite struct AudioTagsKeptTests {
    /// The workspace's recording as a FLAC file made by the reference encoder, tagged by
    /// `metaflac` as a podcast's or an album's file is: show notes, a custom key, two artists,
    /// a front cover.
    static func makeFLAC(_ workspace: Workspace) throws {
        let made = try workspace.shell(
            """
            ffmpeg -v error -f lavfi -i color=c=red:s=32x32 -frames:v 1 cover.png && flac -s -o talk.flac talk.wav && \
            metaflac --set-tag='DESCRIPTION=Show notes: links, credits' --set-tag=TITLE=Episode --set-tag=ARTIST=Host \
            --set-tag=ARTIST=Guest --set-tag='MY_SHOW_KEY=custom value' \
            --import-picture-from='3|image/png|Front cover|32x32x24|cover.png' talk.flac
            """)
        try #require(made.status == 0, "\(made)")
    }

    /// `metaflac`'s listing of a file's Vorbis comment fields, in order.
    static func tags(_ workspace: Workspace, _ name: String) throws -> [String] {
        let listed = try workspace.shell("metaflac --export-tags-to=- \(name)")
        try #require(listed.status == 0, "\(listed)")
        return listed.stdout.split(separator: "\n").map(String.init)
    }

    /// `metaflac`'s description of a file's PICTURE blocks, without their block numbers.
    static func pictures(_ workspace: Workspace, _ name: String) throws -> [String] {
        let listed = try workspace.shell("metaflac --list --block-type=PICTURE \(name)")
        try #require(listed.status == 0, "\(listed)")
        return listed.stdout.split(separator: "\n").map(String.init).filter {
            !$0.hasPrefix("METADATA block #") && !$0.contains("is last")
        }
    }

    @Test(
        "FLAC → FLAC: every Vorbis comment and the cover picture exactly, censor's marker a field of its own; --no-marker adds none"
    )
    func flac() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Self.makeFLAC(workspace)
        let tags = try Self.tags(workspace, "talk.flac"), pictures = try Self.pictures(workspace, "talk.flac")
        #expect(
            tags == [
                "DESCRIPTION=Show notes: links, credits", "TITLE=Episode", "ARTIST=Host", "ARTIST=Guest",
                "MY_SHOW_KEY=custom value",
            ])
        #expect(pictures.contains("  data length: \(try workspace.bytes("cover.png").count)"), "\(pictures)")

        let result = try workspace.run([
            "talk.flac", "--transcript", "talk.json", "--words", "words.txt", "-o", "out.flac",
            "--align", "off", "-q",
        ])
        // libsndfile kept TITLE and ARTIST=Host only, and no picture.
        #expect(result.status == 0, "\(result)")
        let after = try Self.tags(workspace, "out.flac")
        #expect(Array(after.dropLast()) == tags)
        #expect(after.last?.hasPrefix("CENSOR=censored by censor 0.1.0: 2 spans at ") == true, "\(after)")
        #expect(try Self.pictures(workspace, "out.flac") == pictures)
        // The cover's bytes, extracted again.
        let extracted = try workspace.shell("metaflac --export-picture-to=out.png out.flac && cmp cover.png out.png")
        #expect(extracted.status == 0, "\(extracted)")
        // The audio is whole: the reference decoder checks it against the MD5 libsndfile wrote.
        let checked = try workspace.shell("flac -t -s out.flac")
        #expect(checked.status == 0, "\(checked)")

        let bare = try workspace.run([
            "talk.flac", "--transcript", "talk.json", "--words", "words.txt", "-o", "bare.flac",
            "--align", "off", "-q", "--no-marker",
        ])
        #expect(bare.status == 0, "\(bare)")
        #expect(try Self.tags(workspace, "bare.flac") == tags)
        #expect(try Self.pictures(workspace, "bare.flac") == pictures)
    }

    @Test("FLAC in place twice: the second run finds censor's marker and skips the file")
    func flacInPlace() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Self.makeFLAC(workspace)
        let arguments = [
            "talk.flac", "--transcript", "talk.json", "--words", "words.txt", "--in-place", "--align", "off",
        ]
        let first = try workspace.run(arguments + ["-q"])
        #expect(first.status == 0, "\(first)")
        let once = try workspace.bytes("talk.flac")
        let second = try workspace.run(arguments)
        #expect(
            second.status == 0
                && second.stderrLines.first?.hasPrefix("censor: talk.flac: skipped: it was censored already") == true,
            "\(second)")
        #expect(try workspace.bytes("talk.flac") == once)
    }

    /// ffprobe's tags of `name`'s audio stream (where Ogg keeps its comments).
    static func streamTags(_ workspace: Workspace, _ name: String) throws -> [String: String] {
        let result = try workspace.shell(
            "ffprobe -v error -select_streams a:0 -show_entries stream_tags -of json \(name)")
        try #require(result.status == 0, "\(result)")
        let root = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return ((root["streams"] as? [[String: Any]])?.first?["tags"] as? [String: String]) ?? [:]
    }

    @Test(
        "Ogg Vorbis and Opus → the same: the comment header exactly, also one spanning several pages",
        arguments: [
            ("talk.ogg", "libvorbis", 1_000), ("talk.opus", "libopus", 1_000), ("talk.ogg", "libvorbis", 100_000),
        ])
    func ogg(_ name: String, _ encoder: String, _ notes: Int) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        // A long field makes the comment packet span two pages where libsndfile's own fits one:
        // every later page is numbered again.
        let made = try workspace.shell(
            "ffmpeg -v error -i talk.wav -c:a \(encoder) -metadata title=Episode "
                + "-metadata MY_SHOW_KEY='custom value' -metadata NOTES=\(String(repeating: "n", count: notes)) \(name)"
        )
        try #require(made.status == 0, "\(made)")
        let before = try Self.streamTags(workspace, name)
        #expect(before["MY_SHOW_KEY"] == "custom value" && before["NOTES"]?.count == notes, "\(before.keys)")
        let result = try workspace.run([
            name, "--transcript", "talk.json", "--words", "words.txt", "-o", "out." + name.split(separator: ".")[1],
            "--align", "off", "-q",
        ])
        #expect(result.status == 0, "\(result)")
        let output = "out." + name.split(separator: ".")[1]
        // libsndfile wrote TITLE and its own ENCODER only.
        #expect(try Self.streamTags(workspace, output) == before)
        // Every page's checksum and sequence number holds: ffmpeg decodes it without a complaint.
        let decoded = try workspace.shell("ffmpeg -v error -err_detect crccheck+explode -i \(output) -f null - 2>&1")
        #expect(decoded.status == 0 && decoded.stdout.isEmpty, "\(decoded)")
        let pages = try Self.pageSequence(workspace.bytes(output))
        #expect(pages == Array(0..<UInt32(pages.count)), "\(pages)")
    }

    /// The sequence numbers of an Ogg file's pages, in order.
    static func pageSequence(_ data: Data) throws -> [UInt32] {
        let bytes = [UInt8](data)
        var offset = 0, sequence: [UInt32] = []
        while offset + 27 <= bytes.count {
            try #require(bytes[offset..<offset + 4].elementsEqual("OggS".utf8), "a page at \(offset)")
            sequence.append(bytes[offset + 18..<offset + 22].reversed().reduce(0) { $0 << 8 | UInt32($1) })
            let segments = Int(bytes[offset + 26])
            offset += 27 + segments + bytes[offset + 27..<offset + 27 + segments].reduce(0) { $0 + Int($1) }
        }
        return sequence
    }

    @Test(
        "WAV → WAV: every INFO field (IENG, ISRC, ITCH besides libsndfile's ten), whatever the output's encoding",
        arguments: ["out.wav", "float.wav"])
    func wavInfo(_ output: String) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let made = try workspace.shell(
            "ffmpeg -v error -i talk.wav -metadata title=Episode -metadata IENG=Engineer "
                + "-metadata ISRC=Source -metadata encoded_by=Technician -metadata comment=Notes tagged.wav")
        try #require(made.status == 0, "\(made)")
        let tags = try InPlaceMarkerTests.tags(workspace, "tagged.wav")
        #expect(tags["IENG"] == "Engineer" && tags["ISRC"] == "Source" && tags["encoded_by"] == "Technician", "\(tags)")
        let result = try workspace.run(
            [
                "tagged.wav", "--transcript", "talk.json", "--words", "words.txt", "-o", output,
                "--align", "off", "-q",
            ] + (output == "float.wav" ? ["--encoding", "float"] : []))
        // libsndfile kept title and comment only.
        #expect(result.status == 0, "\(result)")
        #expect(try InPlaceMarkerTests.tags(workspace, output) == tags)
    }
}
