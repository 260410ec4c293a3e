/// One transcript format: how to recognize it and how to read its words.
///
/// To add a format: add a case to `TranscriptFormat` (its place in `allCases` is its place in
/// detection), a file with a type conforming to this protocol (`Vosk.swift` beside
/// `WhisperJSON.swift`) whose doc comment shows the layout and its quirks, and the case's line
/// in `TranscriptFormat.reader`. JSON readers read items through `JSONFields`, text readers
/// check times with `WordTimeRule`.
internal protocol TranscriptReader {
    /// What `recognizes(_:)` looks for, in a few words for `TranscriptFormat.detectionRule`,
    /// e.g. `a JSON object with "results.channels"`.
    static var detectionRule: String { get }

    /// Whether the content is in this format: a cheap, specific test on its structure.
    ///
    /// - Parameter document: The decoded file.
    /// - Returns: `true` when this reader should read it.
    static func recognizes(_ document: TranscriptDocument) -> Bool

    /// Reads the words, in spoken order.
    ///
    /// - Parameter document: The decoded file.
    /// - Returns: The words.
    /// - Throws: `TranscriptError` naming the place and what was expected.
    static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word]

    /// What the words alone do not show about a document already read: words without times
    /// that could not be estimated, and how to get word times from the tool that wrote it.
    /// Readers whose files can lack word times implement it; the default notes nothing.
    ///
    /// - Parameters:
    ///   - document: The decoded file, which `words(in:)` read without error.
    ///   - words: The words it read.
    /// - Returns: The notes.
    static func notes(on document: TranscriptDocument, words: [Word]) -> ReadingNotes
}

extension TranscriptReader {
    internal static func notes(on document: TranscriptDocument, words: [Word]) -> ReadingNotes {
        ReadingNotes()
    }
}

/// What a reader noticed about a transcript besides its words (see
/// `TranscriptReader.notes(on:words:)`).
internal struct ReadingNotes: Sendable, Equatable {
    /// Words in the file without times and without timed neighbours to estimate them from.
    internal var untimedWords = 0
    /// How to get word times from the tool that wrote the file, when they were estimated.
    internal var wordTimesAdvice: String?
}
