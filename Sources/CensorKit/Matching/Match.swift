/// A run of consecutive transcript words that matched one censor-list entry.
public struct Match: Sendable, Hashable {
    /// The indices of the matched words in the transcript, consecutive and ascending.
    public var wordIndices: Range<Int>
    /// The matched words' text as the transcript wrote it, joined by single spaces.
    public var text: String
    /// The censor-list entry that matched, as the list wrote it.
    public var pattern: String
    /// Start of the first matched word, in seconds.
    public var start: Double
    /// End of the last matched word, in seconds.
    public var end: Double

    /// Creates a match.
    public init(wordIndices: Range<Int>, text: String, pattern: String, start: Double, end: Double) {
        self.wordIndices = wordIndices
        self.text = text
        self.pattern = pattern
        self.start = start
        self.end = end
    }
}
