extension TranscriptDocument {
    /// What a document that no format recognizes looks like, for the error: the keys of a JSON
    /// object (with the reason when it is text without times), the kind of a JSON list's first
    /// item, or a text's first line; `nil` when there is nothing worth saying (no content).
    internal var unrecognizedContent: String? {
        switch json {
        case .success(.object(let root))?:
            let keys = root.members.prefix(8).map { "\"\($0.key)\"" }.joined(separator: ", ")
            guard !keys.isEmpty else { return "an empty JSON object" }
            let found = "a JSON object with the keys \(keys)\(root.members.count > 8 ? ", …" : "")"
            if case .string? = root["text"], !root.has("segments"), !root.has("words") {
                return found + " (text without any times: openai-whisper writes times with --output_format json, "
                    + "the OpenAI API with response_format=verbose_json)"
            }
            return found
        case .success(.array(let items))?:
            guard let first = items.first else { return "an empty JSON list" }
            if case .object(let object) = first {
                let keys = object.members.prefix(8).map { "\"\($0.key)\"" }.joined(separator: ", ")
                return "a JSON list of objects with the keys \(keys)"
            }
            return "a JSON list of \(first.kindDescription.split(separator: " ").last ?? "value")s"
        case .success(let value)?:
            return "a JSON \(value.kindDescription.split(separator: " ").last ?? "value")"
        default:
            guard let line = SourceText.Lines(text: text).first(where: { $0.contains { !$0.isWhitespace } }) else {
                return nil
            }
            return "a first line '\(line.prefix(60))\(line.count > 60 ? "…" : "")'"
        }
    }
}
