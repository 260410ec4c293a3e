import Testing

@testable import CensorKit

/// What a cut through ffmpeg moves besides the audio: chapters, SubRip cues, the mux's length
/// and chapter input; and what it refuses.
@Suite struct CutTimelineTests {
    /// A cut of 0.5 s at 1 s, in 1 000 frames per second, as the report gives it: core 1.0–1.4 s,
    /// crossfade 0.1 s, joined at output 0.9 s.
    static func report() -> Report {
        var report = Report(
            input: "in.m4a", output: "out.m4a", sampleRate: 1_000, channels: 1, frames: 5_000, mode: "cut",
            spans: [])
        report.cuts = [Report.Cut(CutPlan.Join(removed: 1_000..<1_400, crossfade: 100, outputFrame: 900))]
        report.outputFrames = 4_500
        return report
    }

    @Test(
        "chapters move through the cut: before it as they were, a boundary in the core to the join, after it 0.5 s earlier; one wholly cut is dropped"
    )
    func chaptersMoved() {
        let report = Self.report()
        let chapters = [
            MediaChapter(start: 0, end: 1.2, tags: ["title": "A"]), MediaChapter(start: 1.2, end: 1.3),
            MediaChapter(start: 1.3, end: 3), MediaChapter(start: 3, end: 5),
        ]
        let moved = MediaChapter.moved(chapters) { report.outputTime($0) }
        #expect(moved.map(\.start) == [0, 0.95, 2.5])
        #expect(moved.map(\.end) == [0.95, 2.5, 4.5])
        #expect(moved[0].tags == ["title": "A"])
    }

    @Test("ffmetadata: microsecond times, tags with = ; # \\ and line ends escaped")
    func ffmetadata() {
        let text = MediaChapter.ffmetadata([MediaChapter(start: 0.95, end: 2.5, tags: ["title": "a=b;c#d\\e\nf"])])
        #expect(
            text
                == ";FFMETADATA1\n[CHAPTER]\nTIMEBASE=1/1000000\nSTART=950000\nEND=2500000\ntitle=a\\=b\\;c\\#d\\\\e\\\nf\n"
        )
    }

    @Test("SubRip cues move through the cut; a cue wholly in the core is dropped with its number; text and CR LF kept")
    func subRipMoved() {
        let report = Self.report()
        let srt =
            "1\r\n00:00:00,500 --> 00:00:00,800\r\nbefore\r\n\r\n2\r\n00:00:01,100 --> 00:00:01,300\r\ngone\r\n\r\n"
            + "3\r\n00:00:02,000 --> 00:00:02,250\r\nafter\r\n"
        let moved = CensoredSubtitles.retimeSubRip(srt) { report.outputTime($0) }
        #expect(
            moved == "1\r\n00:00:00,500 --> 00:00:00,800\r\nbefore\r\n\r\n"
                + "3\r\n00:00:01,500 --> 00:00:01,750\r\nafter\r\n")
    }

    @Test(
        "the mux of a cut stream trims it to the source's length less the frames removed, and takes the chapters from their file"
    )
    func muxOfCut() {
        var replacement = MuxCommandTests.replacement()
        replacement.removedFrames = 44_100
        var command = MuxCommand(
            source: "in.m4a", probe: MediaProbe(formatName: "mov,mp4,m4a", streams: [MuxCommandTests.aac]),
            replacements: [replacement], container: .m4a)
        command.chapters = "chapters.txt"
        let text = command.arguments.joined(separator: " ")
        #expect(text.contains("-filter:0 atrim=end_sample=88200 "), "2 s of 3 at 44.1 kHz: \(text)")
        #expect(text.contains("-i pipe:0 -f ffmetadata -i file:chapters.txt "), "\(text)")
        #expect(text.contains("-map_chapters 2 "), "\(text)")
    }

    @Test(
        "a cut refuses a video and a second audio stream, not a cover picture",
        arguments: [
            (["video"], "is a video"), (["audio"], "has 2 audio streams"), (["cover"], nil),
        ] as [([String], String?)])
    func refusal(others: [String], reason: String?) {
        let streams =
            [MuxCommandTests.aac]
            + others.enumerated().map { index, kind in
                MediaProbe.Stream(
                    index: index + 2, type: kind == "cover" ? "video" : kind, codec: kind == "audio" ? "aac" : "png",
                    startTime: 0, duration: 3, disposition: kind == "cover" ? ["attached_pic"] : [])
            }
        let refusal = Censor.cutRefusal(MediaProbe(formatName: "mov,mp4,m4a", streams: streams))
        #expect(refusal?.hasPrefix(reason ?? "") ?? (reason == nil), "\(refusal ?? "none")")
        #expect((refusal == nil) == (reason == nil))
    }
}
