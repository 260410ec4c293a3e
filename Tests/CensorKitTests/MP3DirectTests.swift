import CensorTestFiles
import CensorTestSignals
import Foundation
import Testing

@testable import CensorKit

/// Censoring MP3s on their compressed data: MP3s made here by libmp3lame, censored
/// by rewriting `global_gain`, decoded again by ffmpeg (and mpg123) to check the result.
@Suite struct MP3DirectTests {
    /// CBR and VBR, mono and joint stereo, MPEG-1 (44.1, 48 kHz) and MPEG-2 (22.05 kHz).
    static let encodings: [MP3Files.Encoding] = [
        .init(rate: 44100, channels: 1, options: ["-b:a", "128k"]),
        .init(rate: 44100, channels: 2, options: ["-q:a", "4"]),
        .init(rate: 48000, channels: 2, options: ["-b:a", "192k"]),
        .init(rate: 22050, channels: 1, options: ["-q:a", "5"]),
        .init(rate: 22050, channels: 2, options: ["-b:a", "64k"]),
    ]

    /// Word times (start s, length s) at arbitrary phases of the tone: a long word, a short one,
    /// and one near the end.
    static let words: [(Double, Double)] = [(0.6123, 0.25), (1.5 + 1.0 / (7 * 220), 0.05), (2.2001, 0.3)]

    static func matches() -> [Match] {
        words.enumerated().map { index, word in
            Match(
                wordIndices: index..<(index + 1), text: "w\(index)", pattern: "w\(index)", start: word.0,
                end: word.0 + word.1)
        }
    }

    /// The tone's edges are not speech: word times are taken as given.
    static let options = try! PlanOptions(refine: false)

    /// One encoded tone censored directly, with everything the checks need.
    struct Run {
        var encoding: MP3Files.Encoding
        var input: [UInt8]
        var output: [UInt8]
        var report: Report
        var original: [[Float]]
        var censored: [[Float]]

        /// The planner's own cores for the words, before widening to granules.
        var plannedCores: [Range<Int>] {
            let planner = Planner(options: MP3DirectTests.options)
            return MP3DirectTests.matches().compactMap {
                planner.coreFrames(of: $0, sampleRate: encoding.rate, frameCount: report.frames)
            }
        }
    }

    static func run(
        _ encoding: MP3Files.Encoding, mode: CensorMode, decoder: String = "ffmpeg",
        prepare: ((String) throws -> Void)? = nil
    ) throws -> Run {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let input = folder.path("in.mp3"), output = folder.path("out.mp3")
        try MP3Files.make(input, encoding)
        try prepare?(input)
        let report = try Censor(mode: mode, options: options).censorMP3(
            input: input, output: output, matches: matches())
        return Run(
            encoding: encoding, input: Array(try Data(contentsOf: URL(fileURLWithPath: input))),
            output: Array(try Data(contentsOf: URL(fileURLWithPath: output))), report: report,
            original: try MP3Files.decode(input, channels: encoding.channels, with: decoder),
            censored: try MP3Files.decode(output, channels: encoding.channels, with: decoder))
    }

    /// docs/ARCHITECTURE.md's click measure over the decoded tone: the peak of a 4th-order Butterworth
    /// high-pass at 5 kHz, from 0.1 s (the filter's start-up) to 2.8 s (before the tone's abrupt
    /// end at 3 s, which is in the original too).
    static func clickPeak(_ samples: [Float], rate: Int) -> Double {
        Signals.peakDBFS(
            Signals.butterworthHighPass(samples, cutoff: 5000, sampleRate: rate)[(rate / 10)..<(rate * 28 / 10)])
    }

    /// Outside every modified region the report gives, the decoded audio is exactly the original's.
    static func checkUntouched(_ run: Run, channel: Int) {
        let original = run.original[channel], censored = run.censored[channel]
        var untouched = 0
        var frame = 0
        for span in run.report.spans {
            #expect(censored[frame..<span.fadeStartFrame].elementsEqual(original[frame..<span.fadeStartFrame]))
            untouched += span.fadeStartFrame - frame
            frame = span.fadeEndFrame
        }
        #expect(censored[frame...].elementsEqual(original[frame...]))
        #expect(untouched > run.encoding.rate)
    }

    /// The byte-level promise: same length; the tag and the Xing/LAME frame identical; every
    /// other byte identical except inside the side information of censored frames.
    static func checkBytes(_ run: Run) throws -> Int {
        #expect(run.output.count == run.input.count)
        let frames = MP3Files.frames(run.input)
        try #require(frames.count > 10)
        // frames[0] is the Info/Xing frame: it and the ID3v2 tag before it are copied as they
        // are, but for the LAME tag's two CRCs, which must hold for the output's bytes.
        try MP3Files.checkLameCRCs(run.output, input: run.input)
        #expect(
            MP3Files.withoutLameCRCs(run.output)[..<frames[1].offset]
                == MP3Files.withoutLameCRCs(run.input)[..<frames[1].offset])
        var changedFrames = Set<Int>()
        for (frameIndex, frame) in frames.enumerated().dropFirst() {
            let end = min(frame.offset + frame.length, run.input.count)
            guard run.output[frame.offset..<end] != run.input[frame.offset..<end] else { continue }
            changedFrames.insert(frameIndex)
            #expect(
                run.output[frame.sideInfoEnd..<end] == run.input[frame.sideInfoEnd..<end],
                "frame \(frameIndex): bytes past the side information changed")
            #expect(run.output[frame.offset..<(frame.offset + 4)] == run.input[frame.offset..<(frame.offset + 4)])
        }
        return changedFrames.count
    }

    @Test("mute: untouched frames byte-identical, core below −90 dBFS, no click, same length", arguments: encodings)
    func mute(encoding: MP3Files.Encoding) throws {
        let run = try Self.run(encoding, mode: .mute)
        let changed = try Self.checkBytes(run)
        let spans = run.report.spans
        try #require(spans.count == Self.words.count)
        // Each span's reported core holds the planned core (before edge snapping), widened to
        // granules by less than one granule and the snap window on each side.
        let snap = Int((Self.options.snapWindow * Double(encoding.rate)).rounded())
        for (span, planned) in zip(spans, run.plannedCores) {
            #expect(span.startFrame <= planned.lowerBound && span.endFrame >= planned.upperBound)
            let granule = MP3FrameHeader.granuleSamples
            #expect(
                planned.lowerBound - span.startFrame < granule + snap
                    && span.endFrame - planned.upperBound < granule + snap)
            #expect(span.fadeStartFrame <= span.startFrame && span.endFrame <= span.fadeEndFrame)
        }
        // Three words of ~0.05–0.3 s, with padding: at most a few dozen frames of ~130 changed.
        let granulesPerWord = (0.3 + 0.1) * Double(encoding.rate) / Double(MP3FrameHeader.granuleSamples)
        #expect(changed > 0 && Double(changed) <= 3 * (granulesPerWord + 5))
        for channel in 0..<encoding.channels {
            let original = run.original[channel], censored = run.censored[channel]
            #expect(censored.count == original.count, "decoded length changed")
            #expect(original.count == 3 * encoding.rate)
            for span in spans {
                let level = MP3Files.peakDBFS(censored[span.startFrame..<span.endFrame])
                #expect(level < -90, "\(encoding) channel \(channel): core peaks at \(level) dBFS")
            }
            Self.checkUntouched(run, channel: channel)
            let clicks = Self.clickPeak(censored, rate: encoding.rate)
            #expect(clicks < ClickTests.limitDBFS, "\(encoding) channel \(channel): \(clicks) dBFS above 5 kHz")
        }
    }

    @Test(
        "duck: the core at the duck gain on the 1.505 dB grid, within ±0.75 dB; untouched audio identical",
        arguments: [(encodings[0], -30.0), (encodings[1], -10.0), (encodings[4], -20.0)])
    func duck(encoding: MP3Files.Encoding, gain: Double) throws {
        let run = try Self.run(encoding, mode: .duck(gainDB: gain))
        _ = try Self.checkBytes(run)
        let steps = (-gain / CodedGainPlan.stepDB).rounded()
        for channel in 0..<encoding.channels {
            let original = run.original[channel], censored = run.censored[channel]
            Self.checkUntouched(run, channel: channel)
            for span in run.report.spans {
                let core = span.startFrame..<span.endFrame
                let measured = 20 * log10(Signals.rms(censored[core]) / Signals.rms(original[core]))
                #expect(abs(measured - gain) <= 0.75, "\(encoding): \(measured) dB for \(gain) dB")
                #expect(abs(measured + steps * 20 * log10(2.0) / 4) < 0.01, "\(measured) dB off the step grid")
            }
            let clicks = Self.clickPeak(censored, rate: encoding.rate)
            #expect(clicks < ClickTests.limitDBFS, "\(encoding): \(clicks) dBFS above 5 kHz")
        }
    }

    @Test("mpg123, a second independent decoder, also hears a silent core and the same length")
    func mpg123Agrees() throws {
        let run = try Self.run(Self.encodings[1], mode: .mute, decoder: "mpg123")
        for channel in 0..<2 {
            #expect(run.censored[channel].count == run.original[channel].count)
            #expect(run.original[channel].count == 3 * 44100)
            for span in run.report.spans {
                let level = MP3Files.peakDBFS(run.censored[channel][span.startFrame..<span.endFrame])
                #expect(level < -90, "mpg123: core peaks at \(level) dBFS")
            }
        }
    }

    @Test("ID3v2, APE and ID3v1 tags and the LAME gapless header are copied; no warning")
    func tagsCopied() throws {
        // An APE v2 tag (header, one item, footer) and an ID3v1 tag after the frames.
        func apeBlock(_ id: String, size: Int, flags: UInt32) -> [UInt8] {
            Array(id.utf8) + [0xD0, 0x07, 0, 0] + withUnsafeBytes(of: UInt32(size).littleEndian, Array.init)
                + [1, 0, 0, 0] + withUnsafeBytes(of: flags.littleEndian, Array.init) + [UInt8](repeating: 0, count: 8)
        }
        let item = [UInt8]([5, 0, 0, 0, 0, 0, 0, 0]) + Array("Title".utf8) + [0] + Array("Hello".utf8)
        let ape =
            apeBlock("APETAGEX", size: item.count + 32, flags: 0xA000_0000) + item
            + apeBlock("APETAGEX", size: item.count + 32, flags: 0x8000_0000)
        let id3v1 = Array("TAG".utf8) + [UInt8](repeating: 0x41, count: 125)
        var tail: [UInt8] = []
        let run = try Self.run(Self.encodings[0], mode: .mute) { path in
            let withTitle = path + ".tagged.mp3"
            try MP3Files.run(
                "ffmpeg",
                [
                    "-v", "error", "-i", path, "-c", "copy", "-metadata", "title=A Talk",
                    "-id3v2_version", "3", withTitle,
                ])
            tail = ape + id3v1
            var bytes = try Data(contentsOf: URL(fileURLWithPath: withTitle))
            bytes.append(contentsOf: tail)
            try bytes.write(to: URL(fileURLWithPath: path))
        }
        #expect(run.report.warnings.isEmpty, "\(run.report.warnings)")
        #expect(Array(run.output.suffix(tail.count)) == tail)
        let frames = MP3Files.frames(run.input, end: run.input.count - tail.count)
        #expect(
            MP3Files.withoutLameCRCs(run.output)[..<frames[1].offset]
                == MP3Files.withoutLameCRCs(run.input)[..<frames[1].offset])
        // The music CRC covers the frames only, not the tags after them.
        try MP3Files.checkLameCRCs(run.output, input: run.input)
        var parser = MP3Parser(bytes: run.output, path: "out.mp3")
        _ = try parser.next()
        let info = try #require(parser.infoHeader)
        #expect(info.encoderDelay == 576 && info.kind == .info)
        #expect(info.frameCount == frames.count - 1)
    }

    @Test("a CRC-protected stream (lame -p): censored frames carry CRCs ffmpeg accepts; a broken one is caught")
    func checksumsRecomputed() throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let wav = folder.path("tone.wav"), input = folder.path("in.mp3"), output = folder.path("out.mp3")
        try MP3Files.run(
            "ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "aevalsrc=\(MP3Files.tone(channels: 2)):s=44100:d=3", wav])
        try MP3Files.run("lame", ["--quiet", "-p", "-b", "128", wav, input])
        let report = try Censor(mode: .mute, options: Self.options).censorMP3(
            input: input, output: output, matches: Self.matches())
        #expect(report.warnings.isEmpty)
        let before = Array(try Data(contentsOf: URL(fileURLWithPath: input)))
        let after = Array(try Data(contentsOf: URL(fileURLWithPath: output)))
        let frames = MP3Files.frames(before)
        #expect(frames.allSatisfy { $0.protected })
        let changed = frames.filter { after[$0.offset..<$0.sideInfoEnd] != before[$0.offset..<$0.sideInfoEnd] }
        #expect(changed.count > 10)
        // Every changed frame has a new CRC (its side information changed, so its CRC had to).
        #expect(
            changed.allSatisfy { after[($0.offset + 4)..<($0.offset + 6)] != before[($0.offset + 4)..<($0.offset + 6)] }
        )
        func crcErrors(_ path: String) throws -> Bool {
            try MP3Files.run("ffmpeg", ["-v", "error", "-err_detect", "crccheck", "-i", path, "-f", "null", "-"])
                .errors.contains("CRC mismatch")
        }
        #expect(try !crcErrors(output))
        // The control: one flipped CRC bit in a censored frame is seen by the same check.
        var broken = after
        broken[changed[0].offset + 5] ^= 1
        let brokenPath = folder.path("broken.mp3")
        try Data(broken).write(to: URL(fileURLWithPath: brokenPath))
        #expect(try crcErrors(brokenPath))
        let decoded = try MP3Files.decode(output, channels: 2)
        for span in report.spans {
            #expect(MP3Files.peakDBFS(decoded[0][span.startFrame..<span.endFrame]) < -90)
        }
    }

    @Test("the output file is written from its start: a fresh one as it is, one holding bytes emptied first")
    func outputFileEmptied() throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let fresh = folder.path("fresh.mp3"), used = folder.path("used.mp3")
        #expect(FileManager.default.createFile(atPath: fresh, contents: Data()))
        #expect(FileManager.default.createFile(atPath: used, contents: Data(repeating: 0xAB, count: 10)))
        for path in [fresh, used] {
            let file = try MP3File(writing: path, name: path)
            try [UInt8](arrayLiteral: 1, 2, 3).withUnsafeBytes { try file.write($0) }
        }
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: fresh))) == [1, 2, 3])
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: used))) == [1, 2, 3])
    }

    @Test("a file of several 128 KiB reads: the frames across each refill are found and censored like the others")
    func framesAcrossRefills() throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let input = folder.path("in.mp3"), output = folder.path("out.mp3")
        let encoding = MP3Files.Encoding(rate: 48000, channels: 2, options: ["-b:a", "192k"])
        try MP3Files.make(input, encoding, seconds: 20)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: input)))
        try #require(bytes.count > 3 * MP3ByteStream.chunk)
        // The audio frames (after the Info frame) holding a refill's first byte, and a 0.1 s word
        // around each: 192 kb/s is 24,000 bytes a second, from the first audio frame on.
        let frames = Array(MP3Files.frames(bytes).dropFirst())
        let straddling = (1...(bytes.count / MP3ByteStream.chunk)).compactMap { refill in
            frames.firstIndex {
                $0.offset < refill * MP3ByteStream.chunk && $0.offset + $0.length > refill * MP3ByteStream.chunk
            }
        }
        try #require(straddling.count == bytes.count / MP3ByteStream.chunk)
        let matches = straddling.enumerated().map { index, frame in
            let time = Double(frames[frame].offset - frames[0].offset) / 24_000
            return Match(
                wordIndices: index..<(index + 1), text: "w\(index)", pattern: "w\(index)", start: time - 0.05,
                end: time + 0.05)
        }
        // Refinement on: its frame index and its decoder read the file across refills too.
        let report = try Censor(mode: .mute).censorMP3(input: input, output: output, matches: matches)
        #expect(report.spans.count == straddling.count)
        let run = Run(
            encoding: encoding, input: bytes, output: Array(try Data(contentsOf: URL(fileURLWithPath: output))),
            report: report, original: [], censored: [])
        let changed = try Self.checkBytes(run)
        // Each frame across a refill is censored: its side information, and nothing else, changed.
        for frame in straddling.map({ frames[$0] }) {
            #expect(
                run.output[(frame.offset + 4)..<frame.sideInfoEnd] != run.input[(frame.offset + 4)..<frame.sideInfoEnd],
                "frame at byte \(frame.offset)")
        }
        // About 0.1 s and a granule or two each side per word (frames of 24 ms): far fewer than all.
        #expect(changed >= straddling.count && changed <= straddling.count * 12)
    }
}
