import Foundation

/// What the start of an MP3 file says about how it was encoded: the ID3v2 version of its tag
/// and, from the Xing/Info header of its first frame, whether its bit rate is variable and at
/// what LAME quality.
struct MP3Header: Sendable, Hashable {
    /// The major version of the ID3v2 tag (3 or 4); `nil` without one.
    var id3Version: Int?
    /// Whether a `Xing` header marks the bit rate as variable (`Info` marks a constant one).
    var isVariable: Bool
    /// LAME's VBR quality, 0 (best) to 9, from the Xing header's quality field.
    var vbrQuality: Int?

    /// Reads the header of the MP3 file at `path`; a file too short or unreadable gives no
    /// tag and a constant bit rate.
    init(path: String) {
        let bytes = [UInt8]((FileHandle(forReadingAtPath: path).flatMap { try? $0.read(upToCount: 1 << 16) }) ?? Data())
        self.init(bytes: bytes, path: path)
    }

    /// Reads the header from the first bytes of an MP3 file; `path` finds the frame past a tag
    /// longer than `bytes`.
    init(bytes: [UInt8], path: String? = nil) {
        var start = 0
        id3Version = nil
        if bytes.count >= 10, bytes[0] == 0x49, bytes[1] == 0x44, bytes[2] == 0x33 {  // "ID3"
            id3Version = Int(bytes[3])
            let size = bytes[6..<10].reduce(0) { $0 << 7 | Int($1 & 0x7F) }
            start = 10 + size + (bytes[5] & 0x10 != 0 ? 10 : 0)
        }
        var frame = bytes
        if start + 200 > bytes.count, let path, let handle = FileHandle(forReadingAtPath: path) {
            try? handle.seek(toOffset: UInt64(start))
            frame = [UInt8]((try? handle.read(upToCount: 256)) ?? Data())
            start = 0
        }
        isVariable = false
        vbrQuality = nil
        guard start < frame.count else { return }
        let window = frame[start..<min(frame.count, start + 200)]
        for offset in window.indices.dropLast(8) {
            let tag = String(decoding: frame[offset..<(offset + 4)], as: UTF8.self)
            guard tag == "Xing" || tag == "Info" else { continue }
            isVariable = tag == "Xing"
            let flags = frame[(offset + 4)..<(offset + 8)].reduce(0) { $0 << 8 | Int($1) }
            var field = offset + 8 + (flags & 1 != 0 ? 4 : 0) + (flags & 2 != 0 ? 4 : 0) + (flags & 4 != 0 ? 100 : 0)
            // Writers that do not know the quality (ffmpeg's muxer) leave 0.
            if flags & 8 != 0, field + 4 <= frame.count {
                let quality = frame[field..<(field + 4)].reduce(0) { $0 << 8 | Int($1) }
                if (1...100).contains(quality) { vbrQuality = min(9, (100 - quality) / 10) }
                field += 4
            }
            return
        }
    }
}
