/// Something a transcript read for censoring says about how much of it can be censored from,
/// with the counts a front end needs to word it: see ``Transcript/findings(file:requiringWordTimes:)``.
///
/// None of these stops a run; a transcript that cannot be censored from at all is a
/// ``TranscriptRefusal`` instead.
public enum TranscriptFinding: Sendable, Hashable, Codable {
    /// The text was not Unicode and was decoded from this legacy encoding, e.g.
    /// `windows-1252` (see ``TranscriptEncoding``); if the file is in another encoding, its
    /// words are misread.
    case legacyEncoding(String)
    /// The transcript holds no word at all, timed or not (a recognizer that heard no speech
    /// writes such a file, or an empty one): nothing can be censored.
    case noWords
    /// The times of `estimated` of the transcript's `words` timed words were not given but
    /// estimated (spread over their cue or segment by their lengths, or placed between their
    /// neighbours), so they may be off by a word's length.
    case estimatedTimes(estimated: Int, words: Int)
    /// `count` words of the file have neither a time nor a timed neighbour to estimate one
    /// from, beside words that do: they are not in ``Transcript/words`` and cannot be censored.
    case untimedWords(count: Int)
}

/// A transcript that was read but cannot be censored from, with the counts that say why.
///
/// ```
/// talk.json (gentle): none of its 12 words has a time, and none could be estimated from a timed neighbour
/// ```
public struct TranscriptRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why the transcript cannot be censored from.
    public enum Reason: Sendable, Hashable {
        /// The file has `untimedWords` words, none of which has a time or a timed neighbour
        /// to estimate one from: no word could be censored.
        case noTimedWord(untimedWords: Int)
        /// `estimated` of its `words` timed words have estimated times, and the caller asked
        /// for given times only.
        case estimatedTimes(estimated: Int, words: Int)
    }

    /// The transcript as named to the user.
    public let file: String
    /// The format it was read in.
    public let format: TranscriptFormat
    /// Why it cannot be censored from.
    public let reason: Reason
    /// How to get word times from the tool that wrote the file (``Transcript/wordTimesAdvice``),
    /// when there is advice to give.
    public let wordTimesAdvice: String?

    /// The refusal of `file`, read as `format`, for `reason`.
    public init(file: String, format: TranscriptFormat, reason: Reason, wordTimesAdvice: String? = nil) {
        self.file = file
        self.format = format
        self.reason = reason
        self.wordTimesAdvice = wordTimesAdvice
    }

    public var description: String {
        let advice = wordTimesAdvice.map { "; for word times, \($0)" } ?? ""
        switch reason {
        case let .noTimedWord(untimed):
            return "\(file) (\(format.rawValue)): none of its \(untimed) words has a time, and none could be "
                + "estimated from a timed neighbour; nothing could be censored\(advice)"
        case let .estimatedTimes(estimated, words):
            return "\(file) (\(format.rawValue)) gives no word times for \(estimated) of its \(words) words, and "
                + "estimated times were refused\(advice)"
        }
    }
}

extension Transcript {
    /// What this transcript says about how much of it can be censored from, or why it cannot
    /// be censored from at all.
    ///
    /// ```swift
    /// let transcript = try Transcript.load(path: "talk.srt")
    /// for finding in try transcript.findings(file: "talk.srt") {
    ///     if case let .estimatedTimes(estimated, words) = finding { print("\(estimated) of \(words) times estimated") }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - file: The transcript as named to the user, for the refusal.
    ///   - requiringWordTimes: Whether estimated word times are refused rather than reported.
    /// - Returns: The findings, in the order: ``TranscriptFinding/legacyEncoding(_:)``,
    ///   ``TranscriptFinding/noWords``, ``TranscriptFinding/estimatedTimes(estimated:words:)``,
    ///   ``TranscriptFinding/untimedWords(count:)``; empty for a transcript of given times.
    /// - Throws: ``TranscriptRefusal`` when the file has words but none has or could be given a
    ///   time (a transcript empty of speech is only ``TranscriptFinding/noWords``), or when
    ///   `requiringWordTimes` and some times are estimated.
    /// - Complexity: O(*n*) for *n* words.
    public func findings(file: String, requiringWordTimes: Bool = false) throws(TranscriptRefusal)
        -> [TranscriptFinding]
    {
        var findings: [TranscriptFinding] = []
        if let legacyEncoding { findings.append(.legacyEncoding(legacyEncoding)) }
        let count = words.count
        if count == 0 {
            guard untimedWordCount == 0 else {
                throw TranscriptRefusal(
                    file: file, format: format, reason: .noTimedWord(untimedWords: untimedWordCount),
                    wordTimesAdvice: wordTimesAdvice)
            }
            findings.append(.noWords)
        }
        let estimated = estimatedWordCount
        if estimated > 0 {
            if requiringWordTimes {
                throw TranscriptRefusal(
                    file: file, format: format, reason: .estimatedTimes(estimated: estimated, words: count),
                    wordTimesAdvice: wordTimesAdvice)
            }
            findings.append(.estimatedTimes(estimated: estimated, words: count))
        }
        if untimedWordCount > 0, count > 0 { findings.append(.untimedWords(count: untimedWordCount)) }
        return findings
    }
}
