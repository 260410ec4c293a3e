import Foundation
import Testing

/// `--sound`: the example sound from `scripts/example-sound.sh`, pink noise and the word
/// reversed in place of the beep's tone, through the command line.
@Suite struct SoundOptionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Runs censor on the workspace's talk.wav with `arguments`; the input's and output's
    /// samples and the spans (core and modified region, in frames).
    static func run(_ workspace: Workspace, _ arguments: [String]) throws
        -> (input: [Int16], output: [Int16], spans: [(core: Range<Int>, region: Range<Int>)])
    {
        let result = try workspace.run(
            [
                "talk.wav", "--transcript", "talk.json", "--words", "words.txt", "-o", "out.wav",
                "--report", "r.json", "--force", "-q",
            ] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: workspace.bytes("r.json")) as? [String: Any])
        let spans = try #require(report["spans"] as? [[String: Any]]).map { span in
            let frame = { (key: String) in span[key] as! Int }
            return (
                core: frame("startFrame")..<frame("endFrame"), region: frame("fadeStartFrame")..<frame("fadeEndFrame")
            )
        }
        return (
            try WAVFile(contentsOf: workspace.file("talk.wav")).samples16,
            try WAVFile(contentsOf: workspace.file("out.wav")).samples16, spans
        )
    }

    /// The RMS of channel `channel` of interleaved stereo `samples` over `frames`.
    static func rms(_ samples: [Int16], _ frames: Range<Int>, channel: Int) -> Double {
        let sum = frames.reduce(0.0) { $0 + pow(Double(samples[$1 * 2 + channel]) / 32768, 2) }
        return (sum / Double(frames.count)).squareRoot()
    }

    @Test(
        "the example sound (48 kHz, resampled to 22 050 Hz) and pink noise: each core as loud as the voice, within 1 dB"
    )
    func exampleSoundAndNoise() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try MediaFixture.run(
            "/bin/bash",
            [
                Self.root.appendingPathComponent("scripts/example-sound.sh").path,
                workspace.path("bloop.wav"),
            ])
        let tone = try Self.run(workspace, []).output
        for sound in ["bloop.wav", "noise"] {
            let (input, output, spans) = try Self.run(workspace, ["--sound", sound])
            #expect(spans.count == 2)
            for span in spans {
                for channel in 0..<2 {
                    let level =
                        20
                        * log10(
                            Self.rms(output, span.core, channel: channel) / Self.rms(input, span.core, channel: channel)
                        )
                    #expect(abs(level) < 1, "\(sound), span \(span.core), channel \(channel): \(level) dB")
                }
                // Not the tone: the cores differ from a beep's.
                #expect(
                    output[(span.core.lowerBound * 2)..<(span.core.upperBound * 2)]
                        != tone[(span.core.lowerBound * 2)..<(span.core.upperBound * 2)])
            }
            // Outside the modified regions the output is the input, bit for bit.
            var outside = Array(0..<(input.count / 2))
            outside.removeAll { frame in spans.contains { $0.region.contains(frame) } }
            #expect(outside.allSatisfy { input[$0 * 2] == output[$0 * 2] && input[$0 * 2 + 1] == output[$0 * 2 + 1] })
        }
    }

    @Test("--sound reverse: every core holds its modified region backwards, sample for sample")
    func reverse() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let (input, output, spans) = try Self.run(workspace, ["--sound", "reverse"])
        #expect(spans.count == 2)
        for span in spans {
            for frame in span.core {
                let mirrored = span.region.lowerBound + span.region.upperBound - 1 - frame
                #expect(output[frame * 2] == input[mirrored * 2] && output[frame * 2 + 1] == input[mirrored * 2 + 1])
            }
        }
    }

    @Test(
        "--sound refused without a beep or with a tone's frequency (64); a missing file is named (1)",
        arguments: [
            (["--sound", "noise", "--mode", "mute"], Int32(64), "Error: --sound applies to --mode beep only"),
            (
                ["--sound", "noise", "--beep-frequency", "800"], 64,
                "Error: --beep-frequency sets the beep's tone, which --sound replaces"
            ),
            (["--sound", "missing.wav"], 1, "Error: cannot read audio file 'missing.wav'"),
        ])
    func refused(arguments: [String], status: Int32, message: String) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try workspace.run(["talk.wav", "--transcript", "talk.json", "--words", "words.txt"] + arguments)
        #expect(result.status == status)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(try workspace.contents() == ["talk.json", "talk.wav", "words.txt"])
    }
}
