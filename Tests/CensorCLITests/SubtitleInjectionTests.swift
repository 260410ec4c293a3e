import Foundation
import Testing

/// `--subtitles`: a transcript word holding line breaks, a timing line, `-->`, tags or `&`
/// stays inside its own cue, as ffmpeg's SubRip and WebVTT readers read the file back.
@Suite struct SubtitleInjectionTests {
    /// Three words, the middle one hostile: a blank line, a cue number and a timing line, then
    /// a cue of its own, an arrow and markup.
    static let transcript = #"""
        {"segments": [{"start": 0.1, "end": 1.9, "text": "x", "words": [
        {"word": " Well", "start": 0.1, "end": 0.4},
        {"word": " damn\r\n\r\n9\n00:00:00,000 --> 00:00:09,000\nINJECTED\u2028<b>bold</b> &amp; a-->b\u0007", "start": 0.5, "end": 0.8},
        {"word": " works.", "start": 1.6, "end": 1.9}]}]}
        """#

    @Test("hostile words stay in their cue: ffmpeg reads back as many cues as censor wrote, with the words on one line",
          arguments: ["srt", "vtt"])
    func hostileWords(format: String) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Data(Self.transcript.utf8).write(to: workspace.file("hostile.json"))
        let result = try workspace.run(["talk.wav", "--transcript", "hostile.json", "--word", "crap", "-o", "out.wav",
                                        "--subtitles", "out.\(format)", "-q"])
        #expect(result.status == 0, "\(result)")
        let written = String(decoding: try workspace.bytes("out.\(format)"), as: UTF8.self)
        // "Well", the hostile word (longer than a cue's 40 characters, so a cue of its own), "works.".
        #expect(written.components(separatedBy: " --> ").count - 1 == 3, "\(written)")
        let read = try workspace.shell("ffmpeg -v error -i out.\(format) -f srt -")
        #expect(read.status == 0, "\(read)")
        let cues = read.stdout.components(separatedBy: "\n\n").filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
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
}
