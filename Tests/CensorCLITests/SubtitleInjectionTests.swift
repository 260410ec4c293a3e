import Foundation
import Testing

/// `--subtitles`: a transcript word holding line breaks, a timing line, `-->`, tags or `&`
/// stays inside its own cue, as ffmpeg's SubRip and WebVTT readers and Chromium's TextTrack
/// read the file back.
@Suite struct SubtitleInjectionTests {
    /// Three words, the middle one hostile: a blank line, a cue number and a timing line, then
    /// a cue of its own, an arrow and markup.
    static let transcript = #"""
        {"segments": [{"start": 0.1, "end": 1.9, "text": "x", "words": [
        {"word": " Well", "start": 0.1, "end": 0.4},
        {"word": " damn\r\n\r\n9\n00:00:00,000 --> 00:00:09,000\nINJECTED\u2028<b>bold</b> &amp; a-->b\u0007", "start": 0.5, "end": 0.8},
        {"word": " works.", "start": 1.6, "end": 1.9}]}]}
        """#

    @Test(
        "hostile words stay in their cue: ffmpeg reads back as many cues as censor wrote, with the words on one line",
        arguments: ["srt", "vtt"])
    func hostileWords(format: String) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Data(Self.transcript.utf8).write(to: workspace.file("hostile.json"))
        let result = try workspace.run([
            "talk.wav", "--transcript", "hostile.json", "--word", "crap", "-o", "out.wav",
            "--subtitles", "out.\(format)", "-q",
        ])
        #expect(result.status == 0, "\(result)")
        let written = String(decoding: try workspace.bytes("out.\(format)"), as: UTF8.self)
        // "Well", the hostile word (longer than a cue's 40 characters, so a cue of its own), "works.".
        #expect(written.components(separatedBy: " --> ").count - 1 == 3, "\(written)")
        let read = try workspace.shell("ffmpeg -v error -i out.\(format) -f srt -")
        #expect(read.status == 0, "\(read)")
        let cues = read.stdout.components(separatedBy: "\n\n").filter {
            !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        }
        #expect(cues.count == 3, "\(read.stdout)")
        let first = cues.dropFirst().first?.split(separator: "\n").map(String.init) ?? []
        #expect(first.count == 3, "number, timing, one line of text: \(first)")
        #expect(first.first == "2" && first.dropFirst().first == "00:00:00,500 --> 00:00:00,800", "\(first)")
        #expect(first.last?.contains("INJECTED") == true && first.last?.contains("00:00:09,000") == true, "\(first)")
        if format == "vtt" {
            #expect(written.contains("&lt;b&gt;bold&lt;/b&gt; &amp;amp; a--&gt;b"), "\(written)")
            #expect(first.last?.contains("<b>bold</b> &amp; a-->b") == true, "the markup read back as text: \(first)")
        } else {
            #expect(written.contains("a-- >b"), "\(written)")
        }
        #expect(!written.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x2028 })
    }

    /// A page that plays nothing and loads `vtt` (the file's text) as a `<track>` of a video
    /// element, through a Blob URL (a page opened from a file may not load another file).
    static func trackPage(_ vtt: String) throws -> String {
        let text = String(decoding: try JSONEncoder().encode(vtt), as: UTF8.self).replacingOccurrences(
            of: "<", with: "\\u003c")
        return """
            <!DOCTYPE html><html><body><video id="video"></video><script>
            const track = document.createElement("track");
            track.kind = "subtitles";
            track.default = true;
            track.src = URL.createObjectURL(new Blob([\(text)], { type: "text/vtt" }));
            document.getElementById("video").append(track);
            </script></body></html>
            """
    }

    /// Waits for the track to load or fail, and reads every cue Chromium parsed.
    static let trackProbe = """
        (async () => {
          const element = document.querySelector("track");
          element.track.mode = "hidden";
          if (element.readyState < 2) await new Promise((resolve) => {
            element.addEventListener("load", resolve, { once: true });
            element.addEventListener("error", resolve, { once: true });
          });
          return { state: element.readyState, cues: [...element.track.cues].map((cue) => {
            const html = cue.getCueAsHTML();
            return { start: cue.startTime, end: cue.endTime, text: html.textContent, elements: html.querySelectorAll("*").length };
          }) };
        })();
        """

    @Test(
        "hostile words stay in their cue as Chromium's TextTrack reads the .vtt: three cues, their times, the markup as text"
    )
    func chromiumTextTrack() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Data(Self.transcript.utf8).write(to: workspace.file("hostile.json"))
        let result = try workspace.run([
            "talk.wav", "--transcript", "hostile.json", "--word", "crap", "-o", "out.wav",
            "--subtitles", "out.vtt", "-q",
        ])
        #expect(result.status == 0, "\(result)")
        let vtt = String(decoding: try workspace.bytes("out.vtt"), as: UTF8.self)
        try Data(try Self.trackPage(vtt).utf8).write(to: workspace.file("track.html"))
        try Data(Self.trackProbe.utf8).write(to: workspace.file("probe.js"))
        let spec = ["pages": [["page": workspace.path("track.html"), "probe": workspace.path("probe.js")]]]
        try JSONSerialization.data(withJSONObject: spec).write(to: workspace.file("spec.json"))
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let browser = try CensorCommand.run(
            program: URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", root.appendingPathComponent("scripts/review-browser.py").path, workspace.path("spec.json")],
            in: workspace.url)
        try #require(browser.status == 0, "\(browser)")
        struct Cue: Decodable { var start: Double; var end: Double; var text: String; var elements: Int }
        struct Probe: Decodable { var state: Int; var cues: [Cue] }
        struct Page: Decodable { var probe: Probe; var errors: [String] }
        struct Output: Decodable { var pages: [Page] }
        let page = try JSONDecoder().decode(Output.self, from: Data(browser.stdout.utf8)).pages[0]
        #expect(page.errors == [])
        // HTMLTrackElement.LOADED
        #expect(page.probe.state == 2)
        let cues = page.probe.cues
        #expect(
            cues.map(\.text) == [
                "Well", "damn 9 00:00:00,000 --> 00:00:09,000 INJECTED <b>bold</b> &amp; a-->b", "works.",
            ])
        #expect(cues.map(\.start) == [0.1, 0.5, 1.6])
        #expect(cues.map(\.end) == [0.4, 0.8, 1.9])
        #expect(cues.map(\.elements) == [0, 0, 0], "no markup became an element")
    }
}
