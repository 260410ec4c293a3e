import Foundation

/// The one way the command line writes a JSON record (``ResumeRecord``, a `--results` line):
/// a value's `Codable` encoding on one line, keys sorted, slashes as they are, ending with a newline.
enum JSONLine {
    /// `value` as one line of JSON.
    ///
    /// - Throws: `EncodingError` when `value` holds what JSON cannot (an infinite number).
    static func text(of value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}
