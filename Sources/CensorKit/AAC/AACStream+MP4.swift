extension AACStream {
    /// The packets of an MP4-family file's audio track (MP4, M4A, M4B, M4V, MOV; ISO/IEC 14496-12
    /// §8.5–8.7): the `audioStream`th sound track's sample table (`stsz`, `stco` or `co64`,
    /// `stsc`, `stts`), its `AudioSpecificConfig` (`esds`, also inside a QuickTime `wave`) and its
    /// edit list's `media_time`, the priming decoders drop.
    ///
    /// - Throws: ``AACUnsupported`` for a track the editor does not take (not AAC-LC, fragmented,
    ///   packets other than 1024 samples long, several edits); ``MP3Error/io(path:reason:)`` when
    ///   the file cannot be read.
    static func mp4(path: String, audioStream: Int) throws -> AACStream {
        let file = try MP3File(reading: path)
        let top = try MP4Box.children(of: 0..<file.size, in: file)
        if top.contains(where: { $0.type == "moof" }) { throw AACUnsupported("it is a fragmented MP4") }
        guard let moov = top.first(where: { $0.type == "moov" }) else {
            throw AACUnsupported("it has no movie box (moov)")
        }
        let movie = try file.read(at: moov.body.lowerBound, count: moov.body.count)
        let base = moov.body.lowerBound
        func local(_ box: MP4Box) -> Range<Int> { (box.body.lowerBound - base)..<(box.body.upperBound - base) }
        let tracks = try MP4Box.children(of: local(moov), in: movie).filter { $0.type == "trak" }
        var sound: [(track: MP4Box, media: MP4Box)] = []
        for track in tracks {
            guard let media = try MP4Box.child("mdia", of: track.body, in: movie),
                let handler = try MP4Box.child("hdlr", of: media.body, in: movie),
                handler.body.count >= 12, MP4Box.fourCC(movie, at: handler.body.lowerBound + 8) == "soun"
            else { continue }
            sound.append((track, media))
        }
        guard audioStream < sound.count else {
            throw AACUnsupported("it has no audio track \(audioStream)", isAAC: false)
        }
        let (track, media) = sound[audioStream]
        func box(_ path: [String], in parent: MP4Box) throws -> MP4Box {
            var box = parent
            for name in path {
                guard let child = try MP4Box.child(name, of: box.body, in: movie) else {
                    throw AACUnsupported("its audio track has no \(name) box")
                }
                box = child
            }
            return box
        }
        let table = try box(["minf", "stbl"], in: media)
        let header = try box(["mdhd"], in: media)
        var reader = MP4Reader(movie, header.body)
        let version = try reader.uint(1)
        try reader.skip(version == 1 ? 3 + 16 : 3 + 8)
        let timescale = try reader.uint(4)

        let config = try AudioSpecificConfig(decoderConfig(in: try box(["stsd"], in: table), movie: movie))
        guard timescale == config.sampleRate else {
            throw AACUnsupported("its track's timescale (\(timescale)) is not its sample rate (\(config.sampleRate))")
        }
        let durations = try sampleDurations(try box(["stts"], in: table), movie)
        let packets = try samples(table, movie)
        guard packets.count == durations.count else {
            throw AACUnsupported("its sample tables disagree on the sample count")
        }
        guard durations.dropLast().allSatisfy({ $0 == frameSamples }), (durations.last ?? 0) <= frameSamples else {
            throw AACUnsupported("its packets are not all 1024 samples long")
        }
        var priming = 0
        if let edits = try MP4Box.child("edts", of: track.body, in: movie),
            let list = try MP4Box.child("elst", of: edits.body, in: movie)
        {
            var reader = MP4Reader(movie, list.body)
            let version = try reader.uint(1)
            try reader.skip(3)
            let count = try reader.uint(4)
            var media: [Int] = []
            for _ in 0..<count {
                try reader.skip(version == 1 ? 8 : 4)
                let time = try reader.signed(version == 1 ? 8 : 4)
                try reader.skip(4)
                // An empty edit (media_time −1) delays the track; its audio is not shifted by it.
                if time != -1 { media.append(time) }
            }
            guard media.count <= 1 else { throw AACUnsupported("its audio track's edit list has several edits") }
            priming = media.first ?? 0
            guard priming >= 0 else { throw AACUnsupported("its audio track's edit starts before its media") }
        }
        return AACStream(
            packets: packets, sampleRate: config.sampleRate, channelConfiguration: config.channelConfiguration,
            decodedStartOffset: priming, frameCount: max(0, packets.count * frameSamples - priming))
    }

    /// The `AudioSpecificConfig` bytes of the first sample entry of `stsd`: an `mp4a` entry's
    /// `esds` (directly, or in a QuickTime `wave`), its DecoderSpecificInfo.
    private static func decoderConfig(in stsd: MP4Box, movie: [UInt8]) throws -> [UInt8] {
        let entries = (stsd.body.lowerBound + 8)..<stsd.body.upperBound
        guard let entry = try MP4Box.children(of: entries, in: movie).first else {
            throw AACUnsupported("it has no sample entry")
        }
        guard entry.type == "mp4a" else { throw AACUnsupported("its audio is '\(entry.type)', not AAC", isAAC: false) }
        var reader = MP4Reader(movie, entry.body)
        try reader.skip(8)
        let soundVersion = try reader.uint(2)
        let fields = 28 + (soundVersion == 1 ? 16 : soundVersion == 2 ? 36 : 0)
        guard entry.body.count > fields else { throw AACUnsupported("its mp4a sample entry is cut short") }
        let children = (entry.body.lowerBound + fields)..<entry.body.upperBound
        var esds = try MP4Box.child("esds", of: children, in: movie)
        if esds == nil, let wave = try MP4Box.child("wave", of: children, in: movie) {
            esds = try MP4Box.child("esds", of: wave.body, in: movie)
        }
        guard let esds else { throw AACUnsupported("its mp4a sample entry has no esds box") }
        // ES_Descriptor (tag 3) → DecoderConfigDescriptor (tag 4) → DecoderSpecificInfo (tag 5).
        var descriptor = MP4Reader(movie, (esds.body.lowerBound + 4)..<esds.body.upperBound)
        func open(_ tag: Int) throws -> Int {
            guard try descriptor.uint(1) == tag else { throw AACUnsupported("its esds box lacks descriptor \(tag)") }
            var length = 0
            for _ in 0..<4 {
                let byte = try descriptor.uint(1)
                length = length << 7 | byte & 0x7F
                if byte & 0x80 == 0 { break }
            }
            return length
        }
        _ = try open(3)
        try descriptor.skip(2)
        let flags = try descriptor.uint(1)
        if flags & 0x80 != 0 { try descriptor.skip(2) }
        if flags & 0x40 != 0 { try descriptor.skip(try descriptor.uint(1)) }
        if flags & 0x20 != 0 { try descriptor.skip(2) }
        _ = try open(4)
        let objectType = try descriptor.uint(1)
        guard objectType == 0x40 else {
            throw AACUnsupported(
                "its audio is object type 0x\(String(objectType, radix: 16)), not MPEG-4 audio", isAAC: false)
        }
        try descriptor.skip(12)
        let length = try open(5)
        return try descriptor.bytes(length)
    }

    /// Each sample's duration, from `stts`.
    private static func sampleDurations(_ stts: MP4Box, _ movie: [UInt8]) throws -> [Int] {
        var reader = MP4Reader(movie, stts.body)
        try reader.skip(4)
        var durations: [Int] = []
        for _ in 0..<(try reader.uint(4)) {
            let count = try reader.uint(4), delta = try reader.uint(4)
            guard durations.count + count <= movie.count else {
                throw AACUnsupported("its stts box counts more samples than it can hold")
            }
            durations.append(contentsOf: repeatElement(delta, count: count))
        }
        return durations
    }

    /// The most packets a track may have: 16.7 million, four days at 48 kHz.
    static let maxPackets = 1 << 24

    /// Each sample's bytes in the file, from `stsz`, `stsc` and `stco` or `co64`.
    private static func samples(_ table: MP4Box, _ movie: [UInt8]) throws -> [Range<Int>] {
        guard let stsz = try MP4Box.child("stsz", of: table.body, in: movie),
            let stsc = try MP4Box.child("stsc", of: table.body, in: movie)
        else {
            throw AACUnsupported("its sample table lacks stsz or stsc")
        }
        var sizes = MP4Reader(movie, stsz.body)
        try sizes.skip(4)
        let fixed = try sizes.uint(4), count = try sizes.uint(4)
        guard fixed != 0 || count * 4 <= sizes.remaining else { throw AACUnsupported("its stsz box is cut short") }
        guard count <= maxPackets else {
            throw AACUnsupported("its stsz box counts \(count) samples, more than \(maxPackets)")
        }
        let wide = try MP4Box.child("co64", of: table.body, in: movie)
        guard let chunksBox = try wide ?? MP4Box.child("stco", of: table.body, in: movie) else {
            throw AACUnsupported("its sample table lacks stco")
        }
        var chunks = MP4Reader(movie, chunksBox.body)
        try chunks.skip(4)
        let chunkCount = try chunks.uint(4)
        var offsets: [Int] = []
        for _ in 0..<chunkCount { offsets.append(try chunks.uint(wide == nil ? 4 : 8)) }
        var runs = MP4Reader(movie, stsc.body)
        try runs.skip(4)
        var entries: [(first: Int, samples: Int)] = []
        for _ in 0..<(try runs.uint(4)) {
            let first = try runs.uint(4), samples = try runs.uint(4)
            try runs.skip(4)
            entries.append((first, samples))
        }
        var packets: [Range<Int>] = []
        for (index, entry) in entries.enumerated() {
            let end = index + 1 < entries.count ? entries[index + 1].first : chunkCount + 1
            guard entry.first >= 1, end >= entry.first, end <= chunkCount + 1 else {
                throw AACUnsupported("its stsc box is out of order")
            }
            for chunk in (entry.first - 1)..<(end - 1) {
                var offset = offsets[chunk]
                for _ in 0..<entry.samples {
                    guard packets.count < count else {
                        throw AACUnsupported("its stsc box places more samples than stsz counts")
                    }
                    let size = fixed != 0 ? fixed : try sizes.uint(4)
                    let (end, overflow) = offset.addingReportingOverflow(size)
                    guard !overflow else { throw AACUnsupported("its chunk \(chunk + 1) lies past any file's end") }
                    packets.append(offset..<end)
                    offset = end
                }
            }
        }
        guard packets.count == count else { throw AACUnsupported("its stsc box places fewer samples than stsz counts") }
        return packets
    }
}
