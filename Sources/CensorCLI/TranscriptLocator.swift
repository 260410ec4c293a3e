import Foundation

/// Finds an input's transcript beside it, by stem.
enum TranscriptLocator {
    /// The extensions tried, in order.
    static let extensions = ["json", "vtt", "srt", "sbv", "json3", "TextGrid", "textgrid", "eaf", "ctm", "txt", "csv", "tsv"]

    /// The transcript beside `input`: the first of `<stem>.json`, `<stem>.vtt`, … that exists.
    ///
    /// - Throws: ``TranscriptNotFound`` listing what was tried.
    static func transcript(beside input: String) throws(TranscriptNotFound) -> String {
        let stem = URL(fileURLWithPath: input).deletingPathExtension().relativePath
        let candidates = extensions.map { "\(stem).\($0)" }
        guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            throw TranscriptNotFound(input: input, tried: candidates)
        }
        return found
    }
}

/// No transcript was given and none lies beside the input.
struct TranscriptNotFound: Error, CustomStringConvertible {
    let input: String
    let tried: [String]

    var description: String {
        "no transcript for '\(input)': none of \(tried.joined(separator: ", ")) exists; give --transcript <file>"
    }
}
