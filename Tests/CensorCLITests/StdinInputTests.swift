import CensorKit
import Foundation
import Testing

/// `-` as the input: audio piped into censor gives exactly what the same audio in a file
/// gives, and nothing of the spooled copy is left behind.
@Suite struct StdinInputTests {
    static let censoring = ["--transcript", "talk.json", "--words", "words.txt"]

    /// Every sample of an audio file, as normalized floats (exact for integer PCM).
    static func samples(_ path: String) throws -> [Float] {
        let reader = try AudioReader(path: path)
        var buffer: [Float] = []
        try reader.readFrames(0..<reader.frameCount, into: &buffer)
        return buffer
    }

    @Test(
        "a WAV, FLAC or AU file piped into `censor -` gives the file-to-file result sample for sample",
        arguments: ["wav", "flac", "au"])
    func pipedContainer(container: String) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        if container != "wav" {
            let converted = try workspace.shell("sox talk.wav talk.\(container)")
            try #require(converted.status == 0, "\(converted)")
        }
        let file = try workspace.run(["talk.\(container)"] + Self.censoring + ["-o", "file.\(container)"])
        #expect(file.status == 0, "\(file)")
        let piped = try workspace.shell(
            "cat talk.\(container) | \"$CENSOR\" - " + Self.censoring.joined(separator: " ")
                + " -o piped.\(container) --report piped.json")
        #expect(piped.status == 0, "\(piped)")
        let expected = try Self.samples(workspace.path("file.\(container)"))
        #expect(expected.count == Workspace.frames * Workspace.channels)
        #expect(try Self.samples(workspace.path("piped.\(container)")) == expected)
        // The comparison is not between two copies of the input: spans were censored.
        #expect(try Self.samples(workspace.path("talk.\(container)")) != expected)
        let report = try #require(JSONSerialization.jsonObject(with: workspace.bytes("piped.json")) as? [String: Any])
        #expect(report["input"] as? String == "-")
        #expect((report["spans"] as? [Any])?.count == 2)
    }

    @Test("headerless samples with --raw RATE:CHANNELS:ENCODING give the file-to-file result, bit for bit")
    func pipedRaw() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try WAVFile(contentsOf: workspace.file("talk.wav")).data.write(to: workspace.file("talk.raw"))
        let file = try workspace.run(["talk.wav"] + Self.censoring + ["-o", "file.wav"])
        #expect(file.status == 0, "\(file)")
        let piped = try workspace.shell(
            "cat talk.raw | \"$CENSOR\" - --raw \(Workspace.sampleRate):\(Workspace.channels):pcm16 "
                + Self.censoring.joined(separator: " ") + " -o piped.wav")
        #expect(piped.status == 0, "\(piped)")
        let expected = try WAVFile(contentsOf: workspace.file("file.wav"))
        let actual = try WAVFile(contentsOf: workspace.file("piped.wav"))
        #expect(actual.data == expected.data)
        #expect(actual.sampleRate == Workspace.sampleRate && actual.channels == Workspace.channels)
        #expect(try actual.data != WAVFile(contentsOf: workspace.file("talk.wav")).data)
    }

    @Test("--verbose says where standard input was spooled and why; the spool is gone afterwards")
    func spoolRemoved() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try FileManager.default.createDirectory(at: workspace.file("spool"), withIntermediateDirectories: false)
        let spool = workspace.path("spool")
        let result = try workspace.shell(
            "\"$CENSOR\" - " + Self.censoring.joined(separator: " ") + " -o out.wav -v < talk.wav",
            environment: ["TMPDIR": spool])
        #expect(result.status == 0, "\(result)")
        let bytes = try workspace.bytes("talk.wav").count
        #expect(
            result.stderrLines.first?.hasPrefix("censor: standard input spooled to \(spool)/.stdin.censor-") == true,
            "\(result)")
        #expect(
            result.stderrLines.first?.contains(
                ".wav (\(bytes) bytes): planning reads the audio near each span "
                    + "out of order, which a pipe cannot do") == true, "\(result)")
        #expect(try workspace.contents("spool") == [])
    }

    @Test("a raw stream that ends inside a frame fails with exit 1, writes nothing and leaves no spool")
    func rawEndsMidFrame() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try FileManager.default.createDirectory(at: workspace.file("spool"), withIntermediateDirectories: false)
        try Data(WAVFile(contentsOf: workspace.file("talk.wav")).data.prefix(4_003)).write(
            to: workspace.file("odd.raw"))
        let result = try workspace.shell(
            "cat odd.raw | \"$CENSOR\" - --raw 22050:2:pcm16 " + Self.censoring.joined(separator: " ") + " -o out.wav",
            environment: ["TMPDIR": workspace.path("spool")])
        #expect(result.status == 1)
        #expect(
            result.stderrLines == [
                "Error: raw audio on standard input ended inside a frame: 4003 bytes is not a "
                    + "whole number of 4-byte frames (2 channels of pcm16); is --raw right?"
            ], "\(result)")
        #expect(!workspace.exists("out.wav"))
        #expect(try workspace.contents("spool") == [])
    }

    @Test("interrupted while spooling, censor removes the spool and exits with 143")
    func interruptedWhileSpooling() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try FileManager.default.createDirectory(at: workspace.file("spool"), withIntermediateDirectories: false)
        // More than the first 1 MiB block is written, so the spool exists, and the pipe is kept
        // open, so censor is still reading when the signal comes.
        let script = """
            mkfifo feed
            "$CENSOR" - --transcript talk.json --words words.txt -o out.wav < feed &
            pid=$!
            exec 3> feed
            head -c 1500000 /dev/zero >&3
            tries=0
            while [ -z "$(ls -A spool)" ] && [ $tries -lt 200 ]; do sleep 0.05; tries=$((tries + 1)); done
            ls -A spool | sed 's/-[0-9]*-[0-9a-z]*\\./-PID-RANDOM./'
            kill -TERM $pid
            wait $pid
            echo "status $?"
            ls -A spool | wc -l
            """
        let result = try workspace.shell(script, environment: ["TMPDIR": workspace.path("spool")])
        #expect(
            result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                == [".stdin.censor-PID-RANDOM.tmp.audio", "status 143", "0"], "\(result)")
        #expect(result.stderr.contains("censor: interrupted by SIGTERM"), "\(result)")
        #expect(!workspace.exists("out.wav"))
    }

    @Test("empty standard input is an error naming what was expected")
    func emptyInput() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try workspace.shell(
            "\"$CENSOR\" - " + Self.censoring.joined(separator: " ") + " -o out.wav < /dev/null")
        #expect(result.status == 1)
        #expect(result.stderrLines == ["Error: standard input is empty; expected audio"], "\(result)")
        #expect(!workspace.exists("out.wav"))
    }

    @Test(
        "usage errors for - and --raw",
        arguments: [
            (
                ["-", "--words", "words.txt", "-o", "out.wav"],
                "audio from standard input (-) has no file name to find a transcript beside; give --transcript <file>"
            ),
            (["-", "--transcript", "talk.json"], "audio from standard input (-) needs --output <file> (or --dry-run)"),
            (["-", "talk.wav", "--dry-run"], "- (standard input) must be the only input, but 2 were given"),
            (["talk.wav", "--raw", "8000:1:pcm16"], "--raw describes audio on standard input; give - as the input"),
            (
                ["-", "--transcript", "talk.json", "-o", "o.wav", "--review", "r.html"],
                "--review shows the original audio beside the censored audio, and standard input (-) leaves no original to "
                    + "show; censor a file to review it"
            ),
            (
                ["-", "--transcript", "talk.json", "-o", "o.wav", "--raw", "8000:1:vorbis"],
                "--raw '8000:1:vorbis': the encoding 'vorbis' is not one of pcm8, pcm16, pcm24, pcm32, float, double, ulaw, alaw"
            ),
            (
                ["-", "--transcript", "talk.json", "-o", "o.wav", "--raw", "8000:2"],
                "--raw '8000:2': expected RATE:CHANNELS:ENCODING such as 48000:2:pcm16"
            ),
        ])
    func usageErrors(arguments: [String], message: String) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try workspace.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderrLines.first == "Error: \(message)", "\(result)")
    }
}
