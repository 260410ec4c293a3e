import CSndFile
import CensorTestFiles
import CensorTestSignals
import Foundation
import Testing

@testable import CensorKit

/// ``CensorMode/cut``: each core removed, the rest joined by an equal-power crossfade; every
/// other sample bit-identical at its shifted place; the joins click-free.
@Suite struct CutModeTests {
    static let words: [(Double, Double)] = [(0.2103, 0.18), (0.7777, 0.3), (1.3, 0.0137), (1.9, 0.25)]

    static func matches() -> [Match] {
        words.enumerated().map { index, word in
            Match(
                wordIndices: index..<(index + 1), text: "w\(index)", pattern: "w\(index)", start: word.0,
                end: word.0 + word.1)
        }
    }

    /// The input frame each output frame copies, or `nil` in a join's blend.
    static func sources(_ report: Report) throws -> [Int?] {
        let cuts = try #require(report.cuts)
        var sources: [Int?] = []
        var input = 0
        for cut in cuts {
            let kept = cut.startFrame - cut.crossfadeFrames
            sources += (input..<kept).map { $0 }
            sources += Array(repeating: nil, count: cut.crossfadeFrames)
            input = cut.endFrame + cut.crossfadeFrames
        }
        sources += (input..<report.frames).map { $0 }
        return sources
    }

    @Test(
        "a 16-bit WAV and a 24-bit FLAC: shorter by each core and crossfade, every kept sample bit-identical at its shifted place",
        arguments: [(SF_FORMAT_WAV, SF_FORMAT_PCM_16, "wav"), (SF_FORMAT_FLAC, SF_FORMAT_PCM_24, "flac")])
    func bitIdenticalBetweenJoins(container: Int, encoding: Int, ext: String) throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let format = AudioFiles.format(container, encoding, rate: 48_000, channels: 2)
        let input = folder.path("in.\(ext)"), output = folder.path("out.\(ext)")
        try AudioFiles.write(AudioFiles.samples(.ordinary, format: format, frames: 120_000), to: input, format: format)
        let report = try Censor(mode: .cut).censorFile(input: input, output: output, matches: Self.matches())
        let original = try AudioFiles.read(input), cut = try AudioFiles.read(output)
        let cuts = try #require(report.cuts)
        #expect(cuts.count == 4)
        #expect(report.mode == "cut")
        // Shorter by exactly each core and one crossfade (240 frames, 5 ms, where both fades fit).
        let removed = cuts.reduce(0) { $0 + ($1.endFrame - $1.startFrame) + $1.crossfadeFrames }
        #expect(cuts.map(\.crossfadeFrames) == [240, 240, 240, 240])
        #expect(cut.frames == 120_000 - removed)
        #expect(report.outputFrames == cut.frames)
        // Every output frame outside the blends is its input frame, bit for bit.
        let sources = try Self.sources(report)
        #expect(sources.count == cut.frames)
        guard case let .int(a) = cut.samples, case let .int(b) = original.samples else {
            Issue.record("PCM read as integers")
            return
        }
        var identical = 0, blended = 0
        for (frame, source) in sources.enumerated() {
            guard let source else { blended += 1; continue }
            if a[frame * 2] == b[source * 2], a[frame * 2 + 1] == b[source * 2 + 1] { identical += 1 }
        }
        #expect(identical == cut.frames - 4 * 240)
        #expect(blended == 4 * 240)
        // Each blend is the equal-power mix of the frames around its core, to an LSB.
        do {
            let lsb = Double(1 << (32 - AudioFiles.integerBits(format)))
            for join in cuts {
                let x = join.crossfadeFrames
                for step in 0..<x {
                    let w = 0.5 - 0.5 * cos(Double.pi * Double(step + 1) / Double(x + 1))
                    let (out, into) = (cos(Double.pi / 2 * w), sin(Double.pi / 2 * w))
                    let before = Double(b[(join.startFrame - x + step) * 2]),
                        after = Double(b[(join.endFrame + step) * 2])
                    #expect(abs(Double(a[(join.outputFrame + step) * 2]) - (before * out + after * into)) <= 1.5 * lsb)
                }
            }
        }
    }

    @Test("in memory: the same cut, frame for frame, as the file")
    func memoryMatchesPlan() throws {
        let tone = Signals.sine(frequency: 220, sampleRate: 48_000, frames: 120_000, amplitude: 0.5, phase: 0.3)
        var audio = try AudioBuffer(samples: tone, channelCount: 1, sampleRate: 48_000)
        let report = try Censor(mode: .cut).censor(&audio, matches: Self.matches())
        let sources = try Self.sources(report)
        #expect(audio.frameCount == report.outputFrames)
        #expect(
            sources.enumerated().allSatisfy { frame, source in source.map { audio.samples[frame] == tone[$0] } ?? true }
        )
    }

    @Test("the joins of a 220 Hz tone stay below −52 dBFS above 5 kHz; a hard cut does not")
    func clickFree() throws {
        for (crossfade, limit) in [(0.005, -52.0), (0.0, -45.0)] {
            let frames = Int(ClickTests.seconds * 48_000)
            let tone = Signals.sine(frequency: 220, sampleRate: 48_000, frames: frames, amplitude: 0.5, phase: 0.7)
            var audio = try AudioBuffer(samples: tone, channelCount: 1, sampleRate: 48_000)
            let options = try PlanOptions(
                padBefore: 0, padAfter: 0, crossfade: crossfade, snapWindow: crossfade == 0 ? 0 : 0.01)
            let report = try Censor(mode: .cut, options: options).censor(&audio, matches: ClickTests.matches())
            #expect(report.cuts?.count == ClickTests.words.count)
            let filtered = Signals.butterworthHighPass(audio.samples, cutoff: 5000, sampleRate: 48_000)
            let peak = Signals.peakDBFS(filtered[Int(ClickTests.settleSeconds * 48_000)...])
            if crossfade > 0 {
                #expect(peak < limit, "crossfaded joins: \(peak) dBFS")
            } else {
                #expect(peak > limit, "hard joins: \(peak) dBFS")
            }
        }
    }

    @Test("a cut's report: original and new times of each cut, the total removed; a block engine refuses a cut")
    func reportAndRefusal() throws {
        let tone = Signals.sine(frequency: 220, sampleRate: 48_000, frames: 120_000, amplitude: 0.5)
        var audio = try AudioBuffer(samples: tone, channelCount: 1, sampleRate: 48_000)
        let report = try Censor(mode: .cut).censor(&audio, matches: Self.matches())
        let json = report.json()
        let cuts = try #require(report.cuts)
        #expect(json.contains("\"removed\": " + String(format: "%.6f", Double(120_000 - audio.frameCount) / 48_000)))
        #expect(json.contains("\"outputFrames\": \(audio.frameCount)"))
        #expect(json.contains("\"newTime\": " + String(format: "%.6f", Double(cuts[1].outputFrame + 120) / 48_000)))
        #expect(report.outputFrame(cuts[2].endFrame + 240) == cuts[2].outputFrame + 240)
        #expect(throws: CensorEngineError.cutChangesLength) {
            try CensorEngine(spans: [], mode: .cut, channelCount: 1, sampleRate: 48_000)
        }
    }
}
