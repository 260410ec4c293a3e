import Foundation
import Testing

@testable import CensorKit
@testable import CensorPlanning

#if canImport(Glibc)
    import Glibc
    import CensorTestFiles
#endif

/// Output safety in the library: the output transaction, numbers that never trap, linear merging
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

    @Test("every temporary file is made 0600 whatever the umask; a new output gets 0666 less the umask at commit")
    func temporaryModes() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func mode(_ path: String) -> mode_t {
            var info = stat()
            return stat(path, &info) == 0 ? info.st_mode & 0o777 : 0
        }
        let scratch = try TemporaryOutputs.create(in: folder, naming: "scratch", extension: "wav", for: "scratch")
        defer { TemporaryOutputs.discard(scratch) }
        #expect(mode(scratch) == 0o600)
        let transaction = OutputTransaction(overwrite: false)
        let temporary = try transaction.reserve(folder + "/out.wav")
        try transaction.write("report", to: folder + "/out.json")
        let report = try transaction.reserve(folder + "/out.json")
        #expect(mode(temporary) == 0o600 && mode(report) == 0o600)
        try transaction.commit()
        #expect(mode(folder + "/out.wav") == 0o666 & ~OutputTransaction.umask)
        #expect(mode(folder + "/out.json") == 0o666 & ~OutputTransaction.umask)
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
            #expect(
                throws: CensorError.outputIsProtected(
                    path: spelling, file: folder + "/words.txt", role: "the censor list")
            ) {
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

    @Test(
        "the temporary files' one naming is recognized, with or without an extension; nothing else is",
        arguments: [
            (".out.wav.censor-123-k3j2.tmp", 123), (".talk.mp4.censor-7-zz.tmp.wav", 7),
            (".stdin.censor-42-a1.tmp.mp3", 42),
            (".a.censor-b.censor-9-x.tmp", 9), ("out.wav.censor-1-a.tmp", nil), (".out.wav.censor-1-a.tmp.", nil),
            (".out.wav.censor-1-.tmp", nil), (".out.wav.censor-1-a.wav.tmp", nil), (".out.wav.censor-job.json", nil),
            (".out.wav.censor-1-a-b.tmp", nil), (".out.wav.censor-0-a.tmp", nil), (".out.censor-1-a.tmp.w-v", nil),
        ] as [(String, Int32?)])
    func temporaryNaming(name: String, owner: Int32?) {
        #expect(TemporaryOutputs.owner(ofTemporary: name) == owner)
    }

    @Test("every temporary file is made by one function under that naming, exclusively, in the folder given")
    func oneCreation() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let plain = try TemporaryOutputs.create(in: folder + "/", naming: "out.wav", for: "out.wav")
        let scratch = try TemporaryOutputs.create(in: folder, naming: "stdin", extension: "flac", for: "-", mode: 0o600)
        defer { [plain, scratch].forEach(TemporaryOutputs.discard) }
        #expect(OutputPath.folder(of: plain) == folder && OutputPath.folder(of: scratch) == folder)
        #expect(TemporaryOutputs.owner(ofTemporary: OutputPath.name(of: plain)) == getpid())
        #expect(TemporaryOutputs.owner(ofTemporary: OutputPath.name(of: scratch)) == getpid())
        #expect(OutputPath.name(of: plain).hasPrefix(".out.wav.censor-") && plain.hasSuffix(".tmp"))
        #expect(OutputPath.name(of: scratch).hasPrefix(".stdin.censor-") && scratch.hasSuffix(".tmp.flac"))
        var status = stat()
        #expect(stat(scratch, &status) == 0 && status.st_mode & 0o777 == 0o600)
    }

    // MARK: Numbers never trap

    static func report(start: Double, end: Double) -> Report {
        let match = Match(wordIndices: 0..<1, text: "damn", pattern: "damn", start: start, end: end)
        return Report(
            input: "in.wav", output: nil, sampleRate: 48_000, channels: 1, frames: 10, mode: "beep",
            spans: [], skipped: [match])
    }

    @Test(
        "Report.json writes times past Int's range, and non-finite ones, without trapping",
        arguments: [
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
        let spans = (0..<20_000).map { (index: Int) -> PlannedSpan in
            let match = Match(
                wordIndices: index..<(index + 1), text: "w\(index)", pattern: "w\(index)",
                start: Double(index), end: Double(index) + 0.5)
            let frame = index * 10
            return PlannedSpan(
                ordered: frame, start: frame + 2, end: frame + 8, fadeEnd: frame + 10, matches: [match],
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

    /// Noise that counts the frames read from it.
    struct CountingNoise: FrameSource {
        let channelCount = 2
        let frameCount: Int
        var framesRead = 0

        mutating func readFrames(_ range: Range<Int>, into buffer: inout [Float]) throws {
            framesRead += range.count
            buffer = range.flatMap { frame in
                (0..<2).map { channel in
                    Float(Int32(truncatingIfNeeded: UInt64(frame * 2 + channel) &* 0x9E37_79B9_7F4A_7C15 >> 32)) / 3e9
                }
            }
        }
    }

    // (Before only the outer edges were snapped, every word's two edges read the audio around
    // them: for packed words, most of the planning time.)
    @Test("packed words snap only the merged span's two edges, and plan the spans snapping every edge gives")
    func packedWordsSnapOuterEdges() throws {
        let matches = (0..<2_000).map { index in
            Match(
                wordIndices: index..<(index + 1), text: "damn", pattern: "damn",
                start: Double(index) * 0.2 + 0.1, end: Double(index) * 0.2 + 0.3)
        }
        // A lone word after them, and two that start less than the snap window apart.
        let others = [
            Match(wordIndices: 0..<1, text: "a", pattern: "a", start: 500, end: 500.2),
            Match(wordIndices: 0..<1, text: "b", pattern: "b", start: 600, end: 600.2),
            Match(wordIndices: 0..<1, text: "c", pattern: "c", start: 600.003, end: 600.4),
        ]
        let planner = Planner(options: try PlanOptions(snapWindow: 0.005, refine: false))
        var audio = CountingNoise(frameCount: 48_000 * 700)
        let plan = try planner.plan(matches + others, sampleRate: 48_000, audio: &audio)

        // Every edge snapped, then merged: what the plan must equal.
        var reference = CountingNoise(frameCount: audio.frameCount)
        var snapper = EdgeSnapper(windowFrames: 240)
        let spans = try (matches + others).map { match in
            let core = try snapper.widen(
                try #require(planner.coreFrames(of: match, sampleRate: 48_000, frameCount: audio.frameCount)),
                in: &reference)
            let fade = Int((planner.options.crossfade * 48_000).rounded())
            return PlannedSpan(
                ordered: max(0, core.lowerBound - fade), start: core.lowerBound, end: core.upperBound,
                fadeEnd: core.upperBound + fade, matches: [match])
        }.merged()
        #expect(plan.spans.map(\.modified) == spans.map(\.modified))
        #expect(plan.spans.map(\.core) == spans.map(\.core))
        #expect(plan.spans.count == 3)
        // Two edges of the packed span, two of the lone word, and of b and c three: both starts
        // (c's, 144 frames after b's, could be snapped before it) and c's end. 7 reads of 241 frames.
        #expect(audio.framesRead == 7 * 241)
        #expect(reference.framesRead == 2 * 2_003 * 241)
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

    @Test("an excerpt keeps excerptLength (80) characters and adds an ellipsis inside the quotes")
    func excerpts() {
        let kept = excerptLength
        #expect(excerpt("'short'") == "'short'")
        #expect(
            excerpt("'" + String(repeating: "é", count: kept) + "'") == "'" + String(repeating: "é", count: kept) + "'")
        #expect(
            excerpt("'" + String(repeating: "é", count: kept + 1) + "'") == "'" + String(repeating: "é", count: kept)
                + "…'")
        #expect(excerpt(String(repeating: "x", count: 200)) == String(repeating: "x", count: kept) + "…")
        let error = CensorListError.malformed(
            file: "a.txt", line: 1, column: 1, expected: "a word",
            found: "'" + String(repeating: "#", count: 1_000_000) + "'")
        #expect(error.description.count == "a.txt: line 1:column 1: expected a word, found ''".count + kept + 1)
    }

    @Test(
        "the marker lists listedSpans (16) spans' times and counts the rest, then the job's digest and the file's, still zeros"
    )
    func marker() {
        let count = CensorMarker.listedSpans + 4, last = CensorMarker.listedSpans - 1
        let spans = (0..<count).map {
            Span(ordered: $0 * 1_000, start: $0 * 1_000, end: $0 * 1_000 + 500, fadeEnd: $0 * 1_000 + 500)
        }
        let job = CensorMarker.Job(digest: String(repeating: "ab", count: 32))
        let text = CensorMarker.text(spans: spans, sampleRate: 1_000, job: job)
        #expect(text.hasPrefix("censored by censor \(Censor.version): \(count) spans at 0.000-0.500, 1.000-1.500, "))
        #expect(
            text.hasSuffix(
                ", \(last).000-\(last).500 s and 4 more; job sha256:\(job.digest); file sha256:"
                    + String(repeating: "0", count: 64)))
        #expect(text.utf8.count <= CensorMarker.longest && text.allSatisfy(\.isASCII))
    }

    @Test("seal writes the file's digest; verify proves the file for its job only, and fails on any byte changed")
    func markerSealed() throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let path = folder.path("sealed.bin")
        let job = CensorMarker.Job(digest: String(repeating: "1", count: 64))
        let marker = CensorMarker.text(
            spans: [Span(ordered: 0, start: 250, end: 750, fadeEnd: 750)], sampleRate: 1_000, job: job)
        // The marker across the first 1 MiB block's end, as a large file's tail may put it.
        var bytes =
            Data(repeating: 0x55, count: (1 << 20) - 100) + Data(marker.utf8) + Data(repeating: 0xAA, count: 5_000)
        try bytes.write(to: URL(fileURLWithPath: path))
        #expect(
            CensorMarker.verify(fileAt: path, job: job)
                == .unproven(
                    "censored by censor \(Censor.version): 1 span at 0.250-0.750 s",
                    reason: "the file changed since censor wrote it"))
        try CensorMarker.seal(fileAt: path, named: "sealed.bin")
        let sealed = try Data(contentsOf: URL(fileURLWithPath: path))
        var zeroed = sealed
        let at = (1 << 20) - 100 + marker.utf8.count - 64
        zeroed.replaceSubrange(at..<(at + 64), with: Data(repeating: UInt8(ascii: "0"), count: 64))
        #expect(zeroed == bytes)
        var hash = SHA256()
        bytes.withUnsafeBytes { hash.update($0) }
        #expect(sealed[at..<(at + 64)] == Data(hash.finish().utf8))
        #expect(
            CensorMarker.verify(fileAt: path, job: job)
                == .verified("censored by censor \(Censor.version): 1 span at 0.250-0.750 s"))
        #expect(
            CensorMarker.verify(fileAt: path, job: .unnamed)
                == .unproven(
                    "censored by censor \(Censor.version): 1 span at 0.250-0.750 s",
                    reason: "it was censored for other lists, options or transcript"))
        bytes = sealed
        bytes[10] ^= 1
        try bytes.write(to: URL(fileURLWithPath: path))
        #expect(
            CensorMarker.verify(fileAt: path, job: job)
                == .unproven(
                    "censored by censor \(Censor.version): 1 span at 0.250-0.750 s",
                    reason: "the file changed since censor wrote it"))
        try Data("x censored by censor 0.1.0: 2 spans\u{0}".utf8).write(to: URL(fileURLWithPath: path))
        #expect(
            CensorMarker.verify(fileAt: path, job: job)
                == .unproven("censored by censor 0.1.0: 2 spans", reason: "it holds no digests to prove it"))
        try Data("plain".utf8).write(to: URL(fileURLWithPath: path))
        #expect(CensorMarker.verify(fileAt: path, job: job) == .absent)
    }

    @Test(
        "the direct MP3 marker tag: ID3v2.4, one TXXX frame 'censor' in UTF-8, synchsafe sizes; an earlier one is found to replace"
    )
    func mp3MarkerTag() throws {
        let tag = MP3MarkerTag("censored by censor 0.1.0: 1 span at 0.250–0.750 s")
        let text = Array("censored by censor 0.1.0: 1 span at 0.250–0.750 s".utf8)
        let frame = 1 + 7 + text.count
        #expect(
            tag.bytes == Array("ID3".utf8) + [4, 0, 0, 0, 0, 0, UInt8(10 + frame)] + Array("TXXX".utf8)
                + [0, 0, 0, UInt8(frame), 0, 0, 3] + Array("censor".utf8) + [0] + text)
        // A file's own tag (20 bytes), then an earlier marker tag, then the frames.
        let own: [UInt8] = Array("ID3".utf8) + [3, 0, 0, 0, 0, 0, 10] + Array(repeating: 0, count: 10)
        let file = own + tag.bytes + Array(repeating: 0xFF, count: 100)
        let read = { (offset: Int, count: Int) in Array(file[offset..<min(file.count, offset + count)]) }
        let tags = MP3Tags(size: file.count, read: read)
        #expect(tags.leadingLength == own.count + tag.bytes.count)
        #expect(MP3MarkerTag.replaced(in: tags, read: read) == own.count..<tags.leadingLength)
        let plainFile = own + Array(repeating: 0xFF, count: 100)
        let readPlain = { (offset: Int, count: Int) in Array(plainFile[offset..<min(plainFile.count, offset + count)]) }
        let plain = MP3Tags(size: plainFile.count, read: readPlain)
        #expect(MP3MarkerTag.replaced(in: plain, read: readPlain) == own.count..<own.count)
    }
}
