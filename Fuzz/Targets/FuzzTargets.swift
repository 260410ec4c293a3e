// libFuzzer targets for censor's parsers. Not a package target: Fuzz/build.sh compiles this file
// with `-sanitize=fuzzer,address` against CensorKit and CensorCLI built with the same sanitizers.
//
// One binary holds every target; `CENSOR_FUZZ_TARGET` picks one (`list` prints their names).
// Each target feeds the input to one public entry point and requires only that it returns or
// throws: a crash, a trap, a hang or an AddressSanitizer report is a finding.

import Foundation

@testable import CensorCLI
@testable import CensorKit

/// A named fuzz target: what it does with one input.
struct FuzzTarget {
    let name: String
    let run: (Data) -> Void

    /// Every target: one per transcript format, detection, the whole pipeline from a transcript,
    /// the censor list, audio files, the report and label writers, batch manifests and the
    /// command line.
    static let all: [FuzzTarget] =
        TranscriptFormat.allCases.map { format in
            FuzzTarget(name: "transcript-\(format.rawValue)") { data in
                _ = try? Transcript(data: data, format: format, source: "fuzz")
            }
        } + [
            FuzzTarget(name: "detect") { data in
                // Detection alone, then detection with the detected format's reader.
                _ = TranscriptFormat(detecting: data)
                _ = try? Transcript(data: data, source: "fuzz")
            },
            FuzzTarget(name: "pipeline") { data in
                // A transcript in any format, every word of it listed, planned (padding, edge
                // refinement, snapping, merging) and rendered over two seconds of noise: what
                // times a transcript may hold, the planner and engine must take.
                guard let transcript = try? Transcript(data: data, source: "fuzz") else { return }
                let list = CensorList(entries: Array(Set(transcript.words.prefix(64).map(\.text))))
                var audio = FuzzTarget.noise
                let mode: CensorMode =
                    data.count % 3 == 0 ? .mute : data.count % 3 == 1 ? .duck(gainDB: -30) : .beep(Beep())
                let censor = try! Censor(mode: mode, options: PlanOptions(padBefore: 0.02, padAfter: 0.02))
                _ = try? censor.censor(&audio, matches: list.matches(in: transcript))
            },
            FuzzTarget(name: "censor-list") { data in
                // The first byte picks diacritic folding; the list is matched against a
                // transcript made of its own text, so its patterns have words to meet.
                guard let first = data.first else { return }
                let text = String(decoding: data.dropFirst(), as: UTF8.self)
                guard let list = try? CensorList(text: text, source: "fuzz", foldingDiacritics: first & 1 == 1)
                else { return }
                var words: [Word] = []
                for (index, token) in text.split(whereSeparator: { $0 == " " || $0 == "\n" }).prefix(512).enumerated() {
                    words.append(
                        Word(text: String(token), start: Double(index) * 0.25, end: Double(index) * 0.25 + 0.2))
                }
                _ = list.matches(in: Transcript(words: words, format: .jsonWords))
            },
            FuzzTarget(name: "audio") { data in
                // The bytes as an audio file: opened, read to the end, and censored (a word at
                // 10–20 ms, beeped) into a second file, as `censor` would. libsndfile itself is
                // not instrumented, but everything censor does with what it returns is.
                let folder = FuzzTarget.scratch
                let input = folder + "/input", output = folder + "/output.wav"
                guard FileManager.default.createFile(atPath: input, contents: data) else { return }
                defer { unlink(input); unlink(output) }
                guard let reader = try? AudioReader(path: input) else { return }
                var block: [Float] = []
                var frame = 0
                while frame < min(reader.frameCount, 1 << 20) {
                    let count = min(4096, reader.frameCount - frame)
                    guard (try? reader.readFrames(frame..<(frame + count), into: &block)) != nil else { break }
                    frame += count
                }
                let word = Match(wordIndices: 0..<1, text: "damn", pattern: "damn", start: 0.01, end: 0.02)
                _ = try? Censor().censorFile(input: input, output: output, matches: [word], overwrite: true)
            },
            FuzzTarget(name: "report") { data in
                // Any report the bytes describe (times of every magnitude, NaN and infinity,
                // frames of any size, text with any scalars) is written as JSON that parses back.
                let report = FuzzTarget.report(from: data)
                let json = report.json()
                do {
                    _ = try JSONParser.parse(json)
                } catch {
                    fatalError("Report.json wrote JSON that does not parse: \(error)\n\(json)")
                }
            },
            FuzzTarget(name: "labels") { data in
                // The label track of any report: one line of three tab-separated fields per span.
                let report = FuzzTarget.report(from: data)
                let lines = LabelTrack(report).text.split(separator: "\n", omittingEmptySubsequences: false)
                guard lines.count == report.spans.count + 1, lines.last?.isEmpty == true,
                    lines.dropLast().allSatisfy({
                        $0.split(separator: "\t", omittingEmptySubsequences: false).count == 3
                    })
                else { fatalError("LabelTrack wrote \(lines.count - 1) lines for \(report.spans.count) spans") }
            },
            FuzzTarget(name: "mp3-frames") { data in
                // The bytes as an MP3: tags found, every frame walked (resync, truncation, rate and
                // layer checks, the Xing/LAME header, info frames of joined files, false headers in
                // junk), the timeline decoders may give built from the walk, a span mapped onto its
                // granules, those granules muted or ducked in place with CRCs recomputed in a
                // second walk, and the LAME tag's CRCs updated.
                let bytes = Array(data)
                var survey = MP3Parser(bytes: bytes, path: "fuzz")
                var first: MP3FrameHeader?
                while let frame = try? survey.next() { first = first ?? frame.header }
                let timeline =
                    first.map {
                        MP3Timeline(
                            header: $0, info: survey.infoHeader, frames: survey.frameCount,
                            granules: survey.granuleCount,
                            junctions: survey.junctions, gaps: survey.gaps.filter { !$0.holdsSync }.map(\.granule))
                    } ?? MP3Timeline(startOffset: 1105, frameCount: 1 << 20)
                let change: CodedGainPlan.Change = data.count % 2 == 0 ? .mute : .lower(steps: 20)
                // Two spans, the second 0 to 16,320 frames after the first, by the first byte.
                let gap = Int(data.first ?? 0) * 64
                let spans = [
                    PlannedSpan(try! Span(fadeStart: 0, start: 1500, end: 4000, fadeEnd: 4000)),
                    PlannedSpan(
                        try! Span(fadeStart: 4000 + gap, start: 4000 + gap, end: 6000 + gap, fadeEnd: 6000 + gap)),
                ]
                let plan = CodedGainPlan(mp3: spans, change: change, timeline: timeline)
                guard plan.runs.count == plan.spans.count,
                    zip(plan.runs, plan.runs.dropFirst()).allSatisfy({ $0.upperBound < $1.lowerBound })
                else {
                    fatalError(
                        "CodedGainPlan's runs are not sorted and apart: \(plan.runs) for \(plan.spans.count) spans")
                }
                var parser = MP3Parser(bytes: bytes, path: "fuzz")
                var rewriter = MP3GainRewriter(plan: plan, music: 0..<bytes.count)
                while let frame = try? parser.next() { _ = rewriter.apply(to: frame, in: parser.stream) }
                _ = parser.warnings + rewriter.warnings(path: "fuzz")
                if let frame = parser.infoFrame, let at = parser.infoHeader?.lameTagOffset {
                    let tag = Array(
                        bytes[(frame.lowerBound + at)..<(frame.lowerBound + at + MP3InfoHeader.lameTagLength)])
                    let end = MP3InfoHeader.musicEnd(tag: tag, frame: frame, audioEnd: parser.audio.upperBound)
                    _ = MP3InfoHeader.updatedCRCs(of: tag, change: rewriter.musicCRC.value(end: end))
                }
            },
            FuzzTarget(name: "aac-packets") { data in
                // The bytes as an ADTS stream, or (starting with an MP4 box) as an MP4 file, or
                // (starting with an EBML header) as a Matroska file: its packets located, each read
                // as a raw data block, and those under a span muted or ducked to their own length,
                // as the direct AAC editor would.
                let isMP4 =
                    data.count >= 8 && data[data.startIndex + 4..<data.startIndex + 8].elementsEqual("ftyp".utf8)
                let isMatroska = data.starts(with: [0x1A, 0x45, 0xDF, 0xA3])
                let path = FuzzTarget.scratch + (isMP4 ? "/input.m4a" : isMatroska ? "/input.mka" : "/input.aac")
                guard FileManager.default.createFile(atPath: path, contents: data) else { return }
                defer { unlink(path) }
                guard
                    let stream = try?
                        (isMP4
                        ? AACStream.mp4(path: path, audioStream: 0)
                        : isMatroska ? AACStream.matroska(path: path, audioStream: 0) : AACStream.adts(path: path))
                else { return }
                // Every packet the Matroska reader gives lies inside the file.
                if isMatroska {
                    precondition(
                        stream.packets.allSatisfy { $0.lowerBound >= 0 && $0.upperBound <= data.count },
                        "a Matroska packet lies outside the file")
                }
                let change: CodedGainPlan.Change = data.count % 2 == 0 ? .mute : .lower(steps: 20)
                let span = PlannedSpan(try! Span(fadeStart: 0, start: 1500, end: 4000, fadeEnd: 4000))
                let plan = CodedGainPlan(aac: [span], change: change, stream: stream)
                guard AACGainEditor.unsupported(change, stream: stream) == nil else { return }
                var editor = AACGainEditor(plan: plan, stream: stream)
                let bytes = Array(data)
                for (index, packet) in stream.packets.prefix(64).enumerated() where packet.upperBound <= bytes.count {
                    let block = Array(bytes[packet])
                    _ = try? AACRawBlock(block, range: 0..<block.count)
                    _ = try? AACBlockLayout(block, range: 0..<block.count, sampleRate: stream.sampleRate)
                    if plan.runs.contains(where: { $0.contains(index) }),
                        let edited = try? editor.edit(packet: index, block)
                    {
                        precondition(edited.count == block.count, "an edited packet changed its length")
                    }
                }
                _ = editor.warnings(path: "fuzz")
            },
            FuzzTarget(name: "mp3-tags") { data in
                // The bytes as the start and end of an MP3: its ID3v2, APE, Lyrics3 v2 and ID3v1
                // tags found, which must lie inside the file and not overlap; and the header the
                // re-encode path reads (ID3v2 version, Xing quality).
                let bytes = Array(data)
                let tags = MP3Tags(size: bytes.count) { Array(bytes[$0..<min(bytes.count, $0 + $1)]) }
                guard tags.leadingLength >= 0, tags.trailingLength >= 0,
                    tags.leadingLength + tags.trailingLength <= bytes.count
                else {
                    fatalError("MP3Tags claims \(tags.leadingLength) + \(tags.trailingLength) bytes of \(bytes.count)")
                }
                _ = MP3Header(bytes: bytes)
            },
            FuzzTarget(name: "manifest") { data in
                // A batch manifest: the first byte `C` makes it CSV, anything else JSON Lines.
                let path = scratch + (data.first == UInt8(ascii: "C") ? "/manifest.csv" : "/manifest.jsonl")
                guard FileManager.default.createFile(atPath: path, contents: data.dropFirst()) else { return }
                _ = try? Manifest(path: path)
            },
            FuzzTarget(name: "arguments") { data in
                // One argument a line, as a shell would hand them over.
                let tokens = String(decoding: data, as: UTF8.self)
                    .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                _ = try? Command.parse(tokens)
            },
        ]

    /// A report read from fuzz bytes: counts, times as raw `Double` bit patterns, frames as raw
    /// `Int`s (ordered, as a span requires), texts as the bytes between.
    static func report(from data: Data) -> Report {
        var bytes = Array(data)[...]
        func integer() -> Int {
            let chunk = bytes.prefix(8)
            bytes = bytes.dropFirst(8)
            return chunk.reversed().reduce(0) { $0 << 8 | Int($1) }
        }
        func time() -> Double { Double(bitPattern: UInt64(bitPattern: Int64(integer()))) }
        func text() -> String {
            let length = Int(bytes.first ?? 0) % 24
            bytes = bytes.dropFirst()
            defer { bytes = bytes.dropFirst(length) }
            return String(decoding: bytes.prefix(length), as: UTF8.self)
        }
        let sampleRate = integer(), frames = integer()
        var spans: [Report.Entry] = []
        var skipped: [Match] = []
        while !bytes.isEmpty, spans.count + skipped.count < 64 {
            let match = Match(
                wordIndices: 0..<1, text: text(), pattern: text(), start: time(), end: time(),
                confidence: (bytes.first ?? 0) & 1 == 0 ? nil : time(), speaker: text())
            if (bytes.first ?? 0) & 2 == 0 {
                skipped.append(match)
                continue
            }
            let edges = [integer(), integer(), integer(), integer()].sorted()
            let refined = (time(), time())
            // A span starts at frame 0 or later: its initialiser refuses the rest.
            guard let span = try? Span(fadeStart: edges[0], start: edges[1], end: edges[2], fadeEnd: edges[3]) else {
                continue
            }
            spans.append(
                Report.Entry(PlannedSpan(span, matches: [match], refinedStart: refined.0, refinedEnd: refined.1)))
        }
        return Report(
            input: text(), output: text(), sampleRate: sampleRate, channels: 2, frames: frames, mode: "beep",
            spans: spans, skipped: skipped)
    }

    /// Two seconds of seeded stereo noise at 8 kHz, for the pipeline target.
    static let noise: AudioBuffer = {
        var state: UInt32 = 0x5EED
        let samples = (0..<32_000).map { _ -> Float in
            state = state &* 1_664_525 &+ 1_013_904_223
            return Float(Int32(bitPattern: state) >> 8) / Float(1 << 24)
        }
        // Two channels at 8 kHz and 32,000 samples fit, so the initialiser cannot throw.
        return try! AudioBuffer(samples: samples, channelCount: 2, sampleRate: 8_000)
    }()

    /// A folder for the files the audio target writes: `CENSOR_FUZZ_SCRATCH`, or one of this
    /// process's own.
    static let scratch: String = {
        let path =
            ProcessInfo.processInfo.environment["CENSOR_FUZZ_SCRATCH"]
            ?? NSTemporaryDirectory() + "/censor-fuzz-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// The target `CENSOR_FUZZ_TARGET` names.
    nonisolated(unsafe) static var selected: FuzzTarget?
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
    let name = ProcessInfo.processInfo.environment["CENSOR_FUZZ_TARGET"] ?? ""
    if name == "list" {
        print(FuzzTarget.all.map(\.name).joined(separator: "\n"))
        exit(0)
    }
    guard let target = FuzzTarget.all.first(where: { $0.name == name }) else {
        FileHandle.standardError.write(
            Data(("set CENSOR_FUZZ_TARGET to one of: " + FuzzTarget.all.map(\.name).joined(separator: " ") + "\n").utf8)
        )
        exit(2)
    }
    FuzzTarget.selected = target
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let target = FuzzTarget.selected else { return 0 }
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    target.run(data)
    return 0
}
