/// A run of consecutive transcript words that matched one censor-list entry.
public struct Match: Sendable, Hashable {
    /// The indices of the matched words in the transcript, consecutive and ascending.
    public var wordIndices: Range<Int>
    /// The matched words' text as the transcript wrote it, joined by single spaces.
    public var text: String
    /// The censor-list entry that matched, as the list wrote it (without a `|replacement`).
    public var pattern: String
    /// Start of the first matched word, in seconds.
    public var start: Double
    /// End of the last matched word, in seconds.
    public var end: Double
    /// The entry's replacement text (`word|replacement`), for masking subtitles.
    public var replacement: String?
    /// The lowest confidence of the matched words, when the transcript has confidences.
    public var confidence: Double?
    /// The speaker of the first matched word that has one.
    public var speaker: String?
    /// Whether any matched word's times were estimated (subtitle cues, untimed words); the
    /// report should say so.
    public var isTimeEstimated: Bool
    /// What is doubtful about the matched words' times (zero length, too long, low confidence),
    /// each reason once, in `WordDoubt.allCases` order.
    public var doubts: [WordDoubt]

    /// Creates a match.
    ///
    /// - Parameters:
    ///   - wordIndices: The matched words' indices.
    ///   - text: The matched words' text.
    ///   - pattern: The entry that matched.
    ///   - start: Start of the first word, in seconds.
    ///   - end: End of the last word, in seconds.
    ///   - replacement: The entry's replacement text.
    ///   - confidence: The lowest confidence of the words.
    ///   - speaker: The words' speaker.
    ///   - isTimeEstimated: Whether any word's times were estimated.
    ///   - doubts: What is doubtful about the words' times.
    public init(
        wordIndices: Range<Int>, text: String, pattern: String, start: Double, end: Double,
        replacement: String? = nil, confidence: Double? = nil, speaker: String? = nil, isTimeEstimated: Bool = false,
        doubts: [WordDoubt] = []
    ) {
        self.wordIndices = wordIndices
        self.text = text
        self.pattern = pattern
        self.start = start
        self.end = end
        self.replacement = replacement
        self.confidence = confidence
        self.speaker = speaker
        self.isTimeEstimated = isTimeEstimated
        self.doubts = doubts
    }
}
