/// Where an MP3's audio frames lie, kept sparsely: the parser's state before every
/// ``interval``-th frame, from which the frames around any point are found by parsing forward
/// a few dozen frames. Memory grows by one small entry per ``interval`` frames (2,400 for an
/// hour at 44.1 kHz), whatever the bytes. The walk that builds it also learns what the stream
/// is: its first frame, its Xing/Info header, its length and its timeline (``MP3Timeline``).
final class MP3FrameIndex: Sendable {
    /// Frames between two checkpoints.
    static let interval = 64

    /// The parser's state before frames 0, `interval`, 2 × `interval` …
    let checkpoints: [MP3Parser.Checkpoint]
    /// The audio frames the stream holds, counted.
    let frameCount: Int
    /// The audio granules the stream holds, counted.
    let granuleCount: Int
    /// The first audio frame's header.
    let header: MP3FrameHeader
    /// The Xing/Info or VBRI header of the first frame, if it holds one.
    let infoHeader: MP3InfoHeader?
    /// The bytes of the frame holding ``infoHeader``.
    let infoFrame: Range<Int>?
    /// Stretches that are not frames, before granules.
    let gaps: [MP3Parser.Gap]
    /// The decoded timeline, and how decoders may stray from it.
    let timeline: MP3Timeline

    /// Walks every frame of `file` (whose tags are `tags`) once.
    ///
    /// - Throws: ``MP3Error`` as the parser does, and when no audio frame follows the first.
    init(file: MP3File, tags: MP3Tags) throws {
        var parser = MP3Parser(
            stream: MP3ByteStream(size: file.size) { try file.read(at: $0, into: $1) }, tags: tags, path: file.path)
        var checkpoints: [MP3Parser.Checkpoint] = []
        var header: MP3FrameHeader?
        repeat {
            if checkpoints.count * Self.interval == parser.frameCount { checkpoints.append(parser.checkpoint) }
            guard let frame = try parser.next() else { break }
            if header == nil { header = frame.header }
        } while true
        guard let header else { throw MP3Error.notMP3(path: file.path, found: "it holds no audio frame") }
        self.checkpoints = checkpoints
        self.header = header
        frameCount = parser.frameCount
        granuleCount = parser.granuleCount
        infoHeader = parser.infoHeader
        infoFrame = parser.infoFrame
        gaps = parser.gaps.filter { $0.granule < parser.granuleCount }
        timeline = MP3Timeline(
            header: header, info: parser.infoHeader, frames: parser.frameCount, granules: parser.granuleCount,
            junctions: parser.junctions, gaps: gaps.filter { !$0.holdsSync }.map(\.granule))
    }

    /// The last checkpoint at or before audio frame `frame`.
    func checkpoint(before frame: Int) -> MP3Parser.Checkpoint? {
        guard !checkpoints.isEmpty else { return nil }
        return checkpoints[min(checkpoints.count - 1, max(0, frame) / Self.interval)]
    }
}
