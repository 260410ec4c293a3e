import Foundation

/// The metadata chunks of a RIFF/WAVE file that libsndfile does not carry, carried from an
/// input to its output by copying their bytes: a field recorder's `iXML` (scene, take, track
/// names, timecode), XMP (`_PMX`), `axml`, an ID3 tag (`id3 `), and markers: the `cue ` points
/// with their labels and notes (a `LIST` chunk of type `adtl`).
///
/// They stay true of a censored copy in the same encoding and rate (iXML states those, cue
/// points count its frames); libsndfile's own chunks (`fmt `, `data`, `bext`, `cart` …) are
/// written by the writer, from ``AudioMetadata``. The `LIST` of type `INFO` is carried whole
/// into any WAV (``infoList(ofFileAt:)``): its text is true of every encoding.
package enum WAVChunks {
    /// The identifiers of the chunks carried (a `LIST` only of type `adtl`).
    static let carried: Set<String> = ["iXML", "_PMX", "axml", "id3 ", "ID3 ", "cue ", "LIST"]
    /// A carried chunk larger than this is left behind (a metadata chunk is a few kilobytes).
    static let largestChunk = 16 << 20
    /// The most chunks looked at: a real file has a dozen, a crafted one could have millions.
    static let mostChunks = 1_000

    /// The carried chunks of the RIFF/WAVE file at `path`, in the file's order, each as its
    /// identifier, size and body, ready to append (padded to an even length); empty when the file
    /// is no regular RIFF/WAVE file (a named pipe is not opened again), holds none, or cannot be read.
    package static func carriedChunks(ofFileAt path: String) -> [Data] {
        chunks(ofFileAt: path) { id, body in
            carried.contains(id) && (id != "LIST" || body.prefix(4) == Data("adtl".utf8))
        }
    }

    /// The `LIST` chunk of type `INFO` of the RIFF/WAVE file at `path`, ready to append, with
    /// every field as it is: libsndfile keeps ten of them and cuts the software field to 127
    /// bytes. `nil` when the file has none (or is no RIFF/WAVE file).
    package static func infoList(ofFileAt path: String) -> Data? {
        chunks(ofFileAt: path) { id, body in id == "LIST" && body.prefix(4) == Data("INFO".utf8) }.first
    }

    /// The chunks of the RIFF/WAVE file at `path` that `keeps` (given the identifier and body)
    /// in the file's order, as ``carriedChunks(ofFileAt:)`` gives them.
    private static func chunks(ofFileAt path: String, keeping keeps: (String, Data) -> Bool) -> [Data] {
        guard (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular,
            let file = FileHandle(forReadingAtPath: path)
        else { return [] }
        defer { try? file.close() }
        guard let header = try? file.read(upToCount: 12), header.count == 12,
            header.prefix(4) == Data("RIFF".utf8), header.suffix(4) == Data("WAVE".utf8)
        else { return [] }
        var chunks: [Data] = []
        var offset: UInt64 = 12
        for _ in 0..<mostChunks {
            guard let head = try? file.read(upToCount: 8), head.count == 8 else { break }
            let id = String(decoding: head.prefix(4), as: UTF8.self)
            let size = head.suffix(4).reversed().reduce(0) { $0 << 8 | Int($1) }
            let padded = UInt64(size + size % 2)
            if carried.contains(id), size <= largestChunk, let body = try? file.read(upToCount: size),
                body.count == size, keeps(id, body)
            {
                chunks.append(head + body + (size % 2 == 1 ? Data([0]) : Data()))
            }
            offset += 8 + padded
            guard (try? file.seek(toOffset: offset)) != nil else { break }
        }
        return chunks
    }

    /// A `LIST` chunk of type `INFO` holding `software` whole as its `ISFT` field, for a WAV
    /// whose writer was given no software field: libsndfile cuts that field to 127 bytes and
    /// appends its own name to it.
    package static func softwareChunk(_ software: String) -> Data {
        let text = Array(software.utf8) + [0]
        let field =
            Data("ISFT".utf8) + withUnsafeBytes(of: UInt32(text.count).littleEndian) { Data($0) } + Data(text)
            + (text.count % 2 == 1 ? Data([0]) : Data())
        let body = Data("INFO".utf8) + field
        return Data("LIST".utf8) + withUnsafeBytes(of: UInt32(body.count).littleEndian) { Data($0) } + body
    }

    /// Appends `chunks` (as ``carriedChunks(ofFileAt:)`` gives them) to the end of the RIFF/WAVE
    /// file at `path` and updates its RIFF size; a file too large for that size to say (or an
    /// RF64 file) is left as it is.
    ///
    /// - Parameters:
    ///   - name: The output's name for errors (`path` may be its temporary file).
    ///   - frames: The frames the file holds, for errors.
    /// - Throws: ``AudioError/writeFailed(path:frame:reason:)`` when the file cannot be written.
    package static func append(_ chunks: [Data], toFileAt path: String, named name: String, frames: Int)
        throws(AudioError)
    {
        guard !chunks.isEmpty else { return }
        do {
            let file = try FileHandle(forUpdating: URL(fileURLWithPath: path))
            defer { try? file.close() }
            guard let header = try file.read(upToCount: 4), header == Data("RIFF".utf8) else { return }
            var end = try file.seekToEnd()
            if end % 2 == 1 {
                try file.write(contentsOf: Data([0]))
                end += 1
            }
            let total = end + UInt64(chunks.reduce(0) { $0 + $1.count })
            guard total - 8 <= UInt64(UInt32.max) else { return }
            for chunk in chunks { try file.write(contentsOf: chunk) }
            try file.seek(toOffset: 4)
            try file.write(contentsOf: withUnsafeBytes(of: UInt32(total - 8).littleEndian) { Data($0) })
        } catch {
            throw .writeFailed(path: name, frame: frames, reason: error.localizedDescription)
        }
    }
}
