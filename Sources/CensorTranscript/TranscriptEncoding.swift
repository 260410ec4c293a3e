import Foundation

/// The text encoding a transcript is read in.
///
/// By default (`automatic`) a transcript is UTF-8, with or without a byte-order mark, or UTF-16
/// with one; a text format (subtitles, labels, CSV, TextGrid) that is not valid UTF-8 is then
/// decoded as Windows-1252, the encoding of most older Western subtitles, and the transcript
/// says so (`Transcript.legacyEncoding`) so that a caller can warn. JSON is UTF-8 by its
/// standard, and every recognizer writes it so: invalid UTF-8 there stays an error. A named
/// encoding reads the bytes in that encoding only.
///
/// ```swift
/// let encoding = TranscriptEncoding(name: "Latin1")  // .named("iso-8859-1")
/// ```
public enum TranscriptEncoding: Sendable, Hashable {
    /// UTF-8 or UTF-16 with a byte-order mark; Windows-1252 when the text is not valid UTF-8.
    case automatic
    /// One encoding, by its canonical name in `names`.
    case named(String)

    /// The encoding that text which is not valid UTF-8 is decoded as by default.
    public static let fallbackName = "windows-1252"

    /// The encodings that can be named, canonical name first, then the aliases accepted for it.
    public static let names: [(name: String, aliases: [String], encoding: String.Encoding)] = [
        ("utf-8", ["utf8"], .utf8),
        ("utf-16le", ["utf16le"], .utf16LittleEndian),
        ("utf-16be", ["utf16be"], .utf16BigEndian),
        ("windows-1252", ["cp1252", "win1252"], .windowsCP1252),
        ("iso-8859-1", ["latin1", "latin-1", "iso8859-1"], .isoLatin1),
        ("iso-8859-2", ["latin2", "latin-2", "iso8859-2"], .isoLatin2),
        ("windows-1250", ["cp1250", "win1250"], .windowsCP1250),
        ("windows-1251", ["cp1251", "win1251"], .windowsCP1251),
        ("windows-1253", ["cp1253", "win1253"], .windowsCP1253),
        ("windows-1254", ["cp1254", "win1254"], .windowsCP1254),
        ("macintosh", ["mac", "macroman"], .macOSRoman),
        ("shift_jis", ["shift-jis", "sjis", "cp932"], .shiftJIS),
        ("euc-jp", ["eucjp"], .japaneseEUC),
    ]

    /// An encoding by name, case-insensitively, canonical or alias (`CP1252`, `latin1`).
    ///
    /// - Parameter name: The name.
    /// - Returns: `nil` when the name is not one of `names`.
    public init?(name: String) {
        let key = name.lowercased()
        if key == "auto" || key == "automatic" {
            self = .automatic
            return
        }
        guard let entry = Self.names.first(where: { $0.name == key || $0.aliases.contains(key) }) else { return nil }
        self = .named(entry.name)
    }

    /// Decodes a file's bytes in this encoding.
    ///
    /// - Parameter data: The bytes.
    /// - Returns: The text, and the name of the legacy encoding when `automatic` fell back to
    ///   Windows-1252 (a named encoding was asked for, so it is not reported).
    /// - Throws: `SourceText.InvalidEncoding` when the bytes are not text in the encoding (for
    ///   `automatic`: neither UTF-8 nor Windows-1252 text).
    internal func decode(_ data: Data) throws(SourceText.InvalidEncoding) -> (text: SourceText, legacy: String?) {
        switch self {
        case .automatic:
            do {
                return (try SourceText(data: data), nil)
            } catch {
                // Only a text format falls back: JSON, a NUL byte or a byte Windows-1252 leaves
                // undefined means the file is something else, and the UTF-8 error says where.
                let first = data.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
                guard first != UInt8(ascii: "{"), first != UInt8(ascii: "["), !data.contains(0),
                    let text = Self.decoded(data, as: .windowsCP1252)
                else { throw error }
                return (SourceText(string: text), Self.fallbackName)
            }
        case .named(let name):
            let entry = Self.names.first { $0.name == name }!
            if entry.encoding == .utf8 { return (try SourceText(data: data), nil) }
            guard let text = Self.decoded(data, as: entry.encoding) else {
                throw SourceText.InvalidEncoding(
                    line: 1, column: 1, found: "bytes that do not decode", expected: "\(name) text")
            }
            return (SourceText(string: text), nil)
        }
    }

    /// The bytes decoded by Foundation, a leading byte-order mark dropped; `nil` when they do
    /// not decode.
    private static func decoded(_ data: Data, as encoding: String.Encoding) -> String? {
        guard let text = String(data: data, encoding: encoding) else { return nil }
        return text.first == "\u{FEFF}" ? String(text.dropFirst()) : text
    }
}
