import Foundation
import Testing

/// `--review` and `--review-embed` on the command line: what they refuse, and a plan's page.
@Suite struct ReviewOptionTests {
    static let standard = ["talk.wav", "--transcript", "talk.json", "--words", "words.txt"]

    @Test(
        "usage errors: --review-embed alone, --review with --in-place, several inputs, or standard output",
        arguments: [
            (standard + ["--review-embed"], "Error: --review-embed needs --review FILE"),
            (
                standard + ["--review", "r.html", "--in-place"],
                "Error: --review compares the input with its censored version, so it cannot be combined with --in-place, "
                    + "which replaces the input"
            ),
            (
                ["talk.wav", "talk.wav", "--words", "words.txt", "--review", "r.html"],
                "Error: --review takes one input, but 2 were given"
            ),
            (standard + ["--review", "-"], "Error: --review writes a file; - (standard output) is not one"),
        ])
    func usageErrors(arguments: [String], message: String) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let before = try workspace.contents()
        let result = try workspace.run(arguments)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderrLines.first == message)
        #expect(try workspace.contents() == before)
    }

    @Test("a review page whose folder is missing fails before anything is written")
    func missingFolder() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let before = try workspace.contents()
        let result = try workspace.run(Self.standard + ["--review", "missing/review.html"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderrLines == ["Error: cannot write output 'missing/review.html': its folder does not exist"])
        #expect(try workspace.contents() == before)
    }

    @Test("a dry run's page shows the plan over the original only: no censored track, every span")
    func planPage() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try workspace.run(Self.standard + ["--dry-run", "--review", "plan.html"])
        #expect(result.status == 0, "\(result)")
        let html = String(decoding: try workspace.bytes("plan.html"), as: UTF8.self)
        let open = #"<script type="application/json" id="review-data">"#
        let json = try #require(html.components(separatedBy: open).last?.components(separatedBy: "</script>").first)
        let data = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(data["censored"] == nil)
        #expect((data["original"] as? [String: Any])?["path"] as? String == "talk.wav")
        #expect((data["edits"] as? [[String: Any]])?.map { $0["text"] as? String } == ["damn,", "crap"])
        #expect((data["words"] as? [Any])?.count == 5)
        #expect(try workspace.contents() == ["plan.html", "talk.json", "talk.wav", "words.txt"])
    }
}
