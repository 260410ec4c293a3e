import Foundation

/// Finds an input's transcript beside it, by stem.
enum TranscriptLocator {
    /// The extensions tried, in order.
    static let extensions = [
        "json", "vtt", "srt", "sbv", "json3", "TextGrid", "textgrid", "eaf", "ctm", "txt", "csv", "tsv", "lrc",
    ]

    /// The transcript beside `input`: the first of `<stem>.json`, `<stem>.vtt`, … that exists;
    /// else the one `<stem>.<language>.<extension>` there is, as yt-dlp and subtitle sites name
    /// them (`talk.en.vtt`, `talk.en-US.srt`).
    ///
    /// - Throws: ``TranscriptNotFound`` listing what was tried, or the several language
    ///   variants found when there is more than one; or, when `input` itself is missing or a
    ///   folder, saying that (a mistyped input is the error to name, not its transcript).
    static func transcript(beside input: String) throws(TranscriptNotFound) -> String {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: input, isDirectory: &isFolder) else {
            throw TranscriptNotFound(input: input, tried: [], inputProblem: "no such file")
        }
        if isFolder.boolValue { throw TranscriptNotFound(input: input, tried: [], inputProblem: "it is a directory") }
        let url = URL(fileURLWithPath: input)
        let stem = url.deletingPathExtension().relativePath
        let candidates = extensions.map { "\(stem).\($0)" }
        if let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) {
            return found
        }
        let variants = languageVariants(of: url)
        guard variants.count == 1 else {
            throw TranscriptNotFound(input: input, tried: candidates, variants: variants)
        }
        return variants[0]
    }

    /// The files beside `input` named `<stem>.<language>.<extension>`: a language tag of two to
    /// eight letters, digits or dashes, and one of `extensions`; sorted by name.
    private static func languageVariants(of input: URL) -> [String] {
        let folder = input.deletingLastPathComponent()
        let stem = input.deletingPathExtension().lastPathComponent
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.filter { name in
            guard name.hasPrefix(stem + ".") else { return false }
            let parts = name.dropFirst(stem.count + 1).split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, extensions.contains(String(parts[1])) else { return false }
            return (2...8).contains(parts[0].count) && parts[0].allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }
        }.sorted().map { relative($0, beside: input) }
    }

    /// `name` in the folder of `input`, written as `input` is (relative or absolute).
    private static func relative(_ name: String, beside input: URL) -> String {
        let folder = (input.relativePath as NSString).deletingLastPathComponent
        return folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
    }
}

/// No transcript was given and none lies beside the input.
struct TranscriptNotFound: Error, CustomStringConvertible {
    let input: String
    let tried: [String]
    /// Language variants found beside the input, when there were several to choose from.
    var variants: [String] = []
    /// Why the input itself cannot be read, when it cannot (no file, a folder): no transcript
    /// was looked for.
    var inputProblem: String?

    var description: String {
        if let inputProblem { return "cannot read '\(input)': \(inputProblem)" }
        guard variants.isEmpty else {
            return "no transcript for '\(input)': several lie beside it (\(variants.joined(separator: ", "))); "
                + "give --transcript <file>"
        }
        return "no transcript for '\(input)': none of \(tried.joined(separator: ", ")) exists; give --transcript <file>"
    }
}
