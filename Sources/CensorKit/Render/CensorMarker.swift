import Foundation

/// The note a censored file carries, in a tag of its own, so that a second in-place run can
/// prove the file is already censor's output for the same job and leave it alone rather than
/// censor it again (and widen every span by its padding):
///
/// `censored by censor 0.1.0: 2 spans at 0.500-0.800, 1.250-1.550 s; job sha256:<64 hex>; file sha256:<64 hex>`
///
/// - `job` is a digest of what decided the edit (the censor lists, the options, the
///   transcript), which the caller gives as ``Job``;
/// - `file` is the SHA-256 of the whole written file with these 64 digits read as `0`s: any
///   byte changed since censor wrote it (the audio, a tag, the marker's job) breaks it.
///
/// ``verify(fileAt:job:)`` checks both; a marker that fails either, or holds no digests (a
/// comment someone typed), proves nothing. The digests are no signature: anyone can compute
/// them, so the marker protects against a file changed or copied with its tags, and against
/// lists, options or transcripts changed since, not against a forger who has all three.
///
/// Where it goes, by the path that writes the file (no user tag is ever changed):
/// - a RIFF/WAVE file libsndfile writes: a `cnsr` chunk of its own at the end; a FLAC file a
///   Vorbis comment field `CENSOR` of its own (``FLACBlocks``); RF64 and every other libsndfile
///   format carry none;
/// - the direct MP3 pass, when it replaces its input: an ID3v2 tag of its own after the file's
///   leading ones, holding a `TXXX` frame named `censor` (``MP3MarkerTag``), in place of an
///   earlier run's;
/// - ffmpeg: Matroska and WebM a global tag `censor` (written without the muxer's CRC-32
///   elements, which the digest's digits would break); MP3 a `TXXX` frame `censor`; MP4, M4A
///   and MOV a top-level `uuid` box of its own at the end, which readers skip; AVI, WMA and bare
///   AAC and AC-3 streams carry none.
///
/// A file that carries none is censored again by a second in-place run.
public enum CensorMarker {
    /// What decided an edit, as the marker records it.
    public struct Job: Sendable, Equatable {
        /// 64 lowercase hexadecimal digits: a SHA-256 of the lists, options and transcript.
        public var digest: String

        /// A job named by `digest`, 64 lowercase hexadecimal digits.
        public init(digest: String) {
            self.digest = digest
        }

        /// The job of a caller that names none: no in-place run of the command matches it.
        public static let unnamed = Job(digest: String(repeating: "0", count: 64))
    }

    /// The words that start the marker.
    public static let phrase = "censored by censor "
    /// The most spans the marker lists by time; the rest are counted.
    public static let listedSpans = 16
    /// The file digest's digits while the file is written, and as they are read for the digest.
    static let unsealed = String(repeating: "0", count: 64)
    /// The longest marker: its fixed part and ``listedSpans`` times of up to 30 characters.
    static let longest = 512 + 30 * listedSpans

    /// The marker of a file censored with `spans` for `job`, its file digest still zeros.
    ///
    /// - Parameters:
    ///   - spans: The censored spans.
    ///   - sampleRate: Frames per second of their frames.
    ///   - job: What decided the edit.
    /// - Returns: The marker's text, ASCII.
    static func text(spans: [Span], sampleRate: Int, job: Job) -> String {
        let rate = Double(max(1, sampleRate))
        let times = spans.prefix(listedSpans).map {
            String(format: "%.3f-%.3f", Double($0.start) / rate, Double($0.end) / rate)
        }
        var note = phrase + Censor.version + ": \(spans.count) span\(spans.count == 1 ? "" : "s")"
        if !times.isEmpty { note += " at " + times.joined(separator: ", ") + " s" }
        if spans.count > listedSpans { note += " and \(spans.count - listedSpans) more" }
        note += "; job sha256:\(job.digest); file sha256:\(unsealed)"
        return note
    }

    /// What ``verify(fileAt:job:)`` found.
    public enum Verification: Equatable, Sendable {
        /// The file holds no marker.
        case absent
        /// The file is censor's output for the job, unchanged since: what the marker says, up to its digests.
        case verified(String)
        /// The file holds a marker that proves nothing: what it says, and why.
        case unproven(String, reason: String)
    }

    /// Whether the file at `path` carries a marker of `job` whose file digest matches it.
    ///
    /// - Parameters:
    ///   - path: A regular file (anything else is ``Verification/absent``).
    ///   - job: The job about to censor it.
    /// - Complexity: Two reads of the file.
    public static func verify(fileAt path: String, job: Job) -> Verification {
        guard let found = try? markers(inFileAt: path), !found.isEmpty else { return .absent }
        var reason = "it holds no digests to prove it"
        for marker in found {
            guard let recorded = marker.job, let file = marker.file else { continue }
            guard recorded == job.digest else {
                reason = "it was censored for other lists, options or transcript"
                continue
            }
            guard let digest = try? digest(ofFileAt: path, zeroing: file.offset), digest == file.digits else {
                reason = "the file changed since censor wrote it"
                continue
            }
            return .verified(marker.text)
        }
        return .unproven(found[0].text, reason: reason)
    }

    /// Writes the file digest into the marker of the finished file at `path`: the SHA-256 of the
    /// file as it is, with the marker's digits still zeros.
    ///
    /// - Parameters:
    ///   - path: The file (a temporary output).
    ///   - name: The output's name for errors.
    /// - Throws: ``CensorError/cannotFinish(path:reason:)`` when the file cannot be read or
    ///   written, or holds no unsealed marker.
    static func seal(fileAt path: String, named name: String) throws(CensorError) {
        do {
            guard let marker = try markers(inFileAt: path).first(where: { $0.file?.digits == unsealed }),
                let offset = marker.file?.offset
            else { throw CensorError.cannotCreate(path: name, reason: "the censor marker written in it is not there") }
            let digits = Array(try digest(ofFileAt: path, zeroing: offset).utf8)
            let file = open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC)
            guard file >= 0 else { throw DigestError(path: name, reason: String(cString: strerror(errno))) }
            defer { close(file) }
            let written = digits.withUnsafeBytes { pwrite(file, $0.baseAddress, $0.count, off_t(offset)) }
            guard written == digits.count else {
                throw DigestError(path: name, reason: String(cString: strerror(errno)))
            }
        } catch let error as CensorError {
            throw error
        } catch {
            throw .cannotCreate(path: name, reason: "\(error)")
        }
    }

    /// Adds `marker` to the end of the finished file at `path` when it is a RIFF/WAVE file (a
    /// `cnsr` chunk) or an MP4 or QuickTime file (a `uuid` box), and seals it; any other file is
    /// left as it is.
    ///
    /// - Parameters:
    ///   - marker: The marker, from ``text(spans:sampleRate:job:)``.
    ///   - path: The file (a temporary output).
    ///   - name: The output's name for errors.
    /// - Throws: ``CensorError/cannotCreate(path:reason:)`` when the file cannot be written.
    static func append(_ marker: String, toFileAt path: String, named name: String) throws(CensorError) {
        let head =
            (FileHandle(forReadingAtPath: path).flatMap { file in
                defer { try? file.close() }
                return try? file.read(upToCount: 12)
            }) ?? Data()
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        let chunk: Data
        if head.count == 12, head.prefix(4) == Data("RIFF".utf8), head.suffix(4) == Data("WAVE".utf8) {
            chunk = wavChunk(marker)
            // The RIFF size must still say the whole file.
            guard size + 1 + chunk.count - 8 <= Int(UInt32.max) else { return }
            do {
                try WAVChunks.append([chunk], toFileAt: path, named: name, frames: 0)
            } catch {
                throw .cannotCreate(path: name, reason: "\(error)")
            }
        } else if head.count == 12, head.dropFirst(4).prefix(4) == Data("ftyp".utf8) {
            chunk = mp4Box(marker)
            do {
                let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
                defer { try? file.close() }
                try file.seekToEnd()
                try file.write(contentsOf: chunk)
            } catch {
                throw .cannotCreate(path: name, reason: error.localizedDescription)
            }
        } else {
            return
        }
        try seal(fileAt: path, named: name)
    }

    /// The chunk holding `marker` for the end of a RIFF/WAVE file: `cnsr`, its size, the text,
    /// padded to an even length.
    static func wavChunk(_ marker: String) -> Data {
        let text = Array(marker.utf8)
        return Data("cnsr".utf8) + withUnsafeBytes(of: UInt32(text.count).littleEndian) { Data($0) } + Data(text)
            + (text.count % 2 == 1 ? Data([0]) : Data())
    }

    /// The box holding `marker` for the end of an MP4 or QuickTime file: a `uuid` box of
    /// censor's own type.
    static func mp4Box(_ marker: String) -> Data {
        let text = Array(marker.utf8)
        return withUnsafeBytes(of: UInt32(8 + 16 + text.count).bigEndian) { Data($0) } + Data("uuid".utf8)
            + Data(mp4BoxType) + Data(text)
    }

    /// The `uuid` box type: random, fixed.
    private static let mp4BoxType: [UInt8] = [
        0x6b, 0x1e, 0x3c, 0x52, 0x9d, 0x07, 0x4f, 0x8a, 0xb2, 0x61, 0x0c, 0xe4, 0x53, 0x9f, 0x7a, 0x21,
    ]

    /// A marker found in a file's bytes.
    struct Found {
        /// What it says, from ``phrase`` to its digests (or 80 characters, when it has none).
        var text: String
        var job: String?
        /// The file digest's digits and their offset in the file.
        var file: (digits: String, offset: Int)?
    }

    /// Every marker in the file's bytes, in order.
    static func markers(inFileAt path: String) throws -> [Found] {
        let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? file.close() }
        guard (try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular
        else { return [] }
        let phraseBytes = Data(phrase.utf8)
        var found: [Found] = [], window = Data(), windowStart = 0
        while true {
            let block = try file.read(upToCount: 1 << 20) ?? Data()
            window += block
            var searchFrom = window.startIndex
            while let range = window.range(of: phraseBytes, in: searchFrom..<window.endIndex) {
                // A marker cut by the block's end is looked at again with the next block.
                if !block.isEmpty, window.endIndex - range.lowerBound < longest { break }
                let text = window[range.lowerBound...].prefix(longest).prefix { (0x20..<0x7F).contains($0) }
                found.append(
                    parse(String(decoding: text, as: UTF8.self), at: windowStart + range.lowerBound - window.startIndex)
                )
                searchFrom = range.upperBound
            }
            if block.isEmpty { return found }
            let keep = max(searchFrom, window.endIndex - longest)
            windowStart += keep - window.startIndex
            window = Data(window[keep...])
        }
    }

    /// The fields of the marker `text` found at `offset`: what it says, up to its digests,
    /// and the digests.
    private static func parse(_ text: String, at offset: Int) -> Found {
        guard let job = text.range(of: "; job sha256:") else { return Found(text: String(text.prefix(80))) }
        var result = Found(text: String(text[..<job.lowerBound]))
        let hex = { (value: Substring) in value.count == 64 && value.allSatisfy { $0.isHexDigit && !$0.isUppercase } }
        let rest = text[job.upperBound...], fileField = "; file sha256:"
        let digits = rest.prefix(64), file = rest.dropFirst(64).dropFirst(fileField.count).prefix(64)
        guard hex(digits), rest.dropFirst(64).hasPrefix(fileField), hex(file) else { return result }
        result.job = String(digits)
        result.file = (String(file), offset + text[..<file.startIndex].utf8.count)
        return result
    }

    /// The SHA-256 of the file at `path` with the 64 bytes at `offset` read as `0`s.
    private static func digest(ofFileAt path: String, zeroing offset: Int) throws -> String {
        let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? file.close() }
        var hash = SHA256(), position = 0
        while let block = try file.read(upToCount: 1 << 20), !block.isEmpty {
            var bytes = [UInt8](block)
            let zeroed = (offset..<offset + 64).clamped(to: position..<position + bytes.count)
            for index in zeroed { bytes[index - position] = UInt8(ascii: "0") }
            bytes.withUnsafeBytes { hash.update($0) }
            position += bytes.count
        }
        return hash.finish()
    }
}
