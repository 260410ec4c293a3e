import Foundation

extension AACStream {
    /// The packets of a Matroska file's audio track (MKA, MKV; the Matroska specification, RFC
    /// 9559): the `audioStream`th audio TrackEntry of the Segment's Tracks, its CodecPrivate (the
    /// `AudioSpecificConfig`), and the frame of each of its SimpleBlocks and BlockGroups' Blocks, in
    /// file order — after the block's track number, 16-bit timestamp and flags. Decoders drop
    /// nothing from a Matroska stream's start; a DiscardPadding on the last block drops samples
    /// from its end.
    ///
    /// - Throws: ``AACUnsupported`` for a track the editor does not take (not AAC-LC, laced
    ///   blocks, ContentEncodings such as compression or encryption, a codec delay) or a file it
    ///   cannot walk (EBML errors, elements of unknown size other than the Segment and its
    ///   Clusters, elements cut short); ``MP3Error/io(path:reason:)`` when the file cannot be read.
    static func matroska(path: String, audioStream: Int) throws -> AACStream {
        let data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        return try data.withUnsafeBytes { try matroska($0, audioStream: audioStream) }
    }

    /// The packets of the `audioStream`th audio track of the Matroska file `bytes`.
    static func matroska(_ bytes: UnsafeRawBufferPointer, audioStream: Int) throws(AACUnsupported) -> AACStream {
        let header = try EBMLElement.read(at: 0, end: bytes.count, in: bytes)
        guard header.id == MatroskaID.ebml, !header.hasUnknownSize else { throw AACUnsupported("it is no EBML file") }
        var offset = header.body.upperBound
        var segment: EBMLElement?
        while segment == nil, offset < bytes.count {
            let element = try EBMLElement.read(at: offset, end: bytes.count, in: bytes)
            if element.id == MatroskaID.segment {
                segment = element
            } else {
                guard !element.hasUnknownSize else {
                    throw AACUnsupported("its element at byte \(offset) has an unknown size")
                }
                offset = element.body.upperBound
            }
        }
        guard let segment else { throw AACUnsupported("it has no Matroska Segment") }
        var reader = MatroskaBlockReader(bytes: bytes, audioStream: audioStream)
        offset = segment.body.lowerBound
        while offset < segment.body.upperBound {
            let element = try EBMLElement.read(at: offset, end: segment.body.upperBound, in: bytes)
            switch element.id {
            case MatroskaID.cluster:
                offset = try reader.readCluster(element, segmentEnd: segment.body.upperBound)
            case MatroskaID.tracks:
                guard !element.hasUnknownSize else { throw AACUnsupported("its Tracks element has an unknown size") }
                try reader.readTracks(element)
                offset = element.body.upperBound
            default:
                guard !element.hasUnknownSize else {
                    throw AACUnsupported(
                        "its element 0x\(String(element.id, radix: 16, uppercase: true)) at byte \(offset) has an unknown size"
                    )
                }
                offset = element.body.upperBound
            }
        }
        guard let track = reader.track else {
            throw AACUnsupported("it has no audio track \(audioStream)", isAAC: false)
        }
        guard !reader.packets.isEmpty else { throw AACUnsupported("its audio track has no blocks") }
        return AACStream(
            packets: reader.packets, sampleRate: track.config.sampleRate,
            channelConfiguration: track.config.channelConfiguration, decodedStartOffset: 0,
            frameCount: max(0, reader.packets.count * frameSamples - reader.discarded))
    }
}

/// The Matroska element IDs the AAC reader looks at (RFC 9559 §5.1).
enum MatroskaID {
    static let ebml: UInt32 = 0x1A45_DFA3
    static let segment: UInt32 = 0x1853_8067
    static let tracks: UInt32 = 0x1654_AE6B
    static let trackEntry: UInt32 = 0xAE
    static let trackNumber: UInt32 = 0xD7
    static let trackType: UInt32 = 0x83
    static let codecID: UInt32 = 0x86
    static let codecPrivate: UInt32 = 0x63A2
    static let codecDelay: UInt32 = 0x56AA
    static let contentEncodings: UInt32 = 0x6D80
    static let cluster: UInt32 = 0x1F43_B675
    static let simpleBlock: UInt32 = 0xA3
    static let blockGroup: UInt32 = 0xA0
    static let block: UInt32 = 0xA1
    static let discardPadding: UInt32 = 0x75A2
    /// The Segment's children (and a next EBML header or Segment): one of them ends a Cluster of
    /// unknown size.
    static let endsUnknownCluster: Set<UInt32> = [
        0x114D_9B74, 0x1549_A966, tracks, cluster, 0x1C53_BB6B, 0x1941_A469, 0x1043_A770, 0x1254_C367, ebml, segment,
    ]
    /// The TrackType of an audio track.
    static let audioTrack: UInt64 = 2
}

/// Walks a Matroska Segment's Tracks and Clusters for one audio track's frames.
struct MatroskaBlockReader {
    /// The track read.
    struct Track {
        var number: UInt64
        var config: AudioSpecificConfig
    }

    let bytes: UnsafeRawBufferPointer
    /// Which audio track, counting audio TrackEntries from 0.
    let audioStream: Int
    /// The track, once Tracks is read.
    private(set) var track: Track?
    /// Each of its frames' bytes in the file.
    private(set) var packets: [Range<Int>] = []
    /// Samples the last block's DiscardPadding drops.
    private(set) var discarded = 0

    init(bytes: UnsafeRawBufferPointer, audioStream: Int) {
        self.bytes = bytes
        self.audioStream = audioStream
    }

    /// The children filling `range`, each of known size.
    private func children(_ range: Range<Int>) throws(AACUnsupported) -> [EBMLElement] {
        var elements: [EBMLElement] = []
        var offset = range.lowerBound
        while offset < range.upperBound {
            let element = try EBMLElement.read(at: offset, end: range.upperBound, in: bytes)
            guard !element.hasUnknownSize else {
                throw AACUnsupported("its element at byte \(offset) has an unknown size")
            }
            elements.append(element)
            offset = element.body.upperBound
        }
        return elements
    }

    /// Reads Tracks: finds the audio track and checks that it is plain AAC-LC.
    mutating func readTracks(_ tracks: EBMLElement) throws(AACUnsupported) {
        guard track == nil else { throw AACUnsupported("it has several Tracks elements") }
        var audio = 0
        for entry in try children(tracks.body) where entry.id == MatroskaID.trackEntry {
            let fields = try children(entry.body)
            func field(_ id: UInt32) -> EBMLElement? { fields.first { $0.id == id } }
            guard try field(MatroskaID.trackType)?.unsigned(in: bytes) == MatroskaID.audioTrack else { continue }
            defer { audio += 1 }
            guard audio == audioStream else { continue }
            let codec = field(MatroskaID.codecID)?.string(in: bytes) ?? ""
            guard codec.hasPrefix("A_AAC") else {
                throw AACUnsupported("its audio is '\(codec)', not AAC", isAAC: false)
            }
            if codec.hasSuffix("/SBR") { throw AACUnsupported("it is HE-AAC (SBR)") }
            if field(MatroskaID.contentEncodings) != nil {
                throw AACUnsupported("its audio track is compressed or encrypted (ContentEncodings)")
            }
            if let delay = field(MatroskaID.codecDelay), try delay.unsigned(in: bytes) != 0 {
                throw AACUnsupported("its audio track declares a codec delay")
            }
            guard let number = try field(MatroskaID.trackNumber)?.unsigned(in: bytes), number > 0 else {
                throw AACUnsupported("its audio track has no track number")
            }
            guard let config = field(MatroskaID.codecPrivate) else {
                throw AACUnsupported("its AAC track has no CodecPrivate")
            }
            track = Track(number: number, config: try AudioSpecificConfig(Array(bytes[config.body])))
        }
        guard track != nil else { throw AACUnsupported("it has no audio track \(audioStream)", isAAC: false) }
    }

    /// Reads a Cluster's blocks of the track; returns where the Cluster ends: after its body, or
    /// for one of unknown size, at the first element that is a child of the Segment.
    mutating func readCluster(_ cluster: EBMLElement, segmentEnd: Int) throws(AACUnsupported) -> Int {
        guard let track else { throw AACUnsupported("its Clusters come before its Tracks") }
        var offset = cluster.body.lowerBound
        let end = cluster.hasUnknownSize ? segmentEnd : cluster.body.upperBound
        while offset < end {
            let element = try EBMLElement.read(at: offset, end: end, in: bytes)
            if cluster.hasUnknownSize, MatroskaID.endsUnknownCluster.contains(element.id) { return offset }
            guard !element.hasUnknownSize else {
                throw AACUnsupported("its element at byte \(offset) has an unknown size")
            }
            switch element.id {
            case MatroskaID.simpleBlock:
                try readBlock(element, of: track)
            case MatroskaID.blockGroup:
                let children = try children(element.body)
                guard let block = children.first(where: { $0.id == MatroskaID.block }) else { break }
                guard try readBlock(block, of: track) else { break }
                if let padding = children.first(where: { $0.id == MatroskaID.discardPadding }) {
                    let nanoseconds = try padding.signed(in: bytes)
                    guard (0...1_000_000_000).contains(nanoseconds) else {
                        throw AACUnsupported("its block at byte \(block.start) discards \(nanoseconds) ns")
                    }
                    discarded = Int((nanoseconds * Int64(track.config.sampleRate) + 500_000_000) / 1_000_000_000)
                }
            default:
                break
            }
            offset = element.body.upperBound
        }
        return end
    }

    /// Adds the frame of a SimpleBlock or Block when it is the track's; returns whether it was.
    @discardableResult
    private mutating func readBlock(_ block: EBMLElement, of track: Track) throws(AACUnsupported) -> Bool {
        let (number, length) = try EBMLElement.vint(at: block.body.lowerBound, end: block.body.upperBound, in: bytes)
        guard number == track.number else { return false }
        guard block.body.count > length + 3 else {
            throw AACUnsupported("its block at byte \(block.start) holds no frame")
        }
        let frame = (block.body.lowerBound + length + 3)..<block.body.upperBound
        guard bytes[frame.lowerBound - 1] & 0x06 == 0 else { throw AACUnsupported("its audio blocks are laced") }
        guard discarded == 0 else { throw AACUnsupported("a block before its last discards samples (DiscardPadding)") }
        guard packets.count < AACStream.maxPackets else {
            throw AACUnsupported("its track has more than \(AACStream.maxPackets) blocks")
        }
        packets.append(frame)
        return true
    }
}
