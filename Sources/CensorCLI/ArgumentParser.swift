/// Walks a command line token by token: `--name value`, `--name=value`, `-o value`.
struct ArgumentParser {
    private let tokens: [String]
    private var index = 0

    init(_ tokens: [String]) {
        self.tokens = tokens
    }

    /// The next token, or `nil` at the end.
    mutating func next() -> String? {
        guard index < tokens.count else { return nil }
        defer { index += 1 }
        return tokens[index]
    }

    /// Every token not yet read.
    mutating func rest() -> [String] {
        defer { index = tokens.count }
        return Array(tokens[index...])
    }

    /// `--name=value` split into its name and value; other tokens whole, with no value.
    func split(_ token: String) -> (name: String, value: String?) {
        guard token.hasPrefix("--"), let equals = token.firstIndex(of: "=") else { return (token, nil) }
        return (String(token[..<equals]), String(token[token.index(after: equals)...]))
    }

    /// The value of `option`: the part after `=`, or the next token.
    mutating func value(for option: Option, inline: String?) throws(UsageError) -> String {
        if let inline { return inline }
        guard let value = next() else {
            throw UsageError("\(option.name) needs a value <\(option.value ?? "value")>")
        }
        return value
    }

    /// The message for an unknown option, suggesting the closest real one.
    static func unknownOption(_ name: String) -> String {
        // The distance costs length × length per option: a pasted blob gets no suggestion.
        guard name.count <= 64 else { return "unknown option '\(name.prefix(64))…'" }
        let candidates = Option.all.map(\.name)
        let best = candidates.min { editDistance(name, $0) < editDistance(name, $1) }
        if let best, editDistance(name, best) <= max(2, best.count / 3) {
            return "unknown option '\(name)'; did you mean '\(best)'?"
        }
        return "unknown option '\(name)'"
    }

    /// The Levenshtein distance between two strings.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
