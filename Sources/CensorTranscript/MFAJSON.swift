/// Reads the Montreal Forced Aligner's JSON (`--output_format json`).
///
/// ```json
/// {"start": 0, "end": 8.0,
///  "tiers": {"words": {"type": "interval", "entries": [[1.28, 1.63, "damn"], [1.63, 1.9, "that"]]},
///            "phones": {"type": "interval", "entries": [[1.28, 1.35, "D"]]}}}
/// ```
///
/// Word tiers are chosen by `AlignerTiers`: `words`, or one `<speaker> - words` tier per
/// speaker when several speakers were aligned. Entries are `[begin, end, label]`; blank labels
/// are skipped.
internal enum MFAJSON: TranscriptReader {
    internal static let detectionRule = #"a JSON object with a "tiers" object"#

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        guard case .success(.object(let root))? = document.json, case .object? = root["tiers"] else { return false }
        return true
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        let fields = JSONFields(document, format: .mfaJSON)
        let root = try fields.object(
            try document.jsonValue(as: .mfaJSON), at: { "" }, expected: #"an object with "tiers""#)
        let tiers = try fields.object("tiers", of: root, at: { "" })
        let names = tiers.members.map(\.key)
        guard let chosen = AlignerTiers.wordTiers(among: names, named: document.tier) else {
            throw fields.malformed(
                "tiers", expected: AlignerTiers.expected(named: document.tier), found: AlignerTiers.describe(names))
        }
        var perTier: [[Word]] = []
        for (name, speaker) in chosen {
            let tierPath = { JSONPath.key("tiers", name) }
            let tier = try fields.object(tiers[name] ?? .null, at: tierPath)
            var words: [Word] = []
            for (index, value) in try fields.array("entries", of: tier, at: tierPath).enumerated() {
                let path = { JSONPath.index(JSONPath.key(tierPath(), "entries"), index) }
                let entry = try fields.array(value, at: path)
                guard entry.count == 3, case .string(let label) = entry[2] else {
                    throw fields.malformed(
                        path(), expected: "a [begin, end, label] array",
                        found: entry.count == 3
                            ? "a label that is \(entry[2].kindDescription)" : "an array of \(entry.count)")
                }
                guard label.contains(where: { !$0.isWhitespace }) else { continue }
                words.append(
                    try fields.word(
                        label, start: try fields.time(entry[0], unit: .seconds, at: { JSONPath.index(path(), 0) }),
                        end: try fields.time(entry[1], unit: .seconds, at: { JSONPath.index(path(), 1) }),
                        speaker: speaker,
                        startPath: { JSONPath.index(path(), 0) }, endPath: { JSONPath.index(path(), 1) }))
            }
            perTier.append(words)
        }
        return AlignerTiers.merged(perTier)
    }
}
