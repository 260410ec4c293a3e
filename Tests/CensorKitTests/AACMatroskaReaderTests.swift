import Testing

@testable import CensorKit

/// The Matroska reader of the direct AAC editor on hand-built EBML: which frames it finds, and
/// what it refuses.
@Suite struct AACMatroskaReaderTests {
    /// An element: its ID's bytes, a one-byte size (or the unknown size, `0xFF`), the body.
    static func element(_ id: [UInt8], _ body: [UInt8], unknownSize: Bool = false) -> [UInt8] {
        precondition(body.count < 127)
        return id + [unknownSize ? 0xFF : 0x80 | UInt8(body.count)] + body
    }

    /// An element whose size is written in 8 bytes.
    static func wide(_ id: [UInt8], _ body: [UInt8]) -> [UInt8] {
        id + [0x01] + (0..<7).map { UInt8(truncatingIfNeeded: body.count >> (8 * (6 - $0))) } + body
    }

    /// AAC-LC, 48 kHz, stereo.
    static let config: [UInt8] = [0x11, 0x90]

    /// Tracks with a video track 1 and an AAC track 2, `extra` added to the audio TrackEntry.
    static func tracks(extra: [UInt8] = [], codec: String = "A_AAC") -> [UInt8] {
        let video = element(
            [0xAE], element([0xD7], [1]) + element([0x83], [1]) + element([0x86], Array("V_MPEG4/ISO/SP".utf8)))
        let audio = element(
            [0xAE],
            element([0xD7], [2]) + element([0x83], [2]) + element([0x86], Array(codec.utf8))
                + element([0x63, 0xA2], config) + extra)
        return element([0x16, 0x54, 0xAE, 0x6B], video + audio)
    }

    /// A SimpleBlock of `track` holding `frame`, with the flags byte `flags`.
    static func simpleBlock(track: UInt8, _ frame: [UInt8], flags: UInt8 = 0x80) -> [UInt8] {
        element([0xA3], [0x80 | track, 0x00, 0x00, flags] + frame)
    }

    /// A file: the EBML header, then a Segment holding `body`.
    static func file(_ body: [UInt8], unknownSegment: Bool = false) -> [UInt8] {
        let header = element([0x1A, 0x45, 0xDF, 0xA3], element([0x42, 0x82], Array("matroska".utf8)))
        let segment =
            unknownSegment
            ? [0x18, 0x53, 0x80, 0x67, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF] + body
            : wide([0x18, 0x53, 0x80, 0x67], body)
        return header + segment
    }

    static func read(_ bytes: [UInt8], audioStream: Int = 0) throws(AACUnsupported) -> AACStream {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(AACUnsupported) in try AACStream.matroska(raw, audioStream: audioStream) }
        }
        return try result.get()
    }

    /// The offsets of `frame`'s bytes in `bytes`, found by content.
    static func range(of frame: [UInt8], in bytes: [UInt8]) -> Range<Int>? {
        (0...(bytes.count - frame.count)).first { Array(bytes[$0..<($0 + frame.count)]) == frame }.map {
            $0..<($0 + frame.count)
        }
    }

    static func reason(_ bytes: [UInt8]) -> String? {
        do {
            _ = try read(bytes)
            return nil
        } catch {
            return error.reason
        }
    }

    @Test("reads the audio track's SimpleBlocks and BlockGroup Blocks, skipping the video's")
    func simpleBlocksAndBlockGroup() throws {
        let grouped = Self.element(
            [0xA0], Self.element([0xA1], [0x82, 0x00, 0x15, 0x00, 7, 7, 7]) + Self.element([0x9B], [0x15]))
        let cluster = Self.element(
            [0x1F, 0x43, 0xB6, 0x75],
            Self.element([0xE7], [0]) + Self.simpleBlock(track: 1, [9, 9, 9, 9])
                + Self.simpleBlock(track: 2, [5, 5, 5, 5, 5]) + grouped + Self.simpleBlock(track: 2, [6, 6]))
        let bytes = Self.file(Self.tracks() + cluster)
        let stream = try Self.read(bytes)
        #expect(stream.packets == [[5, 5, 5, 5, 5], [7, 7, 7], [6, 6]].map { Self.range(of: $0, in: bytes)! })
        #expect(stream.sampleRate == 48000 && stream.channelConfiguration == 2)
        #expect(stream.decodedStartOffset == 0 && stream.frameCount == 3 * 1024)
    }

    @Test("a Cluster of unknown size ends at the next Cluster or other child of the Segment")
    func unknownSizeCluster() throws {
        let first = Self.element(
            [0x1F, 0x43, 0xB6, 0x75], Self.element([0xE7], [0]) + Self.simpleBlock(track: 2, [1, 1, 1]),
            unknownSize: true)
        let second = Self.element(
            [0x1F, 0x43, 0xB6, 0x75], Self.element([0xE7], [1]) + Self.simpleBlock(track: 2, [2, 2, 2, 2]),
            unknownSize: true)
        let cues = Self.element([0x1C, 0x53, 0xBB, 0x6B], [0xBB, 0x80])
        let bytes = Self.file(Self.tracks() + first + second + cues, unknownSegment: true)
        let stream = try Self.read(bytes)
        #expect(stream.packets == [[1, 1, 1], [2, 2, 2, 2]].map { Self.range(of: $0, in: bytes)! })
        #expect(stream.frameCount == 2048)
    }

    @Test("a DiscardPadding on the last block shortens the decoded length; before it, it is refused")
    func discardPadding() throws {
        // 10 ms at 48 kHz: 480 samples.
        let padding = Self.element([0x75, 0xA2], [0x00, 0x98, 0x96, 0x80])
        let last = Self.element([0xA0], Self.element([0xA1], [0x82, 0x00, 0x15, 0x00, 7, 7]) + padding)
        let cluster = { (blocks: [UInt8]) in Self.element([0x1F, 0x43, 0xB6, 0x75], Self.element([0xE7], [0]) + blocks)
        }
        let stream = try Self.read(Self.file(Self.tracks() + cluster(Self.simpleBlock(track: 2, [3, 3]) + last)))
        #expect(stream.frameCount == 2 * 1024 - 480)
        #expect(
            Self.reason(Self.file(Self.tracks() + cluster(last + Self.simpleBlock(track: 2, [3, 3]))))?.contains(
                "DiscardPadding") == true)
    }

    @Test("refuses laced blocks of its track, and takes the video's")
    func lacing() throws {
        let laced = { (track: UInt8) in
            Self.file(
                Self.tracks()
                    + Self.element(
                        [0x1F, 0x43, 0xB6, 0x75],
                        Self.element([0xE7], [0])
                            + Self.simpleBlock(track: track, [1, 3, 4, 4, 4, 4], flags: 0x82)
                            + Self.simpleBlock(track: 2, [5, 5])))
        }
        #expect(Self.reason(laced(2)) == "its audio blocks are laced")
        for flags: UInt8 in [0x82, 0x84, 0x86] {
            let bytes = Self.file(
                Self.tracks()
                    + Self.element([0x1F, 0x43, 0xB6, 0x75], Self.simpleBlock(track: 2, [1, 2], flags: flags)))
            #expect(Self.reason(bytes) == "its audio blocks are laced", "flags 0x\(String(flags, radix: 16))")
        }
        #expect(try Self.read(laced(1)).packets.count == 1)
    }

    @Test("refuses ContentEncodings, a codec delay, HE-AAC and a track not AAC")
    func refusedTracks() throws {
        let cluster = Self.element([0x1F, 0x43, 0xB6, 0x75], Self.simpleBlock(track: 2, [1, 2]))
        let encodings = Self.element(
            [0x6D, 0x80], Self.element([0x62, 0x40], Self.element([0x50, 0x34], Self.element([0x42, 0x54], [3]))))
        #expect(Self.reason(Self.file(Self.tracks(extra: encodings) + cluster))?.contains("ContentEncodings") == true)
        #expect(
            Self.reason(Self.file(Self.tracks(extra: Self.element([0x56, 0xAA], [0x01, 0x00])) + cluster))?.contains(
                "codec delay") == true)
        #expect(Self.reason(Self.file(Self.tracks(codec: "A_AAC/MPEG4/LC/SBR") + cluster)) == "it is HE-AAC (SBR)")
        do {
            _ = try Self.read(Self.file(Self.tracks(codec: "A_OPUS") + cluster))
            Issue.record("an Opus track was read as AAC")
        } catch {
            #expect(!error.isAAC)
        }
        // A second audio track asked for, of a file with one.
        #expect(throws: AACUnsupported.self) { try Self.read(Self.file(Self.tracks() + cluster), audioStream: 1) }
    }

    @Test("a file cut short anywhere is refused, never read past its end")
    func truncated() throws {
        let cluster = Self.element(
            [0x1F, 0x43, 0xB6, 0x75],
            Self.element([0xE7], [0]) + Self.simpleBlock(track: 2, [5, 5, 5, 5])
                + Self.simpleBlock(track: 2, [6, 6, 6]))
        let bytes = Self.file(Self.tracks() + cluster)
        #expect(try Self.read(bytes).packets.count == 2)
        var refused = 0
        for length in 0..<bytes.count {
            if Self.reason(Array(bytes[0..<length])) != nil { refused += 1 }
        }
        // Every cut runs the known-size Segment past the file's end.
        #expect(refused == bytes.count)
        // A block of unknown size, a size of 9 bytes, and an ID of 5 are refused.
        let unknownBlock = Self.file(
            Self.tracks() + Self.element([0x1F, 0x43, 0xB6, 0x75], [0xA3, 0xFF, 0x82, 0, 0, 0x80, 1]))
        #expect(Self.reason(unknownBlock)?.contains("unknown size") == true)
        #expect(
            Self.reason(Self.file(Self.tracks() + [0x1F, 0x43, 0xB6, 0x75, 0x00, 0x80, 0, 0, 0, 0, 0, 0, 0, 0])) != nil)
        #expect(Self.reason(Self.file(Self.tracks() + [0x08, 0x43, 0xB6, 0x75, 0x10, 0x80])) != nil)
    }
}
