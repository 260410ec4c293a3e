import CSndFile
import CensorTestFiles
import CensorTestSignals
import Foundation
import Testing

@testable import CensorDSP
@testable import CensorKit
@testable import CensorPlanning

/// Beep levels and edge snapping read 16-bit files as their stored samples and everything else
/// as `Float`; both ways must give the same levels and the same edges, however the reads are
/// cut (spans longer than a measuring chunk, spans at the file's ends).
@Suite struct FlatStoredReadTests {
    static let rate = 48000
    static let frameCount = 60_000

    /// Spans at the first and the last frame, short ones, one whose core crosses two chunk
    /// boundaries of ``BeepLevels/chunkFrames``, one with an empty core, and neighbours whose
    /// regions touch.
    static let spans: [Span] = [
        Span(ordered: 0, start: 0, end: 100, fadeEnd: 340),
        Span(ordered: 1000, start: 1240, end: 1241, fadeEnd: 1481),
        Span(ordered: 2000, start: 2240, end: 2240, fadeEnd: 2480),
        Span(
            ordered: 3000, start: 3240, end: 3240 + 2 * BeepLevels.chunkFrames + 77,
            fadeEnd: 3480 + 2 * BeepLevels.chunkFrames + 77),
        Span(ordered: 45_000, start: 45_240, end: 46_000, fadeEnd: 46_240),
        Span(ordered: 46_240, start: 46_480, end: 47_000, fadeEnd: 47_240),
        Span(ordered: 59_000, start: 59_240, end: 60_000, fadeEnd: 60_000),
    ]

    /// A 16-bit WAV of seeded noise and tones, and the same samples as normalized floats.
    static func audio(channels: Int, material: AudioFiles.Material = .ordinary, in folder: AudioFiles.Folder)
        throws -> (path: String, floats: [Float])
    {
        let format = AudioFiles.format(SF_FORMAT_WAV, SF_FORMAT_PCM_16, rate: rate, channels: channels)
        let samples = AudioFiles.samples(material, format: format, frames: frameCount)
        let path = folder.path("in-\(channels).wav")
        try AudioFiles.write(samples, to: path, format: format)
        guard case let .int(values) = samples else {
            throw AudioFiles.OpenError(description: "expected integer samples")
        }
        return (path, values.map { Float($0 >> 16) / 32_768 })
    }

    @Test(
        "beep levels from a 16-bit file's stored samples equal those from the same audio as Float",
        arguments: [1, 2, 6], AudioFiles.Material.allCases)
    func storedLevelsMatchFloat(channels: Int, material: AudioFiles.Material) throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let (path, floats) = try Self.audio(channels: channels, material: material, in: folder)
        var file = try AudioReader(path: path)
        var memory = InterleavedBuffer(samples: floats, channelCount: channels)
        let fromFile = try BeepLevels.levels(for: Self.spans, beep: Beep(), in: &file)
        let fromMemory = try BeepLevels.levels(for: Self.spans, beep: Beep(), in: &memory)
        #expect(fromFile.amplitudes.map { $0.map(\.bitPattern) } == fromMemory.amplitudes.map { $0.map(\.bitPattern) })
        #expect(fromFile.fades == fromMemory.fades)
        // The separate public measurements agree with the combined one.
        let amplitudes = try BeepLevels.amplitudes(for: Self.spans, beep: Beep(), in: &file)
        #expect(amplitudes == fromFile.amplitudes)
        #expect(try BeepLevels.fades(for: Self.spans, amplitudes: amplitudes, in: &file) == fromFile.fades)
        if material == .fullScale {
            #expect(fromFile.fades.contains(.complementary), "full-scale audio should overshoot equal power")
        }
    }

    /// A file read by one reader only: no ``FrameSource/reopener``, so beep levels are measured
    /// on one thread.
    struct OneReader: StoredSamples {
        var file: AudioReader
        var channelCount: Int { file.channelCount }
        var frameCount: Int { file.frameCount }
        var storesNarrowIntegers: Bool { file.storesNarrowIntegers }
        mutating func readFrames(_ range: Range<Int>, into buffer: inout [Float]) throws {
            try file.readFrames(range, into: &buffer)
        }
        func readStoredSamples(_ range: Range<Int>, into buffer: UnsafeMutablePointer<Int16>) throws {
            try file.readStoredSamples(range, into: buffer)
        }
    }

    @Test(
        "many spans' levels, measured in two halves on two threads, equal those one thread measures", arguments: [1, 2])
    func levelsOnTwoThreads(channels: Int) throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let (path, floats) = try Self.audio(channels: channels, in: folder)
        // 199 spans with cores of 160 to 209 frames: an odd count, so the halves differ.
        let spans = (0..<199).map { index in
            Span(
                ordered: index * 300, start: index * 300 + 40, end: index * 300 + 200 + index / 4,
                fadeEnd: index * 300 + 240 + index / 4)
        }
        #expect(spans.reduce(0) { $0 + $1.fadeEnd - $1.fadeStart } >= SpanLevels.parallelFrames)
        try expectLevelsOnTwoThreads(spans, path: path, floats: floats, channels: channels)
    }

    @Test(
        "one long span's levels, its frames cut between two threads, equal those one thread measures",
        arguments: [1, 2])
    func longSpanOnTwoThreads(channels: Int) throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let (path, floats) = try Self.audio(channels: channels, in: folder)
        let spans = [Span(ordered: 1000, start: 1240, end: 58_000, fadeEnd: 58_240)]
        // Stored 16-bit samples are cut in the middle of the frames read, inside the core;
        // `Float` audio only between spans, so one span stays on one thread.
        #expect(
            SpanLevels.cut(SpanLevels.parts(of: spans, cores: true, fades: true), withinSpans: true) == 1000
                + (57_240 / 2))
        #expect(SpanLevels.cut(SpanLevels.parts(of: spans, cores: true, fades: true), withinSpans: false) == nil)
        #expect(
            SpanLevels.cut(SpanLevels.parts(of: spans, cores: true, fades: false), withinSpans: true) == 1240
                + (56_760 / 2))
        try expectLevelsOnTwoThreads(spans, path: path, floats: floats, channels: channels)
    }

    @Test("Float audio is cut between spans, before the one the middle falls in or after the first")
    func floatCutBetweenSpans() {
        let spans = [
            Span(ordered: 0, start: 100, end: 40_000, fadeEnd: 40_100),
            Span(ordered: 41_000, start: 41_100, end: 42_000, fadeEnd: 42_100),
        ]
        #expect(SpanLevels.cut(SpanLevels.parts(of: spans, cores: true, fades: true), withinSpans: false) == 40_100)
        let later = [
            Span(ordered: 0, start: 100, end: 1000, fadeEnd: 1100),
            Span(ordered: 2000, start: 2100, end: 42_000, fadeEnd: 42_100),
        ]
        #expect(SpanLevels.cut(SpanLevels.parts(of: later, cores: true, fades: true), withinSpans: false) == 2000)
        #expect(
            SpanLevels.cut(SpanLevels.parts(of: Array(later.prefix(1)), cores: true, fades: true), withinSpans: true)
                == nil, "too few frames")
    }

    /// Expects the levels of `spans` measured from the file at `path` (on two threads) and from
    /// `floats` in memory to equal, bit for bit, those one thread measures from the file.
    private func expectLevelsOnTwoThreads(_ spans: [Span], path: String, floats: [Float], channels: Int) throws {
        var single = OneReader(file: try AudioReader(path: path))
        #expect(single.reopener == nil)
        let expected = try BeepLevels.levels(for: spans, beep: Beep(), in: &single)
        // Levels that differ from span to span, so that halves put together wrongly would show.
        #expect(Set(expected.amplitudes.map { $0[0] }).count == spans.count)
        var file = try AudioReader(path: path)
        var memory = InterleavedBuffer(samples: floats, channelCount: channels)
        for levels in [
            try BeepLevels.levels(for: spans, beep: Beep(), in: &file),
            try BeepLevels.levels(for: spans, beep: Beep(), in: &memory),
        ] {
            #expect(levels.amplitudes.map { $0.map(\.bitPattern) } == expected.amplitudes.map { $0.map(\.bitPattern) })
            #expect(levels.fades == expected.fades)
        }
    }

    @Test("planning records the squares of the blocks refinement reads; beep levels that add them are those read again")
    func refinementRecordsSquares() throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let (path, floats) = try Self.audio(channels: 2, in: folder)
        // Every 50 ms word of the file censored: one span over nearly all of it.
        let words = (0..<25).map { Word(text: "w\($0)", start: Double($0) * 0.05, end: Double($0 + 1) * 0.05) }
        let matches = words.indices.map {
            Match(
                wordIndices: $0..<($0 + 1), text: words[$0].text, pattern: words[$0].text,
                start: words[$0].start, end: words[$0].end)
        }
        var reader = try AudioReader(path: path)
        reader.blockSquares = BlockSquares(channelCount: 2)
        let spans = try Planner(options: PlanOptions(), transcriptWords: words)
            .plan(matches, sampleRate: Self.rate, audio: &reader).spans.map(\.span)
        let size = BlockSquares.frames
        let inCores = spans.flatMap { (($0.start + size - 1) / size)..<($0.end / size) }
        #expect(!inCores.isEmpty)
        for block in inCores {
            var sums: [Int64] = [0, 0]
            #expect(
                sums.withUnsafeMutableBufferPointer { reader.blockSquares!.add(block, to: $0.baseAddress!) },
                "block \(block)")
            let expected = (0..<2).map { channel in
                stride(from: block * size * 2 + channel, to: (block + 1) * size * 2, by: 2).reduce(Int64(0)) {
                    let value = Int64(floats[$1] * 32_768)
                    return $0 + value * value
                }
            }
            #expect(sums == expected)
        }
        // A reader the planner shared its store with, and one that reads every frame again.
        var reopened = try reader.reopener!()
        var single = OneReader(file: try AudioReader(path: path))
        let levels = try BeepLevels.levels(for: spans, beep: Beep(), in: &reopened)
        let expected = try BeepLevels.levels(for: spans, beep: Beep(), in: &single)
        #expect(levels.amplitudes.map { $0.map(\.bitPattern) } == expected.amplitudes.map { $0.map(\.bitPattern) })
        #expect(levels.fades == expected.fades)
        #expect(expected.amplitudes.joined().allSatisfy { $0 < Beep.maximumPeak }, "a level the cap would hide")
    }

    @Test("a matched level is the core's RMS × √2, summed over every frame of a core longer than a chunk")
    func levelOfLongCore() throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let (path, floats) = try Self.audio(channels: 2, in: folder)
        var file = try AudioReader(path: path)
        let span = Self.spans[3]
        let amplitudes = try BeepLevels.levels(for: [span], beep: Beep(), in: &file).amplitudes[0]
        for channel in 0..<2 {
            var sum = 0.0
            for frame in span.core { sum += Double(floats[frame * 2 + channel]) * Double(floats[frame * 2 + channel]) }
            let expected = min(Beep.maximumPeak, Float(sqrt(2 * sum / Double(span.core.count))))
            #expect(amplitudes[channel] == expected)
        }
    }

    @Test(
        "edges snapped in a 16-bit file's stored samples are those snapped in the same audio as Float",
        arguments: [1, 2, 6])
    func storedSnapsMatchFloat(channels: Int) throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let (path, floats) = try Self.audio(channels: channels, in: folder)
        var file = try AudioReader(path: path)
        var memory = InterleavedBuffer(samples: floats, channelCount: channels)
        var fileSnapper = EdgeSnapper(windowFrames: 480)
        var memorySnapper = EdgeSnapper(windowFrames: 480)
        var generator = Signals.Random(seed: 0x5EED_0F_ED6E)
        var cores: [Range<Int>] = [
            0..<10, 0..<Self.frameCount, (Self.frameCount - 5)..<Self.frameCount, 100..<101, 479..<481,
        ]
        for _ in 0..<300 {
            let start = Int.random(in: 0..<(Self.frameCount - 1), using: &generator)
            cores.append(start..<Int.random(in: (start + 1)...min(Self.frameCount, start + 5000), using: &generator))
        }
        for core in cores {
            let fromFile = try fileSnapper.widen(core, in: &file)
            let fromMemory = try memorySnapper.widen(core, in: &memory)
            #expect(fromFile == fromMemory, "core \(core)")
            #expect(fromFile.lowerBound <= core.lowerBound && fromFile.upperBound >= core.upperBound)
        }
    }
}
