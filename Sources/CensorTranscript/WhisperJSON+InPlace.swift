import Foundation

/// openai-whisper JSON read in one pass over the bytes, straight into words.
///
/// A million-word transcript is about 100 MB of JSON, most of it segment text, token ids and
/// decoding statistics that no word needs. The general path builds a `JSONValue` for all of it
/// and then walks the tree; this path checks the syntax of what it skips, as the parser would,
/// and builds only the words.
///
/// It reads the layout openai-whisper and faster-whisper write — an object whose `segments`
/// hold `words` of `word`, `start`, `end` and `probability` — and gives up (returns `nil`) on
/// anything else: another variant (`text`/`confidence` items, positional arrays, a top-level
/// list, speakers, top-level `words`), a key that a format tried before whisper JSON in
/// detection looks for (`word_segments`, `score`, `substring`), a segment with text but no
/// words (whose words the general path estimates), a repeated key, a missing or malformed member, an
/// invalid time, a syntax error or a second top-level value. The general path then reads the
/// file, and every error is reported by it, as before. The words of a file this path reads are
/// the words the general path reads, to the bit (`WhisperFastPathTests` compares them).
extension WhisperJSON {
    /// The keys this path tells apart; every other key's value is skipped.
    private enum Key {
        case segments, words, word, start, end, probability, language
        /// Keys that need the general path where they appear: another variant (`text`,
        /// `confidence` and `speaker` in items, `speaker` in segments) or a layout an earlier
        /// format in detection looks for (`word_segments`, `score`, `substring`).
        case text, confidence, speaker, score, substring, wordSegments
        /// Keys of stable-ts (`ori_dict`, `regroup_history`, `nonspeech_sections`) and WhisperKit
        /// (`timings`, `avgLogprob`), formats detected before whisper JSON.
        case laterLayout
        case other

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            func equals(_ literal: StaticString) -> Bool {
                memcmp(bytes.baseAddress!, literal.utf8Start, bytes.count) == 0
            }
            switch bytes.count {
            case 3: self = equals("end") ? .end : .other
            case 4: self = equals("word") ? .word : equals("text") ? .text : .other
            case 5: self = equals("start") ? .start : equals("words") ? .words : equals("score") ? .score : .other
            case 7: self = equals("speaker") ? .speaker : equals("timings") ? .laterLayout : .other
            case 8:
                self =
                    equals("segments")
                    ? .segments : equals("language") ? .language : equals("ori_dict") ? .laterLayout : .other
            case 9: self = equals("substring") ? .substring : .other
            case 10: self = equals("confidence") ? .confidence : equals("avgLogprob") ? .laterLayout : .other
            case 11: self = equals("probability") ? .probability : .other
            case 13: self = equals("word_segments") ? .wordSegments : .other
            case 15: self = equals("regroup_history") ? .laterLayout : .other
            case 18: self = equals("nonspeech_sections") ? .laterLayout : .other
            default: self = .other
            }
        }
    }

    /// Reads the words of an openai-whisper JSON file without building its tree, when the file
    /// has the plain layout and no error.
    ///
    /// - Parameter data: The file's bytes: UTF-8, with or without a byte-order mark.
    /// - Returns: The words as `words(in:)` reads them, and the top-level `language` when it is a
    ///   string; `nil` when the general path must read the file (see the extension's comment),
    ///   which is also the case for UTF-16. When it returns words, detection would also have
    ///   chosen whisper JSON.
    /// - Complexity: O(*n*) in the length of the file, allocating only the words.
    internal static func wordsReadInPlace(_ data: Data) -> (words: [Word], language: String?)? {
        data.withUnsafeBytes { raw in
            var bytes = raw.assumingMemoryBound(to: UInt8.self)
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = UnsafeBufferPointer(rebasing: bytes.dropFirst(3)) }
            return JSONParser.withParser(overUTF8: bytes) { parser in
                do {
                    return try readDocument(&parser, size: bytes.count)
                } catch {
                    return nil
                }
            }
        }
    }

    private static func readDocument(
        _ parser: inout JSONParser, size: Int
    ) throws(JSONParser.SyntaxError) -> (words: [Word], language: String?)? {
        guard parser.enter(UInt8(ascii: "{")) else { return nil }
        var words: [Word]?
        var language: String?
        if !parser.consume(UInt8(ascii: "}")) {
            repeat {
                guard let key = try parser.withStringBytes(Key.init), parser.consume(UInt8(ascii: ":")) else {
                    return nil
                }
                switch key {
                case .segments:
                    guard words == nil else { return nil }
                    var segmentWords: [Word] = []
                    // A word item takes 60 bytes or more of the file, so this is enough for all of
                    // them, without copies as the array grows; pages never written are never
                    // resident.
                    segmentWords.reserveCapacity(size / 60)
                    guard try readSegments(&parser, into: &segmentWords) else { return nil }
                    words = segmentWords
                case .language:
                    // The last one wins, as in the general path; one that is not a string is skipped.
                    if let string = try parser.withStringBytes({ String(decoding: $0, as: UTF8.self) }) {
                        language = string
                    } else {
                        language = nil
                        try parser.skipValue()
                    }
                case .wordSegments, .words, .laterLayout:
                    // WhisperX, the OpenAI API's top-level words, or a later layout (stable-ts,
                    // WhisperKit): the general path's cases.
                    return nil
                default:
                    try parser.skipValue()
                }
            } while parser.consume(UInt8(ascii: ","))
            guard parser.leave(UInt8(ascii: "}")) else { return nil }
        }
        guard parser.isAtEnd(), let words else { return nil }
        return (words, language)
    }

    /// Reads `segments`, adding their words; `false` when the general path must read them.
    private static func readSegments(_ parser: inout JSONParser, into words: inout [Word])
        throws(JSONParser.SyntaxError) -> Bool
    {
        guard parser.enter(UInt8(ascii: "[")) else { return false }
        if parser.leave(UInt8(ascii: "]")) { return true }
        repeat {
            guard parser.enter(UInt8(ascii: "{")) else { return false }
            if !parser.leave(UInt8(ascii: "}")) {
                var hasWords = false
                var wordItems = 0
                var hasText = false
                repeat {
                    guard let key = try parser.withStringBytes(Key.init), parser.consume(UInt8(ascii: ":")) else {
                        return false
                    }
                    switch key {
                    case .words:
                        // A repeated key would let the last one win: the general path's case.
                        guard !hasWords else { return false }
                        hasWords = true
                        if !parser.consumeNull() {
                            guard let items = try readWords(&parser, into: &words) else { return false }
                            wordItems = items
                        }
                    case .text:
                        guard let text = try parser.withStringBytes({ $0.contains { !Self.isJSONSpace($0) } }) else {
                            return false
                        }
                        hasText = text
                    case .speaker, .substring, .laterLayout:
                        return false
                    default:
                        try parser.skipValue()
                    }
                } while parser.consume(UInt8(ascii: ","))
                guard parser.leave(UInt8(ascii: "}")) else { return false }
                // A segment with text but no word times is spread over its words: the general
                // path's case.
                if hasText, wordItems == 0 { return false }
            }
        } while parser.consume(UInt8(ascii: ","))
        return parser.leave(UInt8(ascii: "]"))
    }

    /// Whether a byte is white space as JSON and whisper's texts have it.
    private static func isJSONSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }

    /// Reads one segment's `words`, adding them as `WhisperWordReader` does (punctuation-only
    /// items extend the previous word); returns the number of items, or `nil` when the general
    /// path must read them.
    private static func readWords(_ parser: inout JSONParser, into words: inout [Word])
        throws(JSONParser.SyntaxError) -> Int?
    {
        guard parser.enter(UInt8(ascii: "[")) else { return nil }
        if parser.leave(UInt8(ascii: "]")) { return 0 }
        var items = 0
        repeat {
            items += 1
            guard parser.enter(UInt8(ascii: "{")) else { return nil }
            var text: String?
            var isDisfluencyMark = false
            var start: Double?
            var end: Double?
            var confidence: Double??
            if !parser.leave(UInt8(ascii: "}")) {
                repeat {
                    guard let key = try parser.withStringBytes(Key.init), parser.consume(UInt8(ascii: ":")) else {
                        return nil
                    }
                    switch key {
                    case .word:
                        guard text == nil,
                            let value = try parser.withStringBytes({ bytes in
                                (String(decoding: bytes, as: UTF8.self), bytes.contains(UInt8(ascii: "*")))
                            })
                        else { return nil }
                        text = value.0
                        isDisfluencyMark = value.1 && value.0.trimmingWhitespace == "[*]"
                    case .start:
                        guard start == nil, let value = try parser.number() else { return nil }
                        start = value
                    case .end:
                        guard end == nil, let value = try parser.number() else { return nil }
                        end = value
                    case .probability:
                        guard confidence == nil else { return nil }
                        if parser.consumeNull() {
                            confidence = .some(nil)
                        } else {
                            guard let value = try parser.number(), (0...1).contains(value) else { return nil }
                            confidence = value
                        }
                    case .text, .confidence, .speaker, .score:
                        return nil
                    default:
                        try parser.skipValue()
                    }
                } while parser.consume(UInt8(ascii: ","))
                guard parser.leave(UInt8(ascii: "}")) else { return nil }
            }
            guard let text, let start, let end, (try? WordTimeRule.check(start: start)) != nil,
                (try? WordTimeRule.check(end: end, start: start)) != nil
            else { return nil }
            // whisper-timestamped's disfluency marks are dropped, as the general path drops them.
            if isDisfluencyMark { continue }
            WhisperWordReader.add(Word(text: text, start: start, end: end, confidence: confidence ?? nil), to: &words)
        } while parser.consume(UInt8(ascii: ","))
        return parser.leave(UInt8(ascii: "]")) ? items : nil
    }
}
