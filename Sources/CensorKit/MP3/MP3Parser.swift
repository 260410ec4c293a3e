/// Walks the Layer III frames of an MP3 file in order, in one forward pass.
///
/// Tags (``MP3Tags``) are stepped over; the Xing/Info or VBRI frame is recognised
/// (``infoHeader``) and not counted as audio, and neither is one inside the stream, where files
/// joined with `cat` meet (``junctions``): ffmpeg skips it too. Bytes that are not frames —
/// junk, a corrupt header, a lost sync — are stepped over to the next frame that continues the
/// stream, with a warning; a truncated last frame is reported with a warning too. Everything the stream reads
/// is handed, in order and unchanged unless a caller changed it, to the byte stream's sink.
///
/// Errors: a file whose first frame is AAC, another MPEG layer, or no frame at all; free
/// format; a frame of another sample rate than the stream's.
struct MP3Parser {
    /// An audio frame of the stream.
    struct Frame {
        /// The byte offset of its header in the file.
        var offset: Int
        /// Its header.
        var header: MP3FrameHeader
        /// The index of its first granule among all the stream's audio granules.
        var firstGranule: Int
        /// The bytes of it the file holds: its length, or fewer for a truncated last frame.
        var length: Int
    }

    /// The bytes, read forward.
    let stream: MP3ByteStream
    /// The file, for messages.
    let path: String
    /// Where the frames lie: between the leading and trailing tags.
    let audio: Range<Int>
    /// The Xing/Info or VBRI header, once the first frame has been read.
    private(set) var infoHeader: MP3InfoHeader?
    /// The bytes of the frame holding ``infoHeader``.
    private(set) var infoFrame: Range<Int>?
    /// The first audio frame's header, which every other frame must continue.
    private(set) var reference: MP3FrameHeader?
    /// Audio granules seen so far.
    private(set) var granuleCount = 0
    /// Audio frames seen so far.
    private(set) var frameCount = 0
    /// A stretch of bytes stepped over because it held no frame.
    struct Gap: Sendable {
        /// The bytes.
        var bytes: Range<Int>
        /// The index among the stream's audio granules of the first granule after it.
        var granule: Int
        /// Whether it holds a word that reads as an MPEG audio frame header (a false sync),
        /// which decoders may take for a frame.
        var holdsSync: Bool
    }

    /// Stretches stepped over because they held no frame.
    private(set) var gaps: [Gap] = []
    /// For each Xing/Info or VBRI frame after the first frame, the index among the stream's
    /// audio granules of the first granule after it: where a file joined to another begins.
    private(set) var junctions: [Int] = []
    /// A truncated last frame: its offset, the bytes there and the bytes it should have.
    private(set) var truncation: (offset: Int, present: Int, length: Int)?
    private var position: Int

    /// Creates a parser over `stream`, whose tags are `tags`.
    init(stream: MP3ByteStream, tags: MP3Tags, path: String) {
        self.stream = stream
        self.path = path
        audio = tags.leadingLength..<max(tags.leadingLength, stream.size - tags.trailingLength)
        position = audio.lowerBound
    }

    /// The next audio frame, with at least its header and side information loaded (unless it
    /// is truncated before their end), or `nil` after the last.
    ///
    /// - Throws: ``MP3Error``.
    mutating func next() throws -> Frame? {
        while position + 4 <= audio.upperBound {
            stream.mark = position
            _ = try stream.load(through: position + 4)
            let parse = MP3FrameHeader.parse(stream.word(at: position))
            guard case let .layer3(header) = parse else {
                // Only the first frame decides what the file is; later, a header that is not a
                // Layer III one continuing the stream (free format included) is damage.
                if reference == nil, position == audio.lowerBound { try refuseStart(parse) }
                try resynchronize()
                continue
            }
            if let reference, !header.continues(reference) {
                guard try confirmed(header, at: position) else {
                    try resynchronize()
                    continue
                }
                throw MP3Error.mixedSampleRates(
                    path: path, offset: position, rate: header.sampleRate,
                    expected: reference.sampleRate)
            }
            if reference == nil, !(try confirmed(header, at: position)) {
                try resynchronize()
                continue
            }
            let offset = position
            let length = min(header.frameLength, audio.upperBound - offset)
            if length < header.frameLength { truncation = (offset, length, header.frameLength) }
            position = offset + length
            _ = try stream.load(through: offset + min(length, header.sideInfoOffset + header.sideInfoLength))
            if reference == nil {
                reference = header
                _ = try stream.load(through: offset + length)
                infoHeader = stream.withBytes(offset..<(offset + length)) {
                    MP3InfoHeader.find(in: UnsafeRawBufferPointer($0), header: header)
                }
                if infoHeader != nil {
                    infoFrame = offset..<(offset + length)
                    continue
                }
            } else if try holdsInfoHeader(header, at: offset, length: length) {
                junctions.append(granuleCount)
                continue
            }
            let frame = Frame(offset: offset, header: header, firstGranule: granuleCount, length: length)
            granuleCount += header.granuleCount
            frameCount += 1
            return frame
        }
        if position < audio.upperBound, reference != nil {
            gaps.append(Gap(bytes: position..<audio.upperBound, granule: granuleCount, holdsSync: false))
        }
        if reference == nil { throw MP3Error.notMP3(path: path, found: "no MPEG audio frame was found in it") }
        position = audio.upperBound
        return nil
    }

    /// Where a parser stands between two frames, to resume from later, on another stream.
    struct Checkpoint: Sendable {
        fileprivate var position: Int
        fileprivate var audio: Range<Int>
        fileprivate var reference: MP3FrameHeader?
        fileprivate var infoHeader: MP3InfoHeader?
        /// The index among the stream's audio frames of the frame ``next()`` returns next.
        fileprivate(set) var frameCount: Int
        fileprivate var granuleCount: Int
        /// The byte the parser reads next.
        var offset: Int { position }
    }

    /// Where the parser stands now: before the frame ``next()`` returns next.
    var checkpoint: Checkpoint {
        Checkpoint(
            position: position, audio: audio, reference: reference, infoHeader: infoHeader,
            frameCount: frameCount, granuleCount: granuleCount)
    }

    /// A parser that goes on from `checkpoint` over `stream`, which must read the same file;
    /// what was stepped over before it is not reported again.
    init(stream: MP3ByteStream, resuming checkpoint: Checkpoint, path: String) {
        self.stream = stream
        self.path = path
        audio = checkpoint.audio
        position = checkpoint.position
        reference = checkpoint.reference
        infoHeader = checkpoint.infoHeader
        frameCount = checkpoint.frameCount
        granuleCount = checkpoint.granuleCount
    }

    /// The warnings a person should read about what was stepped over.
    var warnings: [String] {
        var result: [String] = []
        for gap in gaps.prefix(5).map(\.bytes) {
            result.append(
                "'\(path)': \(gap.count) bytes at byte \(gap.lowerBound) are not MP3 frames (lost sync or a "
                    + "corrupt frame); copied as they are. Decoders part there (ffmpeg drops the next frame, mpg123 does not), "
                    + "so spans after it are widened to where either decodes their words")
        }
        if gaps.count > 5 {
            result.append(
                "'\(path)': \(gaps.count - 5) more stretches (\(gaps.dropFirst(5).map(\.bytes.count).reduce(0, +)) "
                    + "bytes) are not MP3 frames; copied as they are")
        }
        if let truncation {
            result.append(
                "'\(path)' is truncated: its last frame, at byte \(truncation.offset), holds "
                    + "\(truncation.present) of its \(truncation.length) bytes; copied as it is")
        }
        return result
    }

    /// Whether the frame `header` at `offset` is followed by one that continues it (or by the
    /// end of the audio, or the end of the file).
    private mutating func confirmed(_ header: MP3FrameHeader, at offset: Int) throws -> Bool {
        let next = offset + header.frameLength
        guard next + 4 <= audio.upperBound else { return true }
        _ = try stream.load(through: next + 4)
        guard let following = MP3FrameHeader(stream.word(at: next)) else { return false }
        return following.continues(header)
    }

    /// Steps to the next frame header that continues the stream and is itself followed by one,
    /// recording the bytes stepped over.
    private mutating func resynchronize() throws {
        let from = position
        var holdsSync = Self.readsAsHeader(stream.word(at: position))
        var offset = position + 1
        while offset + 4 <= audio.upperBound {
            if stream.available(from: offset) < 4 {
                stream.mark = offset
                _ = try stream.load(through: offset + 4)
            }
            guard stream[offset] == 0xFF else {
                offset += 1
                continue
            }
            if let header = MP3FrameHeader(stream.word(at: offset)), try confirmed(header, at: offset) {
                guard let reference, !header.continues(reference) else { break }
                // A run of three frames at another rate is a second stream, not chance bytes.
                let next = offset + header.frameLength
                if next + 4 <= audio.upperBound, let following = MP3FrameHeader(stream.word(at: next)),
                    try confirmed(following, at: next)
                {
                    throw MP3Error.mixedSampleRates(
                        path: path, offset: offset, rate: header.sampleRate,
                        expected: reference.sampleRate)
                }
            }
            holdsSync = holdsSync || Self.readsAsHeader(stream.word(at: offset))
            offset += 1
        }
        position = min(offset, audio.upperBound)
        if position + 4 > audio.upperBound { position = audio.upperBound }
        if reference != nil || position < audio.upperBound {
            gaps.append(Gap(bytes: from..<position, granule: granuleCount, holdsSync: holdsSync))
        }
    }

    /// Whether four bytes read as the header of an MPEG audio frame of any layer (what a
    /// decoder hunting for sync may take for a frame), AAC's excepted.
    private static func readsAsHeader(_ word: UInt32) -> Bool {
        switch MP3FrameHeader.parse(word) {
        case .none, .adts: false
        case .layer3, .otherLayer, .freeFormat: true
        }
    }

    /// Whether the frame `header` at `offset`, of `length` bytes, holds a Xing/Info or VBRI
    /// header: one whose side information is all zeros (no audio) and whose bytes after it
    /// name the header.
    private mutating func holdsInfoHeader(_ header: MP3FrameHeader, at offset: Int, length: Int) throws -> Bool {
        let sideInfo = (offset + header.sideInfoOffset)..<(offset + header.sideInfoOffset + header.sideInfoLength)
        guard length >= sideInfo.upperBound - offset,
            stream.withBytes(sideInfo, { $0.allSatisfy { $0 == 0 } })
        else { return false }
        _ = try stream.load(through: offset + length)
        return stream.withBytes(offset..<(offset + length)) {
            MP3InfoHeader.find(in: UnsafeRawBufferPointer($0), header: header) != nil
        }
    }

    /// Throws for a file whose first bytes say it is something other than MP3.
    private mutating func refuseStart(_ parse: MP3FrameHeader.Parse) throws {
        switch parse {
        case .adts:
            throw MP3Error.notMP3(path: path, found: "it holds AAC audio (ADTS frames) at byte \(position)")
        case let .otherLayer(layer):
            throw MP3Error.notMP3(
                path: path, found: "it holds MPEG audio Layer \(layer == 1 ? "I" : "II") at byte \(position)")
        case .freeFormat:
            throw MP3Error.freeFormat(path: path, offset: position)
        case .layer3, .none:
            _ = try stream.load(through: position + 12)
            let count = min(12, stream.available(from: position))
            let head = (0..<count).map { stream[position + $0] }
            let signatures: [(Int, String, String)] = [
                (4, "ftyp", "it is an MPEG-4 file (M4A, MP4 or AAC), 'ftyp' at byte \(position + 4)"),
                (0, "RIFF", "it is a RIFF (WAV) file"), (0, "fLaC", "it is a FLAC file"),
                (0, "OggS", "it is an Ogg file"),
                (0, "FORM", "it is an AIFF file"), (0, "caff", "it is a CAF file"),
            ]
            for (at, signature, found) in signatures
            where head.count >= at + 4 && head[at..<(at + 4)].elementsEqual(signature.utf8) {
                throw MP3Error.notMP3(path: path, found: found)
            }
        }
    }
}

extension MP3Parser {
    /// A parser over bytes in memory, tags found as in a file.
    init(bytes: [UInt8], path: String) {
        let stream = MP3ByteStream(size: bytes.count) { offset, buffer in
            bytes[offset..<(offset + buffer.count)].withUnsafeBytes { buffer.copyMemory(from: $0) }
        }
        let tags = MP3Tags(size: bytes.count) { offset, count in Array(bytes[offset..<min(bytes.count, offset + count)])
        }
        self.init(stream: stream, tags: tags, path: path)
    }
}
