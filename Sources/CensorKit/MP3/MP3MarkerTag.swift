/// The ``CensorMarker`` of an MP3 censored in place by the direct pass: an ID3v2.4 tag of its
/// own holding one UTF-8 `TXXX` frame named `censor`, after the file's own leading ID3v2 tags
/// (a reader that takes only the first tag still finds the file's own there; ffmpeg and ffprobe
/// read every tag in a row and report the frame as the tag `censor`). The marker tag of an
/// earlier run, last of the leading tags, is replaced rather than kept beside it.
struct MP3MarkerTag {
    /// The `TXXX` frame's description, and the tag name ffprobe reports.
    static let name = "censor"

    /// The tag's bytes.
    let bytes: [UInt8]

    /// The tag holding `marker`.
    init(_ marker: String) {
        var frame = Self.framePrefix + Array(marker.utf8)
        frame = Array("TXXX".utf8) + Self.synchsafe(frame.count) + [0x00, 0x00] + frame
        bytes = Self.header + Self.synchsafe(frame.count) + frame
    }

    /// What the tag is written over: an earlier run's marker tag, when it is the last leading
    /// tag, else nothing, at the end of the leading tags.
    ///
    /// - Parameters:
    ///   - tags: The file's tags.
    ///   - read: Reads up to `count` bytes at `offset`.
    /// - Returns: The file's byte range the tag takes the place of.
    static func replaced(in tags: MP3Tags, read: (_ offset: Int, _ count: Int) throws -> [UInt8]) rethrows -> Range<Int>
    {
        var start = 0, last: Int?
        while start < tags.leadingLength, let length = MP3Tags.id3v2Length(try read(start, 10)) {
            last = start
            start += length
        }
        let prefix = header.count + 4 + 10 + framePrefix.count
        guard let last, let head = Optional(try read(last, min(prefix, tags.leadingLength - last))),
            head.count == prefix,
            head.starts(with: header), head[(header.count + 4)...].starts(with: Array("TXXX".utf8)),
            head.suffix(framePrefix.count).elementsEqual(framePrefix)
        else { return tags.leadingLength..<tags.leadingLength }
        return last..<tags.leadingLength
    }

    /// `ID3`, version 2.4.0, no flags.
    private static let header: [UInt8] = Array("ID3".utf8) + [0x04, 0x00, 0x00]

    /// The frame's text up to the marker: UTF-8, the description, its terminator.
    private static let framePrefix: [UInt8] = [0x03] + Array(name.utf8) + [0x00]

    /// `value` in four bytes of seven bits each, as ID3v2.4 gives sizes.
    private static func synchsafe(_ value: Int) -> [UInt8] {
        [21, 14, 7, 0].map { UInt8((value >> $0) & 0x7F) }
    }
}
