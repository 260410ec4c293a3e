/// One word as censored subtitles show it, with its times: the unit of word-by-word and
/// karaoke captions.
public struct SubtitleWord: Sendable, Hashable {
    /// The text shown: the transcript's word, masked when it is censored; a phrase with a
    /// replacement (`piece of crap|junk`) is one word showing the replacement.
    public var text: String
    /// When the word starts, in seconds.
    public var start: Double
    /// When the word ends, in seconds.
    public var end: Double
    /// Whether the word is censored (masked or replaced).
    public var isCensored: Bool

    /// Creates a word.
    public init(text: String, start: Double, end: Double, isCensored: Bool) {
        self.text = text
        self.start = start
        self.end = end
        self.isCensored = isCensored
    }
}

/// One subtitle cue: consecutive words shown together, from the first's start to the last's end.
public struct SubtitleCue: Sendable, Hashable {
    /// The cue's words in order.
    public var words: [SubtitleWord]

    /// Creates a cue of `words` (at least one).
    public init(words: [SubtitleWord]) {
        precondition(!words.isEmpty, "a cue holds at least one word")
        self.words = words
    }

    /// When the cue appears: its first word's start.
    public var start: Double { words[0].start }
    /// When the cue disappears: its last word's end.
    public var end: Double { words[words.count - 1].end }
    /// The words joined by spaces.
    public var text: String { words.map(\.text).joined(separator: " ") }
}
