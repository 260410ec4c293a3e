import Foundation

extension CensoredSubtitles {
    /// A cue's text with every word `list` censors masked in place: its lines, spaces, markup
    /// (`<i>…</i>`, `{\an8}`) and the punctuation around each word kept, a matched phrase with
    /// a replacement (`damn it|darn`) written as the replacement.
    ///
    /// - Parameters:
    ///   - text: The cue's text, as a subtitle stream holds it.
    ///   - list: The censor list.
    ///   - mask: How a censored word without a replacement is written.
    /// - Returns: The censored text; `text` itself when nothing matched.
    public static func censorCueText(_ text: String, list: CensorList, mask: MaskStyle) -> String {
        // Words and the whitespace after each, so that the text is rebuilt as it was.
        var lead = ""
        var tokens: [(word: String, gap: String)] = []
        for character in text {
            if character.isWhitespace {
                if tokens.isEmpty { lead.append(character) } else { tokens[tokens.count - 1].gap.append(character) }
            } else if let last = tokens.last, last.gap.isEmpty {
                tokens[tokens.count - 1].word.append(character)
            } else {
                tokens.append((String(character), ""))
            }
        }
        let visible = tokens.map { withoutMarkup($0.word) }
        let words = visible.enumerated().map {
            Word(text: $0.element, start: Double($0.offset), end: Double($0.offset) + 0.5)
        }
        let matches = list.matches(in: words)
        guard !matches.isEmpty else { return text }
        var shown = tokens
        for match in matches where !match.wordIndices.isEmpty {
            let range = match.wordIndices.clamped(to: 0..<tokens.count)
            if let replacement = match.replacement {
                let (before, _, _) = MaskStyle.split(visible[range.lowerBound])
                let (_, _, after) = MaskStyle.split(visible[range.upperBound - 1])
                shown[range.lowerBound].word = before + replacement + after
                shown[range.lowerBound].gap = tokens[range.upperBound - 1].gap
                for position in range.dropFirst() { shown[position] = ("", "") }
            } else {
                for position in range {
                    shown[position].word = masked(tokens[position].word, as: mask.mask(visible[position]))
                }
            }
        }
        return lead + shown.map { $0.word + $0.gap }.joined()
    }

    /// Markup in a cue: an HTML-style tag or an ASS override block.
    private static let markup = #"<[^>]*>|\{[^}]*\}"#

    /// `token` without its markup.
    private static func withoutMarkup(_ token: String) -> String {
        token.replacingOccurrences(of: markup, with: "", options: .regularExpression)
    }

    /// `token` with its text outside markup replaced, character for character, by `shown`
    /// (its masked text, as long as the text).
    private static func masked(_ token: String, as shown: String) -> String {
        var result = "", replacement = Array(shown), next = 0, position = token.startIndex
        while position < token.endIndex {
            let character = token[position]
            if let close = ["<": ">", "{": "}"][character] as Character?,
                let end = token[token.index(after: position)...].firstIndex(of: close)
            {
                result += token[position...end]
                position = token.index(after: end)
                continue
            }
            result.append(next < replacement.count ? replacement[next] : character)
            next += 1
            position = token.index(after: position)
        }
        return result
    }

    /// A SubRip file's cues with each cue's text passed through `censor`; numbers, timing lines
    /// and line ends (ffmpeg writes a cue's inner line breaks as CR LF) as they were.
    ///
    /// - Parameters:
    ///   - srt: The SubRip text (as ffmpeg writes a subtitle stream out).
    ///   - censor: A cue's text in, its censored text out.
    /// - Returns: The censored SubRip text.
    static func censorSubRip(_ srt: String, with censor: (String) -> String) -> String {
        let lines = srt.components(separatedBy: "\n")
        var result: [String] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            result.append(line)
            index += 1
            guard line.contains("-->") else { continue }
            var text: [String] = []
            while index < lines.count, !lines[index].trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                text.append(lines[index])
                index += 1
            }
            if !text.isEmpty { result += censor(text.joined(separator: "\n")).components(separatedBy: "\n") }
        }
        return result.joined(separator: "\n")
    }
}
