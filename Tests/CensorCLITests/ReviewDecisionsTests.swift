import Foundation
import Testing

/// The review page's decisions and `censor --decisions`: a reviewer's edits made in headless
/// Chromium (`scripts/review-decisions-probe.js`), exported, applied by a second run, and
/// measured in the output's frames; and the errors bad decisions files get.
///
/// The recording is ``ReviewPageBrowserTests``'s (a 440 Hz tone at half scale in 0.5–1.5 s and
/// 6.5–7.5 s, 22 050 Hz), censored with `--mode mute`: "damn," and "crap".
@Suite struct ReviewDecisionsTests {
    /// Frames one widen or nudge click moves an edge at 22 050 Hz: 10 ms, 220.5 taken to 221.
    static let step = 221

    struct Span: Decodable, Equatable {
        var text: String
        var startFrame: Int
        var endFrame: Int
        var fadeStartFrame: Int
        var fadeEndFrame: Int
    }

    struct ReportFile: Decodable {
        var sampleRate: Int
        var frames: Int
        var spans: [Span]
    }

    struct Probe: Decodable {
        var name: String?
        var file: String?
        var decisions: [String]
        var times: [String]
        var dropped: [Bool]
        var status: String
    }

    struct Trip: Sendable {
        var first: ReportFile
        var decided: ReportFile
        var probe: Probe
        var input: [Int16]
        var output: [Int16]
        var run: String
    }

    static let trip: Result<Trip, any Error> = Result { try makeTrip() }

    static func makeTrip() throws -> Trip {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let samples = ReviewPageBrowserTests.samples()
        try WAVFile.pcm16(samples: samples, channels: 1, sampleRate: ReviewPageBrowserTests.rate).write(
            to: workspace.file("talk.wav"))
        try Data(ReviewPageBrowserTests.transcript.utf8).write(to: workspace.file("talk.json"))
        try Data("damn|darn\ncrap\n".utf8).write(to: workspace.file("words.txt"))
        let common = ["talk.wav", "--transcript", "talk.json", "--words", "words.txt", "--mode", "mute"]
        let first = try workspace.run(
            common + ["-o", "talk.censored.wav", "--report", "first.json", "--review", "review.html"])
        guard first.status == 0 else { throw ReviewPageBrowserTests.Failure(description: "censor: \(first)") }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let spec = [
            "pages": [
                [
                    "page": workspace.path("review.html"),
                    "probe": root.appendingPathComponent("scripts/review-decisions-probe.js").path,
                ]
            ]
        ]
        try JSONSerialization.data(withJSONObject: spec).write(to: workspace.file("spec.json"))
        let browser = try CensorCommand.run(
            program: URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", root.appendingPathComponent("scripts/review-browser.py").path, workspace.path("spec.json")],
            in: workspace.url)
        guard browser.status == 0 else {
            throw ReviewPageBrowserTests.Failure(description: "review-browser.py: \(browser)")
        }
        struct Page: Decodable { var probe: Probe; var errors: [String] }
        struct Output: Decodable { var pages: [Page] }
        let page = try JSONDecoder().decode(Output.self, from: Data(browser.stdout.utf8)).pages[0]
        guard page.errors.isEmpty else {
            throw ReviewPageBrowserTests.Failure(description: "page errors: \(page.errors)")
        }
        try Data((page.probe.file ?? "").utf8).write(to: workspace.file("talk.decisions.json"))
        let second = try workspace.run(
            common + ["--decisions", "talk.decisions.json", "-o", "decided.wav", "--report", "decided.json"])
        let decoder = JSONDecoder()
        let output = second.status == 0 ? try WAVFile(contentsOf: workspace.file("decided.wav")).data : Data()
        return Trip(
            first: try decoder.decode(ReportFile.self, from: workspace.bytes("first.json")),
            decided: second.status == 0
                ? try decoder.decode(ReportFile.self, from: workspace.bytes("decided.json"))
                : ReportFile(sampleRate: 0, frames: 0, spans: []),
            probe: page.probe, input: samples,
            output: output.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }, run: "\(second)")
    }

    /// The cores the probe's clicks decide: "damn," widened twice and nudged later, "this"
    /// (word 4, 6.55–6.8 s, uncensored by the list) added and nudged earlier; "crap" dropped.
    static func expectedCores(_ first: ReportFile) -> [(text: String, core: Range<Int>)] {
        let damn = first.spans[0]
        let rate = Double(first.sampleRate)
        let this = ReviewPageBrowserTests.words[4]
        let added = Int((this.1 * rate).rounded(.down)) - step..<Int((this.2 * rate).rounded(.up)) - step
        return [("damn,", damn.startFrame - 2 * step + step..<damn.endFrame + 2 * step + step), ("this", added)]
    }

    @Test("the page exports what the reviewer did: a widened-and-nudged edit, a dropped one, an added word, in frames")
    func pageExports() throws {
        let trip = try Self.trip.get()
        #expect(trip.probe.name == "talk.decisions.json")
        #expect(trip.probe.decisions == ["widen", "drop", "add"])
        #expect(trip.probe.dropped == [false, true, false])
        let data = Data(try #require(trip.probe.file).utf8)
        let file = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(file["format"] as? String == "censor-decisions")
        #expect(file["version"] as? Int == 1)
        #expect(file["input"] as? String == "talk.wav")
        #expect(file["sampleRate"] as? Int == trip.first.sampleRate)
        #expect(file["frames"] as? Int == trip.first.frames)
        let edits = try #require(file["edits"] as? [[String: Any]])
        let cores = Self.expectedCores(trip.first)
        #expect(edits.map { $0["decision"] as? String } == ["widen", "add", "drop"])
        #expect(
            edits.map { $0["startFrame"] as? Int } == [
                cores[0].core.lowerBound, cores[1].core.lowerBound,
                trip.first.spans[1].startFrame,
            ])
        #expect(
            edits.map { $0["endFrame"] as? Int } == [
                cores[0].core.upperBound, cores[1].core.upperBound,
                trip.first.spans[1].endFrame,
            ])
        #expect(edits.map { $0["text"] as? String } == ["damn,", "this", "crap"])
        #expect(edits.map { $0["pattern"] as? String } == ["damn", nil, "crap"])
        #expect(edits.map { $0["words"] as? [Int] } == [[1, 2], [4, 5], [5, 6]])
    }

    @Test(
        "--decisions censors exactly the decided cores: the report's frames, silence inside, the input's samples outside every fade"
    )
    func appliedExactly() throws {
        let trip = try Self.trip.get()
        try #require(trip.decided.spans.count == 2, "\(trip.run)")
        let cores = Self.expectedCores(trip.first)
        #expect(trip.decided.spans.map(\.text) == cores.map(\.text))
        #expect(trip.decided.spans.map { $0.startFrame..<$0.endFrame } == cores.map(\.core))
        #expect(trip.output.count == trip.input.count)
        for span in trip.decided.spans {
            #expect(trip.output[span.startFrame..<span.endFrame].allSatisfy { $0 == 0 }, "\(span.text) muted")
            // Inside a burst, so silence there is the edit's, not the recording's.
            #expect(trip.input[span.startFrame..<span.endFrame].contains { abs($0) > 10_000 }, "\(span.text) in a tone")
        }
        var untouched = [Bool](repeating: true, count: trip.input.count)
        for span in trip.decided.spans {
            for frame in span.fadeStartFrame..<span.fadeEndFrame { untouched[frame] = false }
        }
        let changed = untouched.indices.filter { untouched[$0] && trip.input[$0] != trip.output[$0] }
        #expect(
            changed.isEmpty, "\(changed.count) frames changed outside the decided edits, first \(changed.first ?? -1)")
        // The dropped "crap" plays as recorded, but where the added "this" (just before it) reaches.
        let crap = trip.first.spans[1]
        let free = (crap.startFrame..<crap.endFrame).filter { untouched[$0] }
        #expect(free.count > (crap.endFrame - crap.startFrame) / 2, "\(free.count) of crap's frames outside the edits")
        #expect(free.allSatisfy { trip.output[$0] == trip.input[$0] })
    }

    static let header =
        #"{"format": "censor-decisions", "version": 1, "input": "talk.wav", "sampleRate": 22050, "frames": 176400, "edits": "#

    @Test(
        "a bad decisions file: an error naming the file and the place, exit 1, no output",
        arguments: [
            ("{", "decisions 'd.json': not JSON"),
            (header + "[]}", nil),
            (
                #"{"format": "censor-decisions", "version": 2, "input": "talk.wav", "sampleRate": 22050, "frames": 176400, "edits": []}"#,
                "decisions 'd.json', version: this censor reads version 1, found 2"
            ),
            (
                #"{"format": "edl", "version": 1, "input": "talk.wav", "sampleRate": 22050, "frames": 176400, "edits": []}"#,
                #"decisions 'd.json', format: expected "censor-decisions", found "edl""#
            ),
            (
                header + #"[{"decision": "keep", "startFrame": 100, "text": "x"}]}"#,
                "decisions 'd.json', edits[0].endFrame: missing"
            ),
            (
                header + #"[{"decision": "keep", "startFrame": "1", "endFrame": 9, "text": "x"}]}"#,
                "decisions 'd.json', edits[0].startFrame: expected a whole number"
            ),
            (
                header
                    + #"[{"decision": "keep", "startFrame": 1, "endFrame": 9, "text": "x"}, {"decision": "maybe", "startFrame": 1, "endFrame": 9, "text": "x"}]}"#,
                "decisions 'd.json', edits[1].decision: expected one of keep, drop, widen, nudge, add"
            ),
            (
                header + #"[{"decision": "keep", "startFrame": 100, "endFrame": 50, "text": "x"}]}"#,
                "decisions 'd.json', edits[0].endFrame: expected a frame after startFrame (100) and at most 176400, found 50"
            ),
            (
                header + #"[{"decision": "add", "startFrame": 176400, "endFrame": 176401, "text": "x"}]}"#,
                "decisions 'd.json', edits[0].startFrame: expected a frame from 0 to 176399, found 176400"
            ),
            (
                #"{"format": "censor-decisions", "version": 1, "input": "talk.wav", "sampleRate": 44100, "frames": 352800, "edits": []}"#,
                "decisions 'd.json', sampleRate: the decisions are in frames at 44100 Hz, but 'talk.wav' is 22050 Hz: they were made on another file"
            ),
            (
                #"{"format": "censor-decisions", "version": 1, "input": "talk.wav", "sampleRate": 22050, "frames": 176399, "edits": []}"#,
                "decisions 'd.json', frames: the decisions were made on 176399 frames, but 'talk.wav' has 176400: they were made on another file"
            ),
        ] as [(String, String?)])
    func badFiles(content: String, message: String?) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try WAVFile.pcm16(
            samples: ReviewPageBrowserTests.samples(), channels: 1, sampleRate: ReviewPageBrowserTests.rate
        )
        .write(to: workspace.file("talk.wav"))
        try Data(ReviewPageBrowserTests.transcript.utf8).write(to: workspace.file("talk.json"))
        try Data(content.utf8).write(to: workspace.file("d.json"))
        let before = try workspace.contents()
        let result = try workspace.run([
            "talk.wav", "--transcript", "talk.json", "--word", "crap", "--decisions", "d.json",
            "-o", "out.wav", "--report", "r.json",
        ])
        guard let message else {
            // The control: the same header with an empty edit list is a valid file, applied (nothing censored).
            #expect(result.status == 0, "\(result)")
            #expect(workspace.exists("out.wav"))
            return
        }
        #expect(result.status == 1, "\(result)")
        #expect(result.stderrLines.first == "Error: " + message)
        #expect(try workspace.contents() == before)
    }

    @Test("--decisions takes one input")
    func oneInput() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try workspace.run(["a.wav", "b.wav", "--decisions", "d.json"])
        #expect(result.status == 64)
        #expect(result.stderrLines.first == "Error: --decisions takes one input, but 2 were given")
    }
}
