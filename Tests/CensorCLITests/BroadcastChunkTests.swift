import Foundation
import Testing

/// A Broadcast Wave file's `bext` chunk (written by ffmpeg) and an AES46 `cart` chunk (spliced in
/// byte by byte, as radio automation writes it) are carried into the censored WAV, their times
/// in frames scaled when the output is resampled; a field recorder's `iXML` chunk is copied into
/// an output of the same encoding and rate.
@Suite struct BroadcastChunkTests {
    /// The chunks of a RIFF/WAVE file, by identifier, with their bodies.
    static func chunks(_ data: Data) -> [(id: String, body: Data)] {
        let bytes = [UInt8](data)
        var chunks: [(id: String, body: Data)] = []
        var offset = 12
        while offset + 8 <= bytes.count {
            let size =
                Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(
                    bytes[offset + 7]) << 24
            let end = min(bytes.count, offset + 8 + size)
            chunks.append(
                (String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self), Data(bytes[(offset + 8)..<end])))
            offset += 8 + size + size % 2
        }
        return chunks
    }

    /// A text field of `width` bytes at `offset` of `body`, up to its first NUL.
    static func text(_ body: Data, _ offset: Int, _ width: Int) -> String {
        String(
            decoding: body[(body.startIndex + offset)..<(body.startIndex + offset + width)].prefix { $0 != 0 },
            as: UTF8.self)
    }

    /// The little-endian 32-bit integer at `offset` of `body`.
    static func integer(_ body: Data, _ offset: Int) -> UInt32 {
        body[(body.startIndex + offset)..<(body.startIndex + offset + 4)].reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// An AES46 cart chunk: fixed fields (2,048 bytes) and a tag text; one post timer, "SEG1" at
    /// `segue` frames.
    static func cartChunk(segue: UInt32) -> Data {
        func field(_ text: String, _ width: Int) -> [UInt8] {
            Array(text.utf8) + [UInt8](repeating: 0, count: width - text.utf8.count)
        }
        var body = field("0101", 4) + field("Morning news", 64) + field("Desk", 64) + field("CUT-0042", 64)
        body += field("", 64) + field("NEWS", 64) + field("", 64) + field("", 64)
        body += field("2026/12/01", 10) + field("06:00:00", 8) + field("2026/12/31", 10) + field("23:59:59", 8)
        body += field("Playout", 64) + field("7.1", 64) + field("", 64) + [0, 0, 0, 0]
        body += Array("SEG1".utf8) + withUnsafeBytes(of: segue.littleEndian, Array.init)
        body += [UInt8](repeating: 0, count: 7 * 8 + 276 + 1024)
        body += Array("<tags/>\r\n".utf8)
        return Data(
            Array("cart".utf8) + withUnsafeBytes(of: UInt32(body.count).littleEndian, Array.init) + body
                + (body.count % 2 == 1 ? [0] : []))
    }

    @Test("bext and cart are kept in a censored WAV, and their frame counts scaled by --rate")
    func chunksKept() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        // ffmpeg writes the bext chunk; the cart chunk goes in before the data chunk.
        try MediaFixture.run(
            "/usr/bin/ffmpeg",
            [
                "-nostdin", "-v", "error", "-i", "talk.wav", "-write_bext", "1", "-metadata",
                "description=Morning show",
                "-metadata", "originator=KXYZ", "-metadata", "origination_date=2026-12-01", "-metadata",
                "time_reference=158760000",
                "-metadata", "coding_history=A=PCM,F=22050,W=16,M=stereo", "bwf.wav",
            ], in: workspace.url)
        var wav = try workspace.bytes("bwf.wav")
        let data = try #require(wav.range(of: Data("data".utf8), options: [], in: 12..<wav.count))
        wav.insert(contentsOf: Self.cartChunk(segue: 22_050), at: data.lowerBound)
        let riffSize = UInt32(wav.count - 8)
        wav.replaceSubrange(4..<8, with: withUnsafeBytes(of: riffSize.littleEndian, Array.init))
        try wav.write(to: workspace.file("bwf.wav"))

        for (rate, scale) in [(nil, UInt32(1)), (44_100, 2)] as [(Int?, UInt32)] {
            let output = rate.map { "bwf-\($0).wav" } ?? "bwf.censored.wav"
            let result = try workspace.run(
                ["bwf.wav", "--transcript", "talk.json", "--words", "words.txt", "-o", output]
                    + (rate.map { ["--rate", "\($0)"] } ?? []))
            #expect(result.status == 0, "\(result)")
            let chunks = Self.chunks(try workspace.bytes(output))
            let bext = try #require(chunks.first { $0.id == "bext" }?.body, "\(chunks.map(\.id))")
            #expect(Self.text(bext, 0, 256) == "Morning show")
            #expect(Self.text(bext, 256, 32) == "KXYZ")
            #expect(Self.text(bext, 320, 10) == "2026-12-01")
            #expect(Self.integer(bext, 338) == 158_760_000 * scale, "the time reference counts the output's frames")
            // The source's coding history, then libsndfile's line for this file.
            let history = String(decoding: bext[(bext.startIndex + 602)...].prefix { $0 != 0 }, as: UTF8.self)
            #expect(
                history
                    == "A=PCM,F=22050,W=16,M=stereo\r\nA=PCM,F=\(rate ?? 22_050),W=16,M=stereo,T=libsndfile-1.2.0\r\n")
            let cart = try #require(chunks.first { $0.id == "cart" }?.body, "\(chunks.map(\.id))")
            #expect(Self.text(cart, 4, 64) == "Morning news")
            #expect(Self.text(cart, 4 + 2 * 64, 64) == "CUT-0042")
            #expect(Self.text(cart, 4 + 4 * 64, 64) == "NEWS")
            #expect(Self.text(cart, 684, 4) == "SEG1")
            #expect(Self.integer(cart, 688) == 22_050 * scale, "the post timer counts the output's frames")
            #expect(
                String(decoding: cart[(cart.startIndex + 2048)...].prefix { $0 != 0 }, as: UTF8.self) == "<tags/>\r\n")
        }
    }

    @Test("an iXML chunk before the data is copied after it into a WAV of the same format, not into a resampled one")
    func iXMLCopied() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        // An odd size, so that the pad byte after it is exercised.
        let xml = Data(#"<?xml version="1.0"?><BWFXML><SCENE>12A</SCENE><TAKE>3</TAKE><NOTE>odds</NOTE></BWFXML>"#.utf8)
        try #require(xml.count % 2 == 1)
        var wav = try workspace.bytes("talk.wav")
        let data = try #require(wav.range(of: Data("data".utf8), options: [], in: 12..<wav.count))
        let chunk =
            Data("iXML".utf8) + withUnsafeBytes(of: UInt32(xml.count).littleEndian) { Data($0) } + xml + Data([0])
        wav.insert(contentsOf: chunk, at: data.lowerBound)
        wav.replaceSubrange(4..<8, with: withUnsafeBytes(of: UInt32(wav.count - 8).littleEndian, Array.init))
        try wav.write(to: workspace.file("take.wav"))

        let result = try workspace.run(["take.wav", "--transcript", "talk.json", "--words", "words.txt"])
        #expect(result.status == 0, "\(result)")
        let output = try workspace.bytes("take.censored.wav")
        let chunks = Self.chunks(output)
        // The iXML after the audio, then censor's marker in a chunk of its own.
        #expect(chunks.map(\.id).suffix(3) == ["data", "iXML", "cnsr"], "\(chunks.map(\.id))")
        #expect(chunks.dropLast().last?.body == xml)
        #expect(Int(Self.integer(output, 4)) == output.count - 8, "the RIFF size counts the chunk")
        // The output reads back: a second pass over it censors the same words.
        let again = try workspace.run([
            "take.censored.wav", "--transcript", "talk.json", "--words", "words.txt", "-o", "again.wav",
        ])
        #expect(again.status == 0, "\(again)")

        let resampled = try workspace.run([
            "take.wav", "--transcript", "talk.json", "--words", "words.txt", "--rate", "44100", "-o", "r.wav",
        ])
        #expect(resampled.status == 0, "\(resampled)")
        #expect(
            !Self.chunks(try workspace.bytes("r.wav")).contains { $0.id == "iXML" },
            "its rate and bit depth would be wrong")
    }

    /// A RIFF chunk: identifier, little-endian size, body, and the pad byte an odd size takes.
    static func riffChunk(_ id: String, _ body: Data) -> Data {
        Data(id.utf8) + withUnsafeBytes(of: UInt32(body.count).littleEndian) { Data($0) } + body
            + (body.count % 2 == 1 ? Data([0]) : Data())
    }

    static func little(_ value: UInt32) -> Data { withUnsafeBytes(of: value.littleEndian) { Data($0) } }

    @Test(
        "markers: cue points and their adtl labels are copied into a WAV of the same format; the source's INFO list is not doubled"
    )
    func markersCopied() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        // Two cue points, at frames 11,025 and 33,075, labelled as an editor labels them.
        var cue = Self.little(2)
        for (name, frame) in [(1, 11_025), (2, 33_075)] as [(UInt32, UInt32)] {
            cue +=
                Self.little(name) + Self.little(frame) + Data("data".utf8) + Self.little(0) + Self.little(0)
                + Self.little(frame)
        }
        let labels =
            Data("adtl".utf8) + Self.riffChunk("labl", Self.little(1) + Data("Ad break\0".utf8))
            + Self.riffChunk("labl", Self.little(2) + Data("Outro\0".utf8))
        let info = Data("INFO".utf8) + Self.riffChunk("ISFT", Data("Editor 1.0\0".utf8))
        var wav = try workspace.bytes("talk.wav")
        let data = try #require(wav.range(of: Data("data".utf8), options: [], in: 12..<wav.count))
        wav.insert(
            contentsOf: Self.riffChunk("LIST", info) + Self.riffChunk("cue ", cue) + Self.riffChunk("LIST", labels),
            at: data.lowerBound)
        wav.replaceSubrange(4..<8, with: Self.little(UInt32(wav.count - 8)))
        try wav.write(to: workspace.file("marked.wav"))

        let result = try workspace.run(["marked.wav", "--transcript", "talk.json", "--words", "words.txt"])
        #expect(result.status == 0, "\(result)")
        let chunks = Self.chunks(try workspace.bytes("marked.censored.wav"))
        #expect(chunks.first { $0.id == "cue " }?.body == cue)
        let lists = chunks.filter { $0.id == "LIST" }.map(\.body)
        #expect(lists.filter { $0.prefix(4) == Data("adtl".utf8) } == [labels])
        // libsndfile's own INFO list carries the software tag, the source's with the marker added.
        #expect(lists.filter { $0.prefix(4) == Data("INFO".utf8) }.count == 1, "\(chunks.map(\.id))")
    }
}
