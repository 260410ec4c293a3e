import Foundation
import Testing

/// Containers in the shapes people publish, censored through ffmpeg: ffprobe's description of
/// the output (`-show_streams -show_chapters -show_format`) equal to the input's but for the
/// censored audio's own figures and censor's tag; start times, lengths and sync kept.
@Suite struct ContainerFidelityTests {
    /// ffprobe's flat description of `file`: each section (`STREAM 0`, `CHAPTER 1`, `FORMAT`)
    /// as its `key=value` lines.
    static func sections(_ media: MediaFixture, _ file: String) throws -> [String: [String: String]] {
        let text = String(
            decoding: try MediaFixture.run(
                "/usr/bin/ffprobe",
                ["-v", "error", "-show_streams", "-show_chapters", "-show_format", media.workspace.path(file)]),
            as: UTF8.self)
        var sections: [String: [String: String]] = [:]
        var name = "", counts: [String: Int] = [:]
        for line in text.split(separator: "\n").map(String.init) {
            if line.hasPrefix("[/") { continue }
            if line.hasPrefix("[") {
                let kind = String(line.dropFirst().dropLast())
                name = kind == "FORMAT" ? kind : "\(kind) \(counts[kind, default: 0])"
                counts[kind, default: 0] += 1
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            sections[name, default: [:]][String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return sections
    }

    /// Seconds as ffprobe writes them (`3.236000`) or as Matroska's tags do (`00:00:03.007000000`).
    static func seconds(_ value: String?) -> Double? {
        value.flatMap { text in
            text.split(separator: ":").reduce(0.0 as Double?) { total, part in
                total.flatMap { sum in Double(part).map { sum * 60 + $0 } }
            }
        }
    }

    /// The lines of `output`'s description that differ from `input`'s, but `ignored` keys of
    /// their sections and the tags holding censor's marker; start times and durations within
    /// 1 ms (MP4's movie and Matroska's clusters count whole milliseconds), their counts in
    /// the stream's time base with them.
    static func differences(
        _ input: [String: [String: String]], _ output: [String: [String: String]],
        ignoring ignored: [String: Set<String>]
    ) -> [String] {
        var lines: [String] = []
        let times = ["start_time": "start_pts", "duration": "duration_ts", "TAG:DURATION": ""]
        for name in Set(input.keys).union(output.keys).sorted() {
            let before = input[name] ?? [:], after = output[name] ?? [:]
            var close: Set<String> = []
            for (key, count) in times {
                guard let old = seconds(before[key]), let new = seconds(after[key]), abs(old - new) <= 0.001 else {
                    continue
                }
                close.formUnion([key, count])
            }
            for key in Set(before.keys).union(after.keys).sorted() where before[key] != after[key] {
                if ignored[name]?.contains(key) == true || close.contains(key) { continue }
                if key.hasPrefix("TAG:"), after[key]?.contains("censored by censor") == true, before[key] == nil {
                    continue
                }
                lines.append("\(name) \(key): \(before[key] ?? "-") → \(after[key] ?? "-")")
            }
        }
        return lines
    }

    /// What a file's size and overall rate are allowed to change by: its audio is new.
    static let fileFigures: Set<String> = ["filename", "size", "bit_rate"]

    /// The mean bit rate of stream `index` of `file`, from its packets.
    static func measuredRate(_ media: MediaFixture, _ file: String, stream index: Int) throws -> Double {
        let text = String(
            decoding: try MediaFixture.run(
                "/usr/bin/ffprobe",
                [
                    "-v", "error", "-select_streams", "\(index)", "-show_entries", "packet=size,duration_time",
                    "-of", "csv=p=0", media.workspace.path(file),
                ]), as: UTF8.self)
        var bytes = 0.0, seconds = 0.0
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: ",").compactMap { Double($0) }
            guard fields.count == 2 else { continue }
            seconds += fields[0]
            bytes += fields[1]
        }
        return bytes * 8 / seconds
    }

    /// The report's first span's fades, as frames.
    static func span(_ workspace: Workspace) throws -> MediaTests.Span {
        try #require(try MediaTests.report(workspace, "r.json").spans.first)
    }

    /// Lag 0 and the same length: the decoded stream `map` of the output against the input's,
    /// outside the span (`channels` interleaved).
    static func expectInSync(
        _ media: MediaFixture, _ input: String, _ output: String, map: String = "0:a:0",
        channels: Int = 1, span: MediaTests.Span, codecFrame: Int = 1024
    ) throws {
        // ffmpeg 5.1 decodes MP4 audio to the end of its last packet, not of its edit list: the stream's
        // length is its duration (compared above), the decoded one within a codec frame.
        let before = try media.samples(input, map: map), after = try media.samples(output, map: map)
        #expect(
            abs(before.count - after.count) < codecFrame * channels,
            "\(input) → \(output): \(before.count / channels) → \(after.count / channels) frames")
        let first = { (samples: [Float]) in stride(from: 0, to: samples.count, by: channels).map { samples[$0] } }
        let window = (2 * codecFrame)..<(span.fadeStartFrame - 2 * codecFrame)
        #expect(Measure.lag(first(before), first(after), window: window, maxLag: 1200) == 0, "\(input) → \(output)")
        #expect(Measure.snr(first(before), first(after), window) > 15)
        let core = (span.startFrame + codecFrame) * channels..<(span.endFrame - codecFrame) * channels
        #expect(Measure.rms(before, core) > 0.01 && Measure.rms(after, core) < 0.001, "\(map) muted in \(output)")
    }

    @Test("a podcast M4A (AAC, PNG cover, two chapters in both of MP4's forms, tags): described as the input was")
    func podcastM4A() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let media = try MediaFixture(workspace)
        try Data(
            ("""
            ;FFMETADATA1
            title=Episode 7
            artist=The Host
            album=The Show
            genre=Podcast
            date=2026
            [CHAPTER]
            TIMEBASE=1/1000
            START=0
            END=1000
            title=Intro
            [CHAPTER]
            TIMEBASE=1/1000
            START=1000
            END=\(Int(media.duration * 1000))
            title=Main
            """ + "\n").utf8
        ).write(to: workspace.file("chapters.txt"))
        try media.ffmpeg(["-f", "lavfi", "-i", "color=c=red:s=32x32", "-frames:v", "1", "cover.png"])
        try media.ffmpeg([
            "-i", media.speech, "-i", "cover.png", "-i", "chapters.txt", "-map", "0:a", "-map", "1:v",
            "-map_metadata", "2", "-map_chapters", "2", "-c:a", "aac", "-b:a", "64k", "-c:v", "png",
            "-disposition:v", "attached_pic", "-metadata:s:a", "language=eng", "episode.m4a",
        ])
        let input = try Self.sections(media, "episode.m4a")
        #expect(input["STREAM 1"]?["codec_tag_string"] == "text", "ffmpeg keeps the chapters as a text track too")
        // Re-encoded, not edited directly: the remux is what is measured.
        let result = try workspace.run([
            "episode.m4a", "--transcript", "speech.json", "--word", "damn", "--mode", "mute",
            "--report", "r.json", "--no-direct",
        ])
        // ffmpeg refused the header before: exit 1.
        #expect(result.status == 0, "\(result)")
        let output = try Self.sections(media, "episode.censored.m4a")
        #expect(
            Self.differences(input, output, ignoring: ["STREAM 0": ["bit_rate"], "FORMAT": Self.fileFigures]) == [])
        #expect(output.keys.filter { $0.hasPrefix("STREAM") }.count == 3, "no stream added")
        // The source's bit rate asked for: as ffmpeg's own encoder gives it at that rate on the same audio
        // (it spends less than asked on a muted word).
        let source = try #require(input["STREAM 0"]?["bit_rate"])
        try media.ffmpeg(["-i", "episode.censored.m4a", "-map", "0:a", "-c:a", "aac", "-b:a", source, "reference.m4a"])
        let rates = (
            Double(try Self.sections(media, "reference.m4a")["STREAM 0"]?["bit_rate"] ?? "") ?? 0,
            Double(output["STREAM 0"]?["bit_rate"] ?? "") ?? 0
        )
        #expect(rates.0 > 0 && abs(rates.1 / rates.0 - 1) < 0.1, "source \(source), reference and censor's \(rates)")
        #expect(
            try media.packetDigests("episode.censored.m4a", map: "0:v")
                == media.packetDigests("episode.m4a", map: "0:v"))
        try Self.expectInSync(media, "episode.m4a", "episode.censored.m4a", span: Self.span(workspace))

        // Subtitles embedded: one stream more, and only that.
        let embedded = try workspace.run([
            "episode.m4a", "--transcript", "speech.json", "--word", "damn", "-o", "sub.m4a",
            "--embed-subtitles",
        ])
        #expect(embedded.status == 0, "\(embedded)")
        #expect(
            try media.streamSummary("sub.m4a").sorted()
                == (media.streamSummary("episode.m4a") + ["subtitle:mov_text/und"]).sorted())
    }

    @Test(
        "a WebM-style MKV (H.264, Opus at 130 kb/s, a cover attachment): start times, attached picture, Opus rate kept")
    func matroskaOpus() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let media = try MediaFixture(workspace)
        try media.ffmpeg(["-f", "lavfi", "-i", "color=c=blue:s=32x32", "-frames:v", "1", "cover.png"])
        try media.ffmpeg([
            "-f", "lavfi", "-i", "testsrc=size=96x64:rate=25:duration=\(media.duration)", "-i", media.speech,
            "-map", "0:v", "-map", "1:a", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "libopus", "-b:a", "130k",
            "-ar", "48000", "-ac", "2", "-metadata:s:a", "language=eng", "-attach", "cover.png",
            "-metadata:s:t", "mimetype=image/png", "-metadata:s:t", "filename=cover.png", "talk.mkv",
        ])
        let input = try Self.sections(media, "talk.mkv")
        #expect(
            input["STREAM 0"]?["start_time"] == "0.007000",
            "ffmpeg moved the video by the Opus delay: \(input["STREAM 0"] ?? [:])")
        #expect(input["STREAM 2"]?["DISPOSITION:attached_pic"] == "1")
        let result = try workspace.run([
            "talk.mkv", "--transcript", "speech.json", "--word", "damn", "--mode", "mute",
            "--report", "r.json", "--align", "off",
        ])
        #expect(result.status == 0, "\(result)")
        let output = try Self.sections(media, "talk.censored.mkv")
        #expect(Self.differences(input, output, ignoring: ["FORMAT": Self.fileFigures]) == [])
        let rates = (
            try Self.measuredRate(media, "talk.mkv", stream: 1),
            try Self.measuredRate(media, "talk.censored.mkv", stream: 1)
        )
        #expect(abs(rates.1 / rates.0 - 1) < 0.1, "Opus \(rates)")
        #expect(
            try media.packetDigests("talk.censored.mkv", map: "0:v:0") == media.packetDigests("talk.mkv", map: "0:v:0"))
        try Self.expectInSync(
            media, "talk.mkv", "talk.censored.mkv", channels: 2,
            span: Self.span(workspace), codecFrame: 960)
    }

    @Test(
        "an MP4 whose audio starts late or early (an edit list either way): its start time, length and sync kept",
        arguments: ["0.5", "-0.2"])
    func audioOffset(_ offset: String) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let media = try MediaFixture(workspace)
        try media.ffmpeg([
            "-f", "lavfi", "-i", "testsrc=size=96x64:rate=25:duration=\(media.duration + 0.5)",
            "-itsoffset", offset, "-i", media.speech, "-map", "0:v", "-map", "1:a", "-c:v", "libx264",
            "-preset", "ultrafast", "-c:a", "aac", "-b:a", "96k", "clip.mp4",
        ])
        let result = try workspace.run([
            "clip.mp4", "--transcript", "speech.json", "--word", "damn", "--mode", "mute",
            "--report", "r.json", "--align", "off",
        ])
        #expect(result.status == 0, "\(result)")
        let input = try Self.sections(media, "clip.mp4"), output = try Self.sections(media, "clip.censored.mp4")
        // ffmpeg's encoder gives the early stream's hidden part no frames: their count is the audio's own figure.
        let ignored: [String: Set<String>] = ["STREAM 1": ["bit_rate", "nb_frames"], "FORMAT": Self.fileFigures]
        #expect(Self.differences(input, output, ignoring: ignored) == [])
        #expect(input["STREAM 1"]?["start_time"] == output["STREAM 1"]?["start_time"])
        // The transcript's times are the stream's own, from its first decoded sample.
        try Self.expectInSync(media, "clip.mp4", "clip.censored.mp4", span: Self.span(workspace))
    }
}

extension ContainerFidelityTests {
    @Test(
        "an MP4 and a MOV with a timecode track (tmcd, 01:00:00:00): the track and its value kept, video identical",
        arguments: ["clip.mp4", "clip.mov"])
    func timecode(_ name: String) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let media = try MediaFixture(workspace)
        try media.ffmpeg([
            "-f", "lavfi", "-i", "testsrc=size=96x64:rate=25:duration=\(media.duration)", "-i", media.speech,
            "-map", "0:v", "-map", "1:a", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-b:a", "96k",
            "-timecode", "01:00:00:00", "-shortest", name,
        ])
        let input = try Self.sections(media, name)
        #expect(
            input["STREAM 2"]?["codec_tag_string"] == "tmcd" && input["STREAM 2"]?["TAG:timecode"] == "01:00:00:00",
            "\(input["STREAM 2"] ?? [:])")
        let output = name.replacingOccurrences(of: "clip.", with: "clip.censored.")
        for extra in [["--no-direct"], []] {
            try? FileManager.default.removeItem(at: workspace.file(output))
            let result = try workspace.run(
                [
                    name, "--transcript", "speech.json", "--word", "damn", "--mode", "mute",
                    "--report", "r.json", "--align", "off", "--force",
                ] + extra)
            // The MP4 muxer refused to copy the track before: "Could not write header", exit 1.
            #expect(result.status == 0, "\(extra): \(result)")
            let described = try Self.sections(media, output)
            // ffmpeg's MP4 muxer cannot copy the track; it writes it again from the video's timecode
            // tag, with the video's handler name: the one figure that moves.
            var ignored: [String: Set<String>] = ["STREAM 1": ["bit_rate"], "FORMAT": Self.fileFigures]
            if name.hasSuffix(".mp4") { ignored["STREAM 2"] = ["TAG:handler_name"] }
            #expect(Self.differences(input, described, ignoring: ignored) == [], "\(extra)")
            #expect(
                described["STREAM 2"]?["TAG:timecode"] == "01:00:00:00"
                    && described["STREAM 2"]?["codec_tag_string"] == "tmcd")
            #expect(try media.packetDigests(output, map: "0:v") == media.packetDigests(name, map: "0:v"))
            try Self.expectInSync(media, name, output, span: Self.span(workspace))
        }
    }
}

/// Videos with several audio streams of the same speech: each censored at the same moments.
@Suite struct AudioStreamsTests {
    struct Report: Decodable {
        struct Stream: Decodable, Equatable {
            let index: Int, codec: String, language: String?, spans: Int
        }
        let streams: [Stream]
        let spans: [MediaTests.Span]
    }

    @Test(
        "AAC stereo and AC-3 5.1 of the same speech: both muted by default, --audio-stream 0 leaves the AC-3 as it was")
    func broadcastPair() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let media = try MediaFixture(workspace)
        try media.ffmpeg([
            "-f", "lavfi", "-i", "testsrc=size=96x64:rate=25:duration=\(media.duration)", "-i", media.speech,
            "-map", "0:v", "-map", "1:a", "-map", "1:a", "-c:v", "libx264", "-preset", "ultrafast",
            "-c:a:0", "aac", "-b:a:0", "128k", "-ac:a:0", "2", "-c:a:1", "ac3", "-b:a:1", "384k", "-ac:a:1", "6",
            "-ar", "48000", "-metadata:s:a:0", "language=eng", "-metadata:s:a:1", "language=eng", "-shortest",
            "show.mp4",
        ])
        let listed = try workspace.run(["--list-streams", "show.mp4"])
        #expect(
            listed.status == 0
                && listed.stdout.split(separator: "\n").map(String.init) == [
                    "show.mp4:", "  0  video  h264  und  default",
                    "  1  audio 0  aac  48000 Hz stereo \(Self.kbps(media, "show.mp4", 1)) kb/s  eng  default",
                    "  2  audio 1  ac3  48000 Hz 5.1(side) 384 kb/s  eng",
                ], "\(listed)")

        let result = try workspace.run([
            "show.mp4", "--transcript", "speech.json", "--word", "damn", "--mode", "mute",
            "--report", "r.json", "--align", "off",
        ])
        // Only the AAC stream was censored before; the AC-3 one kept the word at full level.
        #expect(result.status == 0, "\(result)")
        let report = try JSONDecoder().decode(Report.self, from: workspace.bytes("r.json"))
        #expect(
            report.streams == [
                .init(index: 1, codec: "aac", language: "eng", spans: 1),
                .init(index: 2, codec: "ac3", language: "eng", spans: 1),
            ])
        let span = try #require(report.spans.first)
        for (map, channels) in [("0:a:0", 2), ("0:a:1", 6)] {
            let before = try media.samples("show.mp4", map: map),
                after = try media.samples("show.censored.mp4", map: map)
            let core = (span.startFrame + 1536) * channels..<(span.endFrame - 1536) * channels
            #expect(Measure.rms(before, core) > 0.005, "\(map): the word is audible in the input")
            #expect(Measure.rms(after, core) < 0.0005, "\(map): and muted in the output: \(Measure.rms(after, core))")
            let first = { (samples: [Float]) in stride(from: 0, to: samples.count, by: channels).map { samples[$0] } }
            let window = 3072..<(span.fadeStartFrame - 3072)
            #expect(Measure.lag(first(before), first(after), window: window, maxLag: 1600) == 0, "\(map) in sync")
        }

        let one = try workspace.run([
            "show.mp4", "--transcript", "speech.json", "--word", "damn", "--mode", "mute",
            "--report", "one.json", "--align", "off", "--audio-stream", "0", "-o", "one.mp4",
        ])
        #expect(one.status == 0, "\(one)")
        #expect(try JSONDecoder().decode(Report.self, from: workspace.bytes("one.json")).streams.map(\.index) == [1])
        #expect(try media.packetContents("one.mp4", map: "0:a:1") == media.packetContents("show.mp4", map: "0:a:1"))
        let all = try workspace.run([
            "show.mp4", "--transcript", "speech.json", "--word", "damn", "--dry-run",
            "--audio-stream", "all", "--audio-stream", "1",
        ])
        #expect(all.status == 0, "\(all)")
        let bad = try workspace.run([
            "show.mp4", "--transcript", "speech.json", "--word", "damn", "--audio-stream", "one",
        ])
        #expect(
            bad.status == 64 && bad.stderrLines.first == "Error: --audio-stream 'one': expected a whole number or 'all'"
        )
    }

    /// Stream `index`'s stated bit rate in kb/s, rounded, as `--list-streams` gives it.
    static func kbps(_ media: MediaFixture, _ file: String, _ index: Int) -> Int {
        let streams = (try? media.probe(file)["streams"] as? [[String: Any]]) ?? []
        return ((Int(streams[index]["bit_rate"] as? String ?? "") ?? 0) + 500) / 1000
    }
}

/// The subtitle streams a video already has: censored in their place.
@Suite struct OwnSubtitlesTests {
    @Test(
        "an MKV's English SRT (default, forced) and French SRT: masked as --mask says, same times, disposition and language, no stream added"
    )
    func matroskaSubRip() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let media = try MediaFixture(workspace)
        try Data(
            "1\n00:00:00,500 --> 00:00:01,200\nWell, damn, you\n\n2\n00:00:01,300 --> 00:00:02,000\n<i>damn</i> fool!\n"
                .utf8
        ).write(to: workspace.file("en.srt"))
        try Data("1\n00:00:00,500 --> 00:00:01,200\nSacrebleu\n".utf8).write(to: workspace.file("fr.srt"))
        try media.ffmpeg([
            "-f", "lavfi", "-i", "testsrc=size=32x32:rate=5:duration=\(media.duration)", "-i", media.speech,
            "-i", "en.srt", "-i", "fr.srt", "-map", "0:v", "-map", "1:a", "-map", "2:s", "-map", "3:s",
            "-c:v", "mpeg4", "-c:a", "flac", "-c:s", "srt", "-metadata:s:s:0", "language=eng",
            "-metadata:s:s:1", "language=fra", "-disposition:s:0", "default+forced", "-disposition:s:1", "0",
            "-shortest", "film.mkv",
        ])
        let result = try workspace.run([
            "film.mkv", "--transcript", "speech.json", "--word", "damn", "--mask", "stars",
            "--embed-subtitles", "--align", "off",
        ])
        // The English track kept "Well, damn," before, a censored copy added beside it.
        #expect(result.status == 0, "\(result)")
        let input = try ContainerFidelityTests.sections(media, "film.mkv")
        let output = try ContainerFidelityTests.sections(media, "film.censored.mkv")
        #expect(
            ContainerFidelityTests.differences(input, output, ignoring: ["FORMAT": ContainerFidelityTests.fileFigures])
                == [])
        let text = { (file: String, map: String) in
            String(
                decoding: try MediaFixture.run(
                    "/usr/bin/ffmpeg",
                    [
                        "-v", "error", "-i", workspace.path(file), "-map", map,
                        "-f", "srt", "-",
                    ]), as: UTF8.self)
        }
        #expect(
            try text("film.censored.mkv", "0:s:0")
                == "1\n00:00:00,500 --> 00:00:01,200\nWell, ****, you\n\n2\n00:00:01,300 --> 00:00:02,000\n<i>****</i> fool!\n\n"
        )
        #expect(try text("film.censored.mkv", "0:s:1") == text("film.mkv", "0:s:1"))
        #expect(
            try media.packetDigests("film.censored.mkv", map: "0:s:1") == media.packetDigests("film.mkv", map: "0:s:1"))
    }
}
