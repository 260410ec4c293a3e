import CensorTestFiles
import CensorTestSignals
import Foundation
import Testing

@testable import CensorKit

/// Censoring AAC on its compressed data: files made by ffmpeg's AAC encoder, censored by
/// rewriting the packets under each word in place, decoded again by ffmpeg's two AAC decoders.
@Suite struct AACDirectTests {
    /// Mono and stereo, 44.1 and 48 kHz, 64 to 256 kb/s, in every container the editor takes.
    static let encodings: [AACFiles.Encoding] = [
        .init(rate: 44100, channels: 1, kbps: 64, container: "m4a"),
        .init(rate: 48000, channels: 2, kbps: 128, container: "m4a"),
        .init(rate: 44100, channels: 2, kbps: 256, container: "aac"),
        .init(rate: 48000, channels: 1, kbps: 96, container: "mov"),
        .init(rate: 44100, channels: 2, kbps: 64, container: "mp4", video: true),
        .init(rate: 48000, channels: 2, kbps: 128, container: "mka"),
        .init(rate: 44100, channels: 6, kbps: 192, container: "mkv", video: true),
        .init(rate: 48000, channels: 2, kbps: 128, container: "mkv", video: true),
    ]

    /// The tone's edges are not speech: word times are taken as given.
    static let options = try! PlanOptions(refine: false)

    /// One encoded tone censored directly, with everything the checks need.
    struct Run {
        var encoding: AACFiles.Encoding
        var input: [UInt8]
        var output: [UInt8]
        var report: Report
        var original: [[Float]]
        var censored: [[Float]]
        var packetsBefore: [AACFiles.Packet]
        var packetsAfter: [AACFiles.Packet]
        /// The video packets, when there is a video stream.
        var videoBefore: [AACFiles.Packet] = []
        var videoAfter: [AACFiles.Packet] = []
    }

    static func run(
        _ encoding: AACFiles.Encoding, mode: CensorMode, decoder: String = "aac",
        matches: [Match] = MP3DirectTests.matches()
    ) throws -> Run {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let input = folder.path("in.\(encoding.container)"), output = folder.path("out.\(encoding.container)")
        try AACFiles.make(input, encoding)
        let transaction = OutputTransaction(overwrite: false, protecting: [(input, .input)])
        let report = try Censor(mode: mode, options: options).censorAAC(
            input: input, output: output, matches: matches, into: transaction)
        try transaction.commit()
        let video =
            encoding.video ? (try AACFiles.packets(input, of: "v"), try AACFiles.packets(output, of: "v")) : ([], [])
        return Run(
            encoding: encoding, input: Array(try Data(contentsOf: URL(fileURLWithPath: input))),
            output: Array(try Data(contentsOf: URL(fileURLWithPath: output))), report: report,
            original: try AACFiles.decode(input, channels: encoding.channels, decoder: decoder),
            censored: try AACFiles.decode(output, channels: encoding.channels, decoder: decoder),
            packetsBefore: try AACFiles.packets(input), packetsAfter: try AACFiles.packets(output),
            videoBefore: video.0, videoAfter: video.1)
    }

    /// The byte-level promise: same length, the same audio and video packets (count, sizes,
    /// positions, timestamps), and every byte identical outside the packets whose decoded reach — their
    /// 2048 samples from `1024k − priming` — meets a span's modified region. Returns how many
    /// packets changed.
    static func checkBytes(_ run: Run) throws -> Int {
        #expect(run.output.count == run.input.count)
        #expect(run.packetsAfter == run.packetsBefore)
        #expect(run.videoAfter == run.videoBefore && run.videoBefore.count == (run.encoding.video ? 30 : 0))
        try #require(run.packetsBefore.count > 100)
        // ffprobe's pts of the first packet is minus the priming; Matroska's are in milliseconds
        // and its decoders drop nothing.
        let matroska = ["mka", "mkv"].contains(run.encoding.container)
        let priming = matroska ? 0 : -(Int(run.packetsBefore[0].pts) ?? 0)
        var changed = 0
        var covered = Set<Int>()
        for (index, packet) in run.packetsBefore.enumerated() {
            // ffprobe places a Matroska packet at its block: the frame follows a one-byte track
            // number, the 16-bit timestamp and the flags.
            if matroska {
                #expect(run.input[packet.position] & 0x80 != 0, "packet \(index): not a one-byte track number")
            }
            let start = packet.position + (matroska ? 4 : 0)
            let bytes = start..<(start + packet.size)
            let reach = (index * 1024 - priming)..<(index * 1024 + 2048 - priming)
            let touches = run.report.spans.contains { reach.overlaps($0.fadeStartFrame..<$0.fadeEndFrame) }
            if run.output[bytes] != run.input[bytes] {
                changed += 1
                #expect(touches, "packet \(index) changed outside every span")
            }
            for position in bytes { covered.insert(position) }
        }
        // Bytes of no audio packet (headers, the sample tables, ADTS headers) are identical.
        let others = (0..<run.input.count).filter { !covered.contains($0) }
        #expect(others.allSatisfy { run.output[$0] == run.input[$0] })
        return changed
    }

    /// Outside every modified region the decoded audio matches the original: exactly, but for
    /// perceptual noise substitution, whose random generator a silenced packet does not advance,
    /// so that noise-coded bands after it carry another draw of the same noise. The tone's abrupt
    /// end at 3 s is coded largely as noise, so a comparison within `tolerance` stops at 2.8 s.
    static func checkUntouched(_ run: Run, channel: Int, tolerance: Float) {
        let original = run.original[channel], censored = run.censored[channel]
        let end = tolerance == 0 ? original.count : run.encoding.rate * 28 / 10
        var frame = 0, untouched = 0, worst: Float = 0
        for range in run.report.spans.map({ $0.fadeStartFrame..<$0.fadeEndFrame }) + [end..<end] {
            for index in frame..<range.lowerBound { worst = max(worst, abs(censored[index] - original[index])) }
            untouched += range.lowerBound - frame
            frame = range.upperBound
        }
        #expect(worst <= tolerance, "\(run.encoding): untouched audio differs by up to \(worst)")
        #expect(untouched > run.encoding.rate)
    }

    @Test("mute: untouched packets byte-identical, core digital silence, no click, same packets", arguments: encodings)
    func mute(encoding: AACFiles.Encoding) throws {
        let run = try Self.run(encoding, mode: .mute)
        let changed = try Self.checkBytes(run)
        let spans = run.report.spans
        try #require(spans.count == MP3DirectTests.words.count)
        // Each reported core holds the planned one, widened to frames by less than two frames.
        let planner = Planner(options: Self.options)
        for (span, match) in zip(spans, MP3DirectTests.matches()) {
            let planned = try #require(
                planner.coreFrames(of: match, sampleRate: encoding.rate, frameCount: run.report.frames))
            #expect(span.startFrame <= planned.lowerBound && span.endFrame >= planned.upperBound)
            #expect(planned.lowerBound - span.startFrame < 2048 && span.endFrame - planned.upperBound < 1024)
            #expect(span.fadeStartFrame == span.startFrame - 1024 && span.fadeEndFrame == span.endFrame + 1024)
        }
        #expect(run.report.direct?.editedPackets == changed)
        #expect(changed > 0 && Double(changed) <= (0.25 + 0.05 + 0.3 + 3 * 0.05) * Double(encoding.rate) / 1024 + 3 * 3)
        for channel in 0..<encoding.channels {
            let original = run.original[channel], censored = run.censored[channel]
            #expect(censored.count == original.count && original.count == run.report.frames)
            for span in spans {
                let core = span.startFrame..<span.endFrame
                #expect(censored[core].allSatisfy { $0 == 0 }, "\(encoding) channel \(channel): core not silent")
                #expect(MP3Files.peakDBFS(original[core]) > -7)
            }
            // −60 dBFS: another draw of noise-substituted bands, where a misplaced edit differs by ~0.5.
            Self.checkUntouched(run, channel: channel, tolerance: 1e-3)
            let clicks = MP3DirectTests.clickPeak(censored, rate: encoding.rate)
            #expect(clicks < ClickTests.limitDBFS, "\(encoding) channel \(channel): \(clicks) dBFS above 5 kHz")
        }
    }

    @Test("without noise substitution, the decoded audio outside the modified regions is bit-identical")
    func untouchedExactly() throws {
        let run = try Self.run(
            .init(rate: 44100, channels: 2, kbps: 128, container: "m4a", options: ["-aac_pns", "0"]), mode: .mute)
        _ = try Self.checkBytes(run)
        for channel in 0..<2 { Self.checkUntouched(run, channel: channel, tolerance: 0) }
    }

    @Test(
        "planning's decoded stretches are the whole stream's decoded samples, exactly, prepared or read on a miss",
        arguments: [encodings[1], encodings[2], encodings[5]])
    func decodedStretches(encoding: AACFiles.Encoding) throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        var exact = encoding
        exact.options = ["-aac_pns", "0"]
        let input = folder.path("in.\(encoding.container)")
        try AACFiles.make(input, exact)
        let whole = try AACFiles.decode(input, channels: encoding.channels)
        let stream =
            switch MediaContainer.named(byPathOf: input) {
            case .aac: try AACStream.adts(path: input)
            case .mka, .mkv: try AACStream.matroska(path: input, audioStream: 0)
            default: try AACStream.mp4(path: input, audioStream: 0)
            }
        #expect(stream.frameCount == whole[0].count)
        let audio = AACDecodedAudio(
            stream: stream, source: try MP3File(reading: input), scratch: ScratchFiles(beside: folder.path("x")))
        try audio.prepare(around: [30_000..<40_000, 90_000..<95_000])
        var buffer: [Float] = []
        // Inside the prepared stretches, then outside them (from the very start, and the end).
        for range in [31_111..<39_000, 90_001..<94_999, 0..<5_000, (stream.frameCount - 3000)..<stream.frameCount] {
            try audio.readFrames(range, into: &buffer)
            #expect(buffer.count == range.count * encoding.channels)
            for channel in 0..<encoding.channels {
                let read = stride(from: channel, to: buffer.count, by: encoding.channels).map { buffer[$0] }
                #expect(read == Array(whole[channel][range]), "\(encoding) \(range) channel \(channel)")
            }
        }
    }

    @Test("aac_fixed, a second decoder, hears the core at most one 16-bit step loud, and the same length")
    func fixedPointDecoderAgrees() throws {
        let run = try Self.run(Self.encodings[1], mode: .mute, decoder: "aac_fixed")
        for channel in 0..<2 {
            #expect(run.censored[channel].count == run.report.frames)
            for span in run.report.spans {
                // Its output is quantized to 16-bit steps: −96.3 dBFS is one step, the tone −6 dBFS.
                #expect(MP3Files.peakDBFS(run.censored[channel][span.startFrame..<span.endFrame]) < -90)
            }
        }
    }

    @Test(
        "duck: every channel's core at the duck gain on the 1.505 dB grid, within ±0.75 dB; the rest bit-identical; no click",
        arguments: [
            (encodings[0], -30.0), (encodings[3], -10.0),
            (AACFiles.Encoding(rate: 44100, channels: 1, kbps: 160, container: "aac"), -20.0),
            (encodings[1], -20.0), (encodings[4], -10.0), (encodings[5], -20.0), (encodings[6], -10.0),
            (encodings[7], -30.0),
            (
                AACFiles.Encoding(
                    rate: 44100, channels: 2, kbps: 64, container: "aac", options: ["-aac_is", "1", "-aac_ms", "1"]),
                -20.0
            ),
            (AACFiles.Encoding(rate: 48000, channels: 6, kbps: 256, container: "m4a"), -20.0),
            (AACFiles.Encoding(rate: 44100, channels: 2, kbps: 256, container: "aac", signal: .castanets), -30.0),
            (AACFiles.Encoding(rate: 44100, channels: 6, kbps: 192, container: "aac", signal: .music), -10.0),
        ])
    func duck(encoding: AACFiles.Encoding, gain: Double) throws {
        let run = try Self.run(encoding, mode: .duck(gainDB: gain))
        let changed = try Self.checkBytes(run)
        #expect(run.report.direct?.editedPackets == changed)
        // No packet muted instead: every one read whole, and every gain and scalefactor had room.
        #expect(run.report.warnings.isEmpty, "\(run.report.warnings)")
        let steps = (-gain / CodedGainPlan.stepDB).rounded()
        for channel in 0..<encoding.channels {
            let original = run.original[channel], censored = run.censored[channel]
            Self.checkUntouched(run, channel: channel, tolerance: 0)
            var figures: [Double] = []
            for span in run.report.spans {
                let core = span.startFrame..<span.endFrame
                let measured = 20 * log10(Signals.rms(censored[core]) / Signals.rms(original[core]))
                figures.append(measured)
                #expect(abs(measured - gain) <= 0.75, "\(encoding) channel \(channel): \(measured) dB for \(gain) dB")
                #expect(
                    abs(measured + steps * CodedGainPlan.stepDB) < 0.01,
                    "channel \(channel): \(measured) dB off the step grid")
            }
            let clicks = encoding.signal == .tone ? MP3DirectTests.clickPeak(censored, rate: encoding.rate) : nil
            let before = encoding.signal == .tone ? MP3DirectTests.clickPeak(original, rate: encoding.rate) : nil
            print(
                "duck \(encoding) channel \(channel): \(figures.map { String(format: "%.3f", $0) }) dB, clicks "
                    + "\(clicks.map { String(format: "%.1f", $0) } ?? "-") dBFS (input \(before.map { String(format: "%.1f", $0) } ?? "-"))"
            )
            // The click measure filters above 5 kHz: the tone's own spectrum lies below it.
            if let clicks {
                #expect(clicks < ClickTests.limitDBFS, "\(encoding) channel \(channel): \(clicks) dBFS above 5 kHz")
            }
        }
    }
}
