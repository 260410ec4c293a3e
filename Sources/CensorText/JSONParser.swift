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
            sequence.values.append(try parseValue())
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

    private mutating func parseValue() throws(SyntaxError) -> JSONValue {
        skipWhitespace()
        guard let byte = peek() else { throw error(expected: "a JSON value") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", as: .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", as: .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", as: .null)
        case UInt8(ascii: "N"): return try parseLiteral("NaN", as: .number(.nan))
        case UInt8(ascii: "I"): return try parseLiteral("Infinity", as: .number(.infinity))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error(expected: "a JSON value")
        }
    }

    private mutating func parseObject() throws(SyntaxError) -> JSONValue {
        try enterContainer()
        index += 1
        var members: [JSONObject.Member] = []
        members.reserveCapacity(8)  // transcript items are small objects; one allocation each
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(JSONObject(members))
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw error(expected: "a string key") }
            let key = try parseString()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw error(expected: "':' after the key") }
            index += 1
            members.append(JSONObject.Member(key: key, value: try parseValue()))
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                depth -= 1
                return .object(JSONObject(members))
            default: throw error(expected: "',' or '}'")
            }
        }
    }

    private mutating func parseArray() throws(SyntaxError) -> JSONValue {
        try enterContainer()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            elements.append(try parseValue())
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                depth -= 1
                return .array(elements)
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

    private mutating func parseNumber() throws(SyntaxError) -> JSONValue {
        let start = index
        var negative = false
        if peek() == UInt8(ascii: "-") {
            negative = true
            index += 1
            if peek() == UInt8(ascii: "I") {
                _ = try parseLiteral("Infinity", as: .null)
                return .number(-.infinity)
            }
        }
        var significand: UInt64 = 0
        var digits = 0
        guard scanDigits(into: &significand, counting: &digits) > 0 else { throw error(expected: "a digit") }
        var fractionDigits = 0
        if peek() == UInt8(ascii: ".") {
            index += 1
            fractionDigits = scanDigits(into: &significand, counting: &digits)
            guard fractionDigits > 0 else { throw error(expected: "a digit after '.'") }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            var exponent: UInt64 = 0
            var exponentDigits = 0
            guard scanDigits(into: &exponent, counting: &exponentDigits) > 0 else {
                throw error(expected: "a digit in the exponent")
            }
        } else if digits <= 15 {
            // Clinger's fast path: the digits and the power of ten are exact doubles, so one
            // division rounds correctly, to the same bits as `strtod`.
            let magnitude = Double(significand) / Self.exactPowersOfTen[fractionDigits]
            return .number(negative ? -magnitude : magnitude)
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let number = Double(text) else { throw error(expected: "a number", at: start) }
        return .number(number)
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

    private mutating func parseString() throws(SyntaxError) -> String {
        index += 1  // the opening quote
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"),
            bytes[index] >= 0x20
        {
            index += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            index += 1
            return String(decoding: bytes[start..<(index - 1)], as: UTF8.self)
        }
        return try parseEscapedString(from: start)
    }

    /// The slow path of `parseString()`: a string with escapes, or an unterminated one.
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
        var line = 1
        var column = 1
        for byte in bytes[..<offset] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
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
/// Every step accepts exactly what `parseValue()` accepts, and throws where it throws; a reader
/// that meets anything it does not expect gives up and leaves the document to the general
/// parser, which then reports the error as usual.
extension JSONParser {
    /// Runs `body` with a parser at the start of a file's bytes, which need not have been
    /// decoded: the parser checks that every string is UTF-8, and throws where one is not.
    ///
    /// - Parameters:
    ///   - bytes: The file's bytes, without a byte-order mark.
    ///   - body: Reads the document through the parser.
    /// - Returns: What `body` returns.
    package static func withParser<Result>(
        overUTF8 bytes: UnsafeBufferPointer<UInt8>, _ body: (inout JSONParser) -> Result
    ) -> Result {
        var parser = JSONParser(bytes: bytes)
        parser.checksStringEncoding = true
        return body(&parser)
    }

    /// The next byte that is not JSON whitespace, without consuming it; `nil` at the end.
    package mutating func peekPastWhitespace() -> UInt8? {
        skipWhitespace()
        return peek()
    }

    /// Consumes `byte` after any whitespace.
    ///
    /// - Returns: `false`, consuming nothing but the whitespace, when the next byte is another.
    package mutating func consume(_ byte: UInt8) -> Bool {
        guard peekPastWhitespace() == byte else { return false }
        index += 1
        return true
    }

    /// Enters an object or array whose opening bracket is the next byte, counting its depth.
    ///
    /// - Returns: `false` when the next byte is not `bracket` or the nesting would be too deep.
    package mutating func enter(_ bracket: UInt8) -> Bool {
        guard peekPastWhitespace() == bracket, depth < Self.maximumDepth else { return false }
        depth += 1
        index += 1
        return true
    }

    /// Consumes the closing bracket of the object or array last entered, after any whitespace.
    ///
    /// - Returns: `false` when the next byte is not `bracket`.
    package mutating func leave(_ bracket: UInt8) -> Bool {
        guard consume(bracket) else { return false }
        depth -= 1
        return true
    }

    /// Whether only whitespace is left.
    package mutating func isAtEnd() -> Bool {
        peekPastWhitespace() == nil
    }

    /// Reads a string whose opening quote is the next byte after whitespace, calling `body`
    /// with its UTF-8 as written when it has no escapes, or with the decoded string's UTF-8
    /// when it has.
    ///
    /// - Returns: What `body` returns; `nil` when the next value is not a string.
    /// - Throws: `SyntaxError` as `parseString()` does, or where the bytes are not UTF-8.
    package mutating func withStringBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result)
        throws(SyntaxError) -> Result?
    {
        guard peekPastWhitespace() == UInt8(ascii: "\"") else { return nil }
        let start = index + 1
        var end = start
        var union: UInt8 = 0
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 {
            union |= bytes[end]
            end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            let text = UnsafeBufferPointer(rebasing: bytes[start..<end])
            if union >= 0x80 { try checkEncoding(start..<end) }
            index = end + 1
            return body(text)
        }
        var decoded = try parseString()
        try checkEncoding(start..<(index - 1))
        return decoded.withUTF8(body)
    }

    /// Reads a number written with digits (not `NaN` or `Infinity`), to the same bits as
    /// `parseValue()`.
    ///
    /// - Returns: `nil` when the next value is not such a number.
    /// - Throws: `SyntaxError` as `parseValue()` does.
    package mutating func number() throws(SyntaxError) -> Double? {
        guard let byte = peekPastWhitespace(), byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") < 10 else {
            return nil
        }
        // `parseNumber()`'s fast path, inline: a plain decimal of at most 15 digits.
        let start = index
        let negative = byte == UInt8(ascii: "-")
        if negative { index += 1 }
        var significand: UInt64 = 0
        var digits = 0
        let integerDigits = scanDigits(into: &significand, counting: &digits)
        var fractionDigits = 0
        var isPlain = integerDigits > 0
        if isPlain, index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            fractionDigits = scanDigits(into: &significand, counting: &digits)
            isPlain = fractionDigits > 0
        }
        if isPlain, digits <= 15, index == bytes.count || bytes[index] | 0x20 != UInt8(ascii: "e") {
            let magnitude = Double(significand) / Self.exactPowersOfTen[fractionDigits]
            return negative ? -magnitude : magnitude
        }
        index = start
        guard case .number(let number) = try parseNumber() else { return nil }
        return number
    }

    /// Whether the next value is `null`; consumes it when it is.
    package mutating func consumeNull() -> Bool {
        guard peekPastWhitespace() == UInt8(ascii: "n"), bytes[index...].starts(with: "null".utf8) else { return false }
        index += 4
        return true
    }

    /// Skips one value of any kind, checking its syntax as `parseValue()` does, without
    /// building it.
    ///
    /// - Throws: `SyntaxError` where `parseValue()` would throw.
    package mutating func skipValue() throws(SyntaxError) {
        skipWhitespace()
        guard let byte = peek() else { throw error(expected: "a JSON value") }
        switch byte {
        case UInt8(ascii: "{"): try skipObject()
        case UInt8(ascii: "["): try skipArray()
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try skipNumber()
        default: _ = try parseValue()
        }
    }

    private mutating func skipObject() throws(SyntaxError) {
        try enterContainer()
        index += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw error(expected: "a string key") }
            try skipString()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw error(expected: "':' after the key") }
            index += 1
            try skipValue()
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                depth -= 1
                return
            default: throw error(expected: "',' or '}'")
            }
        }
    }

    private mutating func skipArray() throws(SyntaxError) {
        try enterContainer()
        index += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return
        }
        while true {
            try skipValue()
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                depth -= 1
                return
            default: throw error(expected: "',' or ']'")
            }
        }
    }

    /// Skips a string whose opening quote is the current byte; escapes go through the
    /// decoding path, so that the same escapes are rejected.
    private mutating func skipString() throws(SyntaxError) {
        index += 1
        let start = index
        var union: UInt8 = 0
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"),
            bytes[index] >= 0x20
        {
            union |= bytes[index]
            index += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            index += 1
            if union >= 0x80 { try checkEncoding(start..<(index - 1)) }
            return
        }
        _ = try parseEscapedString(from: start)
        try checkEncoding(start..<(index - 1))
    }

    /// Skips a number whose first byte (`-` or a digit) is the current one. The grammar is
    /// `parseNumber()`'s; a number that needs more than the fast path is read by it.
    private mutating func skipNumber() throws(SyntaxError) {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
        var digits = index - integerStart
        var isPlain = digits > 0
        if isPlain, index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
            digits += index - fractionStart
            isPlain = index > fractionStart
        }
        guard isPlain, digits <= 15, index == bytes.count || bytes[index] | 0x20 != UInt8(ascii: "e") else {
            // Errors, exponents, long numbers and `-Infinity`: read as the general path reads them.
            index = start
            _ = try parseNumber()
            return
        }
    }

    /// Throws unless the bytes in `range` are well-formed UTF-8 (when the parser reads
    /// undecoded bytes).
    private func checkEncoding(_ range: Range<Int>) throws(SyntaxError) {
        guard checksStringEncoding, !UTF8Validation.isValid(UnsafeBufferPointer(rebasing: bytes[range])) else { return }
        throw error(expected: "UTF-8 text", at: range.lowerBound)
    }
}

/// Checks UTF-8 without decoding it.
package enum UTF8Validation {
    /// Whether the bytes are well-formed UTF-8, as `String(validating:as:)` judges them: no
    /// overlong forms, surrogates or scalars past U+10FFFF.
    ///
    /// - Parameter bytes: The bytes.
    /// - Returns: `true` when every sequence is well formed.
    /// - Complexity: O(*n*).
    package static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            index + offset < count && range.contains(bytes[index + offset])
        }
        while index < count {
            let lead = bytes[index]
            switch lead {
            case 0x00...0x7F:
                index += 1
            case 0xC2...0xDF:
                guard continuation(1) else { return false }
                index += 2
            case 0xE0:
                guard continuation(1, 0xA0...0xBF), continuation(2) else { return false }
                index += 3
            case 0xE1...0xEC, 0xEE...0xEF:
                guard continuation(1), continuation(2) else { return false }
                index += 3
            case 0xED:
                guard continuation(1, 0x80...0x9F), continuation(2) else { return false }
                index += 3
            case 0xF0:
                guard continuation(1, 0x90...0xBF), continuation(2), continuation(3) else { return false }
                index += 4
            case 0xF1...0xF3:
                guard continuation(1), continuation(2), continuation(3) else { return false }
                index += 4
            case 0xF4:
                guard continuation(1, 0x80...0x8F), continuation(2), continuation(3) else { return false }
                index += 4
            default:
                return false
            }
        }
        return true
    }
}
