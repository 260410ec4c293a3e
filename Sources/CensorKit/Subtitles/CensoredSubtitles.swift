/// A transcript as subtitles with every censored word masked, its words grouped into short cues.
///
/// Words are grouped greedily into cues of at most ``maxCharacters`` characters; a cue also
/// ends after a sentence end (`.`, `?`, `!`, `…`), before a pause longer than ``pause``
/// seconds, and after a comma, semicolon or colon once it is half full. A censored word shows
/// its list entry's replacement (`damn|darn`), else ``MaskStyle/mask(_:)`` of it.
///
/// ```swift
/// let subtitles = CensoredSubtitles(transcript: transcript, matches: list.matches(in: transcript))
/// try subtitles.srt.write(toFile: "talk.srt", atomically: true, encoding: .utf8)
/// ```
public struct CensoredSubtitles: Sendable, Hashable {
    /// A silence between words longer than this many seconds starts a new cue.
    public static let pause = 0.5

    /// Every word as shown, censored ones masked, in order.
    public let words: [SubtitleWord]
    /// The words grouped into cues.
    public let cues: [SubtitleCue]
    /// The most characters of a cue (a single longer word makes a cue of its own).
    public let maxCharacters: Int

    /// Builds the subtitles of `transcript`.
    ///
    /// - Parameters:
    ///   - transcript: The timed words.
    ///   - matches: The censored words (``CensorList/matches(in:)`` of the same transcript).
    ///   - mask: How a censored word without a replacement is written.
    ///   - maxCharacters: The most characters of a cue; at least 1.
    public init(transcript: Transcript, matches: [Match], mask: MaskStyle = .grawlix, maxCharacters: Int = 40) {
        self.maxCharacters = max(1, maxCharacters)
        words = Self.shownWords(transcript.words, matches: matches, mask: mask)
        cues = Self.group(words, maxCharacters: self.maxCharacters)
    }

    /// The words to show: each transcript word trimmed, censored ones masked, a matched phrase
    /// with a replacement merged into one word.
    private static func shownWords(_ words: [Word], matches: [Match], mask: MaskStyle) -> [SubtitleWord] {
        var matchStarting: [Int: Match] = [:]
        for match in matches where !match.wordIndices.isEmpty { matchStarting[match.wordIndices.lowerBound] = match }
        var shown: [SubtitleWord] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            let text = Self.oneLine(word.text)
            guard let match = matchStarting[index] else {
                if !text.isEmpty {
                    shown.append(SubtitleWord(text: text, start: word.start, end: word.end, isCensored: false))
                }
                index += 1
                continue
            }
            let range = match.wordIndices.clamped(to: index..<words.count)
            if let replacement = match.replacement {
                let last = words[range.upperBound - 1]
                let (lead, _, _) = MaskStyle.split(text)
                let (_, _, trail) = MaskStyle.split(Self.oneLine(last.text))
                shown.append(
                    SubtitleWord(text: lead + replacement + trail, start: word.start, end: last.end, isCensored: true))
            } else {
                for position in range {
                    let matched = words[position]
                    let text = Self.oneLine(matched.text)
                    guard !text.isEmpty else { continue }
                    shown.append(
                        SubtitleWord(text: mask.mask(text), start: matched.start, end: matched.end, isCensored: true))
                }
            }
            index = range.upperBound
        }
        return shown
    }

    /// `text` on one line: every run of white space, line breaks and control characters (a
    /// transcript word may hold any) folded to one space, none at the ends, so that no word can
    /// end a cue or start one of its own in a subtitle file.
    static func oneLine(_ text: String) -> String {
        text.split {
            $0.isWhitespace || $0.isNewline || $0.unicodeScalars.contains { $0.properties.generalCategory == .control }
        }
        .joined(separator: " ")
    }

    /// Greedy grouping into cues (see the type's description).
    private static func group(_ words: [SubtitleWord], maxCharacters: Int) -> [SubtitleCue] {
        var cues: [SubtitleCue] = []
        var current: [SubtitleWord] = []
        var length = 0
        for word in words {
            if let previous = current.last {
                let tail = previous.text.last
                let endsSentence = tail.map { ".?!…".contains($0) } ?? false
                let endsClause = tail.map { ",;:".contains($0) } ?? false
                if endsSentence || word.start - previous.end > pause || length + 1 + word.text.count > maxCharacters
                    || (endsClause && length * 2 >= maxCharacters)
                {
                    cues.append(SubtitleCue(words: current))
                    current = []
                    length = 0
                }
            }
            length += (current.isEmpty ? 0 : 1) + word.text.count
            current.append(word)
        }
        if !current.isEmpty { cues.append(SubtitleCue(words: current)) }
        return cues
    }
}
