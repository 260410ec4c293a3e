import Foundation
import Testing

/// `--list-formats` names every format read from published files, with what detection looks for
/// and the tools that write it.
@Suite struct PublishedFormatListTests {
    static let lines = [
        #"  deepgram-streaming  JSON (lines or a list) of Deepgram live messages, "type": "Results" with "channel""#,
        #"  aeneas-json         a JSON object with "fragments" of "begin", "end" and "lines""#,
        "  ttml                XML whose root is <tt> (TTML, DFXP, IMSC)",
        #"  bbc-kaldi           a JSON object with "retval.words", or "words" of "punct" items"#,
        #"  trint               a JSON object with "words" of "value", "time" and "duration" items"#,
        #"  speechmatics-legacy  a JSON object with "words" of "name", "time" and "duration" items"#,
        "                      by Speechmatics' v1.0 API",
        "  lrc                 lines starting with [mm:ss.xx] time tags, after [by:…] or other tags",
        "                      by whisper.cpp (-olrc), lyrics tools",
        "  whisper-tsv         a first line start<TAB>end<TAB>text",
        "                      by openai-whisper (--output_format tsv), whisper-timestamped (.words.tsv)",
        "  whisper-timestamped-csv  lines of text,start,end (a header text,start,end or none)",
        "                      by whisper-timestamped (--output_format csv: .csv, .words.csv)",
        #"  ibm-watson          JSON with "results" of "alternatives" with "timestamps", or results marked "final", or an async job's "results""#,
        "                      by Praat, Montreal Forced Aligner, SPPAS, WebMAUS",
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
