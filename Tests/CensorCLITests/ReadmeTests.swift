import CensorKit
import Foundation
import Testing

@testable import CensorCLI

/// README.md against the code: its options table is the one `--help`'s definitions make, and
/// every command of its examples runs.
@Suite struct ReadmeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let readmeURL = root.appendingPathComponent("README.md")
    static let start = "<!-- options:start (generated: CENSOR_UPDATE_README=1 swift test --filter ReadmeTests) -->\n"
    static let end = "<!-- options:end -->"

    @Test("README's options table is the one Help.optionsMarkdown makes from the option definitions")
    func optionsTable() throws {
        var readme = try String(contentsOf: Self.readmeURL, encoding: .utf8)
        let head = try #require(readme.range(of: Self.start), "README lacks the options table's start marker")
        let tail = try #require(readme.range(of: Self.end, range: head.upperBound..<readme.endIndex))
        let table = String(readme[head.upperBound..<tail.lowerBound])
        if table != Help.optionsMarkdown, ProcessInfo.processInfo.environment["CENSOR_UPDATE_README"] == "1" {
            readme.replaceSubrange(head.upperBound..<tail.lowerBound, with: Help.optionsMarkdown)
            try readme.write(to: Self.readmeURL, atomically: true, encoding: .utf8)
            return
        }
        #expect(table == Help.optionsMarkdown, "rerun with CENSOR_UPDATE_README=1 to regenerate the table")
        #expect(table.split(separator: "\n").count == Option.all.count + 2)
    }

    @Test("README's transcripts table names every format the readers know, each once, and no other")
    func transcriptsTable() throws {
        let readme = try String(contentsOf: Self.readmeURL, encoding: .utf8)
        let head = try #require(readme.range(of: "\n## Transcripts\n"))
        let section = readme[head.upperBound...]
        let body = section[..<(section.range(of: "\n## ")?.lowerBound ?? section.endIndex)]
        // The first column of each table row: `name`, `name`, … (the header and rule excluded).
        let rows = body.split(separator: "\n").filter { $0.hasPrefix("| `") }
        let named = rows.flatMap { row in
            row.split(separator: "|")[0].split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            }
        }
        #expect(named.sorted() == TranscriptFormat.allCases.map(\.rawValue).sorted())
    }

    /// The fenced `sh` blocks of a README section, each as one script.
    static func shellBlocks(in readme: String, section: String) -> [String] {
        guard let head = readme.range(of: "\n## \(section)\n") else { return [] }
        let body = readme[head.upperBound...]
        let text = body[..<(body.range(of: "\n## ")?.lowerBound ?? body.endIndex)]
        return text.components(separatedBy: "```sh\n").dropFirst().compactMap {
            $0.components(separatedBy: "```\n").first
        }
    }

    /// A workspace holding the repository's Examples folder, `censor` first on the PATH, and the
    /// files the quick start names (an MP3 of the demo speech, its transcript, a list).
    static func exampleWorkspace() throws -> Workspace {
        let workspace = try Workspace()
        let binary = try CensorCommand.executable()
        let setup = try workspace.shell(
            "cp -R '\(root.path)/Examples' Examples && mkdir bin && ln -s '\(binary.path)' bin/censor "
                + "&& ffmpeg -nostdin -v error -i Examples/talk.wav -c:a libmp3lame -b:a 64k talk.mp3 "
                + "&& cp Examples/talk.json talk.json && cp Examples/words.txt list.txt")
        try #require(setup.status == 0, "\(setup)")
        return workspace
    }

    @Test("every block of 'What people do with it' runs and exits 0")
    func whatPeopleDo() throws {
        let readme = try String(contentsOf: Self.readmeURL, encoding: .utf8)
        let blocks = Self.shellBlocks(in: readme, section: "What people do with it")
        #expect(blocks.count >= 4)
        let workspace = try Self.exampleWorkspace()
        defer { workspace.remove() }
        for block in blocks {
            let run = try workspace.shell("PATH=\"$PWD/bin:$PATH\"; set -e; " + block)
            #expect(run.status == 0, "\(block)\n\(run)")
        }
        // What the blocks promise: a censored WAV beside the input, a FLAC, the video, the folder's outputs.
        for file in ["Examples/talk.censored.wav", "clean.flac", "talk.censored.mp4", "talk.srt", "clean/talk.wav"] {
            #expect(FileManager.default.fileExists(atPath: workspace.path(file)), "\(file)")
        }
        let piped = try Data(contentsOf: URL(fileURLWithPath: workspace.path("piped.wav")))
        #expect(piped.count > 44 && piped.prefix(4) == Data("RIFF".utf8))
    }

    @Test("the quick start's censor command runs on an MP3 and exits 0")
    func quickStart() throws {
        let readme = try String(contentsOf: Self.readmeURL, encoding: .utf8)
        let lines = Self.shellBlocks(in: readme, section: "Quick start").joined().split(separator: "\n")
            .filter { $0.hasPrefix("censor ") }
        try #require(lines.count == 1)
        let workspace = try Self.exampleWorkspace()
        defer { workspace.remove() }
        let command = String(lines[0].split(separator: "#")[0])
        let run = try workspace.shell("PATH=\"$PWD/bin:$PATH\"; " + command)
        #expect(run.status == 0, "\(run)")
        #expect(FileManager.default.fileExists(atPath: workspace.path("talk.censored.mp3")))
    }
}
