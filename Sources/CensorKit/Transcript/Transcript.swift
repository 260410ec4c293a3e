/// A timed transcript: the words of a recording in order, with their times.
public struct Transcript: Sendable, Hashable {
    /// The words in the order they are spoken.
    public var words: [Word]
    /// The format the transcript was read from.
    public var format: TranscriptFormat

    /// Creates a transcript from words already in memory.
    ///
    /// - Parameters:
    ///   - words: The words in spoken order.
    ///   - format: The format they came from.
    public init(words: [Word], format: TranscriptFormat) {
        self.words = words
        self.format = format
    }
}
