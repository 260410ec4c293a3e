import Foundation

/// The text of an input file: read from disk, decoded, byte-order mark removed.
///
/// Shared by the transcript readers and the censor list so that both accept the same files
/// (UTF-8 with or without a BOM, UTF-16 with a BOM as Praat writes it, LF, CRLF or CR line ends)
/// and report problems the same way.
package struct SourceText: Sendable {
    /// The first bytes that do not decode, with their place in the file.
    package struct InvalidEncoding: Error, Sendable, Equatable {
        /// Line of the bytes, from 1.
        package var line: Int
        /// Column of the bytes in Unicode scalars, from 1.
        package var column: Int
        /// What was there, e.g. `the byte 0xE9` or `the UTF-16 code unit 0xD800`.
        package var found: String
        /// The encoding that was expected, e.g. `UTF-8 text`.
        package var expected: String

        /// The place as `line N:column M`.
        package var place: String { SourceText.place(line: line, column: column) }

        package init(line: Int, column: Int, found: String, expected: String) {
            self.line = line
            self.column = column
            self.found = found
            self.expected = expected
        }
    }

    /// Why a file could not be read, in words a user can act on.
    package struct Unreadable: Error, Sendable, Equatable {
        /// For example `No such file or directory` or `Is a directory`.
        package var reason: String
    }

    /// The decoded text, without a leading byte-order mark.
    package let string: String

    /// Wraps text already decoded.
    ///
    /// - Parameter string: The text, without a byte-order mark.
    package init(string: String) {
        self.string = string
    }

    /// Decodes a file's bytes: UTF-16 when they start with a UTF-16 byte-order mark (either
    /// byte order), UTF-8 otherwise, dropping a leading byte-order mark.
    ///
    /// - Parameter data: The file's bytes.
    /// - Throws: `InvalidEncoding` at the first bytes that do not decode.
    package init(data: Data) throws(InvalidEncoding) {
        if data.starts(with: [0xFF, 0xFE]) {
            string = try Self.decodeUTF16(data.dropFirst(2), bigEndian: false)
        } else if data.starts(with: [0xFE, 0xFF]) {
            string = try Self.decodeUTF16(data.dropFirst(2), bigEndian: true)
        } else {
            let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
            let bytes = data.starts(with: bom) ? data.dropFirst(bom.count) : data[...]
            guard let string = String(validating: bytes, as: UTF8.self) else {
                throw SourceText.firstInvalidByte(in: bytes)
            }
            self.string = string
        }
    }

    /// A place in a text file as messages name it.
    ///
    /// - Parameters:
    ///   - line: The line, from 1.
    ///   - column: The column in Unicode scalars, from 1.
    /// - Returns: `line N:column M`.
    package static func place(line: Int, column: Int) -> String {
        "line \(line):column \(column)"
    }

    /// The line and column of a byte in UTF-8 text whose bytes before it are well formed.
    ///
    /// - Parameters:
    ///   - offset: The byte's offset from the start of `bytes`.
    ///   - bytes: The text's bytes.
    /// - Returns: The line (LF ends one) and the column in Unicode scalars, both from 1.
    package static func place(ofOffset offset: Int, in bytes: some Collection<UInt8>) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in bytes.prefix(offset) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    /// Splits text into lines without their line ends (LF, CRLF or CR).
    ///
    /// A final line end does not start another line, so line `n` of a message is `lines[n - 1]`.
    ///
    /// - Parameter text: Decoded text.
    /// - Returns: The lines.
    package static func lines(of text: String) -> [Substring] {
        Array(Lines(text: text))
    }

    /// The first line of a text, as `lines(of:).first` but without splitting the rest.
    ///
    /// - Parameter text: Decoded text.
    /// - Returns: The first line; `nil` for empty text.
    package static func firstLine(of text: String) -> Substring? {
        var lines = Lines(text: text)
        return lines.next()
    }

    /// The lines of a text as `lines(of:)` gives them, one at a time, for a test that needs only
    /// the first few lines of a file (format detection).
    ///
    /// The text is scanned byte by byte for LF and CR: they are never part of a larger
    /// character (a CR LF pair is one line end), so this splits where splitting the
    /// `Character`s would.
    package struct Lines: Sequence, IteratorProtocol {
        private let text: String
        private var start: String.Index

        /// The lines of `text`.
        package init(text: String) {
            self.text = text
            start = text.startIndex
        }

        package mutating func next() -> Substring? {
            let bytes = text.utf8
            guard start < bytes.endIndex else { return nil }
            var end = start
            while end < bytes.endIndex, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") {
                bytes.formIndex(after: &end)
            }
            let line = text[start..<end]
            if end < bytes.endIndex {
                let isCR = bytes[end] == UInt8(ascii: "\r")
                bytes.formIndex(after: &end)
                if isCR, end < bytes.endIndex, bytes[end] == UInt8(ascii: "\n") { bytes.formIndex(after: &end) }
            }
            start = end
            return line
        }
    }

    /// The most bytes a transcript or censor list is read for by default, 1 GiB: a ten-hour
    /// recording's word-level JSON transcript is about 50 MB.
    package static let largestFile = 1 << 30

    /// The words that start the reason a file larger than its limit is refused.
    package static let tooLarge = "it holds more than"

    /// Reads a whole file, once, to its end: a regular file, or a FIFO, a character device
    /// (`/dev/stdin`) or a process substitution, whose size says nothing about their content.
    ///
    /// - Parameters:
    ///   - url: A file URL.
    ///   - limit: The most bytes the file may hold; a regular file's size is checked before
    ///     reading, anything else is read up to it.
    /// - Returns: The file's bytes.
    /// - Throws: `Unreadable` with the operating system's reason, or naming the limit.
    package static func data(contentsOf url: URL, limit: Int = largestFile) throws(Unreadable) -> Data {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Unreadable(reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        let refusal = Unreadable(
            reason: "\(tooLarge) \(byteCount(limit)), the most a transcript or censor list may hold")
        var info = stat()
        if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > limit { throw refusal }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR { continue }
                throw Unreadable(reason: String(cString: strerror(errno)))
            }
            guard data.count + count <= limit else { throw refusal }
            data.append(contentsOf: buffer[..<count])
        }
    }

    /// `bytes` as messages give a size: `1 GiB`, `64 MiB`, `1500 bytes`.
    package static func byteCount(_ bytes: Int) -> String {
        for (unit, size) in [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)]
        where bytes >= size && bytes % size == 0 {
            return "\(bytes / size) \(unit)"
        }
        return "\(bytes) bytes"
    }

    /// The name to show for a file in messages: the path as the caller gave it.
    ///
    /// - Parameter url: A file URL.
    /// - Returns: The URL's relative path (`talk.json` for `URL(fileURLWithPath: "talk.json")`).
    package static func displayName(of url: URL) -> String {
        url.isFileURL ? url.relativePath : url.absoluteString
    }

    /// The error for bytes the UTF-8 decoder refused: the first invalid byte and its place.
    private static func firstInvalidByte(in bytes: Data.SubSequence) -> InvalidEncoding {
        let offset = UTF8Validation.firstInvalidOffset(in: bytes) ?? max(0, bytes.count - 1)
        let (line, column) = place(ofOffset: offset, in: bytes)
        let byte = bytes.isEmpty ? 0 : bytes[bytes.startIndex + offset]
        return InvalidEncoding(
            line: line, column: column, found: "the byte 0x\(hex(UInt32(byte), digits: 2))", expected: "UTF-8 text")
    }

    /// Decodes UTF-16 code units, reporting an unpaired surrogate or a stray last byte.
    private static func decodeUTF16(_ bytes: Data.SubSequence, bigEndian: Bool) throws(InvalidEncoding) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let first = UInt16(bytes[index])
            let second = UInt16(bytes[index + 1])
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        var scalars = String.UnicodeScalarView()
        var position = TextPosition()
        var iterator = units.makeIterator()
        var decoder = UTF16()
        var consumed = 0
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                scalars.append(scalar)
                position.advance(past: scalar)
                consumed += scalar.utf16.count
            case .emptyInput:
                break decoding
            case .error:
                throw InvalidEncoding(
                    line: position.line, column: position.column,
                    found: "the UTF-16 code unit 0x\(hex(UInt32(units[consumed]), digits: 4))",
                    expected: "UTF-16 text")
            }
        }
        guard index == bytes.endIndex else {
            throw InvalidEncoding(
                line: position.line, column: position.column, found: "a single byte at the end of the file",
                expected: "UTF-16 text: an even number of bytes")
        }
        return String(scalars)
    }

    /// `value` in upper-case hex, zero-padded to `digits`.
    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}

/// A line and column counter for decoding errors: lines from 1, columns in Unicode scalars from 1.
private struct TextPosition {
    var line = 1
    var column = 1

    mutating func advance(past scalar: Unicode.Scalar) {
        if scalar == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
    }
}
