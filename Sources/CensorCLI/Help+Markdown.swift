/// The options table of README.md, made from the same definitions as `--help`.
extension Help {
    /// A Markdown table with one row per option of `--help`, in its order: the spelling with its
    /// value, the default, and the help text.
    static var optionsMarkdown: String {
        var rows = ["| option | default | meaning |", "| --- | --- | --- |"]
        for option in Option.all {
            var spelling = option.name
            if let value = option.value { spelling += " \(value.uppercased())" }
            let names = option.short.map { "`\($0)`, `\(spelling)`" } ?? "`\(spelling)`"
            rows.append("| \(names) | \(cell(option.defaultText ?? "")) | \(cell(option.help)) |")
        }
        return rows.joined(separator: "\n") + "\n"
    }

    /// Text safe inside a Markdown table cell: pipes escaped, line breaks folded.
    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
