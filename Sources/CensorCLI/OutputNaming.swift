/// How `censor` names an output nobody named: a command-line convention, not the library's.
enum OutputNaming {
    /// The default output path for `input`: `<stem>.censored.<ext>` beside it.
    ///
    /// - Parameter input: The input file's path.
    /// - Returns: For `talks/ep1.wav`, `talks/ep1.censored.wav`.
    static func defaultPath(for input: String) -> String {
        let slash = input.lastIndex(of: "/")
        let nameStart = slash.map { input.index(after: $0) } ?? input.startIndex
        guard let dot = input[nameStart...].lastIndex(of: "."), dot > nameStart else {
            return input + ".censored"
        }
        return input[..<dot] + ".censored" + input[dot...]
    }
}
