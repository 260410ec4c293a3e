/// Reads Gentle's forced alignment.
///
/// ```json
/// {"transcript": "Damn, that hurt.",
///  "words": [{"alignedWord": "damn", "case": "success", "start": 1.28, "end": 1.63, "word": "Damn",
///             "startOffset": 0, "endOffset": 4, "phones": [{"duration": 0.1, "phone": "d_B"}]},
///            {"case": "not-found-in-audio", "word": "that", "startOffset": 6, "endOffset": 10},
///            {"alignedWord": "hurt", "case": "success", "start": 2.1, "end": 2.5, "word": "hurt", …},
///            {"alignedWord": "ow", "case": "not-found-in-transcript", "start": 2.6, "end": 3.0, "phones": […]}]}
/// ```
///
/// `word` (the transcript's spelling) is the text. Words whose `case` is `success` have
/// times; a `not-found-in-transcript` word (heard, but not in the transcript) keeps its times
/// too, with its `alignedWord` as the text, the only one it has. A `not-found-in-audio` word
/// has none: it is placed between its timed neighbours (over the halves of them next to it too
/// when they leave no gap, see `WordSpreading.gap(between:and:)`), spread by length with any
/// others in the same gap, and marked as estimated — the aligner could not
/// find it, but it was in the script and may well have been said there. Untimed words with no
/// timed word on either side cannot be placed; the notes count them.
internal enum Gentle: TranscriptReader {
    internal static let detectionRule = #"a JSON object with "transcript" and "words""#

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        guard case .success(.object(let root))? = document.json, case .array? = root["words"] else { return false }
        return root.has("transcript")
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        try read(document).words
    }

    internal static func notes(on document: TranscriptDocument, words: [Word]) -> ReadingNotes {
        ReadingNotes(untimedWords: (try? read(document).untimed) ?? 0)
    }

    /// The timed and placed words, and how many untimed words could not be placed.
    private static func read(_ document: TranscriptDocument) throws(TranscriptError) -> (words: [Word], untimed: Int) {
        let fields = JSONFields(document, format: .gentle)
        let root = try fields.object(
            try document.jsonValue(as: .gentle), at: { "" }, expected: #"an object with "words""#)
        var words: [Word] = []
        var pending: [String] = []  // untimed words since the last timed one
        for (index, value) in try fields.array("words", of: root, at: { "" }).enumerated() {
            let path = { JSONPath.index("words", index) }
            let item = try fields.object(value, at: path)
            let kind = try fields.optionalString("case", of: item, at: path)
            // A word heard but not in the transcript has only its `alignedWord`.
            let text =
                kind == "not-found-in-transcript" && !item.has("word")
                ? try fields.string("alignedWord", of: item, at: path) : try fields.string("word", of: item, at: path)
            switch kind {
            case "success", "not-found-in-transcript":
                let word = try fields.word(text, in: item, at: path, confidence: nil)
                if !pending.isEmpty, let previous = words.last {
                    let gap = WordSpreading.gap(between: previous, and: word)
                    words += WordSpreading.words(in: pending.joined(separator: " "), start: gap.start, end: gap.end)
                        .map(markedEstimated)
                } else if !pending.isEmpty {
                    // Before the first timed word: placed just before it, as long as it is.
                    let length = word.end - word.start
                    words += WordSpreading.words(
                        in: pending.joined(separator: " "), start: max(0, word.start - length), end: word.start
                    ).map(markedEstimated)
                }
                pending.removeAll()
                words.append(word)
            default:
                pending.append(text)
            }
        }
        guard let last = words.last else { return ([], pending.count) }
        if !pending.isEmpty {
            // After the last timed word: placed just after it, as long as it is.
            words += WordSpreading.words(
                in: pending.joined(separator: " "), start: last.end, end: last.end + (last.end - last.start)
            ).map(markedEstimated)
        }
        return (words, 0)
    }

    private static func markedEstimated(_ word: Word) -> Word {
        var word = word
        word.isTimeEstimated = true
        return word
    }
}
