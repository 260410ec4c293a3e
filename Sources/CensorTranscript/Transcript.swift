/// A timed transcript: the words of a recording in order, with their times.
public struct Transcript: Sendable, Hashable {
    /// The words in the order they are spoken.
    public var words: [Word]
    /// The format the transcript was read from.
    public var format: TranscriptFormat
    /// How many words the file holds that have neither times nor neighbours to estimate them
    /// from (a Gentle alignment that found no word in the audio), and so are not in `words`.
    /// A transcript with such words and no `words` could not be read for censoring; one with
    /// neither is empty of speech.
    public var untimedWordCount: Int = 0
    /// How to get word times from the tool that wrote the file, when it gave only segment times
    /// and the words' times were estimated within them: `run openai-whisper with
    /// --word_timestamps True`. `nil` when there is nothing to advise.
    public var wordTimesAdvice: String?
    /// The legacy encoding the text was decoded from when it was not Unicode (see
    /// `TranscriptEncoding`), e.g. `windows-1252`; `nil` for UTF-8, or UTF-16/32 with a
    /// byte-order mark.
    public var legacyEncoding: String?
    /// What was slightly off in the file and read leniently rather than refused, in file order
    /// (an end one time step before its start, read as the word between the two instants);
    /// empty for most files.
    public var repairs: [TranscriptRepair] = []
    /// The speech's language as the file names it (`en`, `fr-FR`, `en_us`, `eng`), when it
    /// names one: Whisper's `language`, a service's language code or locale
    /// (``Transcript/languagePaths``); `nil` otherwise.
    public var language: String?

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

    /// The earliest start and the latest end of any word, in seconds; `nil` without words.
    ///
    /// - Complexity: O(*n*) for *n* words.
    public var timeRange: (first: Double, last: Double)? {
        guard let first = words.first else { return nil }
        return words.reduce((first.start, first.end)) { (min($0.0, $1.start), max($0.1, $1.end)) }
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
