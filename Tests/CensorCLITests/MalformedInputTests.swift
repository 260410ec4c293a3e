import CensorKit
import CensorTestSignals
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `censor` does with audio a stranger might hand it, generated here byte by byte: every
/// unreadable file is an `Error:` naming it and the reason, exit 1, nothing written; a truncated
/// but readable file is censored as far as it goes, with a warning (README, "Truncated files");
/// a transcript that does not fit the audio gives warnings, never a crash.
@Suite struct MalformedInputTests {
    /// One malformed input: its name and how to make it in the workspace.
    struct Corpus: Sendable, CustomTestStringConvertible {
        let name: String
        let file: String
        let make: @Sendable (Workspace) throws -> Void
        var testDescription: String { name }
    }

    /// The workspace's WAV with the little-endian `value` written at `offset`.
    static func patched(_ offset: Int, _ value: UInt32, bytes count: Int) -> Data {
        var bytes = Workspace.wavBytes
        for index in 0..<count { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
        return Data(bytes)
    }

    /// Seeded bytes that no audio format recognizes.
    static func noise(_ count: Int, seed: UInt64) -> Data {
        var random = Signals.Random(seed: seed)
        return Data((0..<count).map { _ in UInt8.random(in: .min ... .max, using: &random) })
    }

    /// A WAV of the workspace's audio whose `fmt ` chunk names encoding `tag`, with the
    /// 18-byte layout compressed encodings use.
    static func encoded(tag: UInt16) -> Data {
        var fmt = Data()
        func append<T: FixedWidthInteger>(_ value: T, to data: inout Data) {
            withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
        }
        append(tag, to: &fmt); append(UInt16(2), to: &fmt); append(UInt32(22_050), to: &fmt)
        append(UInt32(88_200), to: &fmt); append(UInt16(4), to: &fmt); append(UInt16(16), to: &fmt)
        append(UInt16(0), to: &fmt)
        let samples = Data(Workspace.wavBytes[44...])
        var body = Data("WAVEfmt ".utf8)
        append(UInt32(fmt.count), to: &body); body += fmt
        body += Data("data".utf8); append(UInt32(samples.count), to: &body); body += samples
        var file = Data("RIFF".utf8)
        append(UInt32(body.count), to: &file)
        return file + body
    }

    /// The workspace's recording as FLAC, written by censor itself (nothing matches, so it is a copy).
    static func flac(in workspace: Workspace) throws -> Data {
        let result = try workspace.run([
            "talk.wav", "--transcript", "talk.json", "--word", "zebra", "-o", "whole.flac", "-q",
        ])
        try #require(result.status == 0, "\(result)")
        defer { try? FileManager.default.removeItem(at: workspace.file("whole.flac")) }
        return try workspace.bytes("whole.flac")
    }

    static let unreadable: [Corpus] = [
        Corpus(name: "an empty file", file: "empty.wav") { try Data().write(to: $0.file("empty.wav")) },
        Corpus(name: "random bytes named .flac", file: "noise.flac") {
            try noise(8192, seed: 0xF1AC).write(to: $0.file("noise.flac"))
        },
        Corpus(name: "random bytes named .mp3", file: "noise.mp3") {
            try noise(8192, seed: 0x3B3).write(to: $0.file("noise.mp3"))
        },
        Corpus(name: "a WAV cut inside its header", file: "cut20.wav") {
            try Data(Workspace.wavBytes.prefix(20)).write(to: $0.file("cut20.wav"))
        },
        Corpus(name: "a WAV cut before its data chunk", file: "cut36.wav") {
            try Data(Workspace.wavBytes.prefix(36)).write(to: $0.file("cut36.wav"))
        },
        Corpus(name: "a WAV declaring no channels", file: "mono0.wav") {
            try patched(22, 0, bytes: 2).write(to: $0.file("mono0.wav"))
        },
        Corpus(name: "a WAV declaring 5000 channels", file: "many.wav") {
            try patched(22, 5000, bytes: 2).write(to: $0.file("many.wav"))
        },
        Corpus(name: "a WAV declaring a sample rate of 0", file: "rate0.wav") {
            try patched(24, 0, bytes: 4).write(to: $0.file("rate0.wav"))
        },
        Corpus(name: "an unsupported encoding (WAV format tag 0x2000, AC-3)", file: "ac3.wav") {
            try encoded(tag: 0x2000).write(to: $0.file("ac3.wav"))
        },
        Corpus(name: "an unknown encoding (WAV format tag 0x7777)", file: "unknown.wav") {
            try encoded(tag: 0x7777).write(to: $0.file("unknown.wav"))
        },
        Corpus(name: "a FLAC cut inside its header", file: "cut.flac") { workspace in
            try flac(in: workspace).prefix(30).write(to: workspace.file("cut.flac"))
        },
        Corpus(name: "a directory passed as input", file: "folder.wav") {
            try FileManager.default.createDirectory(at: $0.file("folder.wav"), withIntermediateDirectories: false)
        },
        Corpus(name: "a missing file", file: "gone/missing.wav") { _ in },
        Corpus(name: "an unreadable file (a symbolic link to itself)", file: "loop.wav") {
            try FileManager.default.createSymbolicLink(atPath: $0.path("loop.wav"), withDestinationPath: "loop.wav")
        },
    ]

    /// Runs censor on `file` and checks the failure: exit 1, `Error:` naming the file with a
    /// reason, no output, no temporary file, every file as it was.
    static func expectFailure(_ file: String, in workspace: Workspace) throws {
        let before = try workspace.contents()
        let snapshots = try before.filter { !$0.hasSuffix(".wav") || $0 == "talk.wav" }
            .map { ($0, try FileSnapshot(workspace.file($0))) }
        let result = try workspace.run([file, "--transcript", "talk.json", "--words", "words.txt", "-o", "out.wav"])
        #expect(result.status == 1, "\(result)")
        // libmpg123 prints its own notes before giving up on a file; censor's line is the error.
        let error = result.stderrLines.first { $0.hasPrefix("Error: ") }
        #expect(error != nil, "\(result)")
        #expect(error?.contains("'\(file)'") == true, "the message names the file: \(result)")
        let reason = error.flatMap { $0.range(of: "'\(file)'").map { $0.upperBound } }.map { error![$0...] } ?? ""
        #expect(reason.hasPrefix(": ") && reason.count > 8, "the message gives a reason: \(result)")
        #expect(!result.stderr.contains("See 'censor --help'"), "a bad file is not a usage error")
        #expect(!workspace.exists("out.wav"))
        let after = try workspace.contents()
        #expect(after == before, "left behind: \(Set(after).subtracting(before).sorted())")
        #expect(temporaryFiles(in: after).isEmpty)
        for (name, snapshot) in snapshots {
            #expect(try FileSnapshot(workspace.file(name)) == snapshot, "\(name) changed")
        }
    }

    @Test("an unreadable input is an Error naming it and why, exit 1, nothing written", arguments: unreadable)
    func unreadableInput(_ corpus: Corpus) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try corpus.make(workspace)
        try Self.expectFailure(corpus.file, in: workspace)
    }

    @Test(
        "an input without read permission is an Error (not testable as root, who reads anything)",
        .enabled(if: geteuid() != 0))
    func unreadablePermissions() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try FileManager.default.copyItem(at: workspace.file("talk.wav"), to: workspace.file("locked.wav"))
        chmod(workspace.path("locked.wav"), 0)
        defer { chmod(workspace.path("locked.wav"), 0o644) }
        try Self.expectFailure("locked.wav", in: workspace)
    }

    @Test("the empty file's error says it is empty and what was expected")
    func emptyFileMessage() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Data().write(to: workspace.file("empty.wav"))
        let result = try workspace.run(["empty.wav", "--transcript", "talk.json", "--words", "words.txt"])
        #expect(
            result.stderrLines.first == "Error: cannot read audio file 'empty.wav': the file is empty; "
                + "expected audio in a format libsndfile reads (WAV, AIFF, FLAC, Ogg, MP3, CAF …)", "\(result)")
    }

    @Test("a transcript whose detected format then fails says why it was read so, unless the format was named")
    func detectedFormatExplained() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Data(
            #"{"results": {"channels": [{"alternatives": [{"words": [{"word": "damn", "start": "x", "end": 1}]}]}]}}"#
                .utf8
        ).write(to: workspace.file("bad.json"))
        let detected = try workspace.run(["talk.wav", "--transcript", "bad.json", "--word", "damn", "-o", "out.wav"])
        #expect(detected.status == 1, "\(detected)")
        #expect(
            detected.stderrLines == [
                "Error: bad.json (deepgram): results.channels[0].alternatives[0].words[0].start: expected a time in seconds, "
                    + "like 1.25, found 'x'",
                #"Note: the transcript was read as deepgram, detected by its content (a JSON object with "results.channels"); "#
                    + "if it is in another format, name that with --transcript-format (censor --list-formats lists them)",
            ])
        let named = try workspace.run(
            [
                "talk.wav", "--transcript", "bad.json", "--transcript-format", "deepgram", "--word", "damn", "-o",
                "out.wav",
            ])
        #expect(named.status == 1)
        #expect(
            named.stderrLines.count == 1 && named.stderrLines[0].hasPrefix("Error: bad.json (deepgram): "), "\(named)")
        #expect(!workspace.exists("out.wav"))
    }

    // MARK: - Truncated but readable: censored as far as it goes, with a warning

    @Test("a WAV whose header claims more data than there is: censored as far as it goes, with a warning")
    func overlongWAVHeader() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        // The header declares ten times the data that follows.
        let data = UInt32(Workspace.wavBytes.count - 44)
        var bytes = [UInt8](Self.patched(40, data * 10, bytes: 4))
        withUnsafeBytes(of: (data * 10 + 36).littleEndian) { bytes.replaceSubrange(4..<8, with: $0) }
        try Data(bytes).write(to: workspace.file("long.wav"))
        let before = try FileSnapshot(workspace.file("long.wav"))
        let result = try workspace.run([
            "long.wav", "--transcript", "talk.json", "--word", "zebra", "-o", "out.wav",
            "--report", "-",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stderrLines.contains {
                $0.hasPrefix(
                    "Warning: 'long.wav' is truncated: its header declares "
                        + "\(data * 10) bytes of audio but the file holds \(data)")
            }, "\(result)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(report["frames"] as? Int == Workspace.frames)
        let output = try WAVFile(contentsOf: workspace.file("out.wav"))
        #expect(output.data == Data(Workspace.wavBytes[44...]), "the output holds exactly the audio there was")
        #expect(try FileSnapshot(workspace.file("long.wav")) == before)
    }

    @Test("a FLAC cut mid-stream: censored up to where its audio ends, with a warning giving both lengths")
    func truncatedFLAC() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let whole = try Self.flac(in: workspace)
        try whole.prefix(whole.count * 3 / 5).write(to: workspace.file("cut.flac"))
        let result = try workspace.run([
            "cut.flac", "--transcript", "talk.json", "--words", "words.txt",
            "-o", "out.flac", "--report", "-",
        ])
        #expect(result.status == 0, "\(result)")
        let warning = result.stderrLines.first {
            $0.hasPrefix(
                "Warning: 'cut.flac' is truncated: it declares "
                    + "\(Workspace.frames) frames (2.000 s) but its audio ends at frame ")
        }
        #expect(warning != nil, "\(result)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let frames = try #require(report["frames"] as? Int)
        #expect(frames > 0 && frames < Workspace.frames, "the report counts the frames there are: \(frames)")
        #expect(warning?.contains("ends at frame \(frames) (") == true, "\(result)")
        // The output is a whole FLAC file of that length, equal to the input's audio up to the
        // first censored span.
        let output = try AudioReader(path: workspace.path("out.flac"))
        #expect(output.frameCount == frames)
        #expect(output.warnings.isEmpty, "the output is not truncated")
        let input = try AudioReader(path: workspace.path("cut.flac"))
        var expected: [Float] = [], actual: [Float] = []
        let untouched = try #require((report["spans"] as? [[String: Any]])?.first?["fadeStartFrame"] as? Int)
        try input.readFrames(0..<untouched, into: &expected)
        try output.readFrames(0..<untouched, into: &actual)
        #expect(actual == expected)
    }

    @Test("a truncated input gives the same warning in a dry run")
    func truncatedDryRun() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let whole = try Self.flac(in: workspace)
        try whole.prefix(whole.count / 2).write(to: workspace.file("cut.flac"))
        let result = try workspace.run(["cut.flac", "--transcript", "talk.json", "--words", "words.txt", "--dry-run"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("Warning: 'cut.flac' is truncated"), "\(result)")
        #expect(try workspace.contents() == ["cut.flac", "talk.json", "talk.wav", "words.txt"])
    }

    // MARK: - Transcript and audio that disagree: warnings, never a crash

    /// A whisper JSON transcript of `words` (text, start, end).
    static func transcript(_ words: [(String, Double, Double)]) -> String {
        let items = words.map { #"{"word": " \#($0.0)", "start": \#($0.1), "end": \#($0.2)}"# }
        return #"{"segments": [{"start": 0, "end": 1, "text": "", "words": [\#(items.joined(separator: ", "))]}]}"#
    }

    @Test("a transcript of a much longer recording: a warning that says so, and the words it can censor are")
    func transcriptOfLongerRecording() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Data(
            Self.transcript([("damn", 0.5, 0.8), ("hello", 30, 30.4), ("crap", 600, 600.3), ("bye", 3599, 3600)]).utf8
        )
        .write(to: workspace.file("hour.json"))
        let result = try workspace.run([
            "talk.wav", "--transcript", "hour.json", "--words", "words.txt", "-o", "out.wav",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stderrLines.contains(
                "Warning: hour.json runs to 3600.000 s but talk.wav is 2.000 s long: "
                    + "3 of its 4 words start after the audio ends and cannot be censored; is it the transcript of this recording?"
            ),
            "\(result)")
        #expect(
            result.stderrLines.contains {
                $0.hasPrefix("Warning: 'crap' at 600.000–600.300 s lies past the end of talk.wav")
            },
            "\(result)")
        #expect(result.stderr.contains("1 span censored"), "\(result)")
    }

    @Test(
        "an input that is missing or a folder, with no --transcript: the input is the error, not its transcript",
        arguments: [("gone.wav", "no such file"), ("episodes", "it is a directory")])
    func unreadableInputWithoutTranscript(_ input: String, _ problem: String) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try FileManager.default.createDirectory(at: workspace.file("episodes"), withIntermediateDirectories: false)
        let before = try workspace.contents()
        let result = try workspace.run([input, "--words", "words.txt"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderrLines == ["Error: cannot read '\(input)': \(problem)"], "\(result)")
        #expect(try workspace.contents() == before)
    }

    @Test("many words past the end: the first five named, the rest counted, every one in the report")
    func manyWordsPastTheEnd() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let late = (0..<12).map { ("damn", 10.0 + Double($0), 10.3 + Double($0)) }
        try Data(Self.transcript([("damn", 0.5, 0.8)] + late).utf8).write(to: workspace.file("long.json"))
        let result = try workspace.run([
            "talk.wav", "--transcript", "long.json", "--words", "words.txt", "-o", "out.wav",
            "--report", "report.json",
        ])
        #expect(result.status == 0, "\(result)")
        let named = result.stderrLines.filter {
            $0.hasPrefix("Warning: 'damn' at ") && $0.hasSuffix("nothing was censored for it")
        }
        #expect(
            named.map { String($0.prefix(39)) } == (10...14).map { "Warning: 'damn' at \($0).000–\($0).300 s lies" })
        #expect(
            result.stderrLines.contains(
                "Warning: 7 more censored words lie past the end of talk.wav; nothing was "
                    + "censored for them (--report lists every one under \"skipped\")"), "\(result)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: workspace.bytes("report.json")) as? [String: Any])
        #expect((report["skipped"] as? [Any])?.count == 12)
        #expect(result.stderr.contains("1 span censored"), "\(result)")
    }

    @Test("a transcript wholly past the end of the audio: warnings, and the output equals the input")
    func transcriptPastTheEnd() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Data(Self.transcript([("damn", 10, 10.3), ("crap", 11, 11.2)]).utf8).write(to: workspace.file("late.json"))
        let result = try workspace.run([
            "talk.wav", "--transcript", "late.json", "--words", "words.txt", "-o", "out.wav",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stderr.contains(
                "Warning: late.json runs to 11.200 s but talk.wav is 2.000 s long: all its 2 words "
                    + "start after the audio ends"), "\(result)")
        #expect(try WAVFile(contentsOf: workspace.file("out.wav")).data == Data(Workspace.wavBytes[44...]))
    }

    @Test(
        "an empty transcript: a warning that nothing can be censored, and the output equals the input",
        arguments: [
            #"{"text": "", "segments": []}"#, "", "\u{FEFF}\n\n", "WEBVTT\n\n", String(repeating: " \n", count: 100),
        ])
    func emptyTranscript(_ text: String) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Data(text.utf8).write(to: workspace.file("empty.json"))
        let result = try workspace.run([
            "talk.wav", "--transcript", "empty.json", "--words", "words.txt", "-o", "out.wav",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("Warning: empty.json has no timed words; nothing can be censored"), "\(result)")
        #expect(try WAVFile(contentsOf: workspace.file("out.wav")).data == Data(Workspace.wavBytes[44...]))
        #expect(temporaryFiles(in: try workspace.contents()).isEmpty)
    }

    @Test("a word list of only comments would censor nothing: a usage error, exit 64, nothing written")
    func commentOnlyList() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Data("# nothing here\n\n   \n".utf8).write(to: workspace.file("none.txt"))
        let result = try workspace.run([
            "talk.wav", "--transcript", "talk.json", "--words", "none.txt", "-o", "out.wav",
        ])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("Error: the censor list is empty"), "\(result)")
        #expect(!workspace.exists("out.wav"))
    }
}
