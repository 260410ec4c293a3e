/// Where an MP3's audio frames lie, kept sparsely: the parser's state before every
/// ``interval``-th frame, from which the frames around any point are found by parsing forward
/// a few dozen frames. Memory grows by one small entry per ``interval`` frames (2,400 for an
/// hour at 44.1 kHz), whatever the bytes.
final class MP3FrameIndex: Sendable {
    /// Frames between two checkpoints.
    static let interval = 64

    /// The parser's state before frames 0, `interval`, 2 × `interval` …
    let checkpoints: [MP3Parser.Checkpoint]
    /// The audio frames the stream holds.
    let frameCount: Int

    /// Walks every frame of `file` (whose tags are `tags`) once.
    ///
    /// - Throws: ``MP3Error`` as the parser does.
    init(file: MP3File, tags: MP3Tags) throws {
        var parser = MP3Parser(
            stream: MP3ByteStream(size: file.size) { try file.read(at: $0, into: $1) }, tags: tags, path: file.path)
        var checkpoints: [MP3Parser.Checkpoint] = []
        repeat {
            if checkpoints.count * Self.interval == parser.frameCount { checkpoints.append(parser.checkpoint) }
        } while try parser.next() != nil
        self.checkpoints = checkpoints
        frameCount = parser.frameCount
    }

    /// The last checkpoint at or before audio frame `frame`.
    func checkpoint(before frame: Int) -> MP3Parser.Checkpoint? {
        guard !checkpoints.isEmpty else { return nil }
        return checkpoints[min(checkpoints.count - 1, max(0, frame) / Self.interval)]
    }
}
