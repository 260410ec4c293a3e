import Foundation
import Testing

@testable import CensorKit

#if canImport(Glibc)
import Glibc
#endif

/// Issue 11 in the library: the output transaction, numbers that never trap, linear merging
/// and list loading, excerpts in messages.
@Suite struct OutputSafetyTests {
    /// A fresh folder, removed by the caller.
    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "censor-transaction-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        return path
    }

    // MARK: The transaction

    @Test("a transaction moves every output into place at commit, and none before")
    func commitAll() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let transaction = OutputTransaction(overwrite: false)
        try transaction.write("one", to: folder + "/a.json")
        try transaction.write("two", to: folder + "/b.txt")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }.isEmpty)
        try transaction.commit()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["a.json", "b.txt"])
        #expect(try String(contentsOfFile: folder + "/a.json", encoding: .utf8) == "one")
    }

    @Test("when one output's name is taken at commit, no output of the transaction appears")
    func commitNone() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let transaction = OutputTransaction(overwrite: false)
        try transaction.write("one", to: folder + "/a.json")
        try transaction.write("two", to: folder + "/b.txt")
        try Data("another run's".utf8).write(to: URL(fileURLWithPath: folder + "/b.txt"))
        #expect(throws: CensorError.outputExists(path: folder + "/b.txt")) { try transaction.commit() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["b.txt"])
        #expect(try String(contentsOfFile: folder + "/b.txt", encoding: .utf8) == "another run's")
    }

    @Test("a protected file is refused by device and inode however it is spelled, with its role named")
    func protectedByInode() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("list".utf8).write(to: URL(fileURLWithPath: folder + "/words.txt"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/alias.txt", withDestinationPath: "words.txt")
        let transaction = OutputTransaction(overwrite: true, protecting: [(folder + "/words.txt", .list)])
        for spelling in [folder + "/alias.txt", folder + "/./words.txt"] {
            #expect(throws: CensorError.outputIsProtected(path: spelling, file: folder + "/words.txt", role: "the censor list")) {
                try transaction.reserve(spelling)
            }
        }
        #expect(try String(contentsOfFile: folder + "/words.txt", encoding: .utf8) == "list")
    }

    @Test("discarding (or dropping) a transaction leaves no temporary file")
    func discardRemovesTemporaries() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            let transaction = OutputTransaction(overwrite: false)
            let temporary = try transaction.reserve(folder + "/out.wav")
            #expect(TemporaryOutputs.owner(ofTemporary: OutputPath.name(of: temporary)) == getpid())
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 1)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    // MARK: Numbers never trap

    static func report(start: Double, end: Double) -> Report {
        let match = Match(wordIndices: 0..<1, text: "damn", pattern: "damn", start: start, end: end)
        return Report(input: "in.wav", output: nil, sampleRate: 48_000, channels: 1, frames: 10, mode: "beep",
                      spans: [], skipped: [match])
    }

    @Test("Report.json writes times past Int's range, and non-finite ones, without trapping", arguments: [
        (1e19, "1e+19"), (-9.3e18, "-9.3e+18"), (Double.greatestFiniteMagnitude, "1.7976931348623157e+308"),
        (Double.infinity, "null"), (Double.nan, "null"), (12.5, "12.5"), (3, "3"),
    ])
    func hugeTimes(_ value: Double, _ written: String) throws {
        let json = Self.report(start: value, end: value).json()
        #expect(json.contains("\"start\": \(written), \"end\": \(written)"), "\(json)")
        if value.isFinite { #expect((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil, "\(json)") }
    }

    // MARK: Linear merging and loading

    // (20,000 here, 100,000 in the benchmarks: debug builds are slow. Before the merge grew
    // spans in place, each merge copied every match so far: 2·10^8 copies here.)
    @Test("20,000 packed spans merge into one span holding every match in order")
    func packedSpansMerge() {
        let spans = (0..<20_000).map { (index: Int) -> Span in
            let match = Match(wordIndices: index..<(index + 1), text: "w\(index)", pattern: "w\(index)",
                              start: Double(index), end: Double(index) + 0.5)
            let frame = index * 10
            return Span(ordered: frame, start: frame + 2, end: frame + 8, fadeEnd: frame + 10, matches: [match],
                        refinedStart: Double(index) - 0.01, refinedEnd: nil)
        }
        let merged = spans.reversed().merged()
        #expect(merged.count == 1)
        #expect(merged.first?.modified == 0..<200_000)
        #expect(merged.first?.core == 2..<199_998)
        #expect(merged.first?.matches.map { (match: Match) in match.wordIndices.lowerBound } == Array(0..<20_000))
        #expect(merged.first?.refinedStart == -0.01)
        #expect(merged.first?.refinedEnd == nil)
        let entry = Report.Entry(merged[0])
        #expect(entry.pattern.hasPrefix("w0, w1, w2, "))
        #expect(entry.pattern.hasSuffix(", w19999"))
    }

    // (Before glob edges were hashed, adding each glob searched all the root's globs.)
    @Test("20,000 globs of every bucket load and each matches its own words only")
    func manyGlobs() throws {
        let stems = (0..<20_000).map { "q\($0)z" }
        let entries = stems.enumerated().map { index, stem in [stem + "*", "*" + stem, "*" + stem + "*"][index % 3] }
        let list = try CensorList(text: entries.joined(separator: "\n"), source: "globs.txt")
        #expect(list.entries.count == 20_000)
        let words = ["q0zed", "xq1z", "aq2zb", "q3zb", "q1zb", "plain"].enumerated().map {
            Word(text: $1, start: Double($0), end: Double($0) + 0.5)
        }
        let matches = list.matches(in: Transcript(words: words, format: .jsonWords))
        #expect(matches.map(\.pattern) == ["q0z*", "*q1z", "*q2z*", "q3z*"])
    }

    // MARK: Messages

    @Test("an excerpt keeps 80 characters and adds an ellipsis inside the quotes")
    func excerpts() {
        #expect(excerpt("'short'") == "'short'")
        #expect(excerpt("'" + String(repeating: "é", count: 81) + "'") == "'" + String(repeating: "é", count: 80) + "…'")
        #expect(excerpt(String(repeating: "x", count: 200)) == String(repeating: "x", count: 80) + "…")
        let error = CensorListError.malformed(file: "a.txt", line: 1, column: 1, expected: "a word",
                                              found: "'" + String(repeating: "#", count: 1_000_000) + "'")
        #expect(error.description.count == "a.txt: line 1:column 1: expected a word, found ''".count + 81)
    }

    @Test("the marker lists 16 spans' times and counts the rest, after the input's software field")
    func marker() {
        let spans = (0..<20).map { Span(ordered: $0 * 1_000, start: $0 * 1_000, end: $0 * 1_000 + 500, fadeEnd: $0 * 1_000 + 500) }
        let text = CensorMarker.text(spans: spans, sampleRate: 1_000, previous: "Lavf60.3.100 (libsndfile-1.2.0)")
        #expect(text.hasPrefix("Lavf60.3.100; censored by censor \(Censor.version): 20 spans at 0.000–0.500, 1.000–1.500, "))
        #expect(text.hasSuffix(", 15.000–15.500 s and 4 more"))
        let found = CensorMarker.find(in: AudioMetadata(strings: ["software": text + " (libsndfile-1.2.0)"]))
        #expect(found == String(text.dropFirst("Lavf60.3.100; ".count)))
        #expect(CensorMarker.find(in: AudioMetadata(strings: ["software": "Lavf60.3.100"])) == nil)
    }
}
