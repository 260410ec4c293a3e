import Foundation
import Testing

/// `censor --review` pages as a reviewer sees them: opened in headless Chromium (one launch for
/// the whole suite, through `scripts/review-browser.py`), driven by `scripts/review-probe.js`
/// (clicks, keys, the subtitle switch) and checked through the DOM against the run's report.
///
/// The recording: 8 s of 22 050 Hz mono, a 440 Hz tone at half scale in 0.5–1.5 s and 6.5–7.5 s,
/// digital silence elsewhere; "damn," (listed as `damn|darn`) in the first burst and "crap" in
/// the second are censored with `--mode mute`. Two words are markup and one holds U+2028.
@Suite struct ReviewPageBrowserTests {
    static let rate = 22_050
    static let duration = 8.0
    static let bursts: [Range<Double>] = [0.5..<1.5, 6.5..<7.5]

    /// (text, start, end, probability) as whisper writes them.
    static let words: [(String, Double, Double, Double)] = [
        (" Well,", 0.55, 0.8, 0.9),
        (" damn,", 0.9, 1.2, 0.95),
        (#" <img src=x onerror="document.body.dataset.pwned=1">"#, 1.25, 1.45, 0.3),
        (" quiet", 4.5, 4.8, 0.9),
        (" this", 6.55, 6.8, 0.9),
        (" crap", 6.9, 7.2, 0.9),
        (" </script><script>document.body.dataset.pwned=2</script>", 7.25, 7.45, 0.9),
        (" line\u{2028}break", 7.6, 7.9, 0.9),
    ]

    /// What the subtitles show for each word: its text on one line, or for a censored one its
    /// replacement or its mask (the default grawlix).
    static let subtitleTexts = [
        "Well,", "darn,", words[2].0.trimmingCharacters(in: .whitespaces), "quiet", "this", "c***",
        words[6].0.trimmingCharacters(in: .whitespaces), "line break",
    ]

    static let srt = """
        1
        00:00:00,000 --> 00:00:02,560
           Hello World!

        2
        00:00:02,560 --> 00:00:07,440
           This is how subtitles look like from whisper

        3
        00:00:07,440 --> 00:00:13,160
           42 is the meaning to the life the universe and everything

        """

    static var transcript: String {
        let entries = words.map { text, start, end, probability in
            let json = String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
            return "{\"word\": \(json), \"start\": \(start), \"end\": \(end), \"probability\": \(probability)}"
        }
        return
            "{\"text\": \"\", \"segments\": [{\"id\": 0, \"seek\": 0, \"start\": 0.55, \"end\": 7.9, \"text\": \"\", "
            + "\"words\": [" + entries.joined(separator: ", ") + "]}], \"language\": \"en\"}"
    }

    static func samples() -> [Int16] {
        (0..<Int(duration * Double(rate))).map { frame in
            let t = Double(frame) / Double(rate)
            guard bursts.contains(where: { $0.contains(t) }) else { return 0 }
            return Int16((0.5 * sin(2 * Double.pi * 440 * t) * 32_767).rounded())
        }
    }

    // MARK: - One run, one browser

    struct ReportFile: Decodable {
        struct Span: Decodable {
            var text: String
            var pattern: String
            var start: Double
            var end: Double
            var refinedStart: Double
            var refinedEnd: Double
            var startFrame: Int
            var endFrame: Int
            var fadeStartFrame: Int
            var fadeEndFrame: Int
        }
        var sampleRate: Int
        var spans: [Span]
    }

    struct Position: Decodable {
        var target: Double
        var side: String
        var edit: Int?
        var original: Double
        var censored: Double
    }

    struct Probe: Decodable {
        struct Edit: Decodable {
            var start: Double
            var end: Double
            var time: String
            var words: String
            var notes: [String]
            var pattern: String
            var startMoved: String
            var endMoved: String
            var revisit: Bool
        }
        struct Word: Decodable {
            var text: String
            var censored: Bool
            var shownAs: String?
            var estimated: Bool
            var dubious: Bool
            var title: String
        }
        struct Subtitle: Decodable {
            var at: Double
            var style: String
            var text: String
            var now: String?
            /// The index of the transcript word highlighted as current, or -1.
            var current: Int
        }
        struct Markup: Decodable {
            var images: Int
            var scripts: Int
            var pwned: String?
        }
        var audioErrors: [Int]
        var durations: [Double?]
        var edits: [Edit]
        var words: [Word]
        var clicks: [Position]
        var statuses: [String]
        var ab: [Position]
        var steps: [Position]
        var subtitles: [String: [Subtitle]]
        var markup: Markup
    }

    struct Shot: Decodable {
        var width: Int
        var height: Int
        /// The PNG's size.
        var bytes: Int
        /// Dark pixels per column in the upper and lower half, for an analyzed shot.
        var top: [Int]?
        var bottom: [Int]?
    }

    struct Page: Decodable {
        var probe: Probe
        var errors: [String]
        var shots: [Shot]
    }

    struct Session: Sendable {
        var report: ReportFile
        var referenced: Page
        var embedded: Page
        /// The demo's page (Examples/talk.wav).
        var demo: Page
        /// A page over a subtitle transcript, whose word times are all estimated.
        var subtitled: Page
        /// The referenced page's cues, as its data holds them, and the cues of `--subtitles`
        /// from the same run: (start, end, text).
        var pageCues: [Cue]
        var srtCues: [Cue]
    }

    struct Cue: Equatable, Sendable {
        var start: Double
        var end: Double
        var text: String
    }

    /// The cues of a review page's data.
    static func pageCues(_ html: String) throws -> [Cue] {
        struct Data_: Decodable {
            struct Cue_: Decodable {
                struct Part: Decodable { var text: String }
                var start: Double
                var end: Double
                var words: [Part]
            }
            var cues: [Cue_]
        }
        let open = #"<script type="application/json" id="review-data">"#
        let json = html.components(separatedBy: open).last?.components(separatedBy: "</script>").first ?? ""
        return try JSONDecoder().decode(Data_.self, from: Data(json.utf8)).cues.map {
            Cue(start: $0.start, end: $0.end, text: $0.words.map(\.text).joined(separator: " "))
        }
    }

    /// The cues of a SubRip file.
    static func srtCues(_ srt: String) -> [Cue] {
        func seconds(_ text: Substring) -> Double {
            let parts = text.split(whereSeparator: { $0 == ":" || $0 == "," }).compactMap { Double($0) }
            return parts.count == 4 ? parts[0] * 3600 + parts[1] * 60 + parts[2] + parts[3] / 1000 : -1
        }
        return srt.components(separatedBy: "\n\n").compactMap { block in
            let lines = block.split(separator: "\n", omittingEmptySubsequences: false)
            guard lines.count >= 3, let arrow = lines[1].range(of: " --> ") else { return nil }
            return Cue(
                start: seconds(lines[1][..<arrow.lowerBound]), end: seconds(lines[1][arrow.upperBound...]),
                text: lines[2...].filter { !$0.isEmpty }.joined(separator: " "))
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The censor runs and the one browser launch every test reads.
    static let session: Result<Session, any Error> = Result { try makeSession() }

    static func makeSession() throws -> Session {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try WAVFile.pcm16(samples: samples(), channels: 1, sampleRate: rate).write(to: workspace.file("talk.wav"))
        try Data(transcript.utf8).write(to: workspace.file("talk.json"))
        try Data("damn|darn\ncrap\n".utf8).write(to: workspace.file("words.txt"))
        try FileManager.default.createDirectory(at: workspace.file("pages"), withIntermediateDirectories: true)
        let common = ["talk.wav", "--transcript", "talk.json", "--words", "words.txt", "--mode", "mute"]
        for arguments in [
            common + [
                "-o", "talk.censored.wav", "--report", "report.json", "--review", "pages/review.html",
                "--subtitles", "talk.srt",
            ],
            common + ["-o", "other.censored.wav", "--review", "pages/embedded.html", "--review-embed"],
        ] {
            let run = try workspace.run(arguments)
            guard run.status == 0 else { throw Failure(description: "censor \(arguments): \(run)") }
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let probe = root.appendingPathComponent("scripts/review-probe.js").path
        var pages: [[String: Any]] = [
            [
                "page": workspace.path("pages/review.html"), "probe": probe,
                "shots": [["selector": "#overview", "analyze": true]],
            ],
            ["page": workspace.path("pages/embedded.html"), "probe": probe],
        ]
        // The demo's page, whose screenshot is the README's (make review-screenshot saves it).
        let examples = root.appendingPathComponent("Examples")
        try FileManager.default.createDirectory(at: workspace.file("demo"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: examples.appendingPathComponent("talk.wav"), to: workspace.file("demo/talk.wav"))
        let demo = try workspace.run([
            "demo/talk.wav", "--transcript", examples.appendingPathComponent("talk.json").path,
            "--words", examples.appendingPathComponent("words.txt").path, "--review", "demo/review.html",
        ])
        guard demo.status == 0 else { throw Failure(description: "censor (demo): \(demo)") }
        let screenshot = ProcessInfo.processInfo.environment["CENSOR_REVIEW_SCREENSHOT"].flatMap {
            $0.isEmpty ? nil : $0
        }
        pages.append([
            "page": workspace.path("demo/review.html"), "probe": probe,
            "shots": [
                ["selector": "header, #player, #waveforms", "path": screenshot ?? workspace.path("demo/review.png")]
            ],
        ])
        // Subtitles without word times: the first three cues of a whisper SRT published in
        // CCExtractor/video2srt (src/lib/subtitle_conversions/test_data.ts), over 14 s of silence.
        try WAVFile.pcm16(samples: [Int16](repeating: 0, count: 14 * 8_000), channels: 1, sampleRate: 8_000)
            .write(to: workspace.file("subtitled.wav"))
        try Data(Self.srt.utf8).write(to: workspace.file("subtitled.srt"))
        let subtitled = try workspace.run([
            "subtitled.wav", "--transcript", "subtitled.srt", "--word", "whisper",
            "--word", "universe", "--review", "subtitled.html",
        ])
        guard subtitled.status == 0 else { throw Failure(description: "censor (subtitled): \(subtitled)") }
        pages.append(["page": workspace.path("subtitled.html"), "probe": probe])
        try JSONSerialization.data(withJSONObject: ["pages": pages]).write(to: workspace.file("spec.json"))
        let browser = try CensorCommand.run(
            program: URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", root.appendingPathComponent("scripts/review-browser.py").path, workspace.path("spec.json")],
            in: workspace.url)
        guard browser.status == 0 else { throw Failure(description: "review-browser.py: \(browser)") }
        struct Output: Decodable { var pages: [Page] }
        let output = try JSONDecoder().decode(Output.self, from: Data(browser.stdout.utf8))
        let report = try JSONDecoder().decode(ReportFile.self, from: workspace.bytes("report.json"))
        return Session(
            report: report, referenced: output.pages[0], embedded: output.pages[1],
            demo: output.pages[2], subtitled: output.pages[3],
            pageCues: try pageCues(String(decoding: try workspace.bytes("pages/review.html"), as: UTF8.self)),
            srtCues: srtCues(String(decoding: try workspace.bytes("talk.srt"), as: UTF8.self)))
    }

    /// `seconds` as the page writes an edit's times: `m:ss.mmm`.
    static func precise(_ seconds: Double) -> String {
        let whole = Int(seconds)
        return "\(whole / 60):" + String(format: "%02d", whole % 60)
            + String(format: "%.3f", seconds - Double(whole)).dropFirst()
    }

    /// A refinement shift as the page writes it: `+12 ms`, `−5 ms`, `0 ms`.
    static func moved(_ delta: Double) -> String {
        let ms = Int((delta * 1000).rounded())
        return (ms > 0 ? "+" : ms < 0 ? "\u{2212}" : "") + "\(abs(ms)) ms"
    }

    static func microseconds(_ value: Double) -> Double { (value * 1_000_000).rounded() / 1_000_000 }

    // MARK: - Tests

    @Test("the page loads its audio by relative path and runs without a script error")
    func loads() throws {
        let page = try Self.session.get().referenced
        #expect(page.errors == [])
        #expect(page.probe.audioErrors == [0, 0])
        #expect(page.probe.durations == [Self.duration, Self.duration])
    }

    @Test("every span appears in the table with its core's times, words, list entry and refinement shifts")
    func everySpan() throws {
        let session = try Self.session.get()
        let rate = Double(session.report.sampleRate)
        let rows = session.referenced.probe.edits
        try #require(session.report.spans.count == 2)
        try #require(rows.count == session.report.spans.count)
        for (row, span) in zip(rows, session.report.spans) {
            let start = Self.microseconds(Double(span.startFrame) / rate)
            let end = Self.microseconds(Double(span.endFrame) / rate)
            #expect(row.start == start)
            #expect(row.end == end)
            #expect(row.time == Self.precise(start) + "\u{2013}" + Self.precise(end))
            #expect(row.words == span.text)
            #expect(row.pattern == span.pattern)
            #expect(row.startMoved == Self.moved(span.refinedStart - span.start))
            #expect(row.endMoved == Self.moved(span.refinedEnd - span.end))
            #expect(row.revisit)
        }
        #expect(rows.map(\.words) == ["damn,", "crap"])
    }

    @Test("the transcript marks the censored words with their replacement and flags low confidence")
    func transcriptMarks() throws {
        let words = try Self.session.get().referenced.probe.words
        #expect(words.map(\.text) == Self.words.map { $0.0.trimmingCharacters(in: .whitespaces) })
        #expect(words.map(\.censored) == [false, true, false, false, false, true, false, false])
        #expect(words[1].shownAs == "\u{2192} darn,")
        #expect(words[5].shownAs == "\u{2192} c***")
        #expect(words.map(\.dubious) == Self.words.map { $0.3 < 0.5 })
        #expect(words[2].title == "0:01.3\u{2013}0:01.5; confidence 0.30")
    }

    @Test("clicking a word seeks both players to a second before it")
    func clickSeeks() throws {
        let clicks = try Self.session.get().referenced.probe.clicks
        try #require(clicks.count == Self.words.count)
        for (click, word) in zip(clicks, Self.words) {
            let expected = max(0, word.1 - 1)
            #expect(abs(click.target - expected) < 1e-9, "\(word.0)")
            #expect(abs(click.censored - expected) < 1e-3, "\(word.0)")
            #expect(abs(click.original - expected) < 1e-3, "\(word.0)")
            #expect(click.side == "censored")
        }
    }

    @Test("the A/B switch changes the side heard and keeps the position")
    func abKeepsPosition() throws {
        let ab = try Self.session.get().referenced.probe.ab
        try #require(ab.count == 3)
        #expect(ab.map(\.side) == ["censored", "original", "censored"])
        let position = Self.words.last!.1 - 1
        for state in ab {
            #expect(abs(state.target - position) < 1e-9)
            #expect(abs(state.original - position) < 1e-3)
            #expect(abs(state.censored - position) < 1e-3)
        }
    }

    @Test("the next and previous edit keys play each edit from a second before its fade")
    func editKeys() throws {
        let session = try Self.session.get()
        let rate = Double(session.report.sampleRate)
        let starts = session.report.spans.map { max(0, Self.microseconds(Double($0.fadeStartFrame) / rate) - 1) }
        let steps = session.referenced.probe.steps
        #expect(steps.map(\.edit) == [0, 1, 0])
        #expect(zip(steps.map(\.target), [starts[0], starts[1], starts[0]]).allSatisfy { abs($0 - $1) < 1e-9 })
    }

    @Test(
        "the subtitle styles switch: one word, cues of at most 40 characters, karaoke with the word highlighted; the transcript highlights the current word"
    )
    func subtitleStyles() throws {
        let subtitles = try Self.session.get().referenced.probe.subtitles
        let expected = Self.subtitleTexts
        let word = try #require(subtitles["word"])
        let cue = try #require(subtitles["cue"])
        let karaoke = try #require(subtitles["karaoke"])
        for (index, (start, end)) in Self.words.map({ ($0.1, $0.2) }).enumerated() {
            for shown in [word[index], cue[index], karaoke[index]] { #expect(shown.at > start && shown.at < end) }
            #expect(word[index].style == "word" && cue[index].style == "cue" && karaoke[index].style == "karaoke")
            #expect(word[index].text == expected[index])
            #expect(word[index].now == nil && cue[index].now == nil)
            #expect(cue[index].text.contains(expected[index]))
            #expect(cue[index].text.count <= 40 || cue[index].text == expected[index], "\(cue[index].text)")
            #expect(karaoke[index].text == cue[index].text)
            #expect(karaoke[index].now == expected[index])
            #expect(word[index].current == index && cue[index].current == index && karaoke[index].current == index)
        }
        // Cues as --subtitles groups them: split at pauses over 0.5 s and at 40 characters.
        #expect(cue[0].text == "Well, darn,")
        #expect(cue[3].text == "quiet")
        #expect(cue[4].text == "this c***")
    }

    @Test("the page's cues are the ones --subtitles writes in the same run: texts, and times to the millisecond")
    func cuesAsSubtitles() throws {
        let session = try Self.session.get()
        try #require(session.srtCues.count == 6)
        #expect(session.pageCues.map(\.text) == session.srtCues.map(\.text))
        for (page, srt) in zip(session.pageCues, session.srtCues) {
            #expect(abs(page.start - srt.start) <= 0.0005 && abs(page.end - srt.end) <= 0.0005, "\(page) vs \(srt)")
        }
    }

    @Test("subtitles never show a censored word's own text, in any style")
    func subtitlesMasked() throws {
        let subtitles = try Self.session.get().referenced.probe.subtitles
        #expect(subtitles.count == 3)
        for (style, shown) in subtitles {
            for sample in shown {
                #expect(
                    !sample.text.lowercased().contains("damn") && !sample.text.lowercased().contains("crap"), "\(style)"
                )
            }
        }
    }

    @Test("transcript text that looks like markup stays text: no element, no script run")
    func markupStaysText() throws {
        let probe = try Self.session.get().referenced.probe
        #expect(probe.markup.images == 0)
        #expect(probe.markup.scripts == 2)
        #expect(probe.markup.pwned == nil)
        #expect(probe.words[2].text == #"<img src=x onerror="document.body.dataset.pwned=1">"#)
        #expect(probe.words[6].text == "</script><script>document.body.dataset.pwned=2</script>")
    }

    @Test("the whole-file waveform is drawn where there is audio, flat where it is silent or muted")
    func waveformDrawn() throws {
        let session = try Self.session.get()
        let shot = try #require(session.referenced.shots.first)
        let top = try #require(shot.top), bottom = try #require(shot.bottom)
        #expect(shot.height == 160)
        // The canvas inside its 1 px border; lanes of 79 px: a half-scale tone is ~40 px tall.
        let column = { (t: Double) in 1 + Int(t / Self.duration * Double(shot.width - 2)) }
        let rate = Double(session.report.sampleRate)
        for t in [0.6, 6.6] {
            #expect(top[column(t)] >= 30 && bottom[column(t)] >= 30, "tone at \(t) s")
        }
        for t in [3.0, 5.5] {
            #expect(top[column(t)] <= 2 && bottom[column(t)] <= 2, "silence at \(t) s")
        }
        for span in session.report.spans {
            let middle = Double(span.startFrame + span.endFrame) / 2 / rate
            #expect(top[column(middle)] >= 30, "original under '\(span.text)'")
            #expect(bottom[column(middle)] <= 2, "muted '\(span.text)'")
        }
    }

    @Test("the demo's page runs without errors, masks every censored word, and its screenshot stays under 100 KB")
    func demoScreenshot() throws {
        let demo = try Self.session.get().demo
        #expect(demo.errors == [])
        #expect(demo.probe.audioErrors == [0, 0])
        let shot = try #require(demo.shots.first)
        #expect(shot.width == 968)
        #expect(shot.bytes < 100_000)
        #expect(demo.probe.edits.map(\.words) == ["damn,", "hell", "crap,", "piece of crap."])
        for (style, shown) in demo.probe.subtitles {
            for sample in shown {
                for censored in ["damn", "hell", "crap"] {
                    #expect(!sample.text.lowercased().contains(censored), "\(style)")
                }
            }
        }
    }

    @Test("a subtitle transcript's words are all flagged as estimated, and so are its edits")
    func estimatedTimes() throws {
        let page = try Self.session.get().subtitled
        #expect(page.errors == [])
        #expect(page.probe.words.count == 21)
        #expect(page.probe.words.allSatisfy { $0.estimated })
        #expect(page.probe.words.filter(\.censored).map(\.text) == ["whisper", "universe"])
        #expect(page.probe.edits.map(\.words) == ["whisper", "universe"])
        #expect(page.probe.edits.map(\.notes) == [["(times estimated)"], ["(times estimated)"]])
        for (style, shown) in page.probe.subtitles {
            for sample in shown {
                #expect(
                    !sample.text.contains("whisper") && !sample.text.contains("universe"), "\(style): \(sample.text)")
            }
        }
    }

    @Test("with --review-embed the page plays Ogg excerpts around the edits, at the file's times")
    func embeddedExcerpts() throws {
        let session = try Self.session.get()
        let page = session.embedded
        #expect(page.errors == [])
        #expect(page.probe.audioErrors == [0, 0])
        let rate = Double(session.report.sampleRate)
        // One excerpt per edit here (they are 5 s apart): from 2 s before its fade to 2 s after.
        let clipStart = Self.microseconds(max(0, Double(session.report.spans[1].fadeStartFrame) / rate - 2))
        let crap = page.probe.clicks[5]
        #expect(abs(crap.target - 5.9) < 1e-9)
        #expect(abs(crap.censored - (5.9 - clipStart)) < 1e-3)
        #expect(abs(crap.original - (5.9 - clipStart)) < 1e-3)
        // "quiet" (4.5 s) lies in no excerpt: the page says so instead of playing something else.
        #expect(
            page.probe.statuses[3] == "No audio embedded at 0:03.5: the page holds only the audio around each edit.")
        #expect(page.probe.statuses[5] == "")
    }
}
