/// Reads the JSON of openai-whisper (`--word_timestamps True`), whisper-timestamped and
/// faster-whisper dumps.
///
/// ```json
/// {"text": " Damn, that hurt.", "language": "en",
///  "segments": [{"id": 0, "start": 1.28, "end": 2.9, "text": " Damn, that hurt.",
///                "words": [{"word": " Damn,", "start": 1.28, "end": 1.63, "probability": 0.93}]}]}
/// ```
///
/// Each `segments[i].words[j]` becomes a `Word`, its text kept as written (leading space,
/// attached punctuation) and times kept to the bit. The variants:
///
/// - openai-whisper: `word`, `start`, `end`, `probability`.
/// - whisper-timestamped: `text` and `confidence` instead of `word` and `probability`; its
///   disfluency marks (`[*]`) are dropped.
/// - faster-whisper dumps: the segment list itself at the top level
///   (`json.dump([s._asdict() for s in segments])`), and words as the positional arrays
///   `[start, end, word, probability]` that its `Word` named tuple turns into.
///
/// A word that is only punctuation (`"."`, `" -"`) is appended to the previous word's text,
/// extending its end.
///
/// Without word times — openai-whisper's default output, the OpenAI API's `verbose_json` with
/// segment granularity — a segment has `text`, `start` and `end` but no `words` (or an empty
/// list). Its words are then spread over the segment by their lengths (`WordSpreading`) and
/// marked as estimated, and the notes say how to get word times. When the OpenAI API was asked
/// for both granularities, its top-level `words[]` (`word`, `start`, `end`) are read and the
/// segments are not.
internal enum WhisperJSON: TranscriptReader {
    internal static let detectionRule =
        #"a JSON object with "segments", or a list of segments with "words" and "start""#

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        switch document.json {
        case .success(.object(let root))?:
            return root.has("segments")
        case .success(.array(let segments))?:
            guard case .object(let first)? = segments.first else { return false }
            return first.has("words") && first.has("start")
        default:
            return false
        }
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        let fields = JSONFields(document, format: .whisperJSON)
        let reader = WhisperWordReader(fields: fields, untimedWords: .rejected)
        let root = try document.jsonValue(as: .whisperJSON)
        if case .object(let object) = root, let items = try fields.optionalArray("words", of: object, at: { "" }),
            !items.isEmpty
        {
            var words: [Word] = []
            try reader.append(items, at: { "words" }, within: (nil, nil), to: &words)
            return words
        }
        return try reader.words(inSegmentsOf: root)
    }

    internal static func notes(on document: TranscriptDocument, words: [Word]) -> ReadingNotes {
        guard words.contains(where: \.isTimeEstimated) else { return ReadingNotes() }
        switch document.json {
        case .success(.object(let root))? where root.has("task") || root.has("duration"):
            return ReadingNotes(
                wordTimesAdvice:
                    "ask the OpenAI API for timestamp_granularities[]=word (with response_format=verbose_json)")
        case .success(.array)?:
            return ReadingNotes(wordTimesAdvice: "run faster-whisper with word_timestamps=True")
        default:
            return ReadingNotes(wordTimesAdvice: "run openai-whisper with --word_timestamps True")
        }
    }
}

/// Reads the `segments[].words[]` layout that the whisper family shares (`WhisperJSON`,
/// `WhisperX`).
internal struct WhisperWordReader {
    /// What to do with a word that has no `start` and `end`.
    internal enum UntimedWords {
        /// An error naming the missing key.
        case rejected
        /// Placed between its neighbours (WhisperX leaves numerals and symbols untimed).
        case estimated
    }

    /// One `words[]` item; its times are checked unless missing.
    private struct Item {
        var text: String
        var start: Double?
        var end: Double?
        var confidence: Double?
        var speaker: String?
    }

    /// Reads members and names paths.
    internal let fields: JSONFields
    /// The policy for words without times.
    internal let untimedWords: UntimedWords

    /// The words of a document whose top level is an object with `segments` or the array of
    /// segments itself.
    ///
    /// - Parameter root: The parsed document.
    /// - Returns: The words in file order.
    /// - Throws: `TranscriptError` at the first malformed item or invalid time.
    internal func words(inSegmentsOf root: JSONValue) throws(TranscriptError) -> [Word] {
        let segments: [JSONValue]
        let segmentsPath: String
        switch root {
        case .array(let elements):
            segments = elements
            segmentsPath = ""
        case .object(let object):
            segments = try fields.array("segments", of: object, at: { "" })
            segmentsPath = "segments"
        default:
            throw fields.malformed("", expected: #"an object with "segments""#, found: root.kindDescription)
        }
        var words: [Word] = []
        for (segmentIndex, segment) in segments.enumerated() {
            let path = { JSONPath.index(segmentsPath, segmentIndex) }
            let object = try fields.object(segment, at: path)
            let speaker = try fields.speaker("speaker", of: object, at: path)
            guard let items = try fields.optionalArray("words", of: object, at: path), !items.isEmpty else {
                words += try spreadWords(of: object, at: path, speaker: speaker)
                continue
            }
            let bounds =
                untimedWords == .estimated
                ? (
                    try fields.optionalTime("start", of: object, unit: .seconds, at: path),
                    try fields.optionalTime("end", of: object, unit: .seconds, at: path)
                )
                : (nil, nil)
            try append(items, at: { JSONPath.key(path(), "words") }, within: bounds, speaker: speaker, to: &words)
        }
        return words
    }

    /// The words of a segment without word times (`text`, `start`, `end`), spread over it; none
    /// when it has no text.
    private func spreadWords(of segment: JSONObject, at path: () -> String, speaker: String?) throws(TranscriptError)
        -> [Word]
    {
        guard let text = try fields.optionalString("text", of: segment, at: path),
            text.unicodeScalars.contains(where: \.isWordCharacter)
        else { return [] }
        let start = try fields.time("start", of: segment, unit: .seconds, at: path)
        let end = try fields.time("end", of: segment, unit: .seconds, at: path)
        _ = try fields.word(
            text, start: start, end: end, startPath: { JSONPath.key(path(), "start") },
            endPath: { JSONPath.key(path(), "end") })
        return WordSpreading.words(in: text, start: start, end: end, speaker: speaker)
    }

    /// Appends the words of one `words` array (a segment's, or WhisperX's `word_segments`).
    ///
    /// - Parameters:
    ///   - items: The array's elements.
    ///   - path: The array's path.
    ///   - bounds: The segment's start and end, which bound estimated times.
    ///   - speaker: The segment's speaker, for words that name none (WhisperX gives untimed
    ///     words no speaker).
    ///   - words: The words so far; punctuation-only items extend the last one.
    internal func append(
        _ items: [JSONValue], at path: () -> String, within bounds: (start: Double?, end: Double?),
        speaker: String? = nil, to words: inout [Word]
    ) throws(TranscriptError) {
        var pending: [Item] = []  // untimed items waiting for the next timed one
        var pendingStart = bounds.start
        for (index, value) in items.enumerated() {
            func itemPath() -> String { JSONPath.index(path(), index) }
            guard var item = try item(value, at: itemPath) else { continue }
            item.speaker = item.speaker ?? speaker
            guard let start = item.start, let end = item.end else {
                pending.append(item)
                continue
            }
            let word = try fields.word(
                item.text, start: start, end: end, confidence: item.confidence, speaker: item.speaker,
                startPath: { value.isArray ? JSONPath.index(itemPath(), 0) : JSONPath.key(itemPath(), "start") },
                endPath: { value.isArray ? JSONPath.index(itemPath(), 1) : JSONPath.key(itemPath(), "end") })
            if !pending.isEmpty {
                place(pending, from: pendingStart ?? words.last?.end ?? start, to: start, into: &words)
                pending.removeAll()
            }
            Self.add(word, to: &words)
            pendingStart = nil
        }
        if !pending.isEmpty {
            let from = pendingStart ?? words.last?.end ?? bounds.end ?? 0
            place(pending, from: from, to: max(from, bounds.end ?? from), into: &words)
        }
    }

    /// Adds a word, or appends a punctuation-only word to the previous one.
    internal static func add(_ word: Word, to words: inout [Word]) {
        if isPunctuationOnly(word.text), let last = words.indices.last {
            words[last].text += word.text
            words[last].end = max(words[last].end, word.end)
        } else {
            words.append(word)
        }
    }

    /// Gives untimed items estimated times between `from` and `to`, spread by their lengths.
    private func place(_ items: [Item], from: Double, to: Double, into words: inout [Word]) {
        let end = max(from, to)
        let total = items.reduce(0) { $0 + max(1, $1.text.count) }
        var characters = 0
        for item in items {
            let start = from + (end - from) * Double(characters) / Double(total)
            characters += max(1, item.text.count)
            let word = Word(
                text: item.text, start: start, end: from + (end - from) * Double(characters) / Double(total),
                confidence: item.confidence, speaker: item.speaker, isTimeEstimated: true)
            Self.add(word, to: &words)
        }
    }

    /// Reads one item: an object, or a faster-whisper `[start, end, word, probability]` array.
    /// Returns `nil` for whisper-timestamped's `[*]` disfluency marks.
    ///
    /// The object's members are found in one pass (this runs once per word of a transcript
    /// that may have millions); a missing or malformed member is then reported through
    /// `JSONFields`, as every reader reports it.
    private func item(_ value: JSONValue, at path: () -> String) throws(TranscriptError) -> Item? {
        if case .array(let tuple) = value {
            return try positionalItem(tuple, at: path)
        }
        let object = try fields.object(
            value, at: path, expected: "an object or a [start, end, word, probability] array")
        var hasWord = false
        var hasText = false
        var start: JSONValue?
        var end: JSONValue?
        var confidence: (key: String, value: JSONValue)?
        var speaker: JSONValue?
        for member in object.members {
            switch member.key {
            case "word": hasWord = true
            case "text": hasText = true
            case "start": start = member.value
            case "end": end = member.value
            case "probability", "confidence", "score": confidence = (member.key, member.value)
            case "speaker": speaker = member.value
            default: continue
            }
        }
        let string = try fields.string(hasWord || !hasText ? "word" : "text", of: object, at: path)
        if string.utf8.contains(UInt8(ascii: "*")), string.trimmingWhitespace == "[*]" { return nil }
        return Item(
            text: string,
            start: try time(start, "start", of: object, at: path),
            end: try time(end, "end", of: object, at: path),
            confidence: try confidence.map { (found) throws(TranscriptError) in
                found.value == .null ? nil : try fields.confidence(found.value, at: { JSONPath.key(path(), found.key) })
            } ?? nil,
            speaker: speaker == nil ? nil : try fields.speaker("speaker", of: object, at: path))
    }

    /// A word's time: required unless untimed words are estimated.
    private func time(_ value: JSONValue?, _ key: String, of object: JSONObject, at path: () -> String)
        throws(TranscriptError) -> Double?
    {
        guard let value, value != .null else {
            return untimedWords == .estimated ? nil : try fields.time(key, of: object, unit: .seconds, at: path)
        }
        return try fields.time(value, unit: .seconds, at: { JSONPath.key(path(), key) })
    }

    private func positionalItem(_ tuple: [JSONValue], at path: () -> String) throws(TranscriptError) -> Item {
        guard tuple.count == 3 || tuple.count == 4 else {
            throw fields.malformed(
                path(), expected: "a [start, end, word, probability] array", found: "an array of \(tuple.count)")
        }
        guard case .string(let text) = tuple[2] else {
            throw fields.malformed(JSONPath.index(path(), 2), expected: "a string", found: tuple[2].kindDescription)
        }
        return Item(
            text: text,
            start: try fields.time(tuple[0], unit: .seconds, at: { JSONPath.index(path(), 0) }),
            end: try fields.time(tuple[1], unit: .seconds, at: { JSONPath.index(path(), 1) }),
            confidence: tuple.count == 4 && tuple[3] != .null
                ? try fields.confidence(tuple[3], at: { JSONPath.index(path(), 3) }) : nil)
    }

    /// Whether a word's text has no letters, digits or marks: only spaces, punctuation, symbols.
    private static func isPunctuationOnly(_ text: String) -> Bool {
        let isASCIIWordByte = { (byte: UInt8) in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
        if text.utf8.contains(where: isASCIIWordByte) { return false }
        return !text.unicodeScalars.contains { $0.isWordCharacter }
    }
}
