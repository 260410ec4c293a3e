import CensorKit
import Foundation
import Testing

/// The library as a caller meets it (public API only): options checked with thrown errors that
/// name the value and the range, in seconds; audio censored and written in memory; reports
/// that encode and decode.
@Suite struct LibraryBoundaryTests {
    @Test(
        "every plan option out of range is a ParameterError with its parameter, value and range, in seconds",
        arguments: [
            ("padBefore", -0.001, Parameters.padBefore), ("padAfter", 2.5, Parameters.padAfter),
            ("crossfade", -0.01, Parameters.crossfade), ("crossfade", 1.5, Parameters.crossfade),
            ("snapWindow", 0.2, Parameters.snapWindow), ("refineWindow", -1, Parameters.refineWindow),
            ("crossfade", .infinity, Parameters.crossfade),
        ] as [(String, Double, Parameter)])
    func planOptionRanges(name: String, value: Double, parameter: Parameter) {
        #expect(throws: ParameterError(parameter: parameter, value: value)) {
            switch name {
            case "padBefore": _ = try PlanOptions(padBefore: value)
            case "padAfter": _ = try PlanOptions(padAfter: value)
            case "crossfade": _ = try PlanOptions(crossfade: value)
            case "snapWindow": _ = try PlanOptions(snapWindow: value)
            default: _ = try PlanOptions(refineWindow: value)
            }
        }
        #expect(parameter.name == name && parameter.unit == .seconds)
    }

    @Test("the negative crossfade that trapped in Span now says what and where: 'crossfade -0.01 s: expected 0 to 1 s'")
    func negativeCrossfadeMessage() {
        #expect {
            try PlanOptions(crossfade: -0.01)
        } throws: { error in
            "\(error)" == "crossfade -0.01 s: expected a value from 0 to 1 s"
        }
    }

    @Test("replacing an option checks it as the initialiser does, and keeps the others")
    func replacing() throws {
        let options = try PlanOptions(padBefore: 0.02, padAfter: 0.03, crossfade: 0.01)
        let wider = try options.replacing(padAfter: 0.1)
        #expect(wider.padBefore == 0.02 && wider.padAfter == 0.1 && wider.crossfade == 0.01)
        #expect(throws: ParameterError(parameter: Parameters.padAfter, value: 3)) { try options.replacing(padAfter: 3) }
        // The default options equal the throwing initialiser's defaults (an argument picks it).
        #expect(PlanOptions() == (try PlanOptions(refine: true)))
        #expect(PlanOptions().crossfade == 0.005 && PlanOptions().refineWindow == 0.15)
    }

    @Test("media options refuse an audio stream outside 0…127 and a bit rate outside 8…640 kb/s")
    func mediaOptionRanges() throws {
        #expect(throws: ParameterError(parameter: Parameters.audioStream, value: -1)) {
            try MediaOptions(audioStreams: [0, -1])
        }
        #expect(throws: ParameterError(parameter: Parameters.bitrate, value: 0)) { try MediaOptions(bitrate: 0) }
        #expect(throws: ParameterError(parameter: Parameters.bitrate, value: 641)) { try MediaOptions(bitrate: 641) }
        let options = try MediaOptions(audioStreams: [2, 0, 2], bitrate: 96)
        #expect(options.audioStreams == [0, 2] && options.bitrate == 96 && MediaOptions().bitrate == nil)
        #expect(MediaOptions().audioStreams == nil, "every stream by default")
    }

    @Test("Censor refuses a duck gain above 0 dB and a block of no frames, with their ranges")
    func censorChecks() {
        #expect(throws: ParameterError(parameter: Parameters.duckGain, value: 40)) {
            try Censor(mode: .duck(gainDB: 40))
        }
        #expect(throws: ParameterError(parameter: Parameters.blockFrames, value: 0)) { try Censor(blockFrames: 0) }
        #expect(Parameters.blockFrames.range.lowerBound == 1)
    }

    @Test("an output format refuses a rate outside 1000…768000 Hz and a quality outside 0…1")
    func outputFormatChecks() throws {
        #expect(throws: ParameterError(parameter: Parameters.sampleRate, value: 999)) {
            try OutputFormat(sampleRate: 999)
        }
        #expect(throws: ParameterError(parameter: Parameters.quality, value: 1.5)) { try OutputFormat(quality: 1.5) }
        #expect(try OutputFormat(container: .flac, sampleRate: 768_000, quality: 0).sampleRate == 768_000)
    }

    @Test("an audio buffer refuses partial frames, no channels, no rate and a layout of the wrong size")
    func bufferChecks() {
        #expect(throws: AudioBufferError.partialFrame(samples: 3, channelCount: 2)) {
            try AudioBuffer(samples: [0, 0, 0], channelCount: 2, sampleRate: 48_000)
        }
        #expect(throws: AudioBufferError.channelCount(0)) {
            try AudioBuffer(samples: [], channelCount: 0, sampleRate: 1)
        }
        #expect(throws: AudioBufferError.sampleRate(0)) { try AudioBuffer(samples: [], channelCount: 1, sampleRate: 0) }
        #expect(throws: AudioBufferError.channelLayout(positions: 1, channelCount: 2)) {
            try AudioBuffer(samples: [], channelCount: 2, sampleRate: 1, channelLayout: [.center])
        }
    }

    /// 1 s of a half-scale 440 Hz stereo tone at 16 kHz.
    static func tone() throws -> AudioBuffer {
        let samples = (0..<32_000).map { Float(0.5 * sin(2 * Double.pi * 440 * Double($0 / 2) / 16_000)) }
        return try AudioBuffer(samples: samples, channelCount: 2, sampleRate: 16_000, channelLayout: [.left, .right])
    }

    @Test("words in memory to matches to a censored buffer: the core silent, the rest bit-identical")
    func inMemory() throws {
        let words = [Word(text: "well", start: 0.1, end: 0.3), Word(text: "Damn!", start: 0.5, end: 0.7)]
        let matches = CensorList(entries: ["damn"]).matches(in: words)
        #expect(matches.map(\.wordIndices) == [1..<2] && matches.map(\.text) == ["Damn!"])
        let original = try Self.tone()
        var audio = original
        let report = try Censor(mode: .mute, options: try PlanOptions(refine: false)).censor(&audio, matches: matches)
        let span = try #require(report.spans.first)
        #expect(
            report.spans.count == 1 && report.sampleRate == 16_000 && report.channels == 2 && report.frames == 16_000)
        #expect(report.input == "" && report.output == nil && report.mode == "mute")
        #expect(span.startFrame <= 8_000 && span.endFrame >= 11_200)
        #expect(audio.samples[(span.startFrame * 2)..<(span.endFrame * 2)].allSatisfy { $0 == 0 })
        #expect(audio.samples[..<(span.fadeStartFrame * 2)] == original.samples[..<(span.fadeStartFrame * 2)])
        #expect(audio.samples[(span.fadeEndFrame * 2)...] == original.samples[(span.fadeEndFrame * 2)...])
    }

    @Test("a buffer encoded to WAV bytes, and one written to a file, read back bit-identical with rate and layout")
    func writeAndEncode() throws {
        let audio = try Self.tone()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "boundary-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let data = try audio.encoded(as: OutputFormat(container: .wav))
        #expect(data.prefix(4) == Data("RIFF".utf8))
        let fromData = folder.appendingPathComponent("from-data.wav").path
        try data.write(to: URL(fileURLWithPath: fromData))
        let decoded = try AudioBuffer(contentsOf: fromData)
        #expect(decoded.samples == audio.samples && decoded.sampleRate == 16_000 && decoded.channelCount == 2)

        let path = folder.appendingPathComponent("written.caf").path
        try audio.write(to: path)
        let read = try AudioBuffer(contentsOf: path)
        #expect(read.samples == audio.samples && read.sampleRate == 16_000)
        #expect(read.channelLayout == [.left, .right])
        #expect(throws: CensorError.outputExists(path: path)) { try audio.write(to: path) }
        #expect(throws: AudioError.self) { try audio.encoded(as: OutputFormat()) }
    }

    @Test("a report encodes and decodes to an equal report, skipped matches and doubts included; json() is unchanged")
    func reportCodable() throws {
        var report = Report(
            input: "in.wav", output: "out.wav", sampleRate: 48_000, channels: 2, frames: 96_000, mode: "beep",
            spans: [
                PlannedSpan(
                    try Span(fadeStart: 100, start: 340, end: 1000, fadeEnd: 1240),
                    matches: [
                        Match(
                            wordIndices: 3..<4, text: "damn", pattern: "damn", start: 0.007, end: 0.02, confidence: 0.2,
                            speaker: "A", doubts: [.lowConfidence])
                    ])
            ].map(Report.Entry.init),
            skipped: [Match(wordIndices: 9..<10, text: "hell", pattern: "hell", start: 5, end: 5.5)],
            warnings: ["a note"])
        report.transcript = Report.TranscriptSummary(
            Transcript(words: [Word(text: "damn", start: 0.007, end: 0.02)], format: .whisperJSON))
        let decoded = try JSONDecoder().decode(Report.self, from: JSONEncoder().encode(report))
        #expect(decoded == report)
        #expect(decoded.json() == report.json())
        #expect(report.json().hasPrefix("{\"input\": \"in.wav\", \"output\": \"out.wav\", \"sampleRate\": 48000"))
    }

    @Test("no library source file names one of the command's flags: the library describes, the CLI advises")
    func noFlagsInLibrary() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let help =
            try String(contentsOfFile: root.appendingPathComponent("CensorCLI/Option.swift").path, encoding: .utf8)
            + String(contentsOfFile: root.appendingPathComponent("CensorCLI/NumberOption.swift").path, encoding: .utf8)
        // Every flag the command defines: `"--name"` as the CLI spells it.
        let flags = Set(help.matches(of: /"(--[a-z][a-z0-9-]+)"/).map { String($0.1) })
        #expect(flags.contains("--force") && flags.contains("--pad") && flags.count > 40)
        // Another program's options, which the library may name: whisperkit-cli's `--report`.
        let otherTools = ["whisperkit-cli", "openai-whisper", "yt-dlp"]
        var offenders: [String] = []
        let files = FileManager.default.enumerator(atPath: root.path)!.compactMap { $0 as? String }
        for file in files
        where !file.hasPrefix("CensorCLI/") && !file.hasPrefix("censor/")
            && (file.hasSuffix(".swift") || file.hasSuffix(".js") || file.hasSuffix(".html"))
        {
            let text = try String(contentsOfFile: root.appendingPathComponent(file).path, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !otherTools.contains(where: line.contains) {
                for flag in flags where line.contains(flag) {
                    let after = line.range(of: flag).map { line[$0.upperBound...].first } ?? nil
                    if after.map({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) != true {
                        offenders.append("\(file):\(number + 1): \(flag)")
                    }
                }
            }
        }
        #expect(offenders.isEmpty, "\(offenders)")
    }
}
