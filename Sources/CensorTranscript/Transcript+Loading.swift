import Foundation

extension Transcript {
    /// Reads a transcript file, detecting its format unless one is given.
    ///
    /// ```swift
    /// let transcript = try Transcript.load(path: "talk.json")
    /// ```
    ///
    /// - Parameters:
    ///   - path: The file's path. Messages name the file by its path as given.
    ///   - format: The format, or `nil` to detect it from the content.
    ///   - encoding: How the text is encoded; by default UTF-8 or UTF-16 with a byte-order
    ///     mark, and Windows-1252 when the text is not valid UTF-8 (see `TranscriptEncoding`).
    /// - Returns: The transcript's words in file order.
    /// - Throws: `TranscriptError` when the file cannot be read, its format cannot be told, or its
    ///   content is malformed or has invalid times.
    public static func load(
        path: String, format: TranscriptFormat? = nil, encoding: TranscriptEncoding = .automatic
    ) throws(TranscriptError) -> Transcript {
        let source = SourceText.displayName(of: URL(fileURLWithPath: path))
        return try Transcript(data: try data(path: path), format: format, source: source, encoding: encoding)
    }

    /// Reads a transcript file's bytes, once and to its end: a regular file, or a FIFO,
    /// `/dev/stdin` or a process substitution (`<(…)`), which have no size to go by.
    ///
    /// - Parameters:
    ///   - path: The file's path.
    ///   - limit: The most bytes it may hold; default 1 GiB.
    /// - Returns: The bytes.
    /// - Throws: `TranscriptError.unreadable` with the operating system's reason, or naming the limit.
    public static func data(path: String, limit: Int = 1 << 30) throws(TranscriptError) -> Data {
        let url = URL(fileURLWithPath: path)
        do {
            return try SourceText.data(contentsOf: url, limit: limit)
        } catch {
            throw TranscriptError.unreadable(file: SourceText.displayName(of: url), reason: error.reason)
        }
    }

    /// Reads a transcript from bytes in memory, detecting its format unless one is given.
    ///
    /// The bytes are UTF-8, with or without a byte-order mark, or UTF-16 with one; line ends
    /// may be LF, CRLF or CR. Bytes of nothing but white space and byte-order marks (or none),
    /// which a recognizer that heard no speech may write, are a transcript without words, in
    /// `format` or else `.jsonWords`, rather than one of no recognizable format.
    ///
    /// - Parameters:
    ///   - data: The file's content.
    ///   - format: The format, or `nil` to detect it from the content.
    ///   - source: The file name to use in error messages.
    ///   - encoding: How the text is encoded (see `load(path:format:encoding:)`).
    ///   - tier: The tier of a TextGrid or MFA JSON file that holds the words, by its name;
    ///     `nil` to choose it by name (`words`, `<speaker> - words`, `TokensAlign`).
    /// - Throws: `TranscriptError` when the format cannot be told, or the content is malformed
    ///   or has invalid times, or has no tier named `tier` (the message lists the tiers it has).
    public init(
        data: Data, format: TranscriptFormat? = nil, source: String, encoding: TranscriptEncoding = .automatic,
        tier: String? = nil
    ) throws(TranscriptError) {
        try self.init(data: data, format: format, source: source, encoding: encoding, tier: tier, readingInPlace: true)
    }

    /// Reads a transcript from bytes in memory, as `init(data:format:source:)` does, with or
    /// without the in-place path for openai-whisper JSON, so that tests can compare the two.
    ///
    /// - Parameters:
    ///   - data: The file's content.
    ///   - format: The format, or `nil` to detect it from the content.
    ///   - source: The file name to use in error messages.
    ///   - encoding: How the text is encoded.
    ///   - tier: The tier that holds the words, by its name, or `nil`.
    ///   - readingInPlace: Whether a whisper JSON file may be read in place
    ///     (`WhisperJSON.wordsReadInPlace(_:)`) before the general path.
    /// - Throws: `TranscriptError` as `init(data:format:source:)` does.
    internal init(
        data: Data, format: TranscriptFormat?, source: String, encoding: TranscriptEncoding = .automatic,
        tier: String? = nil, readingInPlace: Bool
    ) throws(TranscriptError) {
        if Self.isBlank(data) {
            self.init(words: [], format: format ?? .jsonWords)
            return
        }
        if readingInPlace, format == nil || format == .whisperJSON, encoding == .automatic,
            let read = WhisperJSON.wordsReadInPlace(data), !read.words.isEmpty
        {
            // The commonest case, read without decoding the text first or building the JSON
            // tree; anything unusual, and every error, takes the general path below.
            self.init(words: read.words, format: .whisperJSON)
            language = read.language
            return
        }
        let text: SourceText
        let legacyEncoding: String?
        do {
            (text, legacyEncoding) = try encoding.decode(data)
        } catch {
            throw TranscriptError.malformed(
                file: source, format: format, place: error.place, expected: error.expected, found: error.found)
        }
        var document = TranscriptDocument(text: text.string, source: source)
        document.tier = tier
        guard let format = format ?? TranscriptFormat.detected(in: document) else {
            if case .failure(let error)? = document.json {
                throw TranscriptError.malformed(
                    file: source, format: nil, place: error.place, expected: error.expected, found: error.found)
            }
            throw document.unrecognizedContent.map { TranscriptError.unrecognized(file: source, found: $0) }
                ?? TranscriptError.unknownFormat(file: source)
        }
        self.init(words: try format.reader.words(in: document), format: format)
        let notes = format.reader.notes(on: document, words: words)
        untimedWordCount = notes.untimedWords
        if words.isEmpty, untimedWordCount == 0 { untimedWordCount = document.untimedSpeechWords }
        wordTimesAdvice = notes.wordTimesAdvice
        self.legacyEncoding = legacyEncoding
        repairs = document.repairs.repairs
        if case .success(let root)? = document.json { language = Self.language(in: root) }
    }

    /// Whether `data` holds nothing but white space and byte-order marks (U+FEFF), read as
    /// UTF-8; stops at the first other character, so a file of any size costs its first few bytes.
    static func isBlank(_ data: Data) -> Bool {
        var bytes = data.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&bytes) {
            case let .scalarValue(scalar):
                guard scalar.properties.isWhitespace || scalar == "\u{FEFF}" else { return false }
            case .emptyInput:
                return true
            case .error:
                return false
            }
        }
    }
}
