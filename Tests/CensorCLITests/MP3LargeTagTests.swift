import Foundation
import Testing

/// An MP3 whose leading ID3v2 tags are too large for ffmpeg to parse cheaply (a crafted `PRIV`
/// frame): ffmpeg and ffprobe are told to skip them, and an MP3 written through ffmpeg gets
/// them back byte for byte, before ffmpeg's own tag with censor's marker.
@Suite struct MP3LargeTagTests {
    /// An ID3v2.4 tag of `size` bytes after its header: one `PRIV` frame, the rest of it zeros.
    static func privTag(size: Int) -> Data {
        let synchsafe = { (value: Int) in Data([21, 14, 7, 0].map { UInt8((value >> $0) & 0x7F) }) }
        return Data("ID3".utf8) + Data([4, 0, 0]) + synchsafe(size) + Data("PRIV".utf8) + synchsafe(size - 10)
            + Data([0, 0])
            + Data("censor.test\0".utf8)
    }

    @Test(
        "a 20 MiB PRIV frame before the audio, re-encoded: the tag kept byte for byte, the word muted, the marker after it"
    )
    func skippedTag() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let made = try workspace.shell("ffmpeg -v error -i talk.wav -c:a libmp3lame -b:a 96k -write_xing 1 plain.mp3")
        try #require(made.status == 0, "\(made)")
        // The tag's zeros are never written: the file is sparse, and made in no time.
        let size = 20 << 20, tag = Self.privTag(size: size)
        let file = try FileHandle(
            forWritingTo: {
                FileManager.default.createFile(atPath: workspace.path("big.mp3"), contents: nil)
                return workspace.file("big.mp3")
            }())
        try file.write(contentsOf: tag)
        try file.seek(toOffset: UInt64(10 + size))
        try file.write(contentsOf: workspace.bytes("plain.mp3"))
        try file.close()

        let result = try workspace.run([
            "big.mp3", "--transcript", "talk.json", "--words", "words.txt", "--mode", "mute",
            "--no-direct", "-o", "out.mp3", "--align", "off", "-q",
        ])
        #expect(result.status == 0, "\(result)")
        let input = try workspace.bytes("big.mp3"), output = try workspace.bytes("out.mp3")
        // ffmpeg wrote the PRIV frame again in a tag of its own before; now the source's bytes lead the file.
        #expect(output.prefix(10 + size) == input.prefix(10 + size))
        #expect(output.dropFirst(10 + size).prefix(3) == Data("ID3".utf8), "ffmpeg's own tag follows")
        let marker = try workspace.shell("ffprobe -v error -show_entries format_tags=censor -of csv=p=0 out.mp3")
        #expect(marker.stdout.contains("censored by censor 0.1.0: 2 spans at "), "\(marker)")
        // Decoded from after the tags: "damn" (0.5–0.8 s) muted, the words before it kept.
        let decoded = try workspace.shell(
            "ffmpeg -v error -skip_initial_bytes \(10 + size) -i out.mp3 -ac 1 -f f32le - > out.f32 && "
                + "ffmpeg -v error -i talk.wav -ac 1 -f f32le - > in.f32")
        try #require(decoded.status == 0, "\(decoded)")
        let samples = { (name: String) in
            try workspace.bytes(name).withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        }
        let before = try samples("in.f32"), after = try samples("out.f32")
        let core = Int(0.55 * 22_050)..<Int(0.75 * 22_050), kept = Int(0.05 * 22_050)..<Int(0.35 * 22_050)
        #expect(Measure.rms(before, core) > 0.05 && Measure.rms(after, core) < 0.001)
        #expect(Measure.rms(after, kept) > 0.05)
    }
}
