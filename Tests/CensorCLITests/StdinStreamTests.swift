import CensorKit
import Foundation
import Testing

/// `-` without refinement: standard input censored as it streams, with nothing spooled, gives
/// what the same audio in a file gives; `--verbose` says which way was taken, and why.
@Suite struct StdinStreamTests {
    static let censoring = StdinInputTests.censoring + ["--no-refine"]
    static let streamed =
        "censor: standard input is censored as it streams, in one pass: nothing is spooled, "
        + "and memory holds a block and the longest group of nearby spans"

    static func command(_ arguments: [String]) -> String {
        "\"$CENSOR\" - " + arguments.joined(separator: " ")
    }

    @Test(
        "a piped WAV is censored as it streams: the file's samples and marker, its spooled copy's bytes; AU byte for byte",
        arguments: [
            ["--mode", "mute"], ["--mode", "duck"], ["--mode", "beep"], ["--mode", "beep", "--beep-level", "-12"],
        ])
    func streamedEqualsFile(mode: [String]) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let arguments = Self.censoring + mode
        let file = try workspace.run(["talk.wav"] + arguments + ["-o", "file.wav", "--report", "file.json"])
        #expect(file.status == 0, "\(file)")
        // Standard input that is a file, not a pipe, is spooled.
        let spooled = try workspace.shell(Self.command(arguments + ["-o", "spooled.wav", "-v"]) + " < talk.wav")
        #expect(spooled.status == 0, "\(spooled)")
        #expect(
            spooled.stderrLines.first?.contains("(standard input is not a pipe whose start can be looked at)") == true,
            "\(spooled)")
        let streamed = try workspace.shell(
            "cat talk.wav | " + Self.command(arguments + ["-o", "streamed.wav", "-v", "--report", "streamed.json"]))
        #expect(streamed.status == 0, "\(streamed)")
        #expect(streamed.stderrLines.first == Self.streamed, "\(streamed)")

        #expect(try workspace.bytes("spooled.wav") == workspace.bytes("file.wav"))
        let expected = try WAVFile(contentsOf: workspace.file("file.wav")).data
        #expect(try WAVFile(contentsOf: workspace.file("streamed.wav")).data == expected)
        #expect(try WAVFile(contentsOf: workspace.file("talk.wav")).data != expected)
        // The marker says the same, and names the same job: the files are equal but for its file digest.
        let fromFile = try workspace.bytes("file.wav"), fromStream = try workspace.bytes("streamed.wav")
        let text = String(decoding: fromFile, as: UTF8.self)
        let digest = try #require(text.range(of: "file sha256:")?.upperBound)
        let at = text[..<digest].utf8.count
        #expect(text.contains("censored by censor \(Censor.version): 2 spans at "))
        #expect(
            fromFile.count == fromStream.count && fromFile.prefix(at) == fromStream.prefix(at)
                && fromFile.dropFirst(at + 64) == fromStream.dropFirst(at + 64))
        let fileReport = try #require(
            JSONSerialization.jsonObject(with: workspace.bytes("file.json")) as? [String: Any])
        let streamReport = try #require(
            JSONSerialization.jsonObject(with: workspace.bytes("streamed.json")) as? [String: Any])
        #expect(streamReport["input"] as? String == "-")
        #expect((streamReport["spans"] as? NSArray) == (fileReport["spans"] as? NSArray))
        #expect((fileReport["spans"] as? [Any])?.count == 2)

        let fileAU = try workspace.shell(
            "sox talk.wav talk.au && " + "\"$CENSOR\" talk.au "
                + arguments.joined(separator: " ") + " -o file.au")
        #expect(fileAU.status == 0, "\(fileAU)")
        let streamedAU = try workspace.shell("cat talk.au | " + Self.command(arguments + ["-o", "streamed.au", "-v"]))
        #expect(streamedAU.stderrLines.first == Self.streamed, "\(streamedAU)")
        #expect(try workspace.bytes("streamed.au") == workspace.bytes("file.au"))
    }

    @Test("ffmpeg's WAV of unknown length streams through `-o -` into the file's samples")
    func ffmpegPipeline() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let file = try workspace.run(["talk.wav"] + Self.censoring + ["-o", "file.wav"])
        #expect(file.status == 0, "\(file)")
        let piped = try workspace.shell(
            "ffmpeg -nostdin -v error -i talk.wav -f wav - | "
                + Self.command(Self.censoring + ["-o", "-", "-v", "--report", "r.json"])
                + " > piped.wav")
        #expect(piped.status == 0, "\(piped)")
        #expect(piped.stderrLines.first == Self.streamed, "\(piped)")
        #expect(
            try WAVFile(contentsOf: workspace.file("piped.wav")).data
                == WAVFile(contentsOf: workspace.file("file.wav")).data)
        let report = try #require(JSONSerialization.jsonObject(with: workspace.bytes("r.json")) as? [String: Any])
        #expect(report["frames"] as? Int == Workspace.frames)
    }

    @Test(
        "--verbose names why standard input is spooled instead",
        arguments: [
            (
                "cat talk.wav |", StdinInputTests.censoring + ["-o", "out.wav"],
                "edge refinement reads the audio around each word, and fits the transcript's timing to the whole recording"
            ),
            (
                "sox talk.wav -t flac - |", censoring + ["-o", "out.wav"],
                "libsndfile reads FLAC from a file, not from a pipe"
            ),
            (
                "cat talk.wav |", censoring + ["-o", "out.flac"],
                "FLAC keeps its text fields before the audio, and the marker of what was censored is known only at the end"
            ),
            (
                "ffmpeg -nostdin -v error -i talk.wav -c:a aac -f mp4 -movflags frag_keyframe+empty_moov - |",
                censoring + ["-o", "out.wav"],
                "its start is not a header libsndfile reads from a pipe (ffmpeg's containers, MP3 and FLAC are read from a file)"
            ),
        ])
    func spoolReasons(feed: String, arguments: [String], reason: String) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try workspace.shell(feed + " " + Self.command(arguments + ["-v"]))
        #expect(result.status == 0, "\(result)")
        let first = try #require(result.stderrLines.first)
        #expect(first.hasPrefix("censor: standard input spooled to "), "\(result)")
        #expect(
            first.contains("which a pipe cannot do (\(reason)); the file is removed when censor exits"), "\(result)")
        #expect(workspace.exists(arguments.last!))
    }

    @Test("an M4A piped in goes through ffmpeg from the spool, as the same file would")
    func mediaOnStandardInput() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let made = try workspace.shell("ffmpeg -nostdin -v error -i talk.wav -c:a aac -b:a 96k talk.m4a")
        try #require(made.status == 0, "\(made)")
        let file = try workspace.run(["talk.m4a"] + Self.censoring + ["-o", "file.wav"])
        #expect(file.status == 0, "\(file)")
        let piped = try workspace.shell("cat talk.m4a | " + Self.command(Self.censoring + ["-o", "piped.wav"]))
        #expect(piped.status == 0, "\(piped)")
        let expected = try StdinInputTests.samples(workspace.path("file.wav"))
        #expect(expected.count > Workspace.frames * Workspace.channels / 2)
        #expect(try StdinInputTests.samples(workspace.path("piped.wav")) == expected)
    }
}
