import Foundation
import Testing

/// `--tier` end to end: the workspace's sentence in a TextGrid whose word tier has a name no
/// aligner convention gives it (hand-made, in the short text format SPPAS and Praat write).
@Suite struct TierOptionTests {
    static let textGrid = """
        File type = "ooTextFile"
        Object class = "TextGrid"

        0
        2.0
        <exists>
        2
        "IntervalTier"
        "phones"
        0
        2.0
        1
        0
        2.0
        "d"
        "IntervalTier"
        "ortho"
        0
        2.0
        5
        0
        0.5
        ""
        0.5
        0.8
        "damn,"
        0.8
        1.25
        "this"
        1.25
        1.55
        "crap"
        1.55
        2.0
        ""

        """

    @Test("without --tier the error lists the file's tiers and says how to name one; with it the words are censored")
    func namesTheTier() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Data(Self.textGrid.utf8).write(to: workspace.file("talk.TextGrid"))
        let refused = try workspace.run([
            "talk.wav", "--transcript", "talk.TextGrid", "--words", "words.txt", "--dry-run",
        ])
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stdout.isEmpty)
        #expect(
            refused.stderr.contains(
                #"Error: talk.TextGrid (textgrid): tiers: expected a tier named "words", "#
                    + #""<speaker> - words" or "TokensAlign", found tiers "phones", "ortho""# + "\n"),
            "\(refused.stderr)")
        #expect(
            refused.stderr.contains("Note: name the tier that holds the words with --tier NAME\n"), "\(refused.stderr)")
        let missing = try workspace.run(
            ["talk.wav", "--transcript", "talk.TextGrid", "--tier", "words", "--words", "words.txt", "--dry-run"])
        #expect(missing.status == 1, "\(missing)")
        #expect(missing.stderr.contains(#"tiers: expected a tier named "words", found tiers "phones", "ortho""#))
        let read = try workspace.run(
            ["talk.wav", "--transcript", "talk.TextGrid", "--tier", "ortho", "--words", "words.txt", "--dry-run"])
        #expect(read.status == 0, "\(read)")
        #expect(read.stdout == TranscriptFormatTests.expectedSpans)
    }
}

/// whisper.cpp's `-olrc` output beside the input is found by its stem and read.
@Suite struct LRCBesideInputTests {
    @Test("talk.lrc beside talk.wav is the transcript; its lines' words are estimated, and say so")
    func foundBeside() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try FileManager.default.removeItem(at: workspace.file("talk.json"))
        try Data("[by:whisper.cpp]\n[00:00.50] damn\n[00:00.80] this is\n[00:01.25] crap\n[00:01.55] works\n".utf8)
            .write(to: workspace.file("talk.lrc"))
        let result = try workspace.run(["talk.wav", "--words", "words.txt", "--dry-run", "--align", "off"])
        #expect(result.status == 0, "\(result)")
        // Each line lasts to the next one's start (damn 0.5–0.8 s, crap 1.25–1.55 s); widened by
        // 250 ms as estimates, the two words' spans meet and are censored as one.
        #expect(result.stdout == "0.500\t1.550\tdamn crap\tdamn, crap\n")
        #expect(result.stderr.contains("talk.lrc (lrc) gives no word times for 5 of its 5 words"), "\(result.stderr)")
    }
}
