import CensorTestFiles
import Foundation
import Testing

@testable import CensorKit

/// Leading ID3v2 tags, however long or many, are stepped over by seeking, never read whole;
/// and the direct pass copies them byte for byte: chapters, table of contents, cover picture,
/// user text and comment frames.
@Suite struct MP3LeadingTagTests {
    /// An ID3v2.3 tag of `size` bytes in all: one PRIV frame of zeros.
    static func tag(size: Int) -> [UInt8] {
        let body = size - 10, frame = body - 10
        func synchsafe(_ value: Int) -> [UInt8] { [21, 14, 7, 0].map { UInt8((value >> $0) & 0x7F) } }
        let frameSize = [24, 16, 8, 0].map { UInt8((frame >> $0) & 0xFF) }
        return Array("ID3".utf8) + [3, 0, 0] + synchsafe(body) + Array("PRIV".utf8) + frameSize + [0, 0]
            + [UInt8](repeating: 0, count: frame)
    }

    /// Walks every frame of `bytes` as a file, counting the bytes read from it.
    static func bytesRead(walking bytes: [UInt8]) throws -> (read: Int, frames: Int, tags: MP3Tags) {
        var read = 0
        let tags = MP3Tags(size: bytes.count) { Array(bytes[$0..<min(bytes.count, $0 + $1)]) }
        let stream = MP3ByteStream(size: bytes.count) { offset, buffer in
            read += buffer.count
            bytes[offset..<(offset + buffer.count)].withUnsafeBytes { buffer.copyMemory(from: $0) }
        }
        var parser = MP3Parser(stream: stream, tags: tags, path: "in.mp3")
        while try parser.next() != nil {}
        return (read, parser.frameCount, tags)
    }

    @Test(
        "a 4 MiB tag, or 1,000 tags of 4 KiB, before the frames are skipped unread",
        arguments: [(count: 1, size: 4 << 20), (count: 1000, size: 4 << 10)])
    func tagsSkipped(count: Int, size: Int) throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let path = folder.path("in.mp3")
        try MP3Files.make(path, MP3InputTests.cbr, seconds: 1)
        let audio = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let frames = MP3Files.frames(audio)
        let tagged = (0..<count).flatMap { _ in Self.tag(size: size) } + audio
        let walk = try Self.bytesRead(walking: tagged)
        #expect(walk.tags.leadingLength == count * size + frames[0].offset)
        #expect(walk.frames == frames.count - 1)
        // The frames' bytes, and not one byte of the tags.
        #expect(walk.read == audio.count - frames[0].offset, "\(walk.read) bytes read")
    }

    @Test(
        "chapters, their table of contents, a cover, TXXX and COMM are copied byte for byte", arguments: [false, true])
    func userFramesCopied(replacingInput: Bool) throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let input = folder.path("in.mp3"), cover = folder.path("cover.png"), tone = folder.path("tone.mp3")
        let metadata = folder.path("chapters.txt")
        try MP3Files.make(tone, MP3InputTests.cbr)
        try MP3Files.run(
            "ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "color=c=red:s=16x16:d=1", "-frames:v", "1", cover])
        try Data(
            ";FFMETADATA1\nsponsor=Nobody\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=1500\n"
                .appending("title=One\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=1500\nEND=3000\ntitle=Two\n").utf8
        )
        .write(to: URL(fileURLWithPath: metadata))
        try MP3Files.run(
            "ffmpeg",
            [
                "-v", "error", "-i", tone, "-i", cover, "-f", "ffmetadata", "-i", metadata,
                "-map", "0:a", "-map", "1:v", "-map_metadata", "2", "-map_chapters", "2", "-c", "copy",
                "-id3v2_version", "3", "-metadata:s:v", "comment=Cover (front)", input,
            ])
        // ffmpeg writes a comment as TXXX: a COMM frame (Latin-1, English, no description) goes
        // first in its tag, whose synchsafe size grows by the frame's.
        var before = Array(try Data(contentsOf: URL(fileURLWithPath: input)))
        let text = [0] + Array("eng".utf8) + [0] + Array("A comment".utf8)
        let comment = Array("COMM".utf8) + [0, 0, 0, UInt8(text.count), 0, 0] + text
        let size = before[6..<10].reduce(0) { $0 << 7 | Int($1) } + comment.count
        before.replaceSubrange(6..<10, with: [21, 14, 7, 0].map { UInt8((size >> $0) & 0x7F) })
        before.insert(contentsOf: comment, at: 10)
        try Data(before).write(to: URL(fileURLWithPath: input))
        let tags = MP3Tags(size: before.count) { Array(before[$0..<min(before.count, $0 + $1)]) }
        let head = before[..<tags.leadingLength]
        for id in ["CHAP", "CTOC", "APIC", "TXXX", "COMM"] {
            try #require(head.indices.contains { head[$0...].starts(with: Array(id.utf8)) }, "\(id) in the tag")
        }
        let output = replacingInput ? input : folder.path("out.mp3")
        let word = Match(wordIndices: 0..<1, text: "damn", pattern: "damn", start: 1.2, end: 1.5)
        let report = try Censor(mode: .mute, options: MP3DirectTests.options)
            .censorMP3(input: input, output: output, matches: [word], replacingInput: replacingInput)
        #expect(report.spans.count == 1)
        let after = Array(try Data(contentsOf: URL(fileURLWithPath: output)))
        // The file's own tag first, unchanged; in place, censor's marker tag may follow it.
        #expect(after[..<tags.leadingLength] == head)
        // ffprobe reads the comment, both chapters and the cover from the output.
        let probe = String(
            decoding: try MP3Files.run(
                "ffprobe",
                [
                    "-v", "error", "-show_entries", "format_tags=comment:chapter=start_time:stream=codec_name", "-of",
                    "csv=p=0",
                    output,
                ]
            ).output, as: UTF8.self)
        #expect(probe.split(separator: "\n") == ["mp3", "png", "0.000000", "1.500000", "A comment"], "\(probe)")
        let decoded = try MP3Files.decode(output, channels: 1)[0]
        let span = try #require(report.spans.first)
        #expect(MP3Files.peakDBFS(decoded[span.startFrame..<span.endFrame]) < -90)
    }
}
