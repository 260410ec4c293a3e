/// A timed transcript: the words of a recording in order, with their times.
public struct Transcript: Sendable, Hashable {
    /// The words in the order they are spoken.
    public var words: [Word]
    /// The format the transcript was read from.
    public var format: TranscriptFormat

    /// Whether some words' times were estimated rather than given by the recognizer (see
    /// `Word.isTimeEstimated`): true for subtitles without word stamps. A report should say so,
    /// since such times can be off by a word's length.
    ///
    /// - Complexity: O(*n*) for *n* words.
    public var timesAreEstimated: Bool {
        words.contains { $0.isTimeEstimated }
    }

    /// How many words' times were estimated rather than given.
    ///
    /// - Complexity: O(*n*) for *n* words.
    public var estimatedWordCount: Int {
        words.reduce(0) { $0 + ($1.isTimeEstimated ? 1 : 0) }
    }

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
