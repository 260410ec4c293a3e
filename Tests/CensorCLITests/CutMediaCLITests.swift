import Foundation
import Testing

/// `--mode cut` of audio written through ffmpeg: the output shorter by what the report removed,
/// its chapters and subtitles on the new timeline, its cover kept, the kept audio where the cuts
/// put it; a video still refused. Media are made in the test.
@Suite struct CutMediaCLITests {
    /// A cut as the report lists it.
    struct Cut: Decodable {
        let startFrame: Int, endFrame: Int, outputFrame: Int, crossfadeFrames: Int, removedFrames: Int
        let start: Double, newTime: Double
    }

    /// The report's fields a cut sets.
    struct Report: Decodable {
        let sampleRate: Int, frames: Int, cuts: [Cut], removed: Double, outputFrames: Int
    }

    /// Where input time `seconds` (on the audio's clock) lands in the output: earlier by the
    /// frames of each cut before it, a frame of a removed core at the middle of its join.
    static func mapped(_ seconds: Double, _ report: Report) -> Double {
        let rate = Double(report.sampleRate)
        let frame = Int((seconds * rate).rounded())
        var removed = 0
        for cut in report.cuts {
            if frame < cut.startFrame { break }
            if frame < cut.endFrame { return Double(cut.outputFrame + cut.crossfadeFrames / 2) / rate }
            if frame < cut.endFrame + cut.crossfadeFrames {
                return Double(cut.outputFrame + frame - cut.endFrame) / rate
            }
            removed += cut.removedFrames
        }
        return Double(frame - removed) / rate
    }

    /// The chapters of `file` as (start, end, title), from ffprobe's `-show_chapters`.
    static func chapters(_ media: MediaFixture, _ file: String) throws -> [(Double, Double, String)] {
        try (media.probe(file)["chapters"] as? [[String: Any]] ?? []).map { chapter in
            (
                Double(chapter["start_time"] as? String ?? "") ?? -1,
                Double(chapter["end_time"] as? String ?? "") ?? -1,
                (chapter["tags"] as? [String: Any])?["title"] as? String ?? ""
            )
        }
    }

    /// The container's duration of `file`, in seconds.
    static func duration(_ media: MediaFixture, _ file: String) throws -> Double {
        Double((try media.probe(file)["format"] as? [String: Any])?["duration"] as? String ?? "") ?? -1
    }

    /// When the first decoded sample of `file`'s audio plays on its timeline, in seconds.
    static func firstSampleTime(_ media: MediaFixture, _ file: String) throws -> Double {
        let data = try MediaFixture.run(
            "/usr/bin/ffprobe",
            [
                "-v", "error", "-select_streams", "a:0", "-read_intervals", "%+#1", "-show_entries", "frame=pts_time",
                "-of", "csv=p=0", media.workspace.path(file),
            ])
        return Double(String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first ?? "") ?? 0
    }

    /// Three chapters of the speech: from 0, from the middle of "damn" (inside the removed core)
    /// and from 0.3 s after it, as an ffmetadata file; their starts.
    static func writeChapters(_ media: MediaFixture) throws -> [Double] {
        let starts = [0, (media.damn.lowerBound + media.damn.upperBound) / 2, media.damn.upperBound + 0.3]
        let ends = Array(starts.dropFirst()) + [media.duration]
        let titles = ["Opening", "The word", "Closing"]
        var text = ";FFMETADATA1\ntitle=Episode 7\n"
        for index in starts.indices {
            text +=
                "[CHAPTER]\nTIMEBASE=1/1000\nSTART=\(Int(starts[index] * 1000))\nEND=\(Int(ends[index] * 1000))\n"
                + "title=\(titles[index])\n"
        }
        try Data(text.utf8).write(to: media.workspace.file("chapters.txt"))
        return starts.map { Double(Int($0 * 1000)) / 1000 }
    }

    /// Checks that `output`'s audio, decoded at `rate`, is `input`'s with the cut's frames taken
    /// out: in a region before the cut and one after it, the cross-correlation of the two peaks
    /// at lag 0 (±1 sample) once the output is moved by the frames removed, and the two match
    /// to an SNR a codec's loss allows.
    static func expectInStep(_ media: MediaFixture, input: String, output: String, report: Report, rate: Int) throws {
        let a = try media.samples(input), b = try media.samples(output)
        let cut = try #require(report.cuts.first)
        let scale = Double(rate) / Double(report.sampleRate)
        let guardFrames = Int(0.05 * Double(rate))
        let before = Int(0.1 * Double(rate))..<(Int(Double(cut.startFrame - cut.crossfadeFrames) * scale) - guardFrames)
        let afterStart = Int(Double(cut.endFrame + cut.crossfadeFrames) * scale) + guardFrames
        let shift = Int((Double(cut.removedFrames) * scale).rounded())
        let after = afterStart..<(min(a.count, b.count + shift) - Int(0.15 * Double(rate)))
        for (name, region) in [("before", before), ("after", after)] {
            let offset = name == "before" ? 0 : shift
            let x = Array(a[region]), y = Array(b[(region.lowerBound - offset)..<(region.upperBound - offset)])
            let lag = Measure.lag(x, y, window: 200..<(x.count - 200), maxLag: 200)
            #expect(abs(lag) <= 1, "\(name) the cut: the output is \(lag) samples off")
            let snr = Measure.snr(x, y, 0..<x.count)
            #expect(snr > 10, "\(name) the cut: SNR \(snr) dB")
        }
    }

    @Test(
        "an M4A with three chapters and a cover: shorter by the report's removed frames, chapters moved to 1 ms, the cover kept, the kept audio in step"
    )
    func m4aWithChapters() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let media = try MediaFixture(workspace)
        let starts = try Self.writeChapters(media)
        try media.ffmpeg(["-f", "lavfi", "-i", "color=c=red:s=32x32", "-frames:v", "1", "cover.png"])
        try media.ffmpeg([
            "-i", media.speech, "-i", "cover.png", "-f", "ffmetadata", "-i", "chapters.txt", "-map", "0:a", "-map",
            "1:v",
            "-map_metadata", "2", "-map_chapters", "2", "-c:a", "aac", "-b:a", "96k", "-c:v", "png",
            "-disposition:v", "attached_pic", "talk.m4a",
        ])
        let result = try workspace.run([
            "talk.m4a", "--transcript", "speech.json", "--word", "damn", "--mode", "cut", "-o", "cut.m4a",
            "--report", "report.json",
        ])
        #expect(result.status == 0, "\(result)")
        // The direct AAC editor cannot shorten: the stream is re-encoded, and the run says so.
        #expect(
            result.stderr.contains("'talk.m4a' was decoded and re-encoded, since a cut removes audio"),
            "\(result.stderr)")
        let report = try JSONDecoder().decode(Report.self, from: workspace.bytes("report.json"))
        let cut = try #require(report.cuts.first)
        #expect(report.cuts.count == 1)
        // The report's own figures agree with each other.
        let removedFrames = report.cuts.reduce(0) { $0 + $1.removedFrames }
        #expect(report.outputFrames == report.frames - removedFrames)
        #expect(abs(report.removed - Double(removedFrames) / Double(report.sampleRate)) < 1e-6)
        // The cut takes out the word: within its times widened by 0.1 s, and most of it.
        #expect(Double(cut.startFrame) >= (media.damn.lowerBound - 0.1) * 22_050)
        #expect(Double(cut.endFrame) <= (media.damn.upperBound + 0.1) * 22_050)
        #expect(Double(cut.endFrame - cut.startFrame) >= 0.5 * (media.damn.upperBound - media.damn.lowerBound) * 22_050)
        // The container is as much shorter: its edit list gives the length to the sample, so to the
        // movie header's millisecond (the decoder's padding past the source's end, 15 ms here, is not kept).
        let frame = 1024.0 / 22_050
        let expected = try Self.duration(media, "talk.m4a") - report.removed
        let measured = try Self.duration(media, "cut.m4a")
        #expect(abs(measured - expected) <= 0.002, "\(measured) s, expected \(expected) s")
        // Each chapter where the cut moved it, its title kept: the second starts at the join.
        let chapters = try Self.chapters(media, "cut.m4a")
        #expect(chapters.map(\.2) == ["Opening", "The word", "Closing"])
        #expect(chapters.count == 3)
        for (chapter, start) in zip(chapters, starts) {
            #expect(abs(chapter.0 - Self.mapped(start, report)) <= 0.001, "chapter \(chapter.2) at \(chapter.0) s")
        }
        #expect(abs(chapters[1].0 - Double(cut.outputFrame + cut.crossfadeFrames / 2) / 22_050) <= 0.001)
        #expect(abs(chapters[2].0 - (starts[2] - report.removed)) <= 0.001)
        #expect(chapters.last.map { abs($0.1 - expected) <= frame } == true)
        // The cover is still an attached picture.
        let summary = try media.streamSummary("cut.m4a")
        #expect(summary.contains { $0.hasPrefix("video:png+pic") }, "\(summary)")
        try Self.expectInStep(media, input: "talk.m4a", output: "cut.m4a", report: report, rate: 22_050)
    }

    @Test(
        "an MKA of Opus with chapters and SubRip: shorter by the removed frames, chapters and cues moved, a cue in the cut dropped"
    )
    func mkaWithChapters() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let media = try MediaFixture(workspace)
        let starts = try Self.writeChapters(media)
        let after = media.damn.upperBound + 0.2
        try Data(
            ("1\n00:00:00,100 --> 00:00:00,900\nhello there you\n\n2\n"
                + String(format: "00:00:01,%03d", Int(media.damn.lowerBound * 1000) % 1000 + 50) + " --> "
                + String(format: "00:00:01,%03d", Int(media.damn.lowerBound * 1000) % 1000 + 250) + "\ndamn\n\n3\n"
                + String(format: "00:00:%02d,%03d", Int(after), Int(after * 1000) % 1000) + " --> 00:00:03,000\nfool\n")
                .utf8
        )
        .write(to: workspace.file("talk.srt"))
        try media.ffmpeg([
            "-i", media.speech, "-f", "ffmetadata", "-i", "chapters.txt", "-i", "talk.srt", "-map", "0:a", "-map",
            "2:s",
            "-map_metadata", "1", "-map_chapters", "1", "-c:a", "libopus", "-b:a", "64k", "-c:s", "srt", "talk.mka",
        ])
        let result = try workspace.run([
            "talk.mka", "--transcript", "speech.json", "--word", "damn", "--mode", "cut", "-o", "cut.mka",
            "--report", "report.json",
        ])
        #expect(result.status == 0, "\(result)")
        let report = try JSONDecoder().decode(Report.self, from: workspace.bytes("report.json"))
        #expect(report.sampleRate == 48_000 && report.cuts.count == 1)
        #expect(report.outputFrames == report.frames - report.cuts.reduce(0) { $0 + $1.removedFrames })
        // Within one Opus frame (20 ms).
        let expected = try Self.duration(media, "talk.mka") - report.removed
        let measured = try Self.duration(media, "cut.mka")
        #expect(abs(measured - expected) <= 0.02, "\(measured) s, expected \(expected) s")
        // The chapters' times are on the file's timeline, the report's on the audio's: the first
        // decoded sample plays at the same time in both files.
        let first = try Self.firstSampleTime(media, "talk.mka")
        #expect(abs(try Self.firstSampleTime(media, "cut.mka") - first) < 1e-6)
        let chapters = try Self.chapters(media, "cut.mka")
        #expect(chapters.map(\.2) == ["Opening", "The word", "Closing"])
        for (chapter, start) in zip(chapters, starts) {
            let wanted = first + Self.mapped(start - first, report)
            #expect(abs(chapter.0 - wanted) <= 0.001, "chapter \(chapter.2) at \(chapter.0) s, expected \(wanted) s")
        }
        // The cues: the first where it was, the one inside the removed word gone, the last earlier by what was removed.
        func cueStarts(_ file: String) throws -> [Double] {
            let srt = String(
                decoding: try MediaFixture.run(
                    "/usr/bin/ffmpeg",
                    [
                        "-nostdin", "-v", "error", "-copyts", "-i", workspace.path(file), "-map", "0:s", "-f", "srt",
                        "-",
                    ]), as: UTF8.self)
            return srt.split(separator: "\n").filter { $0.contains(" --> ") }.map { line in
                let f = line.prefix(12).split(whereSeparator: { $0 == ":" || $0 == "," }).map { Double($0)! }
                return f[0] * 3600 + f[1] * 60 + f[2] + f[3] / 1000
            }
        }
        let before = try cueStarts("talk.mka"), cues = try cueStarts("cut.mka")
        #expect(before.count == 3 && cues.count == 2, "\(before) → \(cues)")
        if before.count == 3, cues.count == 2 {
            #expect(abs(cues[0] - before[0]) <= 0.001)
            #expect(abs(cues[1] - (before[2] - report.removed)) <= 0.002, "\(cues[1]) s")
        }
        try Self.expectInStep(media, input: "talk.mka", output: "cut.mka", report: report, rate: 48_000)
    }

    @Test(
        "--mode cut of a video (a picture track, not a cover) into a container is still a usage error, and writes nothing"
    )
    func videoRefused() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let media = try MediaFixture(workspace)
        try media.ffmpeg([
            "-f", "lavfi", "-i", "testsrc=size=64x64:rate=10:duration=\(media.duration)", "-i", media.speech,
            "-map", "0:v", "-map", "1:a", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "talk.mkv",
        ])
        let before = try workspace.contents()
        let result = try workspace.run(["talk.mkv", "--transcript", "speech.json", "--word", "damn", "--mode", "cut"])
        #expect(result.status == 64)
        #expect(
            result.stderr.contains(
                "Error: --mode cut removes audio and shortens the timeline, but 'talk.mkv' is a video"),
            "\(result.stderr)")
        #expect(try workspace.contents() == before)
    }
}
