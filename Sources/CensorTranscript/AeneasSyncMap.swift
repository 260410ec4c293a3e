/// Reads an aeneas sync map in JSON (`--output-format json`): text fragments aligned to the
/// audio, each with its lines of text.
///
/// ```json
/// {"fragments": [{"begin": "2.680", "end": "5.880", "id": "f000002", "language": "en",
///                 "lines": ["From fairest creatures we desire increase,"], "children": []}]}
/// ```
///
/// Times are strings (or numbers) of seconds. A fragment's lines are spread over it by their
/// lengths, as a subtitle cue's are, and marked as estimated; a fragment with `children`
/// (a multi-level map: paragraphs, sentences, words) is read through its children, the finest
/// level, whose times are the aligner's. aeneas's SMIL, CSV and TSV maps name the fragments by
/// id only, without their text, and cannot be censored from.
internal enum AeneasSyncMap: TranscriptReader {
    internal static let detectionRule = #"a JSON object with "fragments" of "begin", "end" and "lines""#

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        guard case .success(.object(let root))? = document.json, case .array(let fragments)? = root["fragments"] else {
            return false
        }
        guard case .object(let first)? = fragments.first else { return fragments.isEmpty && root.members.count == 1 }
        return first.has("begin") && first.has("end") && first.has("lines")
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        let fields = JSONFields(document, format: .aeneas)
        let root = try fields.object(
            try document.jsonValue(as: .aeneas), at: { "" }, expected: #"an object with "fragments""#)
        var words: [Word] = []
        try read(try fields.array("fragments", of: root, at: { "" }), at: { "fragments" }, fields: fields, into: &words)
        return words
    }

    /// Reads fragments, each through its children when it has some.
    private static func read(
        _ fragments: [JSONValue], at path: () -> String, fields: JSONFields, into words: inout [Word]
    ) throws(TranscriptError) {
        for (index, value) in fragments.enumerated() {
            func fragmentPath() -> String { JSONPath.index(path(), index) }
            let fragment = try fields.object(value, at: fragmentPath)
            if let children = try fields.optionalArray("children", of: fragment, at: fragmentPath), !children.isEmpty {
                try read(children, at: { JSONPath.key(fragmentPath(), "children") }, fields: fields, into: &words)
                continue
            }
            var lines: [String] = []
            for (line, text) in try fields.array("lines", of: fragment, at: fragmentPath).enumerated() {
                guard case .string(let text) = text else {
                    throw .malformed(
                        file: fields.source, format: .aeneas,
                        place: JSONPath.place(JSONPath.index(JSONPath.key(fragmentPath(), "lines"), line)),
                        expected: "a line of text", found: text.kindDescription)
                }
                lines.append(text)
            }
            let timed = try fields.word(
                lines.joined(separator: " "),
                start: try fields.time("begin", of: fragment, unit: .seconds, at: fragmentPath),
                end: try fields.time("end", of: fragment, unit: .seconds, at: fragmentPath),
                startPath: { JSONPath.key(fragmentPath(), "begin") }, endPath: { JSONPath.key(fragmentPath(), "end") })
            words += WordSpreading.words(in: timed.text, start: timed.start, end: timed.end)
        }
    }
}
