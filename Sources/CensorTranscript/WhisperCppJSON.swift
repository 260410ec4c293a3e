/// Reads whisper.cpp's JSON: `-oj` (segments) and `-ojf` (segments with their tokens).
///
/// ```json
/// {"systeminfo": "…", "model": {"type": "base"}, "params": {"language": "en"}, "result": {"language": "en"},
///  "transcription": [{"timestamps": {"from": "00:00:01,280", "to": "00:00:02,620"},
///                     "offsets": {"from": 1280, "to": 2620}, "text": " Damn, that hurt.",
///                     "tokens": [{"text": "[_BEG_]", "offsets": {"from": 1280, "to": 1280}, "id": 50364, "p": 0.98},
///                                {"text": " Dam", "offsets": {"from": 1280, "to": 1450}, "id": 14550, "p": 0.71},
///                                {"text": "n", "offsets": {"from": 1450, "to": 1630}, "id": 77, "p": 0.9}, …]}]}
/// ```
///
/// Offsets are milliseconds. With `tokens` (`-ojf`), sub-word tokens are joined into words: a
/// token that does not start with a space continues the previous word, whose end it extends and
/// whose confidence becomes the least of its tokens' `p`; special tokens (`[_BEG_]`, `[_TT_150]`,
/// `[_SOT_]`, `<|endoftext|>`) are dropped. A segment without tokens, or whose tokens have no
/// offsets, is spread over its own offsets (`WordSpreading`), as with `-oj` — exact with
/// `-ml 1`, where each segment is one piece. A segment whose text does not start with a space
/// (`-ml 1` splits "Congrats" into " Cong" and "rats") continues the previous segment's last
/// word. A diarized segment's `speaker` is kept.
internal enum WhisperCppJSON: TranscriptReader {
    internal static let detectionRule = #"a JSON object with a "transcription" array"#

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        guard case .success(.object(let root))? = document.json, case .array? = root["transcription"] else {
            return false
        }
        return true
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        let fields = JSONFields(document, format: .whisperCppJSON)
        let root = try fields.object(
            try document.jsonValue(as: .whisperCppJSON), at: { "" }, expected: #"an object with "transcription""#)
        var words: [Word] = []
        for (index, value) in try fields.array("transcription", of: root, at: { "" }).enumerated() {
            let path = { JSONPath.index("transcription", index) }
            let segment = try fields.object(value, at: path)
            let speaker = try fields.speaker("speaker", of: segment, at: path)
            if let tokens = try fields.optionalArray("tokens", of: segment, at: path),
                let joined = try joinedTokens(
                    tokens, speaker: speaker, fields: fields, at: { JSONPath.key(path(), "tokens") })
            {
                append(joined, continuing: joined.first.map { !startsWord($0.text) } ?? false, to: &words)
                continue
            }
            let (start, end) = try offsets(of: segment, fields: fields, at: path)
            let times = try WordTimeRule.check(
                start: start, end: end, file: document.source, format: .whisperCppJSON,
                startPlace: { "\(path()).offsets.from" }, endPlace: { "\(path()).offsets.to" },
                repairs: document.repairs)
            let text = try fields.string("text", of: segment, at: path)
            append(
                WordSpreading.words(in: text, start: times.start, end: times.end, speaker: speaker),
                continuing: !startsWord(text),
                to: &words)
        }
        return words
    }

    /// Whether a segment's or token's text starts a new word: it begins with a space and has a
    /// letter or digit. Sub-word pieces (`-ml 1` writes "Cong" and "rats" as two segments) and
    /// punctuation continue the word before.
    private static func startsWord(_ text: String) -> Bool {
        (text.unicodeScalars.first?.properties.isWhitespace ?? true)
            && text.unicodeScalars.contains(where: \.isWordCharacter)
    }

    /// Appends a segment's words; when the segment continues the previous one's last word, its
    /// first word is joined to that word, whose end it extends.
    private static func append(_ segmentWords: [Word], continuing: Bool, to words: inout [Word]) {
        guard continuing, let first = segmentWords.first, let last = words.indices.last else {
            words += segmentWords
            return
        }
        words[last].text += first.text
        words[last].end = max(words[last].end, first.end)
        words[last].isTimeEstimated = words[last].isTimeEstimated || first.isTimeEstimated
        if let confidence = first.confidence {
            words[last].confidence = min(words[last].confidence ?? confidence, confidence)
        }
        words += segmentWords.dropFirst()
    }

    /// The words of a segment's tokens; `nil` when a text token has no offsets.
    private static func joinedTokens(
        _ tokens: [JSONValue], speaker: String?, fields: JSONFields, at path: () -> String
    ) throws(TranscriptError) -> [Word]? {
        var words: [Word] = []
        for (index, value) in tokens.enumerated() {
            func tokenPath() -> String { JSONPath.index(path(), index) }
            let token = try fields.object(value, at: tokenPath)
            let text = try fields.string("text", of: token, at: tokenPath)
            if isSpecial(text) { continue }
            guard token.has("offsets") else { return nil }
            let (start, end) = try offsets(of: token, fields: fields, at: tokenPath)
            let confidence = try fields.confidence("p", of: token, at: tokenPath)
            let word = try fields.word(
                text, start: start, end: end, confidence: confidence, speaker: speaker,
                startPath: { "\(tokenPath()).offsets.from" }, endPath: { "\(tokenPath()).offsets.to" })
            if !startsWord(text), let last = words.indices.last {
                words[last].text += text
                words[last].end = max(words[last].end, end)
                if let confidence { words[last].confidence = min(words[last].confidence ?? confidence, confidence) }
            } else {
                words.append(word)
            }
        }
        return words
    }

    /// `offsets.from` and `offsets.to` in seconds.
    private static func offsets(of object: JSONObject, fields: JSONFields, at path: () -> String)
        throws(TranscriptError) -> (Double, Double)
    {
        let offsets = try fields.object("offsets", of: object, at: path)
        let offsetsPath = { JSONPath.key(path(), "offsets") }
        return (
            try fields.time("from", of: offsets, unit: .milliseconds, at: offsetsPath),
            try fields.time("to", of: offsets, unit: .milliseconds, at: offsetsPath)
        )
    }

    /// Whether a token is one of whisper's special tokens rather than text.
    private static func isSpecial(_ text: String) -> Bool {
        (text.hasPrefix("[_") && text.hasSuffix("]")) || (text.hasPrefix("<|") && text.hasSuffix("|>"))
    }
}
