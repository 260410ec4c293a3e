import Foundation
import Testing

/// `censor --review` of files that go through ffmpeg and of long files, opened in headless
/// Chromium (`scripts/review-browser.py`, driven by `scripts/review-media-probe.js`).
///
/// The media are made by ffmpeg from the recording of ``ReviewPageBrowserTests`` (8 s of a
/// 440 Hz tone at half scale in 0.5–1.5 s and 6.5–7.5 s, silence elsewhere; "damn," and "crap"
/// censored with `--mode mute`): an MP4 with an x264 picture and AAC sound, and an M4A. The long
/// file is 20 minutes of silence under a transcript of three sentences, the first of 100 words
/// with a 2 s pause in its middle.
@Suite struct ReviewMediaBrowserTests {
    static let longDuration = 1200.0

    /// The long transcript's words: a 100-word sentence (a 2 s pause after its 40th word), a
    /// 10-word one, and "Bye." at 1190 s.
    static let longWords: [(String, Double, Double)] = {
        var words: [(String, Double, Double)] = []
        var t = 1.0
        for index in 0..<100 {
            words.append((index == 99 ? "end." : "word\(index)", t, t + 0.3))
            t += index == 39 ? 2.4 : 0.4
        }
        t += 0.2
        for index in 0..<10 {
            words.append((index == 9 ? "damn." : "short\(index)", t, t + 0.3))
            t += 0.4
        }
        words.append(("Bye.", 1190, 1190.4))
        return words
    }()

    struct Side: Decodable {
        var tag: String
        var error: Int
        var duration: Double?
        var width: Int
        var height: Int
        var hidden: Bool
        var onStage: Bool
    }

    struct Ruler: Decodable {
        struct Tick: Decodable {
            var time: Double
            var label: String
            var left: Double
        }
        var step: Double
        var ticks: [Tick]
        var start: Double
        var end: Double
    }

    struct Paragraph: Decodable {
        var words: Int
        var last: String
    }

    struct Probe: Decodable {
        var sides: [[Side]]
        var rulers: [Ruler]
        var paragraphs: [Paragraph]
        var status: String
    }

    struct Page: Decodable {
        var probe: Probe
        var errors: [String]
    }

    /// The page's data, as its script reads it.
    struct PageData: Decodable {
        struct Track: Decodable {
            var path: String?
            var peaks: String
            var video: Bool
        }
        struct Edit: Decodable {
            var startFrame: Int
            var endFrame: Int
        }
        struct Clip: Decodable {
            var start: Double
            var end: Double
            var original: String
            var censored: String?
        }
        var duration: Double
        var sampleRate: Int
        var original: Track
        var censored: Track?
        var edits: [Edit]
        var clips: [Clip]
    }

    struct Session: Sendable {
        var video: Page
        var m4a: Page
        var long: Page
        var videoData: PageData
        var m4aData: PageData
        /// The durations ffprobe gives the MP4 input and output.
        var videoDurations: [Double]
    }

    static let session: Result<Session, any Error> = Result { try makeSession() }

    static func pageData(_ workspace: Workspace, _ name: String) throws -> PageData {
        let html = String(decoding: try workspace.bytes(name), as: UTF8.self)
        let open = #"<script type="application/json" id="review-data">"#
        let json = html.components(separatedBy: open).last?.components(separatedBy: "</script>").first ?? ""
        return try JSONDecoder().decode(PageData.self, from: Data(json.utf8))
    }

    static func makeSession() throws -> Session {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let media = MediaFixture.self
        try WAVFile.pcm16(
            samples: ReviewPageBrowserTests.samples(), channels: 1, sampleRate: ReviewPageBrowserTests.rate
        )
        .write(to: workspace.file("tone.wav"))
        try Data(ReviewPageBrowserTests.transcript.utf8).write(to: workspace.file("talk.json"))
        try Data("damn|darn\ncrap\n".utf8).write(to: workspace.file("words.txt"))
        let ffmpeg = ["-nostdin", "-v", "error", "-y"]
        try media.run(
            "/usr/bin/ffmpeg",
            ffmpeg + [
                "-f", "lavfi", "-i", "testsrc=size=160x120:rate=25:duration=8",
                "-i", "tone.wav", "-c:v", "libx264", "-pix_fmt", "yuv420p",
                "-c:a", "aac", "-b:a", "96k", "talk.mp4",
            ], in: workspace.url)
        try media.run(
            "/usr/bin/ffmpeg", ffmpeg + ["-i", "tone.wav", "-c:a", "aac", "-b:a", "96k", "talk.m4a"], in: workspace.url)
        try FileManager.default.createDirectory(at: workspace.file("pages"), withIntermediateDirectories: true)
        let common = ["--transcript", "talk.json", "--words", "words.txt", "--mode", "mute"]
        for arguments in [
            ["talk.mp4"] + common + ["-o", "talk.censored.mp4", "--review", "pages/video.html"],
            ["talk.m4a"] + common + ["-o", "talk.censored.m4a", "--review", "pages/m4a.html", "--review-embed"],
        ] {
            let run = try workspace.run(arguments)
            guard run.status == 0 else {
                throw ReviewPageBrowserTests.Failure(description: "censor \(arguments): \(run)")
            }
        }
        try WAVFile.pcm16(
            samples: [Int16](repeating: 0, count: Int(longDuration) * 8_000), channels: 1, sampleRate: 8_000
        )
        .write(to: workspace.file("long.wav"))
        let json =
            "["
            + longWords.map { #"{"word": "\#($0.0)", "start": \#($0.1), "end": \#($0.2)}"# }
            .joined(separator: ", ") + "]"
        try Data(json.utf8).write(to: workspace.file("long.json"))
        let long = try workspace.run([
            "long.wav", "--transcript", "long.json", "--word", "damn", "--mode", "mute",
            "--review", "long.html",
        ])
        guard long.status == 0 else { throw ReviewPageBrowserTests.Failure(description: "censor (long): \(long)") }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let probe = root.appendingPathComponent("scripts/review-media-probe.js").path
        let pages = ["pages/video.html", "pages/m4a.html", "long.html"].map {
            ["page": workspace.path($0), "probe": probe]
        }
        try JSONSerialization.data(withJSONObject: ["pages": pages]).write(to: workspace.file("spec.json"))
        let browser = try CensorCommand.run(
            program: URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", root.appendingPathComponent("scripts/review-browser.py").path, workspace.path("spec.json")],
            in: workspace.url)
        guard browser.status == 0 else {
            throw ReviewPageBrowserTests.Failure(description: "review-browser.py: \(browser)")
        }
        struct Output: Decodable { var pages: [Page] }
        let output = try JSONDecoder().decode(Output.self, from: Data(browser.stdout.utf8))
        let durations = try ["talk.mp4", "talk.censored.mp4"].map { name in
            let text = try media.run(
                "/usr/bin/ffprobe",
                [
                    "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0",
                    workspace.path(name),
                ])
            return Double(String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        }
        return Session(
            video: output.pages[0], m4a: output.pages[1], long: output.pages[2],
            videoData: try pageData(workspace, "pages/video.html"), m4aData: try pageData(workspace, "pages/m4a.html"),
            videoDurations: durations)
    }

    /// The waveform's `(min, max)` bytes per bucket.
    static func peaks(_ base64: String) -> [(Int, Int)] {
        let bytes = [UInt8](Data(base64Encoded: base64) ?? Data()).map { Int(Int8(bitPattern: $0)) }
        return stride(from: 0, to: bytes.count - 1, by: 2).map { (bytes[$0], bytes[$0 + 1]) }
    }

    /// The highest |sample| byte of the buckets covering `range` seconds of a `duration`-second waveform.
    static func level(_ peaks: [(Int, Int)], _ range: ClosedRange<Double>, duration: Double) -> Int {
        let first = Int(range.lowerBound / duration * Double(peaks.count))
        let last = min(peaks.count - 1, Int(range.upperBound / duration * Double(peaks.count)))
        return peaks[first...last].map { max(abs($0.0), abs($0.1)) }.max() ?? -1
    }

    // MARK: - Tests

    @Test(
        "a video's page plays the input and output in video elements on the stage, by relative path, the heard side's picture shown"
    )
    func videoPlays() throws {
        let session = try Self.session.get()
        let page = session.video
        #expect(page.errors == [])
        #expect(session.videoData.original.path == "../talk.mp4")
        #expect(session.videoData.censored?.path == "../talk.censored.mp4")
        #expect(session.videoData.original.video && session.videoData.censored?.video == true)
        let before = try #require(page.probe.sides.first), after = try #require(page.probe.sides.last)
        for (side, duration) in zip(before, session.videoDurations) {
            #expect(side.tag == "video" && side.onStage && side.error == 0)
            #expect(side.width == 160 && side.height == 120)
            #expect(
                abs((side.duration ?? 0) - duration) < 0.05, "browser \(side.duration ?? -1) s, ffprobe \(duration) s")
        }
        // Censored heard first; A switches to the original's picture.
        #expect(before.map(\.hidden) == [true, false])
        #expect(after.map(\.hidden) == [false, true])
        #expect(page.probe.status == "")
    }

    @Test(
        "waveforms of MP4 and M4A are decoded through ffmpeg: the tone at half scale, silence flat, the muted cores silent in the output only",
        arguments: [
            "video", "m4a",
        ])
    func mediaWaveforms(kind: String) throws {
        let session = try Self.session.get()
        let data = kind == "video" ? session.videoData : session.m4aData
        #expect(data.sampleRate == ReviewPageBrowserTests.rate)
        // AAC's last frame of 1024 samples may be decoded whole.
        #expect(
            abs(data.duration - ReviewPageBrowserTests.duration) <= 1024.0 / Double(data.sampleRate), "\(data.duration)"
        )
        let original = Self.peaks(data.original.peaks)
        let censored = Self.peaks(try #require(data.censored).peaks)
        #expect(original.count == 3000 && censored.count == 3000)
        // 0.5 × 127 = 64 at half scale; AAC keeps it within a few steps.
        for burst in [0.6...1.4, 6.6...7.4] {
            #expect(abs(Self.level(original, burst, duration: data.duration) - 64) <= 3, "\(burst)")
        }
        for quiet in [2.0...5.5] {
            #expect(Self.level(original, quiet, duration: data.duration) <= 1)
            #expect(Self.level(censored, quiet, duration: data.duration) <= 1)
        }
        try #require(data.edits.count == 2)
        let rate = Double(data.sampleRate)
        for edit in data.edits {
            let core = (Double(edit.startFrame) / rate + 0.02)...(Double(edit.endFrame) / rate - 0.02)
            #expect(abs(Self.level(original, core, duration: data.duration) - 64) <= 3)
            #expect(Self.level(censored, core, duration: data.duration) <= 1, "muted core \(core)")
        }
    }

    @Test("an M4A page with --review-embed holds Ogg excerpts decoded through ffmpeg and plays them")
    func m4aEmbedded() throws {
        let session = try Self.session.get()
        #expect(session.m4a.errors == [])
        #expect(session.m4aData.original.path == nil && !session.m4aData.original.video)
        #expect(session.m4aData.clips.count == 2)
        for clip in session.m4aData.clips {
            #expect(clip.original.hasPrefix("data:audio/ogg;base64,T2dnUw"))
            #expect(clip.censored?.hasPrefix("data:audio/ogg;base64,T2dnUw") == true)
        }
        let sides = try #require(session.m4a.probe.sides.first)
        #expect(sides.map(\.tag) == ["audio", "audio"])
        #expect(sides.map(\.error) == [0, 0])
    }

    @Test("the time ruler labels even times of the shown stretch, and zooming halves it around the play position")
    func rulerAndZoom() throws {
        let page = try Self.session.get().long
        #expect(page.errors == [])
        let rulers = page.probe.rulers
        try #require(rulers.count == 6)
        // (start, end, step) of: the whole file; zoomed in three times at 1189 s (held inside the
        // file's end); zoomed out once; the whole file again.
        let expected: [(Double, Double, Double)] = [
            (0, 1200, 120), (600, 1200, 60), (900, 1200, 30), (1050, 1200, 15),
            (900, 1200, 30), (0, 1200, 120),
        ]
        for (ruler, (start, end, step)) in zip(rulers, expected) {
            #expect(
                ruler.start == start && ruler.end == end && ruler.step == step,
                "\(ruler.start)–\(ruler.end) by \(ruler.step)")
            let times = ruler.ticks.map(\.time)
            #expect(times == Array(stride(from: start, through: end, by: step)))
            for tick in ruler.ticks {
                #expect(abs(tick.left - (tick.time - start) / (end - start) * 100) < 0.001)
                let seconds = Int(tick.time)
                #expect(tick.label == "\(seconds / 60):" + String(format: "%02d", seconds % 60))
            }
        }
    }

    @Test("the transcript's paragraphs end at sentence ends only, however long the sentence or the pause inside it")
    func paragraphsAtSentences() throws {
        let paragraphs = try Self.session.get().long.probe.paragraphs
        #expect(paragraphs.map(\.words) == [100, 10, 1])
        #expect(paragraphs.map(\.last) == ["end.", "damn.", "Bye."])
    }
}
