import Foundation
import Testing

@testable import CensorKit
@testable import CensorMatching

@Suite struct CensorListTests {
    @Test("reads one entry a line, skipping comments and blank lines, trimming whitespace")
    func readsEntries() throws {
        let text = """
            # mild
            damn

              piece of shit   # a phrase
            #hashtag is a comment too
            C#\tminor
            x-rated\t# tab before the comment
            """
        let list = try CensorList(text: text, source: "words.txt")
        #expect(list.entries == ["damn", "piece of shit", "C#\tminor", "x-rated"])
        #expect(!list.isEmpty)
    }

    @Test("accepts CRLF line ends")
    func crlf() throws {
        #expect(try CensorList(text: "damn\r\nhell\r\n", source: "words.txt").entries == ["damn", "hell"])
    }

    @Test("a list of only comments is empty")
    func onlyComments() throws {
        #expect(try CensorList(text: "# nothing yet\n\n", source: "words.txt").isEmpty)
    }

    @Test("rejects an entry that could never match, naming line and column")
    func unmatchableEntry() {
        #expect(
            throws: CensorListError.malformed(
                file: "words.txt", line: 3, column: 3, expected: "a word or phrase with a letter or digit",
                found: "'!!! ?'")
        ) {
            try CensorList(text: "damn\n# fine\n  !!! ?  # shouting\n", source: "words.txt")
        }
        let error = CensorListError.malformed(
            file: "words.txt", line: 3, column: 3, expected: "a word or phrase with a letter or digit", found: "'!!!'")
        #expect(
            error.description
                == "words.txt: line 3:column 3: expected a word or phrase with a letter or digit, found '!!!'")
    }

    @Test("entries given in memory are trimmed and empty ones dropped")
    func entriesInMemory() {
        #expect(CensorList(entries: ["  damn ", "", " \t", "piece of shit"]).entries == ["damn", "piece of shit"])
        #expect(CensorList(entries: []).isEmpty)
    }

    @Test("combines lists in order, as repeated --words and --word options do")
    func appends() throws {
        var list = try CensorList(text: "damn\nhell\n", source: "a.txt")
        list.append(contentsOf: CensorList(entries: ["shit"]))
        list.append(contentsOf: try CensorList(text: "piece of shit\n", source: "b.txt"))
        #expect(list.entries == ["damn", "hell", "shit", "piece of shit"])
        let words = ["hell", "piece", "of", "shit"].map { Word(text: $0, start: 0, end: 1) }
        let matches = list.matches(in: Transcript(words: words, format: .audacityLabels))
        #expect(matches.map(\.pattern) == ["hell", "piece of shit"])
    }

    @Test("loads a file with a byte-order mark and names a missing or non-UTF-8 file")
    func loadsFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        let url = directory.appendingPathComponent("words.txt")
        try Data("\u{FEFF}damn\r\nhell\r\n".utf8).write(to: url)
        #expect(try CensorList.load(path: url.path).entries == ["damn", "hell"])

        let latin1 = directory.appendingPathComponent("latin1.txt")
        try (Data("damn\nmerde\ncon".utf8) + Data([0xE9, 0x0A])).write(to: latin1)
        #expect(
            throws: CensorListError.malformed(
                file: latin1.path, line: 3, column: 4, expected: "UTF-8 text", found: "the byte 0xE9")
        ) {
            try CensorList.load(path: latin1.path)
        }

        let missing = directory.appendingPathComponent("missing.txt")
        let error = CensorListError.unreadable(file: missing.path, reason: "No such file or directory")
        #expect(throws: error) { try CensorList.load(path: missing.path) }
        #expect(error.description == "\(missing.path): cannot read the censor list: No such file or directory")
    }

    @Test("names the file by the relative path it was given")
    func relativeName() {
        #expect(throws: CensorListError.unreadable(file: "no/such/words.txt", reason: "No such file or directory")) {
            try CensorList.load(path: "no/such/words.txt")
        }
    }
}

/// Censor-list syntax beyond plain words: exceptions, replacements, globs, JSON arrays and the
/// built-in list.
@Suite struct CensorListSyntaxTests {
    @Test(
        "parses exceptions and replacements",
        arguments: [
            ("damn", "damn", nil as String?, false),
            ("!hello", "hello", nil, true),
            ("  ! hello world ", "hello world", nil, true),
            ("fuck|f***", "fuck", "f***", false),
            ("piece of shit | p**** of s***", "piece of shit", "p**** of s***", false),
            ("!heck|h*ck", "heck", "h*ck", true),
            ("damn|", "damn", nil, false),
        ])
    func parsesEntry(text: String, pattern: String, replacement: String?, isException: Bool) {
        let entry = CensorList.Entry(parsing: text)
        #expect(entry.pattern == pattern)
        #expect(entry.replacement == replacement)
        #expect(entry.isException == isException)
        #expect(entry.canMatch)
    }

    @Test("reads a list file with globs, exceptions and replacements")
    func readsSyntax() throws {
        let list = try CensorList(text: "hell*\n!hello\nfuck|f***\n*shit*   # compounds\nb?tch\n", source: "words.txt")
        #expect(list.entries == ["hell*", "!hello", "fuck|f***", "*shit*", "b?tch"])
        #expect(list.parsedEntries.map(\.pattern) == ["hell*", "hello", "fuck", "*shit*", "b?tch"])
        #expect(list.parsedEntries.map(\.isException) == [false, true, false, false, false])
    }

    @Test(
        "rejects an entry that is only wildcards, a bare exception mark or only a replacement",
        arguments: [("*\n", "'*'"), ("damn\n!\n", "'!'"), ("  ?* \n", "'?*'"), ("|bleep\n", "'|bleep'")])
    func rejectsEmptyPatterns(text: String, found: String) {
        let line = text.split(separator: "\n").count
        #expect(
            throws: CensorListError.malformed(
                file: "words.txt", line: line, column: text.split(separator: "\n").last!.prefix { $0 == " " }.count + 1,
                expected: "a word or phrase with a letter or digit", found: found)
        ) {
            try CensorList(text: text, source: "words.txt")
        }
    }

    @Test("reads a JSON array of entries")
    func readsJSONArray() throws {
        let list = try CensorList(text: #"  ["damn", "piece of shit", "!hello", "fuck|f***"]"#, source: "words.json")
        #expect(list.entries == ["damn", "piece of shit", "!hello", "fuck|f***"])
    }

    @Test(
        "names the item or place of a bad JSON list",
        arguments: [
            (#"["damn", 7]"#, "words.json: [1]: expected a string, found a number"),
            (#"["damn", "***"]"#, "words.json: [1]: expected a word or phrase with a letter or digit, found '***'"),
            ("[\"damn\",\n \"hell\"", "words.json: line 2:column 8: expected ',' or ']', found end of file"),
        ])
    func badJSONArray(text: String, message: String) {
        do {
            _ = try CensorList(text: text, source: "words.json")
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("reads a UTF-16 list file")
    func utf16File() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("words.txt")
        try (Data([0xFF, 0xFE]) + "merde\r\nputain\r\n".data(using: .utf16LittleEndian)!).write(to: url)
        #expect(try CensorList.load(path: url.path).entries == ["merde", "putain"])
    }

    @Test("the default English list is well formed and small")
    func defaultList() {
        let list = CensorList.defaultEnglish
        #expect(list.entries == CensorList.defaultEnglishEntries)
        #expect(list.entries.count < 40)
        #expect(list.parsedEntries.filter(\.isException).map(\.pattern) == ["mishit*"])
        #expect(list.entries.allSatisfy { CensorList.Entry(parsing: $0).canMatch })
    }
}
