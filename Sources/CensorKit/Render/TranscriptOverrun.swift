/// A transcript whose words run on well past the end of the audio they were used on: the
/// transcript of a longer recording, or of another one. The words that start after the audio
/// ends cannot be censored.
///
/// A ``Report`` carries one (``Report/transcriptOverrun``) when the planner was given the
/// transcript's words (``Planner/transcriptWords``) and some start more than ``tolerance``
/// after the audio ends.
public struct TranscriptOverrun: Sendable, Hashable, Codable {
    /// How far past the end of the audio, in seconds, a word may start before the transcript
    /// is taken to be of a longer recording; recognizers' last times can run a little past the
    /// audio.
    public static let tolerance = 1.0

    /// How many words start more than ``tolerance`` after the audio ends.
    public var lateWords: Int
    /// How many words the transcript has.
    public var words: Int
    /// The latest end of any word, in seconds.
    public var lastTime: Double
    /// The audio's length in seconds.
    public var audioSeconds: Double

    /// The overrun of `words` over `audioSeconds` of audio; `nil` when no word starts more than
    /// ``tolerance`` after the audio ends.
    ///
    /// - Parameters:
    ///   - words: The transcript's words.
    ///   - audioSeconds: The audio's length in seconds.
    /// - Complexity: O(*n*) for *n* words.
    public init?(words: [Word], audioSeconds: Double) {
        let late = words.reduce(0) { $0 + ($1.start > audioSeconds + Self.tolerance ? 1 : 0) }
        guard late > 0, let last = words.map(\.end).max() else { return nil }
        lateWords = late
        self.words = words.count
        lastTime = last
        self.audioSeconds = audioSeconds
    }
}

extension Censor {
    /// The overrun of the planner's transcript words over `frames` of audio at `sampleRate`;
    /// `nil` without words or when they fit.
    func transcriptOverrun(frames: Int, sampleRate: Int) -> TranscriptOverrun? {
        TranscriptOverrun(words: planner.transcriptWords, audioSeconds: Double(frames) / Double(sampleRate))
    }
}
