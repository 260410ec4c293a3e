import CensorTestFiles
import Foundation
import Testing

@testable import CensorKit

/// The two things censoring an MP3 directly does beyond rewriting `global_gain`:
/// decoding only the frames around a word for edge refinement, and keeping the LAME tag's CRCs
/// true.
@Suite struct MP3PartialDecodingTests {
    /// A rising tone with noise, so that frames vary in size and lean on the bit reservoir.
    static let source = "aevalsrc=0.3*sin(2*PI*(200+300*t)*t)+0.05*(random(0)-0.5):s=%d:d=6"

    /// MPEG-1 CBR and VBR, MPEG-2 at a low rate (whose small frames reach back over many
    /// frames for their reservoir), mono and stereo.
    static let encodings: [MP3Files.Encoding] = [
        .init(rate: 44100, channels: 2, options: ["-b:a", "128k"]),
        .init(rate: 48000, channels: 1, options: ["-q:a", "2"]),
        .init(rate: 22050, channels: 1, options: ["-b:a", "32k"]),
        .init(rate: 24000, channels: 2, options: ["-q:a", "6"]),
    ]

    @Test("any stretch decoded from its own frames equals mpg123's decode of the whole stream", arguments: encodings)
    func stretchesMatchWholeDecode(encoding: MP3Files.Encoding) throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let path = folder.path("in.mp3")
        try MP3Files.make(path, encoding, source: String(format: Self.source, encoding.rate))
        let file = try MP3File(reading: path)
        let tags = try MP3Tags(size: file.size) { try file.read(at: $0, count: $1) }
        var probe = MP3Parser(
            stream: MP3ByteStream(size: file.size) { try file.read(at: $0, into: $1) }, tags: tags, path: path)
        let first = try #require(try probe.next())
        while try probe.next() != nil {}
        let audio = MP3DecodedAudio(path: path, index: try MP3FrameIndex(file: file, tags: tags), tags: tags)
        // The reference: mpg123's decode of the whole stream, gapless (interleaved again).
        let channels = encoding.channels
        let whole = try MP3Files.decode(path, channels: channels, with: "mpg123")
        #expect(audio.frameCount == whole[0].count)
        func expected(_ stretch: Range<Int>) -> [Float] {
            stretch.flatMap { frame in (0..<channels).map { whole[$0][frame] } }
        }
        let rate = encoding.rate, count = audio.frameCount
        // The start, the middle at odd places, across many frames, and the end.
        let stretches = [
            0..<500, rate + 7..<rate + 300, 2 * rate - 1000..<3 * rate + 17, 4 * rate + 1151..<4 * rate + 1153,
            count - 2000..<count,
        ]
        // The frames a stretch needs, by the tests' own header reader: those holding it (on the
        // undelayed timeline), two before them for the IMDCT overlap and the synthesis filter,
        // the frames before those whose main data the bit reservoir may reach (511 bytes at
        // MPEG-1, 255 at MPEG-2), and one past the end.
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let frames = Array(MP3Files.frames(bytes).dropFirst(probe.infoHeader == nil ? 0 : 1))
        let samplesPerFrame = first.header.samplesPerFrame, delay = probe.infoHeader?.decodedStartOffset ?? 0
        func needed(_ stretch: Range<Int>) -> Int {
            let firstFrame = (stretch.lowerBound + delay) / samplesPerFrame
            let lastFrame = (stretch.upperBound - 1 + delay) / samplesPerFrame
            let decodeFrom = max(0, firstFrame - MP3DecodedAudio.warmUpFrames)
            var reservoir = 0, held = 0
            while decodeFrom - reservoir > 0, held < (encoding.rate >= 32000 ? 511 : 255) {
                reservoir += 1
                let frame = frames[decodeFrom - reservoir]
                held += frame.offset + frame.length - frame.sideInfoEnd
            }
            return reservoir + (lastFrame - decodeFrom + 1) + (lastFrame + 1 < frames.count ? 1 : 0)
        }
        var decoded: [Float] = []
        for stretch in stretches {
            try audio.readFrames(stretch, into: &decoded)
            #expect(decoded.count == stretch.count * channels)
            // Only the frames around the stretch are decoded, however long the file.
            #expect(audio.framesDecoded == needed(stretch), "\(encoding) \(stretch) of \(frames.count) frames")
            // The same samples but for float precision: the synthesis filter sums in another order
            // when it starts elsewhere (one part in 10⁷; −120 dBFS is 10⁻⁶).
            let difference = zip(expected(stretch), decoded).map { abs($0 - $1) }.max() ?? .infinity
            #expect(difference < 1e-6, "\(encoding) \(stretch): differs by up to \(difference)")
            #expect(stretch.count < 100 || MP3Files.peakDBFS(decoded[...]) > -20, "\(stretch) is silent")
        }
        // A reader opened again (as refinement's threads do) shares the index and reads the same.
        let reopen = try #require(audio.reopener)
        var again = try reopen()
        var repeated: [Float] = []
        try again.readFrames(stretches[2], into: &repeated)
        try audio.readFrames(stretches[2], into: &decoded)
        #expect(repeated == decoded)
    }

    @Test(
        "the LAME tag's music CRC holds after censoring, its own CRC as it did, for LAME's and ffmpeg's tags",
        arguments: [("lame", 2), ("lame", 1), ("ffmpeg", 2), ("ffmpeg", 1)])
    func lameCRCsUpdated(encoder: String, channels: Int) throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let wav = folder.path("tone.wav"), input = folder.path("in.mp3"), output = folder.path("out.mp3")
        try MP3Files.run(
            "ffmpeg",
            [
                "-v", "error", "-f", "lavfi", "-i",
                "aevalsrc=\(MP3Files.tone(channels: channels)):s=44100:d=3", wav,
            ])
        if encoder == "lame" {
            // An ID3v2 and an ID3v1 tag around the frames.
            try MP3Files.run("lame", ["--quiet", "-b", "128", "--add-id3v2", "--tt", "A Talk", wav, input])
        } else {
            try MP3Files.run(
                "ffmpeg",
                [
                    "-v", "error", "-i", wav, "-c:a", "libmp3lame", "-b:a", "96k",
                    "-metadata", "title=A Talk", input,
                ])
        }
        let before = Array(try Data(contentsOf: URL(fileURLWithPath: input)))
        // The control: the tests' CRCs are the encoder's. (ffmpeg computes the tag's own CRC over
        // 190 bytes whatever the frame's layout, LAME up to the field: they agree in MPEG-1 stereo.)
        let original = try MP3Files.lameCRCs(before)
        #expect(original.music.stored == original.music.computed)
        #expect((original.tag.stored == original.tag.computed) == (encoder == "lame" || channels == 2))
        let report = try Censor(mode: .mute, options: MP3DirectTests.options)
            .censorMP3(input: input, output: output, matches: MP3DirectTests.matches())
        #expect(report.warnings.isEmpty)
        let after = Array(try Data(contentsOf: URL(fileURLWithPath: output)))
        let censored = try MP3Files.lameCRCs(after)
        #expect(censored.music.stored != original.music.stored)
        #expect(censored.music.stored == censored.music.computed, "music CRC \(censored.music)")
        // The tag's CRC holds where it held, and is off by the same difference where it was off.
        #expect(
            censored.tag.stored ^ censored.tag.computed == original.tag.stored ^ original.tag.computed,
            "tag CRC \(censored.tag), before \(original.tag)")
        // Only those four bytes of the info frame changed.
        let info = try #require(MP3Files.frames(before).first)
        let tag = try #require(MP3Files.lameTag(before))
        let changed = (0..<(info.offset + info.length)).filter { before[$0] != after[$0] }
        #expect(!changed.isEmpty && changed.allSatisfy { (tag + 32)..<(tag + 36) ~= $0 })
    }

    @Test("CRC-16/ARC over zeros appended in logarithmic steps equals the CRC of the zero bytes themselves")
    func zeroRuns() {
        let data: [UInt8] = Array("censor".utf8)
        for zeros in [0, 1, 2, 7, 8, 417, 65_536 + 3] {
            let direct = (data + [UInt8](repeating: 0, count: zeros)).withUnsafeBytes { MP3TagCRC.checksum($0) }
            let stepped = MP3TagCRC.appendingZeros(zeros, to: data.withUnsafeBytes { MP3TagCRC.checksum($0) })
            #expect(stepped == direct, "\(zeros) zeros")
            #expect(direct == MP3Files.lameCRC((data + [UInt8](repeating: 0, count: zeros))[...]))
        }
    }
}
