import Foundation

/// The text of an input file: read from disk, UTF-8 validated, byte-order mark removed.
///
/// Shared by the transcript readers and the censor list so that both accept the same files
/// (UTF-8 with or without a BOM, LF or CRLF line ends) and report problems the same way.
internal struct SourceText: Sendable {
    /// The first byte that is not valid UTF-8, with its place in the file.
    internal struct InvalidByte: Error, Sendable, Equatable {
        /// Line of the byte, from 1.
        internal var line: Int
        /// Column of the byte in Unicode scalars, from 1.
        internal var column: Int
        /// The offending byte.
        internal var byte: UInt8

        /// The place as `line N:column M`.
        internal var place: String { "line \(line):column \(column)" }

        /// The byte as `the byte 0xE9`, for "found …" messages.
        internal var found: String {
            let hex = String(byte, radix: 16, uppercase: true)
            return "the byte 0x\(hex.count < 2 ? "0" + hex : hex)"
        }
    }

    /// Why a file could not be read, in words a user can act on.
    internal struct Unreadable: Error, Sendable, Equatable {
        /// For example `No such file or directory` or `Is a directory`.
        internal var reason: String
    }

    /// The decoded text, without a leading byte-order mark.
    internal let string: String

    /// Decodes UTF-8 bytes, dropping a leading byte-order mark.
    ///
    /// - Parameter data: The file's bytes.
    /// - Throws: `InvalidByte` at the first byte that is not valid UTF-8.
    internal init(data: Data) throws(InvalidByte) {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let bytes = data.starts(with: bom) ? data.dropFirst(bom.count) : data[...]
        if let string = String(validating: bytes, as: UTF8.self) {
            self.string = string
        } else {
            throw SourceText.firstInvalidByte(in: bytes)
        }
    }

    /// Splits text into lines without their line ends (LF, CRLF or CR).
    ///
    /// A final line end does not start another line, so line `n` of a message is `lines[n - 1]`.
    ///
    /// - Parameter text: Decoded text.
    /// - Returns: The lines.
    internal static func lines(of text: String) -> [Substring] {
        var lines = text.split(omittingEmptySubsequences: false) {
            $0 == "\n" || $0 == "\r\n" || $0 == "\r"
        }
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// Reads a whole file.
    ///
    /// - Parameter url: A file URL.
    /// - Returns: The file's bytes.
    /// - Throws: `Unreadable` with the operating system's reason.
    internal static func data(contentsOf url: URL) throws(Unreadable) -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            throw Unreadable(reason: reason(for: error))
        }
    }

    /// The name to show for a file in messages: the path as the caller gave it.
    ///
    /// - Parameter url: A file URL.
    /// - Returns: The URL's relative path (`talk.json` for `URL(fileURLWithPath: "talk.json")`).
    internal static func displayName(of url: URL) -> String {
        url.isFileURL ? url.relativePath : url.absoluteString
    }

    private static func reason(for error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue))
        }
        return nsError.localizedDescription
    }

    private static func firstInvalidByte(in bytes: Data.SubSequence) -> InvalidByte {
        var line = 1
        var column = 1
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let length = validSequenceLength(in: bytes, at: index)
            guard length > 0 else {
                return InvalidByte(line: line, column: column, byte: bytes[index])
            }
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += length
        }
        // Unreachable for input that failed validation; report the end to stay total.
        return InvalidByte(line: line, column: column, byte: bytes.last ?? 0)
    }

    /// The length of the valid UTF-8 sequence starting at `index`, or 0 when it is invalid.
    private static func validSequenceLength(in bytes: Data.SubSequence, at index: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return 0
        }
        guard index + length <= bytes.endIndex else { return 0 }
        let sequence = bytes[index..<(index + length)]
        return String(validating: sequence, as: UTF8.self) == nil ? 0 : length
    }
}
