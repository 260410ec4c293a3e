import Foundation
import Testing

/// `--list-formats` names every format read from published files, with what detection looks for.
@Suite struct PublishedFormatListTests {
    static let lines = [
        #"  deepgram-streaming  JSON (lines or a list) of Deepgram live messages, "type": "Results" with "channel""#,
        #"  aeneas-json         a JSON object with "fragments" of "begin", "end" and "lines""#,
        "  ttml                XML whose root is <tt> (TTML, DFXP, IMSC)",
        #"  bbc-kaldi           a JSON object with "retval.words", or "words" of "punct" items"#,
        #"  trint               a JSON object with "words" of "value", "time" and "duration" items"#,
    ]

    @Test("each format has its line")
    func listed() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try workspace.run(["--list-formats"])
        #expect(result.status == 0, "\(result)")
        for line in Self.lines {
            #expect(result.stdout.contains(line + "\n"), "missing \(line)")
        }
    }
}
