/// A small strict JSON parser that reports syntax errors by line and column.
///
/// Accepts RFC 8259 JSON plus the `NaN`, `Infinity` and `-Infinity` literals that Python's `json`
/// module writes. A later duplicate object key replaces an earlier one.
internal struct JSONParser {
    /// A syntax error: where, what was expected, what was there instead.
    internal struct SyntaxError: Error, Sendable, Equatable {
        /// Line of the error, from 1.
        internal var line: Int
        /// Column of the error in Unicode scalars, from 1.
        internal var column: Int
        /// What the parser expected, e.g. `',' or '}'`.
        internal var expected: String
        /// What it found, e.g. `end of file` or `'x'`.
        internal var found: String

        /// The place as `line N:column M`.
        internal var place: String { "line \(line):column \(column)" }
    }

    /// Deeper nesting than this is rejected rather than risking the stack.
    private static let maximumDepth = 512

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses one JSON document: an object or an array, followed by nothing but whitespace.
    ///
    /// - Parameter text: The document.
    /// - Returns: The parsed value.
    /// - Throws: `SyntaxError` at the first place the text is not such a document.
    internal static func parse(_ text: String) throws(SyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: Array(text.utf8))
        parser.skipWhitespace()
        guard parser.peek() == UInt8(ascii: "{") || parser.peek() == UInt8(ascii: "[") else {
            throw parser.error(expected: "a JSON object or array")
        }
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else {
            throw parser.error(expected: "end of file after the JSON value")
        }
        return value
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
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw error(expected: "a string key") }
            let key = try parseString()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw error(expected: "':' after the key") }
            index += 1
            members[key] = try parseValue()
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                depth -= 1
                return .object(members)
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
        if peek() == UInt8(ascii: "-") {
            index += 1
            if peek() == UInt8(ascii: "I") {
                _ = try parseLiteral("Infinity", as: .null)
                return .number(-.infinity)
            }
        }
        guard skipDigits() > 0 else { throw error(expected: "a digit") }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard skipDigits() > 0 else { throw error(expected: "a digit after '.'") }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard skipDigits() > 0 else { throw error(expected: "a digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let number = Double(text) else { throw error(expected: "a number", at: start) }
        return .number(number)
    }

    private mutating func skipDigits() -> Int {
        let start = index
        while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
        return index - start
    }

    private mutating func parseString() throws(SyntaxError) -> String {
        index += 1  // the opening quote
        var scalars = String.UnicodeScalarView()
        var runStart = index
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
