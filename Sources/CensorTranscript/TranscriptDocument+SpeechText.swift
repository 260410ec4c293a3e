extension TranscriptDocument {
    /// The keys under which recognizers write a result's plain text: `text` (whisper,
    /// AssemblyAI, ElevenLabs), `transcript` (Deepgram, AWS, Google, IBM), `DisplayText` and
    /// `display` (Azure).
    private static let speechTextKeys: Set<String> = ["text", "transcript", "DisplayText", "Display", "display"]

    /// How many words the JSON's longest plain text holds, for a file whose reader found no
    /// timed word: speech was recognized but written without times (an AssemblyAI or Deepgram
    /// result with an empty `words` list, whisper JSON without segments), which must not pass
    /// for a recording without speech. 0 for text that is not JSON, and for JSON without such
    /// text.
    ///
    /// - Complexity: O(*n*) for a document of *n* values.
    internal var untimedSpeechWords: Int {
        guard case .success(let root)? = json else { return 0 }
        var longest = 0
        var pending = [root]
        while let value = pending.popLast() {
            switch value {
            case .object(let object):
                for member in object.members {
                    if Self.speechTextKeys.contains(member.key), case .string(let text) = member.value {
                        longest = max(longest, text.split(whereSeparator: \.isWhitespace).count)
                    } else {
                        pending.append(member.value)
                    }
                }
            case .array(let elements):
                pending += elements
            default:
                break
            }
        }
        return longest
    }
}
