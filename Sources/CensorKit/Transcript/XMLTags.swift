/// The elements and text of an XML document, in document order: as much XML as an annotation
/// format such as ELAN's needs, without a parser library.
///
/// Start tags come with their attributes (values unescaped), end tags are checked against their
/// start tags, and text between tags is unescaped (`&amp;`, `&#233;`, `&#xE9;`, CDATA
/// sections). The XML declaration, processing instructions, comments and a DOCTYPE are
/// skipped. Namespaces are not resolved: a name is read as written (`xsi:noNamespaceSchemaLocation`).
internal struct XMLTags {
    /// One piece of the document.
    internal enum Item: Equatable {
        /// A start tag (also for an empty element `<a/>`, which is followed by its `end`).
        case start(name: String, attributes: [String: String])
        /// An end tag.
        case end(name: String)
        /// Text between tags, unless it is only whitespace.
        case text(String)
    }

    /// Malformed XML, with its place.
    internal struct SyntaxError: Error, Equatable {
        /// Line, from 1.
        internal var line: Int
        /// Column in Unicode scalars, from 1.
        internal var column: Int
        /// What should have been there.
        internal var expected: String
        /// What was there.
        internal var found: String
    }

    /// The items with the line and column where each starts.
    internal private(set) var items: [(item: Item, line: Int, column: Int)] = []

    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var line = 1
    private var column = 1

    /// Splits a document into its items.
    ///
    /// - Parameter text: The document.
    /// - Throws: `SyntaxError` at the first malformed tag, reference or unbalanced end tag.
    internal init(_ text: String) throws(SyntaxError) {
        scalars = Array(text.unicodeScalars)
        var open: [(name: String, line: Int, column: Int)] = []
        var text = ""
        var textStart = (line: 1, column: 1)
        while position < scalars.count {
            if scalars[position] != "<" {
                if text.isEmpty { textStart = (line, column) }
                try readCharacter(into: &text)
                continue
            }
            let tagStart = (line: line, column: column)
            if startsWith("<![CDATA[") {
                if text.isEmpty { textStart = tagStart }
                advance(9)
                while !startsWith("]]>") {
                    guard position < scalars.count else { throw error("]]> closing the CDATA section") }
                    text.unicodeScalars.append(scalars[position])
                    advance(1)
                }
                advance(3)
                continue
            }
            if text.contains(where: { !$0.isWhitespace }) { items.append((.text(text), textStart.line, textStart.column)) }
            text = ""
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
                        expected: open.last.map { "</\($0.name)> closing the element of line \($0.line)" } ?? "no end tag",
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
                        open.append((name, tagStart.line, tagStart.column))
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
            throw SyntaxError(line: line, column: column, expected: "</\(last.name)> closing the element of line \(last.line)", found: "end of file")
        }
        if text.contains(where: { !$0.isWhitespace }) { items.append((.text(text), textStart.line, textStart.column)) }
    }

    // MARK: Scanning

    private func startsWith(_ literal: String) -> Bool {
        var index = position
        for scalar in literal.unicodeScalars {
            guard index < scalars.count, scalars[index] == scalar else { return false }
            index += 1
        }
        return true
    }

    private mutating func advance(_ count: Int) {
        for _ in 0..<count where position < scalars.count {
            if scalars[position] == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            position += 1
        }
    }

    @discardableResult
    private mutating func skipSpace() -> Bool {
        let start = position
        while position < scalars.count, [" ", "\t", "\n", "\r"].contains(scalars[position]) { advance(1) }
        return position > start
    }

    private mutating func skip(past terminator: String) throws(SyntaxError) {
        while !startsWith(terminator) {
            guard position < scalars.count else { throw error("\(terminator) closing the markup") }
            advance(1)
        }
        advance(terminator.unicodeScalars.count)
    }

    private mutating func expect(_ literal: Unicode.Scalar) throws(SyntaxError) {
        guard position < scalars.count, scalars[position] == literal else { throw error("'\(literal)'") }
        advance(1)
    }

    private mutating func readName() throws(SyntaxError) -> String {
        var name = String.UnicodeScalarView()
        while position < scalars.count {
            let scalar = scalars[position]
            guard scalar.properties.isAlphabetic || scalar.properties.numericType != nil || "_:-.".unicodeScalars.contains(scalar)
            else { break }
            name.append(scalar)
            advance(1)
        }
        guard !name.isEmpty else { throw error("a name") }
        return String(name)
    }

    private mutating func readQuoted() throws(SyntaxError) -> String {
        guard position < scalars.count, scalars[position] == "\"" || scalars[position] == "'" else {
            throw error("a quoted attribute value")
        }
        let quote = scalars[position]
        advance(1)
        var value = ""
        while true {
            guard position < scalars.count else { throw error("\(quote) closing the attribute value") }
            if scalars[position] == quote { break }
            guard scalars[position] != "<" else { throw error("\(quote) closing the attribute value") }
            try readCharacter(into: &value)
        }
        advance(1)
        return value
    }

    /// Appends one character of text, or the character an entity or character reference stands for.
    private mutating func readCharacter(into text: inout String) throws(SyntaxError) {
        guard scalars[position] == "&" else {
            text.unicodeScalars.append(scalars[position])
            advance(1)
            return
        }
        let start = (line: line, column: column)
        var reference = ""
        advance(1)
        while position < scalars.count, scalars[position] != ";", reference.unicodeScalars.count < 10 {
            reference.unicodeScalars.append(scalars[position])
            advance(1)
        }
        let named: [String: Unicode.Scalar] = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'"]
        var scalar = named[reference]
        if scalar == nil, reference.hasPrefix("#") {
            let digits = reference.dropFirst()
            let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            scalar = value.flatMap(Unicode.Scalar.init)
        }
        guard let scalar, position < scalars.count, scalars[position] == ";" else {
            throw SyntaxError(
                line: start.line, column: start.column, expected: "an entity like &amp; or &#233;", found: "'&\(reference)'")
        }
        advance(1)
        text.unicodeScalars.append(scalar)
    }

    private func error(_ expected: String) -> SyntaxError {
        let found = position < scalars.count ? "'\(scalars[position].escaped(asASCII: false))'" : "end of file"
        return SyntaxError(line: line, column: column, expected: expected, found: found)
    }
}
