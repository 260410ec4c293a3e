/// A small strict JSON parser that reports syntax errors by line and column.
///
/// Accepts RFC 8259 JSON plus the `NaN`, `Infinity` and `-Infinity` literals that Python's `json`
/// module writes. Objects keep their members in file order; `JSONObject`'s subscript lets a later
/// duplicate key win.
package struct JSONParser {
    /// A syntax error: where, what was expected, what was there instead.
    package struct SyntaxError: Error, Sendable, Equatable {
        /// Line of the error, from 1.
        package var line: Int
        /// Column of the error in Unicode scalars, from 1.
        package var column: Int
        /// What the parser expected, e.g. `',' or '}'`.
        package var expected: String
        /// What it found, e.g. `end of file` or `'x'`.
        package var found: String

        /// The place as `line N:column M`.
        package var place: String { SourceText.place(line: line, column: column) }
    }

    /// Deeper nesting than this is rejected rather than risking the stack.
    private static let maximumDepth = 512

    /// The text's UTF-8, borrowed for the parse (no copy, no reference counting per byte).
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0
    /// Whether the bytes of strings are checked to be UTF-8: when reading in place from bytes
    /// that were not decoded first (outside strings, any byte that is not ASCII is a syntax
    /// error anyway).
    private var checksStringEncoding = false

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Parses one JSON document: an object or an array, followed by nothing but whitespace.
    ///
    /// - Parameter text: The document.
    /// - Returns: The parsed value.
    /// - Throws: `SyntaxError` at the first place the text is not such a document.
    package static func parse(_ text: String) throws(SyntaxError) -> JSONValue {
        let sequence = try parseSequence(text)
        if let trailing = sequence.trailing { throw trailing }
        return sequence.values[0]
    }

    /// The values of a file holding one or more top-level JSON objects or arrays, as JSON lines
    /// (one value a line, as Vosk's and Azure's streaming clients write them) do.
    package struct Sequence: Sendable {
        /// The top-level values in file order; never empty.
        package var values: [JSONValue]
        /// The line on which each value starts, from 1.
        package var lines: [Int]
        /// The error `parse(_:)` reports for this text: set when there is more than one value,
        /// at the start of the second.
        package var trailing: SyntaxError?
    }

    /// Parses one or more JSON objects or arrays separated by whitespace.
    ///
    /// - Parameter text: The file's text.
    /// - Returns: The values, and the error a single-document parse would report.
    /// - Throws: `SyntaxError` at the first place the text is not such a sequence.
    /// - Complexity: O(*n*) in the length of the text.
    package static func parseSequence(_ text: String) throws(SyntaxError) -> Sequence {
        var text = text
        return try text.withUTF8 { bytes in
            var parser = JSONParser(bytes: bytes)
            return Result { () throws(SyntaxError) in try parser.parseSequence() }
        }.get()
    }

    private mutating func parseSequence() throws(SyntaxError) -> Sequence {
        skipWhitespace()
        guard peek() == UInt8(ascii: "{") || peek() == UInt8(ascii: "[") else {
            throw error(expected: "a JSON object or array")
        }
        var sequence = Sequence(values: [], lines: [])
        var line = 1
        var lineCountedTo = 0
        while true {
            for byte in bytes[lineCountedTo..<index] where byte == UInt8(ascii: "\n") { line += 1 }
            lineCountedTo = index
            sequence.lines.append(line)
            sequence.values.append(try readValue(building: true))
            skipWhitespace()
            guard let next = peek() else { return sequence }
            guard next == UInt8(ascii: "{") || next == UInt8(ascii: "[") else {
                throw error(expected: "end of file after the JSON value")
            }
            if sequence.trailing == nil {
                sequence.trailing = error(expected: "end of file after the JSON value")
            }
        }
    }

    // MARK: - The grammar, once

    /// Reads one value: builds it when `building`; otherwise only checks its syntax, as
    /// strictly, and returns `.null`.
    private mutating func readValue(building: Bool) throws(SyntaxError) -> JSONValue {
        skipWhitespace()
        guard let byte = peek() else { throw error(expected: "a JSON value") }
        switch byte {
        case UInt8(ascii: "{"): return try readObject(building: building)
        case UInt8(ascii: "["): return try readArray(building: building)
        case UInt8(ascii: "\""):
            guard building else { return try readString { _ in .null } }
            return .string(try readString { String(decoding: $0, as: UTF8.self) })
        case UInt8(ascii: "t"): return try parseLiteral("true", as: .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", as: .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", as: .null)
        case UInt8(ascii: "N"): return try parseLiteral("NaN", as: .number(.nan))
        case UInt8(ascii: "I"): return try parseLiteral("Infinity", as: .number(.infinity))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try readNumber())
        default: throw error(expected: "a JSON value")
        }
    }

    private mutating func readObject(building: Bool) throws(SyntaxError) -> JSONValue {
        try enterContainer()
        index += 1
        var members: [JSONObject.Member] = []
        if building { members.reserveCapacity(8) }  // transcript items are small objects; one allocation each
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return building ? .object(JSONObject(members)) : .null
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw error(expected: "a string key") }
            let key = try readString { building ? String(decoding: $0, as: UTF8.self) : "" }
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw error(expected: "':' after the key") }
            index += 1
            let value = try readValue(building: building)
            if building { members.append(JSONObject.Member(key: key, value: value)) }
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                depth -= 1
                return building ? .object(JSONObject(members)) : .null
            default: throw error(expected: "',' or '}'")
            }
        }
    }

    private mutating func readArray(building: Bool) throws(SyntaxError) -> JSONValue {
        try enterContainer()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return building ? .array(elements) : .null
        }
        while true {
            let element = try readValue(building: building)
            if building { elements.append(element) }
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                depth -= 1
                return building ? .array(elements) : .null
            default: throw error(expected: "',' or ']'")
            }
        }
    }

    private mutating func enterContainer() throws(SyntaxError) {
        guard depth < Self.maximumDepth else {
            throw error(expected: "at most \(Self.maximumDepth) levels of nesting")
        }
        depth += 1
    }

    private mutating func parseLiteral(_ literal: String, as value: JSONValue) throws(SyntaxError) -> JSONValue {
        let expected = Array(literal.utf8)
        guard bytes[index...].starts(with: expected) else { throw error(expected: "a JSON value") }
        index += expected.count
        return value
    }

    /// Reads a number whose first byte (`-` or a digit) is the current one, `-Infinity`
    /// included.
    ///
    /// A plain decimal of at most 15 digits (nearly every time in a transcript) is read here by
    /// Clinger's fast path: the digits and the power of ten are exact doubles, so one division
    /// rounds correctly, to the same bits as `strtod`. Everything else, and every error, is
    /// read again from the start by `readNumberInFull(from:)`.
    private mutating func readNumber() throws(SyntaxError) -> Double {
        let start = index
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var significand: UInt64 = 0
        var digits = 0
        var isPlain = scanDigits(into: &significand, counting: &digits) > 0
        var fractionDigits = 0
        if isPlain, index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            fractionDigits = scanDigits(into: &significand, counting: &digits)
            isPlain = fractionDigits > 0
        }
        if isPlain, digits <= 15, index == bytes.count || bytes[index] | 0x20 != UInt8(ascii: "e") {
            let magnitude = Double(significand) / Self.exactPowersOfTen[fractionDigits]
            return negative ? -magnitude : magnitude
        }
        return try readNumberInFull(from: start)
    }

    /// The whole number grammar from `start`: `-Infinity`, exponents, long numbers, errors.
    private mutating func readNumberInFull(from start: Int) throws(SyntaxError) -> Double {
        index = start
        if peek() == UInt8(ascii: "-") {
            index += 1
            if peek() == UInt8(ascii: "I") {
                _ = try parseLiteral("Infinity", as: .null)
                return -.infinity
            }
        }
        var significand: UInt64 = 0
        var digits = 0
        guard scanDigits(into: &significand, counting: &digits) > 0 else { throw error(expected: "a digit") }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard scanDigits(into: &significand, counting: &digits) > 0 else {
                throw error(expected: "a digit after '.'")
            }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            var exponent: UInt64 = 0
            var exponentDigits = 0
            guard scanDigits(into: &exponent, counting: &exponentDigits) > 0 else {
                throw error(expected: "a digit in the exponent")
            }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let number = Double(text) else { throw error(expected: "a number", at: start) }
        return number
    }

    /// Powers of ten that a `Double` holds exactly.
    private static let exactPowersOfTen: [Double] = (0...22).map { (0..<$0).reduce(1.0) { value, _ in value * 10 } }

    /// Skips decimal digits, accumulating them into `value` (wrapping past 19 digits, when
    /// `count` says the value is not used).
    ///
    /// - Returns: How many digits were skipped.
    private mutating func scanDigits(into value: inout UInt64, counting count: inout Int) -> Int {
        let start = index
        while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
            value = value &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0"))
            index += 1
        }
        count += index - start
        return index - start
    }

    /// Reads a string whose opening quote is the current byte, calling `body` with its UTF-8 as
    /// written when it has no escapes, or with the decoded string's UTF-8 when it has. When the
    /// parser reads undecoded bytes, the string's bytes are checked to be UTF-8.
    private mutating func readString<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result)
        throws(SyntaxError) -> Result
    {
        let start = index + 1
        var end = start
        var union: UInt8 = 0
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20
        {
            union |= bytes[end]
            end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            if union >= 0x80 { try checkEncoding(start..<end) }
            index = end + 1
            return body(UnsafeBufferPointer(rebasing: bytes[start..<end]))
        }
        index = end
        var decoded = try parseEscapedString(from: start)
        try checkEncoding(start..<(index - 1))
        return decoded.withUTF8(body)
    }

    /// The slow path of `readString(_:)`: a string with escapes, or an unterminated one, from
    /// `start` (after the opening quote) to the current byte, where the fast scan stopped.
    private mutating func parseEscapedString(from start: Int) throws(SyntaxError) -> String {
        var scalars = String.UnicodeScalarView()
        var runStart = start
        while true {
            guard let byte = peek() else { throw error(expected: "'\"' to close the string") }
            switch byte {
            case UInt8(ascii: "\""):
                scalars.append(contentsOf: String(decoding: bytes[runStart..<index], as: UTF8.self).unicodeScalars)
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                scalars.append(contentsOf: String(decoding: bytes[runStart..<index], as: UTF8.self).unicodeScalars)
                index += 1
                scalars.append(try parseEscape())
                runStart = index
            case 0x00..<0x20:
                throw error(expected: "'\\n' or another escape instead of a control character")
            default:
                index += 1
            }
        }
    }

    private mutating func parseEscape() throws(SyntaxError) -> Unicode.Scalar {
        guard let byte = peek() else { throw error(expected: "an escape character after '\\'") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"): return try parseUnicodeEscape()
        default:
            index -= 1
            throw error(expected: "one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u after '\\'")
        }
    }

    /// Parses the hex digits of `\uXXXX`, joining a UTF-16 surrogate pair into one scalar.
    private mutating func parseUnicodeEscape() throws(SyntaxError) -> Unicode.Scalar {
        let first = try parseHexQuad()
        if (0xD800..<0xDC00).contains(first) {
            let start = index
            guard bytes[index...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) else {
                throw error(expected: "a '\\u' low surrogate after a high surrogate")
            }
            index += 2
            let second = try parseHexQuad()
            guard (0xDC00..<0xE000).contains(second) else {
                throw error(expected: "a low surrogate (\\uDC00 to \\uDFFF)", at: start)
            }
            let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            return Unicode.Scalar(value) ?? "\u{FFFD}"
        }
        guard let scalar = Unicode.Scalar(first) else {
            throw error(expected: "a high surrogate before a low surrogate", at: index - 6)
        }
        return scalar
    }

    private mutating func parseHexQuad() throws(SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek(), let digit = Self.hexValue(of: byte) else {
                throw error(expected: "four hex digits after '\\u'")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private static func hexValue(of byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private mutating func skipWhitespace() {
        while let byte = peek(),
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
                || byte == UInt8(ascii: "\t")
        {
            index += 1
        }
    }

    private func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    /// A syntax error at `offset` (the current position by default), with its line and column.
    private func error(expected: String, at offset: Int? = nil) -> SyntaxError {
        let offset = offset ?? index
        let (line, column) = SourceText.place(ofOffset: offset, in: bytes)
        return SyntaxError(line: line, column: column, expected: expected, found: foundDescription(at: offset))
    }

    private func foundDescription(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of file" }
        var end = offset + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let character = String(decoding: bytes[offset..<end], as: UTF8.self)
        switch character {
        case "\n", "\r": return "end of line"
        case "\t": return "a tab"
        case "'": return "\"'\""
        default: return "'\(character)'"
        }
    }
}

// MARK: - Reading in place

/// A cursor over a document for readers that stream one known layout straight into their own
/// values (`WhisperJSON`'s in-place path) instead of building the whole `JSONValue` tree.
///
/// Every step goes through the grammar above, so it accepts exactly what the tree accepts and
/// throws where it throws; a reader that meets anything it does not expect gives up and leaves
/// the document to the tree, which then reports the error as usual.
extension JSONParser {
    /// Runs `body` with a parser at the start of a file's bytes, which need not have been
    /// decoded: the parser checks that every string is UTF-8, and throws where one is not.
    ///
    /// - Parameters:
    ///   - bytes: The file's bytes, without a byte-order mark.
    ///   - body: Reads the document through the parser.
    /// - Returns: What `body` returns.
    internal static func withParser<Result>(
        overUTF8 bytes: UnsafeBufferPointer<UInt8>, _ body: (inout JSONParser) -> Result
    ) -> Result {
        var parser = JSONParser(bytes: bytes)
        parser.checksStringEncoding = true
        return body(&parser)
    }

    /// The next byte that is not JSON whitespace, without consuming it; `nil` at the end.
    internal mutating func peekPastWhitespace() -> UInt8? {
        skipWhitespace()
        return peek()
    }

    /// Consumes `byte` after any whitespace.
    ///
    /// - Returns: `false`, consuming nothing but the whitespace, when the next byte is another.
    internal mutating func consume(_ byte: UInt8) -> Bool {
        guard peekPastWhitespace() == byte else { return false }
        index += 1
        return true
    }

    /// Enters an object or array whose opening bracket is the next byte, counting its depth.
    ///
    /// - Returns: `false` when the next byte is not `bracket` or the nesting would be too deep.
    internal mutating func enter(_ bracket: UInt8) -> Bool {
        guard peekPastWhitespace() == bracket, depth < Self.maximumDepth else { return false }
        depth += 1
        index += 1
        return true
    }

    /// Consumes the closing bracket of the object or array last entered, after any whitespace.
    ///
    /// - Returns: `false` when the next byte is not `bracket`.
    internal mutating func leave(_ bracket: UInt8) -> Bool {
        guard consume(bracket) else { return false }
        depth -= 1
        return true
    }

    /// Whether only whitespace is left.
    internal mutating func isAtEnd() -> Bool {
        peekPastWhitespace() == nil
    }

    /// Reads a string, as `readString(_:)` does, when the next byte after whitespace is a quote.
    ///
    /// - Returns: What `body` returns; `nil` when the next value is not a string.
    /// - Throws: `SyntaxError` where the string is malformed or its bytes are not UTF-8.
    internal mutating func withStringBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result)
        throws(SyntaxError) -> Result?
    {
        guard peekPastWhitespace() == UInt8(ascii: "\"") else { return nil }
        return try readString(body)
    }

    /// Reads a number written with digits (or `-Infinity`), to the same bits as the tree.
    ///
    /// - Returns: `nil` when the next value does not start with `-` or a digit.
    /// - Throws: `SyntaxError` where the tree would throw.
    internal mutating func number() throws(SyntaxError) -> Double? {
        guard let byte = peekPastWhitespace(), byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") < 10 else {
            return nil
        }
        return try readNumber()
    }

    /// Whether the next value is `null`; consumes it when it is.
    internal mutating func consumeNull() -> Bool {
        guard peekPastWhitespace() == UInt8(ascii: "n"), bytes[index...].starts(with: "null".utf8) else { return false }
        index += 4
        return true
    }

    /// Skips one value of any kind, checking its syntax as the tree does, without building it.
    ///
    /// - Throws: `SyntaxError` where the tree would throw.
    internal mutating func skipValue() throws(SyntaxError) {
        _ = try readValue(building: false)
    }

    /// Throws unless the bytes in `range` are well-formed UTF-8 (when the parser reads
    /// undecoded bytes).
    private func checkEncoding(_ range: Range<Int>) throws(SyntaxError) {
        guard checksStringEncoding,
            UTF8Validation.firstInvalidOffset(in: UnsafeBufferPointer(rebasing: bytes[range])) != nil
        else { return }
        throw error(expected: "UTF-8 text", at: range.lowerBound)
    }
}
