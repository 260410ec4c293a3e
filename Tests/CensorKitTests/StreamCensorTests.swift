import CSndFile
import CensorTestFiles
import Foundation
import Testing

@testable import CensorKit

/// `Censor.censorStream`: audio read once from a pipe, without refinement, gives what
/// `censorFile` gives for the same audio in a file — every sample, every span, the marker.
@Suite struct StreamCensorTests {
    typealias Case = BitIdentityTests.Case

    /// Each look-ahead sample type (`Int16`, `Int32`, `Float`), every container read from a
    /// pipe, blocks smaller and larger than the look-ahead's reads, and a resampled output.
    static let cases: [Case] = [
        Case(
            name: "WAV PCM 16", container: SF_FORMAT_WAV, encoding: SF_FORMAT_PCM_16, fileExtension: "wav",
            channels: 2, rate: 44_100, blockFrames: 1_000),
        Case(
            name: "WAV PCM U8", container: SF_FORMAT_WAV, encoding: SF_FORMAT_PCM_U8, fileExtension: "wav",
            channels: 1, rate: 8_000, blockFrames: Censor.defaultBlockFrames),
        Case(
            name: "WAV PCM 24", container: SF_FORMAT_WAV, encoding: SF_FORMAT_PCM_24, fileExtension: "wav",
            channels: 1, rate: 48_000, blockFrames: 20_000),
        Case(
            name: "WAV PCM 32", container: SF_FORMAT_WAV, encoding: SF_FORMAT_PCM_32, fileExtension: "wav",
            channels: 2, rate: 22_050, blockFrames: 4_096),
        Case(
            name: "WAV float", container: SF_FORMAT_WAV, encoding: SF_FORMAT_FLOAT, fileExtension: "wav",
            channels: 6, rate: 48_000, blockFrames: Censor.defaultBlockFrames),
        Case(
            name: "AIFF PCM 24", container: SF_FORMAT_AIFF, encoding: SF_FORMAT_PCM_24, fileExtension: "aiff",
            channels: 2, rate: 8_000, blockFrames: 1_024),
        Case(
            name: "AU PCM 16", container: SF_FORMAT_AU, encoding: SF_FORMAT_PCM_16, fileExtension: "au",
            channels: 2, rate: 22_050, blockFrames: 3_000),
        Case(
            name: "W64 PCM 24", container: SF_FORMAT_W64, encoding: SF_FORMAT_PCM_24, fileExtension: "w64",
            channels: 2, rate: 96_000, blockFrames: 5_000),
        Case(
            name: "WAV PCM 16 to 48 kHz", container: SF_FORMAT_WAV, encoding: SF_FORMAT_PCM_16, fileExtension: "wav",
            channels: 2, rate: 44_100, blockFrames: 7_000, output: try! OutputFormat(sampleRate: 48_000)),
        Case(
            name: "WAV PCM 16 into 24", container: SF_FORMAT_WAV, encoding: SF_FORMAT_PCM_16, fileExtension: "wav",
            channels: 1, rate: 16_000, blockFrames: 2_500, output: try! OutputFormat(encoding: .pcm24)),
    ]

    static let modes: [CensorMode] = [
        .beep(Beep()), .beep(try! Beep(frequency: 440, level: .peak(dBFS: -6))), .duck(gainDB: -30), .mute,
    ]

    /// Runs `body` with the read end of a pipe that a thread fills with `bytes`, then closes.
    static func piped<T>(_ bytes: Data, _ body: (Int32) throws -> T) throws -> T {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        let writer = ends[1]
        let done = DispatchSemaphore(value: 0)
        Thread {
            bytes.withUnsafeBytes { buffer in
                var sent = 0
                while sent < buffer.count {
                    let count = write(writer, buffer.baseAddress! + sent, buffer.count - sent)
                    if count <= 0 { break }
                    sent += count
                }
            }
            close(writer)
            done.signal()
        }.start()
        defer {
            close(ends[0])
            done.wait()
        }
        return try body(ends[0])
    }

    /// The stream's result and the file's, for `mode`.
    static func censorBoth(_ testCase: Case, mode: CensorMode, in folder: AudioFiles.Folder)
        throws -> (file: Report, stream: Report, filePath: String, streamPath: String)
    {
        let name = UUID().uuidString
        let input = folder.path("\(name).in.\(testCase.fileExtension)")
        try AudioFiles.write(
            AudioFiles.samples(.ordinary, format: testCase.format, frames: testCase.frames),
            to: input, format: testCase.format)
        let censor = try Censor(mode: mode, options: PlanOptions(refine: false), blockFrames: testCase.blockFrames)
        let matches = BitIdentityTests.matches(frames: testCase.frames, rate: testCase.rate)
        let filePath = folder.path("\(name).file.\(testCase.fileExtension)")
        let streamPath = folder.path("\(name).stream.\(testCase.fileExtension)")
        let file = try censor.censorFile(input: input, output: filePath, matches: matches, format: testCase.output)
        let stream = try piped(try Data(contentsOf: URL(fileURLWithPath: input))) { descriptor in
            let reader = try AudioStreamReader(descriptor: descriptor, name: "-")
            #expect(censor.streamingObstacle(input: reader.format, output: streamPath, format: testCase.output) == nil)
            let transaction = OutputTransaction(overwrite: false)
            let report = try censor.censorStream(
                reader, output: streamPath, matches: matches, format: testCase.output, into: transaction)
            try transaction.commit()
            return report
        }
        return (file, stream, filePath, streamPath)
    }

    @Test(
        "a piped stream gives the file's samples, spans, skipped matches, frame count and marker",
        arguments: cases)
    func streamEqualsFile(_ testCase: Case) throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        for mode in Self.modes {
            let (file, stream, filePath, streamPath) = try Self.censorBoth(testCase, mode: mode, in: folder)
            let fromFile = try AudioFiles.read(filePath), fromStream = try AudioFiles.read(streamPath)
            #expect(fromStream.code == fromFile.code && fromStream.sampleRate == fromFile.sampleRate)
            #expect(fromStream.samples == fromFile.samples, "\(mode.name)")
            #expect(fromStream.frames == fromFile.frames && fromFile.frames > 0)
            #expect(stream.spans == file.spans, "\(mode.name)")
            // The two matches 6 ms apart merge; the one past the end is skipped.
            let spans = BitIdentityTests.matches(frames: testCase.frames, rate: testCase.rate).count - 2
            #expect(stream.spans.count == spans, "\(mode.name)")
            #expect(stream.skipped == file.skipped && stream.skipped.map(\.text) == ["word5"], "\(mode.name)")
            #expect(stream.frames == testCase.frames && file.frames == testCase.frames)
            #expect(stream.input == "-")
            #expect(fromStream.strings["software"] == fromFile.strings["software"], "\(mode.name)")
            // A RIFF/WAVE file carries the marker in a chunk of its own; the stream's says what the file's says.
            let markers = try [filePath, streamPath].map { try CensorMarker.markers(inFileAt: $0).map(\.text) }
            let expected =
                testCase.container == SF_FORMAT_WAV ? ["censored by censor \(Censor.version): \(spans) spans"] : []
            #expect(markers[0].count == expected.count, "\(markers)")
            #expect(markers[1] == markers[0] && zip(markers[0], expected).allSatisfy { $0.hasPrefix($1) }, "\(markers)")
        }
    }

    @Test("an AU stream into AU is the file's output byte for byte")
    func auBytes() throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let testCase = Self.cases.first { $0.container == SF_FORMAT_AU }!
        for mode in Self.modes {
            let (_, _, filePath, streamPath) = try Self.censorBoth(testCase, mode: mode, in: folder)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: filePath))
            #expect(try Data(contentsOf: URL(fileURLWithPath: streamPath)) == bytes, "\(mode.name)")
        }
    }

    /// A 16-bit stereo WAV header whose data size is 0xFFFFFFFF, as ffmpeg writes to a pipe.
    static func placeholderHeader(rate: Int) -> Data {
        var header = Data("RIFF".utf8)
        func append(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { header.append(contentsOf: $0) } }
        func append16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { header.append(contentsOf: $0) } }
        append(0xFFFF_FFFF)
        header += Data("WAVEfmt ".utf8)
        append(16); append16(1); append16(2); append(UInt32(rate)); append(UInt32(rate * 4)); append16(4); append16(16)
        header += Data("data".utf8)
        append(0xFFFF_FFFF)
        return header
    }

    @Test(
        "a stream whose header declares no length is written as WAV; past what a WAV can hold it fails, leaving nothing",
        arguments: [(frames: 240, fails: false), (frames: 260, fails: true)])
    func unknownLengthPastTheLimit(frames: Int, fails: Bool) throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let output = folder.path("out.wav")
        var bytes = Self.placeholderHeader(rate: 8_000)
        bytes += Data(repeating: 0x11, count: frames * 4)
        let censor = try Censor(mode: .mute, options: PlanOptions(refine: false))
        let matches = [Match(wordIndices: 0..<1, text: "a", pattern: "a", start: 0.001, end: 0.002)]
        let result = Result { () throws -> Report in
            try Self.piped(bytes) { descriptor in
                let transaction = OutputTransaction(overwrite: false)
                // 1000 bytes: 250 frames of 16-bit stereo.
                let report = try censor.censorStream(
                    AudioStreamReader(descriptor: descriptor, name: "-"), output: output, matches: matches,
                    format: OutputFormat(), into: transaction, sizeLimit: 1_000, progress: nil)
                try transaction.commit()
                return report
            }
        }
        if fails {
            #expect(
                throws: AudioError.unsupportedOutput(
                    path: output,
                    reason: "'-' holds more audio than a WAV file can; write RF64, W64 or CAF instead "
                        + "(a stream's length is not known in advance)")
            ) { try result.get() }
            #expect(try folder.contents() == [])
        } else {
            let report = try result.get()
            #expect(report.frames == frames)
            let written = try AudioFiles.read(output)
            #expect(Int(written.container) == SF_FORMAT_WAV && written.frames == frames)
        }
    }

    @Test(
        "what keeps a stream from being censored in one pass is named",
        arguments: [
            (
                PlanOptions(), "in.wav", "out.wav",
                "edge refinement reads the audio around each word, and fits the transcript's timing to the whole recording"
            ),
            (
                try! PlanOptions(refine: false), "in.flac", "out.wav",
                "libsndfile reads FLAC from a file, not from a pipe"
            ),
            (
                try! PlanOptions(refine: false), "in.wav", "out.flac",
                "FLAC keeps its text fields before the audio, and the marker of what was censored is known only at the end"
            ),
            (try! PlanOptions(refine: false), "in.wav", "out.mp4", "the output is written by ffmpeg, from a file"),
            (try! PlanOptions(refine: false), "in.wav", "out.wav", nil),
            (try! PlanOptions(refine: false), "in.au", "out.caf", nil),
        ] as [(PlanOptions, String, String, String?)])
    func obstacles(options: PlanOptions, input: String, output: String, reason: String?) throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let container = ["wav": SF_FORMAT_WAV, "flac": SF_FORMAT_FLAC, "au": SF_FORMAT_AU][
            input.split(separator: ".")[1]]!
        let format = AudioFiles.format(container, SF_FORMAT_PCM_16, rate: 8_000, channels: 1)
        try AudioFiles.write(.int(Array(repeating: 1 << 16, count: 800)), to: folder.path(input), format: format)
        let head = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder.path(input))).prefix(4_096))
        let streamed = try #require(AudioStreamReader.format(ofHead: head))
        #expect(streamed == format)
        #expect(try Censor(mode: .mute, options: options).streamingObstacle(input: streamed, output: output) == reason)
    }

    @Test("24-bit audio written as 16- or 8-bit is spooled: the look-ahead holds the samples written, not the input's")
    func narrowedOutput() throws {
        let input = AudioFiles.format(SF_FORMAT_WAV, SF_FORMAT_PCM_24, rate: 8_000, channels: 1)
        let censor = try Censor(mode: .mute, options: PlanOptions(refine: false))
        for encoding in [AudioEncoding.pcm16, .pcm8] {
            #expect(
                censor.streamingObstacle(input: input, output: "out.wav", format: try OutputFormat(encoding: encoding))
                    == "pcm24 audio written as \(encoding.rawValue) is converted as it is read from a file")
        }
        #expect(
            censor.streamingObstacle(input: input, output: "out.wav", format: try OutputFormat(encoding: .pcm32)) == nil
        )
        #expect(
            censor.streamingObstacle(input: input, output: "out.wav", format: try OutputFormat(encoding: .float)) == nil
        )
    }
}
