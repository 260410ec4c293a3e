import CSndFile
import CensorTestFiles
import CensorTestSignals
import Foundation
import Testing

@testable import CensorDSP
@testable import CensorKit

/// A matched beep whose levels are measured while it renders gives the output one engine of
/// every span gives, to the bit, and fails the render when measuring fails.
@Suite struct MeasuringBeepEngineTests {
    static let rate = 48000
    static let frameCount = 120_000

    /// 40 spans with cores of 300 to 2,250 frames and fades of 1 to 240 frames.
    static let spans: [Span] = (0..<40).map { index in
        let start = 1000 + index * 2800
        let fade = [240, 1, 96][index % 3]
        return Span(
            ordered: start - fade, start: start, end: start + 300 + index * 50, fadeEnd: start + 300 + index * 50 + fade
        )
    }

    /// A 16-bit WAV of seeded noise.
    static func file(channels: Int, in folder: AudioFiles.Folder) throws -> String {
        let format = AudioFiles.format(SF_FORMAT_WAV, SF_FORMAT_PCM_16, rate: rate, channels: channels)
        let path = folder.path("in-\(channels).wav")
        try AudioFiles.write(
            AudioFiles.samples(.ordinary, format: format, frames: frameCount), to: path, format: format)
        return path
    }

    /// `file`'s blocks of `blockFrames`, as stored, through `engine`, preparing each first.
    static func render(_ path: String, blockFrames: Int, engine: inout some BlockCensor) throws -> [Int16] {
        let reader = try AudioReader(path: path)
        let channels = reader.format.channelCount
        var output = [Int16](repeating: 0, count: frameCount * channels)
        let codec = NarrowPCMCodec(bits: 16)
        var first = 0
        while first < frameCount {
            let frames = min(blockFrames, frameCount - first)
            try engine.prepare(first..<(first + frames))
            let read = try output.withUnsafeMutableBufferPointer { output in
                let block = UnsafeMutableBufferPointer(
                    rebasing: output[(first * channels)..<((first + frames) * channels)])
                let read = try reader.read(into: block.baseAddress!, frames: frames)
                engine.process(block, firstFrame: first, codec: codec)
                return read
            }
            #expect(read == frames)
            first += frames
        }
        return output
    }

    @Test(
        "the output equals one engine's of every span, to the bit, whatever the blocks and the tone",
        arguments: [1, 2], [1000.0, 997.3])
    func equalsOneEngine(channels: Int, frequency: Double) throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let path = try Self.file(channels: channels, in: folder)
        let mode = CensorMode.beep(try Beep(frequency: frequency))
        var audio = try AudioReader(path: path)
        var whole = try CensorEngine(spans: Self.spans, mode: mode, sampleRate: Self.rate, measuring: &audio)
        let expected = try Self.render(path, blockFrames: 4096, engine: &whole)
        for blockFrames in [1000, 4096, 65_536] {
            var source = try AudioReader(path: path)
            var measuring = try MeasuringBeepEngine(
                spans: Self.spans, mode: mode, sampleRate: Self.rate, audio: &source,
                reopen: { try AudioReader(path: path) })
            defer { measuring.stop() }
            let output = try Self.render(path, blockFrames: blockFrames, engine: &measuring)
            #expect(output == expected, "blocks of \(blockFrames)")
        }
        // The beep is there: the output is not the input.
        var none = try CensorEngine(spans: [], mode: mode, channelCount: channels, sampleRate: Self.rate)
        #expect(try Self.render(path, blockFrames: 4096, engine: &none) != expected)
    }

    @Test("the spans are cut into up to eight runs of about equal frames, each at least one span")
    func runs() {
        let starts = MeasuringBeepEngine.runStarts(of: Self.spans)
        #expect(starts.first == 0 && starts.last == Self.spans.count)
        #expect(starts.count - 1 == MeasuringBeepEngine.runs)
        #expect(zip(starts, starts.dropFirst()).allSatisfy { $0 < $1 })
        let frames = zip(starts, starts.dropFirst()).map { run in
            Self.spans[run.0..<run.1].reduce(0) { $0 + $1.fadeEnd - $1.fadeStart }
        }
        let total = frames.reduce(0, +)
        // Each run within one span (at most 2,730 frames) of an eighth.
        #expect(frames.allSatisfy { abs($0 - total / MeasuringBeepEngine.runs) <= 2 * 2730 }, "\(frames)")
        #expect(MeasuringBeepEngine.runStarts(of: Array(Self.spans.prefix(3))) == [0, 1, 2, 3])
        #expect(MeasuringBeepEngine.runStarts(of: Array(Self.spans.prefix(1))) == [0, 1])
    }

    struct Unreadable: Error {}

    @Test("when measuring a later run fails, preparing for it throws that error")
    func measuringFails() throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let path = try Self.file(channels: 2, in: folder)
        var source = try AudioReader(path: path)
        var measuring = try MeasuringBeepEngine(
            spans: Self.spans, mode: .beep(Beep()), sampleRate: Self.rate, audio: &source,
            reopen: { throw Unreadable() })
        defer { measuring.stop() }
        // The first run was measured before: its frames are ready.
        try measuring.prepare(0..<1000)
        #expect(throws: Unreadable.self) { try measuring.prepare(0..<Self.frameCount) }
    }
}
