/// One transcript format: how to recognize it and how to read its words.
///
/// To add a format: add a case to `TranscriptFormat`, a file with a type conforming to this
/// protocol (`VoskJSON.swift` beside `WhisperJSON.swift`), and the case's line in
/// `TranscriptFormat.reader`. Detection then tries it in the order of `TranscriptFormat.allCases`.
internal protocol TranscriptReader {
    /// A short description of the format for "cannot tell the format" messages, e.g.
    /// `a JSON object with "segments"`.
    static var summary: String { get }

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
}
