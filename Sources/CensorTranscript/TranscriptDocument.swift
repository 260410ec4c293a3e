/// A transcript file's decoded content, handed to the format readers.
///
/// JSON is parsed here, once, when the text starts with `{` or `[`, so that detection rules and
/// the reader share one parse. A file of several top-level values (JSON lines) keeps them all in
/// `jsonLines`, for the formats that stream one object per utterance.
internal struct TranscriptDocument: Sendable {
    /// The file as named to the user.
    internal let source: String
    /// The text, without a byte-order mark.
    internal let text: String
    /// The parsed JSON, or its syntax error; `nil` when the text does not start like JSON.
    ///
    /// A file of several top-level values is a syntax error here, at the start of the second.
    internal let json: Result<JSONValue, JSONParser.SyntaxError>?
    /// The top-level values of a file holding more than one (JSON lines), with the line each
    /// starts on; `nil` otherwise.
    internal let jsonLines: [(line: Int, value: JSONValue)]?
    /// What the readers read leniently in this document (see `WordTimeRule`).
    internal let repairs = RepairLog()
    /// The tier that holds the words, as the caller named it, for the formats with tiers; `nil`
    /// to choose it by name (`AlignerTiers`).
    internal var tier: String?

    /// Wraps decoded text.
    ///
    /// - Parameters:
    ///   - text: The decoded text.
    ///   - source: The file as named to the user.
    internal init(text: String, source: String) {
        self.source = source
        self.text = text
        let first = text.unicodeScalars.first { !$0.properties.isWhitespace }
        guard first == "{" || first == "[" else {
            json = nil
            jsonLines = nil
            return
        }
        do {
            let sequence = try JSONParser.parseSequence(text)
            if let trailing = sequence.trailing {
                json = .failure(trailing)
                jsonLines = Array(zip(sequence.lines, sequence.values))
            } else {
                json = .success(sequence.values[0])
                jsonLines = nil
            }
        } catch {
            json = .failure(error)
            jsonLines = nil
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

    /// The top-level JSON values, for formats that also come as JSON lines: the values of a
    /// JSON-lines file, the elements of a top-level array, or the single top-level object.
    ///
    /// - Parameter format: The format being read, for the error message.
    /// - Returns: The values with the path of each (see `JSONPath`): `line 3: ` for JSON lines,
    ///   `[2]` for an array's elements, and the empty root path for a single object.
    /// - Throws: `TranscriptError.malformed` as `jsonValue(as:)` does.
    internal func jsonRecords(as format: TranscriptFormat) throws(TranscriptError) -> [(path: String, value: JSONValue)]
    {
        if let jsonLines {
            return jsonLines.map { (JSONPath.line($0.line), $0.value) }
        }
        switch try jsonValue(as: format) {
        case .array(let elements): return elements.enumerated().map { (JSONPath.index("", $0.offset), $0.element) }
        case let value: return [("", value)]
        }
    }

    /// The top-level JSON values, as `jsonRecords(as:)` gives them, for detection rules; empty
    /// when the text is not JSON.
    internal var jsonRecordValues: [JSONValue] {
        if let jsonLines { return jsonLines.map(\.value) }
        switch json {
        case .success(.array(let elements))?: return elements
        case .success(let value)?: return [value]
        default: return []
        }
    }
}
