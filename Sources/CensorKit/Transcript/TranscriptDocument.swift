/// A transcript file's decoded content, handed to the format readers.
///
/// JSON is parsed here, once, when the text starts with `{` or `[`, so that detection rules and
/// the reader share one parse.
internal struct TranscriptDocument: Sendable {
    /// The file as named to the user.
    internal let source: String
    /// The text, without a byte-order mark.
    internal let text: String
    /// The parsed JSON, or its syntax error; `nil` when the text does not start like JSON.
    internal let json: Result<JSONValue, JSONParser.SyntaxError>?

    /// Wraps decoded text.
    ///
    /// - Parameters:
    ///   - text: The decoded text.
    ///   - source: The file as named to the user.
    internal init(text: String, source: String) {
        self.source = source
        self.text = text
        let first = text.unicodeScalars.first { !$0.properties.isWhitespace }
        if first == "{" || first == "[" {
            json = Result { () throws(JSONParser.SyntaxError) in try JSONParser.parse(text) }
        } else {
            json = nil
        }
    }

    /// The JSON value, for readers of JSON formats.
    ///
    /// - Parameter format: The format being read, for the error message.
    /// - Returns: The parsed document.
    /// - Throws: `TranscriptError.malformed` at the syntax error, or at the first character when
    ///   the text is not JSON.
    internal func jsonValue(as format: TranscriptFormat) throws(TranscriptError) -> JSONValue {
        let parsed = json ?? Result { () throws(JSONParser.SyntaxError) in try JSONParser.parse(text) }
        do {
            return try parsed.get()
        } catch {
            throw TranscriptError.malformed(
                file: source, format: format, place: error.place, expected: error.expected, found: error.found)
        }
    }
}
