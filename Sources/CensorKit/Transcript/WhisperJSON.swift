/// Reads openai-whisper's JSON output (`--word_timestamps True`).
///
/// ```json
/// {"text": " Damn, that hurt.", "language": "en",
///  "segments": [{"id": 0, "start": 1.28, "end": 2.9, "text": " Damn, that hurt.",
///                "words": [{"word": " Damn,", "start": 1.28, "end": 1.63, "probability": 0.93}]}]}
/// ```
///
/// Each `segments[i].words[j]` becomes a `Word`, its text kept as written (leading space,
/// attached punctuation) and its `probability` kept as the confidence. A word that is only
/// punctuation (`"."`, `" -"`) is appended to the previous word's text, extending its end.
/// Segments without `words` (whisper run without word timestamps) contribute nothing.
internal enum WhisperJSON: TranscriptReader {
    internal static let summary = "a JSON object with \"segments\""

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        guard case .success(.object(let root))? = document.json else { return false }
        return root["segments"] != nil
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        let reader = Reader(source: document.source)
        let root = try document.jsonValue(as: .whisperJSON)
        guard case .object(let members) = root else {
            throw reader.malformed("top level", expected: "an object with \"segments\"", found: root.kindDescription)
        }
        guard let segmentsValue = members["segments"] else {
            throw reader.malformed(
                "top level", expected: "an object with \"segments\"", found: "an object without \"segments\"")
        }
        guard case .array(let segments) = segmentsValue else {
            throw reader.malformed("segments", expected: "an array", found: segmentsValue.kindDescription)
        }
        var words: [Word] = []
        for (segmentIndex, segment) in segments.enumerated() {
            for word in try reader.words(inSegment: segment, path: "segments[\(segmentIndex)]") {
                if isPunctuationOnly(word.text), let last = words.indices.last {
                    words[last].text += word.text
                    words[last].end = max(words[last].end, word.end)
                } else {
                    words.append(word)
                }
            }
        }
        return words
    }

    /// Whether a word's text has no letters, digits or marks: only spaces, punctuation, symbols.
    private static func isPunctuationOnly(_ text: String) -> Bool {
        !text.unicodeScalars.contains { $0.isWordCharacter }
    }
}

extension WhisperJSON {
    /// Reads items of one file, naming it and the item path in errors.
    private struct Reader {
        let source: String

        func words(inSegment segment: JSONValue, path: String) throws(TranscriptError) -> [Word] {
            guard case .object(let members) = segment else {
                throw malformed(path, expected: "an object", found: segment.kindDescription)
            }
            switch members["words"] {
            case nil, .null?:
                return []
            case .array(let items)?:
                var words: [Word] = []
                words.reserveCapacity(items.count)
                for (index, item) in items.enumerated() {
                    words.append(try word(from: item, path: "\(path).words[\(index)]"))
                }
                return words
            case let other?:
                throw malformed("\(path).words", expected: "an array", found: other.kindDescription)
            }
        }

        func word(from item: JSONValue, path: String) throws(TranscriptError) -> Word {
            guard case .object(let members) = item else {
                throw malformed(path, expected: "an object", found: item.kindDescription)
            }
            guard case .string(let text)? = members["word"] else {
                throw malformed(
                    "\(path).word", expected: "a string", found: members["word"]?.kindDescription ?? "no \"word\" key")
            }
            let start = try number(members, "start", path: path)
            let end = try number(members, "end", path: path)
            do {
                try WordTimeRule.check(start: start)
            } catch {
                throw invalidTime("\(path).start", error)
            }
            do {
                try WordTimeRule.check(end: end, start: start)
            } catch {
                throw invalidTime("\(path).end", error)
            }
            return Word(text: text, start: start, end: end, confidence: try probability(members, path: path))
        }

        private func number(_ members: [String: JSONValue], _ key: String, path: String) throws(TranscriptError)
            -> Double
        {
            guard case .number(let value)? = members[key] else {
                throw malformed(
                    "\(path).\(key)", expected: "a number", found: members[key]?.kindDescription ?? "no \"\(key)\" key")
            }
            return value
        }

        private func probability(_ members: [String: JSONValue], path: String) throws(TranscriptError) -> Double? {
            switch members["probability"] {
            case nil, .null?:
                return nil
            case .number(let value)? where (0...1).contains(value):
                return value
            case .number(let value)?:
                throw malformed("\(path).probability", expected: "a number from 0 to 1", found: "\(value)")
            case let other?:
                throw malformed("\(path).probability", expected: "a number from 0 to 1", found: other.kindDescription)
            }
        }

        func malformed(_ place: String, expected: String, found: String) -> TranscriptError {
            .malformed(file: source, format: .whisperJSON, place: place, expected: expected, found: found)
        }

        private func invalidTime(_ place: String, _ violation: WordTimeRule.Violation) -> TranscriptError {
            .invalidTime(
                file: source, format: .whisperJSON, place: place, expected: violation.expected, found: violation.found)
        }
    }
}
