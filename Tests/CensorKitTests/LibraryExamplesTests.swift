import Foundation
import Testing

/// README's library section quotes `Examples/LibraryUse`, whose programs `make examples` builds
/// and runs: the code a reader copies is code that compiles and works.
@Suite struct LibraryExamplesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test(
        "each example's code between its markers appears verbatim as a Swift block of README's library section",
        arguments: [
            ("FrontDoor", "front-door"), ("FileToFile", "file-to-file"), ("InMemory", "in-memory"),
            ("Streaming", "streaming"),
        ])
    func readmeQuotesExample(program: String, marker: String) throws {
        let source = try String(
            contentsOf: Self.root.appendingPathComponent("Examples/LibraryUse/Sources/\(program)/main.swift"),
            encoding: .utf8)
        let start = try #require(source.range(of: "// example: \(marker)\n"))
        let end = try #require(source.range(of: "// end example", range: start.upperBound..<source.endIndex))
        let quoted = source[start.upperBound..<end.lowerBound]
        #expect(quoted.count > 200 && quoted.contains("import CensorKit"))
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let library = try #require(readme.range(of: "## The library\n"))
        let section = readme[library.upperBound...].prefix { _ in true }
        let sectionEnd = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        #expect(section[..<sectionEnd].contains("```swift\n" + quoted + "```\n"))
    }
}
