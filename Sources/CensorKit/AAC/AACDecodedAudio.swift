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
/// The samples are those a decoder of the whole stream gives, but for noise-substituted bands,
/// whose random noise is another draw: planning analyses levels, which that does not change.
final class AACDecodedAudio: FrameSource {
    let channelCount: Int
    let frameCount: Int
    private let stream: AACStream
    private let source: MP3File
    private let scratch: ScratchFiles
    /// Decoded packet outputs: packet range `j` covers undelayed samples `[1024j, 1024(j + 1))`.
    private var decoded: [(packets: Range<Int>, samples: [Float])] = []

    /// Packets decoded before a stretch's first and dropped: one for the overlap, one more for
    /// the previous frame's window shape.
    static let warmUpPackets = 2
    /// Frames decoded each side of a stretch read outside the prepared ones (5 s at 48 kHz), so
    /// that the reads after it, which mostly move on a little, meet decoded audio.
    static let missMargin = 240_000

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
    }

    func readFrames(_ range: Range<Int>, into buffer: inout [Float]) throws {
        let needed = packets(making: range)
        if !decoded.contains(where: { $0.packets.lowerBound <= needed.lowerBound && $0.packets.upperBound >= needed.upperBound }) {
            let wider = max(0, range.lowerBound - Self.missMargin)..<min(frameCount, range.upperBound + Self.missMargin)
            try decode([packets(making: wider)])
        }
        let piece = decoded.last { $0.packets.lowerBound <= needed.lowerBound && $0.packets.upperBound >= needed.upperBound }!
        let first = (range.lowerBound + stream.decodedStartOffset - piece.packets.lowerBound * AACStream.frameSamples) * channelCount
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: piece.samples[first..<(first + range.count * channelCount)])
    }

    /// The packets whose outputs hold decoded frames `range`.
    private func packets(making range: Range<Int>) -> Range<Int> {
        guard !range.isEmpty else { return 0..<0 }
        let size = AACStream.frameSamples, offset = stream.decodedStartOffset
        return ((range.lowerBound + offset) / size)..<min(stream.packets.count, (range.upperBound - 1 + offset) / size + 1)
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
                let header = 0xFFF << 44 | 1 << 40 | 1 << 38 | index << 34 | stream.channelConfiguration << 30
                    | length << 13 | 0x7FF << 2
                adts.append(contentsOf: (0..<7).map { UInt8(truncatingIfNeeded: header >> (8 * (6 - $0))) })
                adts.append(contentsOf: try source.read(at: packet.lowerBound, count: packet.count))
            }
        }
        try Data(adts).write(to: URL(fileURLWithPath: path))
        let run = try FFmpeg.Run(.ffmpeg, ["-nostdin", "-v", "error", "-f", "aac", "-i", "file:" + path, "-f", "f32le", "-"],
                                 output: .captured, for: source.path)
        let output = try run.wait(for: source.path)
        let samples = output.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        let perPacket = AACStream.frameSamples * channelCount
        guard samples.count == warmed.reduce(0) { $0 + $1.count } * perPacket else {
            throw AACUnsupported("ffmpeg decodes \(samples.count / perPacket) of its \(warmed.reduce(0) { $0 + $1.count }) "
                + "packets read for planning")
        }
        var at = 0
        for (run, packets) in zip(runs, warmed) {
            let dropped = run.lowerBound - packets.lowerBound
            decoded.append((run, Array(samples[(at + dropped * perPacket)..<(at + packets.count * perPacket)])))
            at += packets.count * perPacket
        }
    }
}
