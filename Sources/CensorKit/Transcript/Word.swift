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

    /// Creates a word.
    ///
    /// - Parameters:
    ///   - text: The word as written in the transcript.
    ///   - start: Start time in seconds.
    ///   - end: End time in seconds; not before `start`.
    ///   - confidence: The recognizer's confidence, if known.
    public init(text: String, start: Double, end: Double, confidence: Double? = nil) {
        self.text = text
        self.start = start
        self.end = end
        self.confidence = confidence
    }
}
