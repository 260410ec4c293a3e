import Foundation

/// An AAC stream's decoded audio as planning sees it: its length, rate and channels from the
/// container, and the samples of any stretch, when planning reads some (edge refinement),
/// decoded by ffmpeg from only the packets that make it.
///
/// The packets of a stretch are written as an ADTS stream to a scratch file (each with a 7-byte
/// header built from the stream's configuration) and decoded in one run; decoding starts
/// ``warmUpPackets`` packets early, for the IMDCT's overlap with the previous frame, and their
/// output is dropped. ``prepare(around:)`` decodes the stretches around all the words at once, so
/// that a run costs one ffmpeg process, whatever the number of words; a read outside them decodes
/// its own stretch. Cost grows with the censored words, not with the file's length.
///
/// The decoded samples wait in a scratch file beside the output, read back as planning asks for
/// them, so memory stays flat however many words there are.
///
/// The samples are those a decoder of the whole stream gives, but for noise-substituted bands,
/// whose random noise is another draw: planning analyses levels, which that does not change.
final class AACDecodedAudio: FrameSource {
    let channelCount: Int
    let frameCount: Int
    private let stream: AACStream
    private let source: MP3File
    private let scratch: ScratchFiles
    /// Decoded packet outputs: packet range `j` covers undelayed samples `[1024j, 1024(j + 1))`.
    /// The prepared stretches come first, then those of misses, the oldest dropped past
    /// ``keptMisses``.
    private var decoded: [Stretch] = []
    /// Decoded packets' outputs in a scratch file: 32-bit floats, interleaved, from `offset`.
    private struct Stretch {
        var packets: Range<Int>
        var file: MP3File
        var offset: Int
    }

    /// How many of ``decoded`` ``prepare(around:)`` made.
    private var preparedCount = 0

    /// Packets decoded before a stretch's first and dropped: one for the overlap, one more for
    /// the previous frame's window shape.
    static let warmUpPackets = 2
    /// Frames decoded each side of a stretch read outside the prepared ones (5 s at 48 kHz), so
    /// that the reads after it, which mostly move on a little, meet decoded audio.
    static let missMargin = 240_000
    /// Stretches of misses kept (each about 10 s), so that memory stays flat however planning reads.
    static let keptMisses = 8

    /// The audio of `stream`, read from `source`, with scratch files from `scratch`.
    init(stream: AACStream, source: MP3File, scratch: ScratchFiles) {
        channelCount = stream.channelCount
        frameCount = stream.frameCount
        self.stream = stream
        self.source = source
        self.scratch = scratch
    }

    /// Decodes, in one ffmpeg run, the packets that make the decoded frames `ranges` (sorted or not).
    func prepare(around ranges: [Range<Int>]) throws {
        var runs: [Range<Int>] = []
        for range in ranges.map(packets(making:)).sorted(by: { $0.lowerBound < $1.lowerBound }) where !range.isEmpty {
            if let last = runs.last, range.lowerBound <= last.upperBound + Self.warmUpPackets {
                runs[runs.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                runs.append(range)
            }
        }
        guard !runs.isEmpty else { return }
        try decode(runs)
        preparedCount = decoded.count
    }

    func readFrames(_ range: Range<Int>, into buffer: inout [Float]) throws {
        let needed = packets(making: range)
        if !decoded.contains(where: {
            $0.packets.lowerBound <= needed.lowerBound && $0.packets.upperBound >= needed.upperBound
        }) {
            let wider = max(0, range.lowerBound - Self.missMargin)..<min(frameCount, range.upperBound + Self.missMargin)
            if decoded.count - preparedCount >= Self.keptMisses { decoded.remove(at: preparedCount) }
            try decode([packets(making: wider)])
        }
        let piece = decoded.last {
            $0.packets.lowerBound <= needed.lowerBound && $0.packets.upperBound >= needed.upperBound
        }!
        let first =
            (range.lowerBound + stream.decodedStartOffset - piece.packets.lowerBound * AACStream.frameSamples)
            * channelCount
        buffer = [Float](repeating: 0, count: range.count * channelCount)
        try buffer.withUnsafeMutableBytes { raw in
            Result { () throws(MP3Error) in try piece.file.read(at: piece.offset + first * 4, into: raw) }
        }.get()
    }

    /// The packets whose outputs hold decoded frames `range`.
    private func packets(making range: Range<Int>) -> Range<Int> {
        guard !range.isEmpty else { return 0..<0 }
        let size = AACStream.frameSamples, offset = stream.decodedStartOffset
        return
            ((range.lowerBound + offset) / size)..<min(stream.packets.count, (range.upperBound - 1 + offset) / size + 1)
    }

    /// Decodes `runs` of packets (each with its warm-up) in one ffmpeg run and keeps their outputs.
    private func decode(_ runs: [Range<Int>]) throws {
        let path = try scratch.create("aac")
        let index = AACStream.sampleRates.firstIndex(of: stream.sampleRate) ?? 0
        var adts: [UInt8] = []
        var warmed: [Range<Int>] = []
        for run in runs {
            let start = max(0, run.lowerBound - Self.warmUpPackets)
            warmed.append(start..<run.upperBound)
            for packet in stream.packets[start..<run.upperBound] {
                let length = packet.count + 7
                let header =
                    0xFFF << 44 | 1 << 40 | 1 << 38 | index << 34 | stream.channelConfiguration << 30
                    | length << 13 | 0x7FF << 2
                adts.append(contentsOf: (0..<7).map { UInt8(truncatingIfNeeded: header >> (8 * (6 - $0))) })
                adts.append(contentsOf: try source.read(at: packet.lowerBound, count: packet.count))
            }
        }
        try Data(adts).write(to: URL(fileURLWithPath: path))
        let samplesPath = try scratch.create("f32")
        let handle = try scratch.handle(samplesPath)
        let run = try FFmpeg.Run(
            .ffmpeg, ["-nostdin", "-v", "error", "-f", "aac", "-i", "file:" + path, "-f", "f32le", "-"],
            output: .file(handle), for: source.path)
        try? handle.close()
        try run.wait(for: source.path)
        let file = try MP3File(reading: samplesPath)
        let packetBytes = AACStream.frameSamples * channelCount * 4, count = warmed.reduce(0) { $0 + $1.count }
        guard file.size == count * packetBytes else {
            throw AACUnsupported("ffmpeg decodes \(file.size / packetBytes) of its \(count) packets read for planning")
        }
        var at = 0
        for (run, packets) in zip(runs, warmed) {
            decoded.append(
                Stretch(packets: run, file: file, offset: at + (run.lowerBound - packets.lowerBound) * packetBytes))
            at += packets.count * packetBytes
        }
    }
}
