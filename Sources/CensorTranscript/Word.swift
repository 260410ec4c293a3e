/// One timed word of a transcript.
///
/// Times are in seconds from the start of the audio. `text` is the word as the recognizer wrote
/// it, including any leading space or attached punctuation; matching normalizes it.
public struct Word: Sendable, Hashable {
    /// The word as written in the transcript.
    public var text: String
    /// Start time in seconds.
    public var start: Double
    /// End time in seconds.
    public var end: Double
    /// The recognizer's confidence in 0...1, when the format has one.
    public var confidence: Double?
    /// Who spoke the word, as the format names them (`SPEAKER_00`, `spk_1`, `A`, `2`), when the
    /// recognizer labelled speakers.
    public var speaker: String?
    /// Whether the times were estimated by censor rather than given by the recognizer: a
    /// subtitle cue or a multi-word label spread over its words by their lengths, or a word
    /// without times placed between its neighbours.
    public var isTimeEstimated: Bool

    /// Creates a word.
    ///
    /// - Parameters:
    ///   - text: The word as written in the transcript.
    ///   - start: Start time in seconds.
    ///   - end: End time in seconds; not before `start`.
    ///   - confidence: The recognizer's confidence, if known.
    ///   - speaker: Who spoke the word, if known.
    ///   - isTimeEstimated: Whether censor estimated the times.
    public init(
        text: String, start: Double, end: Double, confidence: Double? = nil, speaker: String? = nil,
        isTimeEstimated: Bool = false
    ) {
        self.text = text
        self.start = start
        self.end = end
        self.confidence = confidence
        self.speaker = speaker
        self.isTimeEstimated = isTimeEstimated
    }
}
