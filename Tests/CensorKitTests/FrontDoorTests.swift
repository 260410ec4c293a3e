import CSndFile
import CensorTestFiles
import Foundation
import Testing

@testable import CensorKit

/// ``Censor/run(_:)``: the way of censoring chosen from the input and the output, and the
/// result that of the backend it chose.
@Suite struct FrontDoorTests {
    static let rate = 16_000
    static let words = [
        Word(text: "well", start: 0.2, end: 0.4), Word(text: "damn", start: 0.6, end: 0.9),
        Word(text: "it", start: 1.0, end: 1.2),
    ]
    static let list = CensorList(entries: ["damn"])

    static func request(
        _ input: CensorRequest.Input, _ output: String?, mode: CensorMode = .mute,
        format: OutputFormat = OutputFormat(), mp3Direct: Bool = true
    ) -> CensorRequest {
        CensorRequest(
            input: input, words: words, list: list,
            options: CensorRequest.Options(mode: mode, plan: PlanOptions(), format: format, mp3Direct: mp3Direct),
            output: output)
    }

    /// Two seconds of 16-bit noise at `path`.
    static func writeInput(_ path: String) throws {
        let format = AudioFiles.format(Int(SF_FORMAT_WAV), Int(SF_FORMAT_PCM_16), rate: rate, channels: 1)
        try AudioFiles.write(AudioFiles.samples(.ordinary, format: format, frames: 2 * rate), to: path, format: format)
    }

    @Test("the backend follows the input, the output, the mode and the format")
    func routing() throws {
        let censor = { (mode: CensorMode) in try Censor(mode: mode) }
        let rate = try OutputFormat(sampleRate: 22_050)
        let cases: [(CensorRequest, CensorMode, Censor.Backend)] = [
            (Self.request(.file("a.wav"), "b.wav", mode: .beep(Beep())), .beep(Beep()), .file),
            (Self.request(.file("a.wav"), nil), .mute, .planFile),
            (Self.request(.file("a.mp4"), nil), .mute, .planMedia),
            (Self.request(.file("a.mp3"), "b.mp3"), .mute, .mp3Direct),
            (Self.request(.file("a.MP3"), "b.mp3", mode: .duck(gainDB: -30)), .duck(gainDB: -30), .mp3Direct),
            (Self.request(.file("a.mp3"), "b.mp3", mp3Direct: false), .mute, .media),
            (Self.request(.file("a.mp3"), "b.mp3", format: rate), .mute, .media),
            (Self.request(.file("a.mp3"), "b.mp3", mode: .beep(Beep())), .beep(Beep()), .media),
            (Self.request(.file("a.mp3"), "b.wav"), .mute, .file),
            (Self.request(.file("a.mp4"), "b.mp4"), .mute, .media),
            (Self.request(.file("a.mp4"), "b.flac"), .mute, .media),
            (Self.request(.stream(descriptor: 0, name: "-"), "b.wav"), .mute, .stream),
        ]
        for (request, mode, expected) in cases {
            #expect(
                try censor(mode).backend(for: request) == expected, "\(request.input) → \(request.output ?? "plan")")
        }
    }

    @Test("a file gives censorFile's report and bytes, with the transcript's summary, committed by run")
    func fileIsCensorFile() throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let input = folder.path("in.wav")
        try Self.writeInput(input)
        let transcript = Transcript(words: Self.words, format: .whisperJSON)
        let request = CensorRequest(
            input: .file(input), transcript: transcript, list: Self.list,
            options: CensorRequest.Options(mode: .mute), output: folder.path("run.wav"))
        let report = try Censor.run(request)
        let direct = try Censor(mode: .mute).censorFile(
            input: input, output: folder.path("direct.wav"), matches: Self.list.matches(in: transcript))
        #expect(report.spans == direct.spans && report.spans.count == 1)
        #expect(report.transcript == Report.TranscriptSummary(transcript))
        #expect(direct.transcript == nil)
        let bytes = try [folder.path("run.wav"), folder.path("direct.wav")].map {
            try Data(contentsOf: URL(fileURLWithPath: $0))
        }
        #expect(bytes[0] == bytes[1])
    }

    @Test("with the caller's transaction nothing is at the output until the caller commits")
    func callersTransaction() throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let input = folder.path("in.wav"), output = folder.path("out.wav")
        try Self.writeInput(input)
        var request = Self.request(.file(input), output)
        request.transaction = OutputTransaction(overwrite: false, protecting: [(input, .input)])
        let report = try Censor.run(request)
        #expect(report.spans.count == 1)
        #expect(!FileManager.default.fileExists(atPath: output))
        try request.transaction?.commit()
        #expect(FileManager.default.fileExists(atPath: output))
    }

    @Test("no output plans only: the report's spans are the run's, and nothing is written")
    func planOnly() throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let input = folder.path("in.wav")
        try Self.writeInput(input)
        let planned = try Censor.run(Self.request(.file(input), nil))
        let censored = try Censor.run(Self.request(.file(input), folder.path("out.wav")))
        #expect(planned.spans == censored.spans && planned.output == nil)
        #expect(try folder.contents().sorted() == ["in.wav", "out.wav"])
    }

    @Test("subtitles to embed in an output without a subtitle stream are refused, and nothing is written")
    func subtitlesNeedAVideo() throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let input = folder.path("in.wav"), output = folder.path("out.wav")
        try Self.writeInput(input)
        var request = Self.request(.file(input), output)
        request.options.media = try MediaOptions(embeddedSubtitles: "1\n00:00:00,000 --> 00:00:01,000\n****\n")
        #expect {
            try Censor.run(request)
        } throws: { error in
            guard case let .noSubtitleStream(path)? = error as? MediaError else { return false }
            return path == output
        }
        #expect(try folder.contents() == ["in.wav"])
    }

    @Test("a stream read from a pipe gives the file's samples and spans")
    func streamIsFile() throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let input = folder.path("in.wav")
        try Self.writeInput(input)
        // A stream is read once: no edge refinement, which reads around each word.
        func unrefined(_ input: CensorRequest.Input, _ output: String) throws -> CensorRequest {
            var request = Self.request(input, folder.path(output))
            request.options.plan = try PlanOptions(refine: false)
            return request
        }
        let fromFile = try Censor.run(unrefined(.file(input), "file.wav"))
        let fromStream = try StreamCensorTests.piped(try Data(contentsOf: URL(fileURLWithPath: input))) { descriptor in
            try Censor.run(unrefined(.stream(descriptor: descriptor, name: "-"), "stream.wav"))
        }
        #expect(fromStream.input == "-" && fromStream.spans == fromFile.spans && fromFile.spans.count == 1)
        let samples = try ["file.wav", "stream.wav"].map { try AudioFiles.read(folder.path($0)).samples }
        #expect(samples[0] == samples[1] && samples[0].count == 2 * Self.rate)
    }
}
