import Foundation
import Testing

/// Videos and containers read and written through ffmpeg: everything but the censored audio
/// stream copied, the censored stream in sync with the original. Media are made in the test.
@Suite struct MediaTests {
    /// A run's report, parsed.
    struct Span: Decodable {
        let startFrame: Int, endFrame: Int, fadeStartFrame: Int, fadeEndFrame: Int
    }

    struct Report: Decodable {
        let sampleRate: Int, channels: Int, frames: Int, spans: [Span]
    }

    static func report(_ workspace: Workspace, _ name: String) throws -> Report {
        try JSONDecoder().decode(Report.self, from: workspace.bytes(name))
    }

    @Test(
        "an MP4 video: video, cover, chapters and tags copied, its subtitles censored in place; the word muted; the rest in sync"
    )
    func mp4Video() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let media = try MediaFixture(workspace)
        try Data(
            ";FFMETADATA1\ntitle=Episode 7\nartist=Someone\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=1500\ntitle=Intro\n"
                .utf8
        )
        .write(to: workspace.file("chapters.txt"))
        try Data("1\n00:00:00,100 --> 00:00:01,000\nhello there\nyou damn fool,\n".utf8).write(
            to: workspace.file("orig.srt"))
        try media.ffmpeg(["-f", "lavfi", "-i", "color=c=red:s=32x32", "-frames:v", "1", "cover.png"])
        try media.ffmpeg([
            "-f", "lavfi", "-i", "testsrc=size=96x64:rate=10:duration=\(media.duration)", "-i", media.speech,
            "-i", "chapters.txt", "-i", "orig.srt", "-i", "cover.png",
            "-map", "0:v", "-map", "1:a", "-map", "3:s", "-map", "4:v", "-map_metadata", "2", "-map_chapters", "2",
            "-c:v:0", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-b:a", "128k", "-ar", "44100", "-ac", "2",
            "-c:s", "mov_text", "-c:v:1", "png", "-disposition:v:1", "attached_pic", "-metadata:s:a:0", "language=eng",
            "talk.mp4",
        ])
        let original = try workspace.bytes("talk.mp4")
        let result = try workspace.run([
            "talk.mp4", "--transcript", "speech.json", "--word", "damn", "--mode", "mute", "--report", "report.json",
            "--subtitles", "talk.srt", "--embed-subtitles",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(try workspace.bytes("talk.mp4") == original, "the input is untouched")
        #expect(temporaryFiles(in: try workspace.contents()).isEmpty)

        // Every stream is there and no other: the file's own subtitles are censored in their place, so
        // --embed-subtitles adds none. Video and cover packets are the same.
        let before = try media.streamSummary("talk.mp4"), after = try media.streamSummary("talk.censored.mp4")
        #expect(after == before, "\(before) → \(after)")
        #expect(try media.packetDigests("talk.censored.mp4", map: "0:v") == media.packetDigests("talk.mp4", map: "0:v"))
        let probe = try media.probe("talk.censored.mp4")
        let tags = (probe["format"] as? [String: Any])?["tags"] as? [String: Any]
        #expect(tags?["title"] as? String == "Episode 7" && tags?["artist"] as? String == "Someone")
        let chapters = probe["chapters"] as? [[String: Any]] ?? []
        #expect(chapters.count == 1 && (chapters.first?["tags"] as? [String: Any])?["title"] as? String == "Intro")
        // The bit rate is the source's: as ffmpeg's own re-encode at the source stream's rate gives it
        // (its AAC encoder spends less than asked on audio that was AAC before, and less on the muted word).
        let sourceRate = try Self.audioBitRate(media, "talk.mp4")
        try media.ffmpeg([
            "-i", "talk.mp4", "-map", "0:a", "-c:a", "aac", "-b:a", "\(Int(sourceRate))", "reference.m4a",
        ])
        let rates = [try Self.audioBitRate(media, "reference.m4a"), try Self.audioBitRate(media, "talk.censored.mp4")]
        #expect(
            sourceRate > 0 && (0.8...1.1).contains(rates[1] / rates[0]),
            "source \(sourceRate), ffmpeg and censor \(rates)")

        // The censored subtitles written; the file's own censored at their own times.
        let subtitles = String(decoding: try workspace.bytes("talk.srt"), as: UTF8.self)
        #expect(subtitles.contains("you d*** fool,") && !subtitles.contains("damn"), "\(subtitles)")
        let embedded = String(
            decoding: try MediaFixture.run(
                "/usr/bin/ffmpeg",
                ["-v", "error", "-i", workspace.path("talk.censored.mp4"), "-map", "0:s:0", "-f", "srt", "-"]),
            as: UTF8.self)
        // ffmpeg writes a cue's inner line break as CR LF.
        #expect(embedded == "1\n00:00:00,100 --> 00:00:01,000\nhello there\r\nyou d*** fool,\n\n", "\(embedded)")

        // The word is silent; the rest is the decoded original within AAC's noise, with lag 0.
        let report = try Self.report(workspace, "report.json")
        let span = try #require(report.spans.first)
        let input = try media.samples("talk.mp4"), output = try media.samples("talk.censored.mp4")
        #expect(
            abs(output.count - input.count) / 2 <= 1024,
            "duration within one AAC frame: \(input.count) vs \(output.count)")
        let core = (span.startFrame + 1024) * 2..<(span.endFrame - 1024) * 2
        #expect(Measure.rms(input, core) > 0.01, "the word is audible in the original")
        #expect(Measure.rms(output, core) < 0.0005, "and silent in the output: \(Measure.rms(output, core))")
        let left = { (samples: [Float]) in stride(from: 0, to: samples.count, by: 2).map { samples[$0] } }
        let before0 = 2048..<(span.fadeStartFrame - 2048)
        #expect(Measure.lag(left(input), left(output), window: before0, maxLag: 1100) == 0)
        let after0 = (span.fadeEndFrame + 2048) * 2..<(min(input.count, output.count) - 4096)
        #expect(Measure.snr(input, output, before0.lowerBound * 2..<before0.upperBound * 2) > 15)
        #expect(Measure.snr(input, output, after0) > 15)
    }

    static func audioBitRate(_ media: MediaFixture, _ file: String) throws -> Double {
        let audio = (try media.probe(file)["streams"] as? [[String: Any]] ?? []).first {
            $0["codec_type"] as? String == "audio"
        }
        return Double(audio?["bit_rate"] as? String ?? "") ?? 0
    }

    @Test("an ALAC M4A: beeped, and every sample outside the span identical to the original")
    func alacExact() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let media = try MediaFixture(workspace)
        try media.ffmpeg(["-i", media.speech, "-c:a", "alac", "-metadata", "title=Lossless", "talk.m4a"])
        let result = try workspace.run([
            "talk.m4a", "--transcript", "speech.json", "--word", "damn", "--report", "r.json",
        ])
        #expect(result.status == 0, "\(result)")
        let report = try Self.report(workspace, "r.json")
        let span = try #require(report.spans.first)
        #expect(report.sampleRate == 22_050 && report.channels == 1)
        #expect(try media.streamSummary("talk.censored.m4a") == ["audio:alac/und"])
        let tags = (try media.probe("talk.censored.m4a")["format"] as? [String: Any])?["tags"] as? [String: Any]
        #expect(tags?["title"] as? String == "Lossless")
        let input = try media.integerSamples("talk.m4a"), output = try media.integerSamples("talk.censored.m4a")
        #expect(input.count == output.count && input.count == report.frames)
        let outside = Array(0..<span.fadeStartFrame) + Array(span.fadeEndFrame..<input.count)
        #expect(outside.allSatisfy { input[$0] == output[$0] }, "lossless: untouched samples are exact")
        #expect(input[span.fadeStartFrame..<span.fadeEndFrame] != output[span.fadeStartFrame..<span.fadeEndFrame])
        let floats = output.map { Float($0) / 32_768 }, original = input.map { Float($0) / 32_768 }
        let core = span.startFrame..<span.endFrame
        let tone = Measure.magnitude(floats, core, channels: 1, frequency: 1000, rate: 22_050)
        #expect(tone > 0.02, "the beep is there: \(tone)")
        #expect(Measure.magnitude(original, core, channels: 1, frequency: 1000, rate: 22_050) < tone / 4)
    }

    @Test(
        "PCM in a MOV (24-bit big-endian, 48 kHz, beside video, as cameras and editors write it) stays that PCM, exact outside the span"
    )
    func pcmMOV() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let media = try MediaFixture(workspace)
        try media.ffmpeg([
            "-f", "lavfi", "-i", "testsrc=size=160x120:rate=25:duration=\(media.duration)", "-i", media.speech,
            "-c:v", "mpeg4", "-c:a", "pcm_s24be", "-ar", "48000", "-shortest", "clip.mov",
        ])
        let result = try workspace.run([
            "clip.mov", "--transcript", "speech.json", "--word", "damn", "--report", "r.json",
        ])
        #expect(result.status == 0, "\(result)")
        // It was re-encoded as AAC at 72 kb/s before.
        #expect(try media.streamSummary("clip.censored.mov") == ["video:mpeg4/-", "audio:pcm_s24be/-"])
        let report = try Self.report(workspace, "r.json")
        let span = try #require(report.spans.first)
        #expect(report.sampleRate == 48_000)
        // 24-bit samples decode to Float exactly.
        let input = try media.samples("clip.mov"), output = try media.samples("clip.censored.mov")
        #expect(input.count == output.count && input.count == report.frames)
        let outside = Array(0..<span.fadeStartFrame) + Array(span.fadeEndFrame..<input.count)
        #expect(outside.allSatisfy { input[$0] == output[$0] }, "lossless: untouched samples are exact")
        let core = span.startFrame..<span.endFrame
        #expect(Measure.magnitude(output, core, channels: 1, frequency: 1000, rate: 48_000) > 0.02, "the beep is there")
    }

    @Test(
        "a little-endian AIFF-C and CAF (as Apple's tools write them) stay little-endian, exact outside the span",
        arguments: ["aiff", "caf"])
    func littleEndian(_ container: String) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let media = try MediaFixture(workspace)
        try media.ffmpeg(["-i", media.speech, "-c:a", "pcm_s16le", "talk.\(container)"])
        #expect(try media.streamSummary("talk.\(container)").first?.hasPrefix("audio:pcm_s16le/") == true)
        let result = try workspace.run([
            "talk.\(container)", "--transcript", "speech.json", "--word", "damn", "--report", "r.json",
        ])
        #expect(result.status == 0, "\(result)")
        // Written big-endian before: the same samples, other bytes.
        #expect(try media.streamSummary("talk.censored.\(container)").first?.hasPrefix("audio:pcm_s16le/") == true)
        let span = try #require(try Self.report(workspace, "r.json").spans.first)
        let input = try media.integerSamples("talk.\(container)"),
            output = try media.integerSamples("talk.censored.\(container)")
        #expect(input.count == output.count)
        let outside = Array(0..<span.fadeStartFrame) + Array(span.fadeEndFrame..<input.count)
        #expect(outside.allSatisfy { input[$0] == output[$0] })
    }

    @Test("FLAC in an MP4 stays FLAC (ffmpeg 5.1 writes it only as an experiment), exact outside the span")
    func flacMP4() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let media = try MediaFixture(workspace)
        try media.ffmpeg(["-i", media.speech, "-c:a", "flac", "-strict", "experimental", "talk.mp4"])
        let result = try workspace.run([
            "talk.mp4", "--transcript", "speech.json", "--word", "damn", "--mode", "mute", "--report", "r.json",
        ])
        // ffmpeg refused to write it before: exit 1.
        #expect(result.status == 0, "\(result)")
        #expect(try media.streamSummary("talk.censored.mp4") == ["audio:flac/und"])
        let span = try #require(try Self.report(workspace, "r.json").spans.first)
        let input = try media.integerSamples("talk.mp4"), output = try media.integerSamples("talk.censored.mp4")
        #expect(input.count == output.count)
        let outside = Array(0..<span.fadeStartFrame) + Array(span.fadeEndFrame..<input.count)
        #expect(outside.allSatisfy { input[$0] == output[$0] })
        #expect(output[span.startFrame..<span.endFrame].allSatisfy { $0 == 0 }, "muted")
    }

    @Test(
        "an MKV with two audio streams: --audio-stream 1 censors the AAC one in sync, the Opus one and the video are copied"
    )
    func secondStream() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let media = try MediaFixture(workspace)
        try media.ffmpeg([
            "-f", "lavfi", "-i", "testsrc=size=96x64:rate=10:duration=\(media.duration)", "-i", media.speech,
            "-map", "0:v", "-map", "1:a", "-map", "1:a", "-c:v", "libx264", "-preset", "ultrafast",
            "-c:a:0", "libopus", "-b:a:0", "64k", "-ar:a:0", "48000", "-c:a:1", "aac", "-b:a:1", "128k", "-ar:a:1",
            "44100",
            "-metadata:s:a:0", "language=fra", "-metadata:s:a:1", "language=eng", "talk.mkv",
        ])
        let result = try workspace.run([
            "talk.mkv", "--transcript", "speech.json", "--word", "damn", "--mode", "mute", "--audio-stream", "1",
            "--report", "r.json",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(try media.streamSummary("talk.censored.mkv") == ["video:h264/-", "audio:opus/fra", "audio:aac/eng"])
        #expect(try media.packetDigests("talk.censored.mkv", map: "0:v") == media.packetDigests("talk.mkv", map: "0:v"))
        // Packet for packet; ffmpeg 5.1's Matroska muxer moves a copied Opus stream's times by its 6.5 ms
        // codec delay, as `ffmpeg -i talk.mkv -map 0 -c copy` does, so only the packets' bytes are compared.
        let opus = try media.packetContents("talk.mkv", map: "0:a:0")
        let copied = try media.packetContents("talk.censored.mkv", map: "0:a:0")
        #expect(opus.count > 100 && copied == opus)
        let report = try Self.report(workspace, "r.json")
        let span = try #require(report.spans.first)
        #expect(report.sampleRate == 44_100)
        // Matroska cannot say how many priming samples AAC has, so the decoded stream holds them:
        // the new encoder's replace the old ones, sample for sample.
        let input = try media.samples("talk.mkv", map: "0:a:1"),
            output = try media.samples("talk.censored.mkv", map: "0:a:1")
        #expect(input.count == output.count, "\(input.count) vs \(output.count)")
        #expect(Measure.rms(output, (span.startFrame + 1024)..<(span.endFrame - 1024)) < 0.0005)
        let before = 2048..<(span.fadeStartFrame - 2048)
        #expect(Measure.lag(input, output, window: before, maxLag: 1100) == 0)
        #expect(Measure.snr(input, output, before) > 15)
    }

    @Test(
        "an MP3: bit rate, ID3v2.3 tags with the cover, comment and chapter, and the LAME header kept; beeped in sync")
    func mp3() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let media = try MediaFixture(workspace)
        try Data(
            ";FFMETADATA1\ntitle=Episode 7\ncomment=Cleaned up\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=2000\ntitle=Intro\n"
                .utf8
        )
        .write(to: workspace.file("tags.txt"))
        try media.ffmpeg(["-f", "lavfi", "-i", "color=c=blue:s=32x32", "-frames:v", "1", "cover.png"])
        try media.ffmpeg([
            "-i", media.speech, "-i", "cover.png", "-i", "tags.txt", "-map", "0:a", "-map", "1:v",
            "-map_metadata", "2", "-map_chapters", "2", "-c:a", "libmp3lame", "-b:a", "96k", "-c:v", "png",
            "-disposition:v", "attached_pic", "-id3v2_version", "3", "talk.mp3",
        ])
        let result = try workspace.run([
            "talk.mp3", "--transcript", "speech.json", "--word", "damn", "--report", "r.json",
        ])
        #expect(result.status == 0, "\(result)")
        let probe = try media.probe("talk.censored.mp3")
        let streams = probe["streams"] as? [[String: Any]] ?? []
        #expect(streams.first?["bit_rate"] as? String == "96000", "constant 96 kb/s, as the source")
        #expect(try media.streamSummary("talk.censored.mp3") == media.streamSummary("talk.mp3"))
        #expect(try media.packetDigests("talk.censored.mp3", map: "0:v") == media.packetDigests("talk.mp3", map: "0:v"))
        let tags = (probe["format"] as? [String: Any])?["tags"] as? [String: Any]
        // The comment kept as it was, the censored marker in a tag of its own.
        #expect(
            tags?["title"] as? String == "Episode 7" && tags?["comment"] as? String == "Cleaned up"
                && (tags?["censor"] as? String)?.hasPrefix("censored by censor 0.1.0: ") == true, "\(tags ?? [:])")
        let chapters = probe["chapters"] as? [[String: Any]] ?? []
        #expect(chapters.count == 1 && chapters.first?["end_time"] as? String == "2.000000")
        let bytes = [UInt8](try workspace.bytes("talk.censored.mp3").prefix(1 << 16))
        #expect(bytes.prefix(4) == [0x49, 0x44, 0x33, 3], "ID3v2.3, as the source")
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("Info") && text.contains("LAME"), "a LAME/Xing (Info) header for gapless playback")
        let report = try Self.report(workspace, "r.json")
        let span = try #require(report.spans.first)
        let input = try media.samples("talk.mp3"), output = try media.samples("talk.censored.mp3")
        #expect(input.count == output.count, "gapless: \(input.count) vs \(output.count)")
        let before = 1152..<(span.fadeStartFrame - 1152)
        #expect(Measure.lag(input, output, window: before, maxLag: 1152) == 0)
        #expect(Measure.snr(input, output, before) > 15)
        let core = span.startFrame..<span.endFrame
        let tone = Measure.magnitude(output, core, channels: 1, frequency: 1000, rate: 22_050)
        #expect(tone > 0.02 && Measure.magnitude(input, core, channels: 1, frequency: 1000, rate: 22_050) < tone / 4)
    }

    @Test(
        "no audio stream, a missing stream, an unreadable container, ffmpeg missing: exit 1, nothing left, input untouched"
    )
    func badInputs() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let media = try MediaFixture(workspace)
        try media.ffmpeg(["-f", "lavfi", "-i", "testsrc=size=32x32:rate=5:duration=1", "-c:v", "libx264", "video.mp4"])
        try media.ffmpeg(["-i", media.speech, "-c:a", "aac", "talk.m4a"])
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: workspace.file("noise.mp4"))
        let cases: [(arguments: [String], environment: [String: String]?, message: String)] = [
            (
                ["video.mp4"], nil,
                "Error: 'video.mp4' has no audio stream (it holds video (h264)); there is nothing to censor"
            ),
            (
                ["talk.m4a", "--audio-stream", "3"], nil,
                "Error: 'talk.m4a' has no audio stream 3: it has 1 (numbered from 0); choose one of them"
            ),
            (["noise.mp4"], nil, "Error: cannot read media file 'noise.mp4': "),
            (
                ["talk.m4a"], ["PATH": "/nonexistent"],
                "Error: cannot read or write 'talk.m4a': it needs ffprobe, which is not installed (or not on PATH); "
                    + "install ffmpeg (apt-get install ffmpeg, or scripts/install-deps.sh)"
            ),
        ]
        for item in cases {
            let names = try workspace.contents()
            let inputBytes = try workspace.bytes(item.arguments[0])
            let result = try CensorCommand.run(
                program: CensorCommand.executable(),
                item.arguments + ["--transcript", "speech.json", "--word", "damn"], in: workspace.url,
                environment: item.environment)
            #expect(result.status == 1, "\(item.arguments): \(result)")
            #expect(result.stderr.hasPrefix(item.message), "\(result)")
            #expect(try workspace.contents() == names, "nothing is left behind")
            #expect(try workspace.bytes(item.arguments[0]) == inputBytes)
        }
    }

    @Test("SIGTERM while a container is decoded or muxed: its scratch and temporary files are removed, exit 143")
    func interrupted() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try MediaFixture.run(
            "/usr/bin/ffmpeg",
            [
                "-nostdin", "-v", "error", "-f", "lavfi", "-i", "sine=frequency=300:duration=40",
                "-c:a", "aac", workspace.path("talk.m4a"),
            ])
        let before = try workspace.bytes("talk.m4a")
        let running = try CensorCommand.Running(
            ["talk.m4a", "--transcript", "talk.json", "--words", "words.txt"],
            in: workspace.url)
        let deadline = Date().addingTimeInterval(120)
        while running.isRunning, temporaryFiles(in: try workspace.contents()).isEmpty, Date() < deadline { usleep(200) }
        kill(running.pid, SIGSTOP)
        let wasRunning = running.isRunning
        running.send(SIGTERM)
        kill(running.pid, SIGCONT)
        let result = try running.wait()
        try #require(wasRunning, "censor ended before it could be stopped: \(result)")
        #expect(result.status == 143, "\(result)")
        #expect(try workspace.bytes("talk.m4a") == before)
        // ffmpeg, left writing to a removed file, ends when its input does; nothing reappears.
        usleep(300_000)
        #expect(try workspace.contents() == ["talk.json", "talk.m4a", "talk.wav", "words.txt"])
    }

    @Test("an output extension no writer handles is a usage error listing the choices; a FLAC becomes a real M4A")
    func outputNames() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let refused = try workspace.run([
            "talk.wav", "--word", "damn", "--transcript", "talk.json", "-o", "episode.m4x",
        ])
        #expect(refused.status == 64, "\(refused)")
        #expect(
            refused.stderrLines.first == "Error: cannot write 'episode.m4x': no writer handles its extension; expected "
                + "one of .wav .aiff .aif .flac .ogg .oga .opus .mp3 .caf .w64 .rf64 .au .mp4 .m4a .m4b .m4v .mov .mkv .mka "
                + ".webm .avi .wma .aac .ac3")
        #expect(!workspace.exists("episode.m4x"))
        let m4a = try workspace.run(["talk.wav", "--word", "damn", "--transcript", "talk.json", "-o", "episode.m4a"])
        #expect(m4a.status == 0, "\(m4a)")
        let media = MediaFixtureProbe(workspace: workspace)
        #expect(try media.formatAndStreams("episode.m4a") == "mov,mp4,m4a,3gp,3g2,mj2 audio:aac")
        let rate = try workspace.run([
            "talk.wav", "--word", "damn", "--transcript", "talk.json", "-o", "e.m4a", "--rate", "48000",
        ])
        #expect(
            rate.status == 64
                && rate.stderrLines.first == "Error: --rate applies to audio files libsndfile writes, "
                    + "not to videos and containers written through ffmpeg (their audio keeps the source's codec and rate; "
                    + "--bitrate sets its bit rate)",
            "\(rate)")
        let opus = try workspace.run(["talk.wav", "--word", "damn", "--transcript", "talk.json", "-o", "episode.opus"])
        #expect(opus.status == 0, "\(opus)")
        #expect(
            opus.stderr.contains(
                "Opus takes 8, 12, 16, 24 or 48 kHz: 'episode.opus' is resampled from 22050 Hz to 48000 Hz"),
            "\(opus)")
        #expect(try media.formatAndStreams("episode.opus") == "ogg audio:opus")
        let webm = try workspace.run(["talk.wav", "--word", "damn", "--transcript", "talk.json", "-o", "episode.webm"])
        #expect(webm.status == 0, "\(webm)")
        #expect(
            webm.stderr.contains(
                "Opus takes 8, 12, 16, 24 or 48 kHz: 'episode.webm' is resampled from 22050 Hz to 48000 Hz"))
        #expect(try media.formatAndStreams("episode.webm") == "matroska,webm audio:opus")
    }
}

/// ffprobe's container name and streams, for outputs made without speech.
struct MediaFixtureProbe {
    let workspace: Workspace

    func formatAndStreams(_ file: String) throws -> String {
        let data = try MediaFixture.run(
            "/usr/bin/ffprobe",
            [
                "-v", "error", "-print_format", "json", "-show_streams",
                "-show_format", workspace.path(file),
            ])
        let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        let format = (root["format"] as? [String: Any])?["format_name"] as? String ?? "?"
        let streams = (root["streams"] as? [[String: Any]] ?? []).map {
            "\($0["codec_type"] ?? "?"):\($0["codec_name"] ?? "?")"
        }
        return ([format] + streams).joined(separator: " ")
    }
}
