/// The elements and text of an XML document, in document order: as much XML as an annotation
/// format such as ELAN's needs, without a parser library.
///
/// Start tags come with their attributes (values unescaped), end tags are checked against their
/// start tags, and text between tags is unescaped (`&amp;`, `&#233;`, `&#xE9;`, CDATA
/// sections). The XML declaration, processing instructions, comments and a DOCTYPE are
/// skipped. Namespaces are not resolved: a name is read as written (`xsi:noNamespaceSchemaLocation`).
///
/// The document is scanned as UTF-8 bytes (every byte XML's syntax uses is ASCII); columns in
/// messages count Unicode scalars, as the other readers' do.
package struct XMLTags {
    /// One piece of the document.
    package enum Item: Equatable {
        /// A start tag (also for an empty element `<a/>`, which is followed by its `end`).
        case start(name: String, attributes: [String: String])
        /// An end tag.
        case end(name: String)
        /// Text between tags, unless it is only whitespace.
        case text(String)
    }

    /// Malformed XML, with its place.
    package struct SyntaxError: Error, Equatable {
        /// Line, from 1.
        package var line: Int
        /// Column in Unicode scalars, from 1.
        package var column: Int
        /// What should have been there.
        package var expected: String
        /// What was there.
        package var found: String
    }

    /// The items with the line and column where each starts.
    package private(set) var items: [(item: Item, line: Int, column: Int)] = []

    private let bytes: [UInt8]
    private var position = 0
    private var line = 1
    /// Where the current line starts, for columns.
    private var lineStart = 0

    /// Splits a document into its items.
    ///
    /// - Parameter text: The document.
    /// - Throws: `SyntaxError` at the first malformed tag, reference or unbalanced end tag.
    package init(_ text: String) throws(SyntaxError) {
        bytes = Array(text.utf8)
        var open: [(name: String, line: Int)] = []
        var text: [UInt8] = []
        var textStart = (line: 1, column: 1)
        while position < bytes.count {
            if bytes[position] != UInt8(ascii: "<") {
                if text.isEmpty { textStart = (line, column) }
                try readCharacter(into: &text)
                continue
            }
            let tagStart = (line: line, column: column)
            if startsWith("<![CDATA[") {
                if text.isEmpty { textStart = tagStart }
                advance(9)
                let start = position
                try skip(past: "]]>")
                text += bytes[start..<(position - 3)]
                continue
            }
            if text.contains(where: { !Self.isSpace($0) }) {
                items.append((.text(String(decoding: text, as: UTF8.self)), textStart.line, textStart.column))
            }
            text.removeAll(keepingCapacity: true)
            if startsWith("<!--") {
                try skip(past: "-->")
            } else if startsWith("<?") {
                try skip(past: "?>")
            } else if startsWith("<!") {
                try skip(past: ">")
            } else if startsWith("</") {
                advance(2)
                let name = try readName()
                skipSpace()
                try expect(">")
                guard let last = open.last, last.name == name else {
                    throw SyntaxError(
                        line: tagStart.line, column: tagStart.column,
                        expected: open.last.map { "</\($0.name)> closing the element of line \($0.line)" }
                            ?? "no end tag",
                        found: "</\(name)>")
                }
                open.removeLast()
                items.append((.end(name: name), tagStart.line, tagStart.column))
            } else {
                advance(1)
                let name = try readName()
                var attributes: [String: String] = [:]
                while true {
                    let hadSpace = skipSpace()
                    if startsWith("/>") {
                        advance(2)
                        items.append((.start(name: name, attributes: attributes), tagStart.line, tagStart.column))
                        items.append((.end(name: name), tagStart.line, tagStart.column))
                        break
                    }
                    if startsWith(">") {
                        advance(1)
                        items.append((.start(name: name, attributes: attributes), tagStart.line, tagStart.column))
                        open.append((name, tagStart.line))
                        break
                    }
                    guard hadSpace else { throw error("a space, > or /> in the <\(name)> tag") }
                    let attribute = try readName()
                    skipSpace()
                    try expect("=")
                    skipSpace()
                    attributes[attribute] = try readQuoted()
                }
            }
        }
        if let last = open.last {
            throw error("</\(last.name)> closing the element of line \(last.line)")
        }
        if text.contains(where: { !Self.isSpace($0) }) {
            items.append((.text(String(decoding: text, as: UTF8.self)), textStart.line, textStart.column))
        }
    }

    // MARK: Scanning

    /// The column of the current position, in Unicode scalars from 1.
    private var column: Int {
        bytes[lineStart..<position].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }

    private func startsWith(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        for index in 0..<count where bytes[position + index] != literal.utf8Start[index] { return false }
        return true
    }

    private mutating func advance(_ count: Int) {
        let end = min(position + count, bytes.count)
        while position < end {
            if bytes[position] == UInt8(ascii: "\n") {
                line += 1
                lineStart = position + 1
            }
            position += 1
        }
    }

    @discardableResult
    private mutating func skipSpace() -> Bool {
        let start = position
        while position < bytes.count, Self.isSpace(bytes[position]) { advance(1) }
        return position > start
    }

    private mutating func skip(past terminator: StaticString) throws(SyntaxError) {
        while !startsWith(terminator) {
            guard position < bytes.count else { throw error("\(terminator) closing the markup") }
            advance(1)
        }
        advance(terminator.utf8CodeUnitCount)
    }

    private mutating func expect(_ literal: Unicode.Scalar) throws(SyntaxError) {
        guard position < bytes.count, bytes[position] == UInt8(ascii: literal) else { throw error("'\(literal)'") }
        advance(1)
    }

    private mutating func readName() throws(SyntaxError) -> String {
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            // ASCII letters, digits and _:-. , and every byte of a non-ASCII character.
            guard
                byte >= 0x80 || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
                    || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            else { break }
            position += 1
        }
        guard position > start else { throw error("a name") }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func readQuoted() throws(SyntaxError) -> String {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'")
        else {
            throw error("a quoted attribute value")
        }
        let quote = bytes[position]
        advance(1)
        var value: [UInt8] = []
        while true {
            guard position < bytes.count, bytes[position] != UInt8(ascii: "<") else {
                throw error("\(Unicode.Scalar(quote)) closing the attribute value")
            }
            if bytes[position] == quote { break }
            try readCharacter(into: &value)
        }
        advance(1)
        return String(decoding: value, as: UTF8.self)
    }

    /// Appends one byte of text, or the UTF-8 of the character an entity or character reference
    /// stands for.
    private mutating func readCharacter(into text: inout [UInt8]) throws(SyntaxError) {
        guard bytes[position] == UInt8(ascii: "&") else {
            text.append(bytes[position])
            advance(1)
            return
        }
        let start = (line: line, column: column)
        advance(1)
        let nameStart = position
        while position < bytes.count, bytes[position] != UInt8(ascii: ";"), position - nameStart < 10 { advance(1) }
        let reference = String(decoding: bytes[nameStart..<position], as: UTF8.self)
        let named: [String: Unicode.Scalar] = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'"]
        var scalar = named[reference]
        if scalar == nil, reference.hasPrefix("#") {
            let digits = reference.dropFirst()
            let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            scalar = value.flatMap(Unicode.Scalar.init)
        }
        guard let scalar, position < bytes.count, bytes[position] == UInt8(ascii: ";") else {
            throw SyntaxError(
                line: start.line, column: start.column, expected: "an entity like &amp; or &#233;",
                found: "'&\(reference)'")
        }
        advance(1)
        text += Array(String(scalar).utf8)
    }

    private func error(_ expected: String) -> SyntaxError {
        var found = "end of file"
        if position < bytes.count {
            // The character here, whole even when it takes several bytes.
            var end = position + 1
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            let character = String(decoding: bytes[position..<end], as: UTF8.self)
            found = "'" + character.unicodeScalars.map { $0.escaped(asASCII: false) }.joined() + "'"
        }
        return SyntaxError(line: line, column: column, expected: expected, found: found)
    }
}
