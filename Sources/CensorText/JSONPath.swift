/// Item paths that name a place in a JSON transcript: `segments[3].words[7].start`.
///
/// The root is the empty path; a JSON-lines record's path is `line 3: `, so that its items read
/// `line 3: result[0].start`. Readers build paths only when they report an error, through
/// non-escaping closures, so that reading a million words builds no path strings.
package enum JSONPath {
    /// The path of an object member.
    ///
    /// - Parameters:
    ///   - parent: The object's path.
    ///   - key: The member's key.
    /// - Returns: `parent.key`, or `key` at the root or right after a record prefix.
    package static func key(_ parent: String, _ key: String) -> String {
        parent.isEmpty || parent.hasSuffix(": ") ? parent + key : parent + "." + key
    }

    /// The path of an array element.
    ///
    /// - Parameters:
    ///   - parent: The array's path.
    ///   - index: The element's index, from 0.
    /// - Returns: `parent[index]`.
    package static func index(_ parent: String, _ index: Int) -> String {
        "\(parent)[\(index)]"
    }

    /// The path of the record that starts on a line of a JSON-lines file.
    ///
    /// - Parameter line: The line, from 1.
    /// - Returns: `line N: `.
    package static func line(_ line: Int) -> String {
        "line \(line): "
    }

    /// A path as a message shows it: `top level` for the root, `line 3` for a record.
    ///
    /// - Parameter path: A path built with this type's functions.
    /// - Returns: The place for `TranscriptError`.
    package static func place(_ path: String) -> String {
        if path.isEmpty { return "top level" }
        return path.hasSuffix(": ") ? String(path.dropLast(2)) : path
    }
}
