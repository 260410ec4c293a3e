import Foundation

/// The manual page, `censor.1` in roff (`censor --man`, installed by `make install`).
///
/// It is made from what `--help` prints: the options from the same ``Option`` definitions
/// (and so from the library's ``CensorKit/Parameters``), the overview, examples and exit
/// statuses from the sections of ``Help/text``, so the two cannot disagree.
enum ManPage {
    static var text: String {
        let sections = Self.sections(of: Help.text)
        var lines = [
            ".TH CENSOR 1 \"\" \"\(escape(Help.version))\" \"User Commands\"",
            ".SH NAME",
            "censor \\- beep, duck or mute listed words in a recording",
            ".SH SYNOPSIS",
            ".B censor",
            escape(String((sections["USAGE"]?.first ?? "").drop { $0 != " " }.dropFirst())),
            ".SH DESCRIPTION",
        ]
        lines += paragraphs(sections["OVERVIEW"] ?? [])
        lines.append(".SH ARGUMENTS")
        for row in rows(sections["ARGUMENTS"] ?? []) {
            lines += [".TP", "\\fI\(escape(row.name))\\fR", escape(row.text)]
        }
        lines.append(".SH OPTIONS")
        for option in Option.all {
            var names = [option.short, option.name].compactMap { $0 }.map { "\\fB\(escape($0))\\fR" }.joined(
                separator: ", ")
            if let value = option.value { names += " \\fI\(escape(value))\\fR" }
            var help = option.help
            if let defaultText = option.defaultText { help += " (default: \(defaultText))" }
            lines += [".TP", names, escape(help)]
        }
        lines +=
            [".SH EXAMPLES", ".nf"]
            + (sections["EXAMPLES"] ?? []).filter { !$0.isEmpty }
            .map { escape($0.trimmingCharacters(in: .whitespaces)) } + [".fi"]
        lines.append(".SH EXIT STATUS")
        for row in rows(sections["EXIT STATUS"] ?? []) {
            lines += [".TP", escape(row.name), escape(row.text)]
        }
        lines += [".SH SEE ALSO", escape("sox(1), ffmpeg(1), sndfile-info(1)")]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The lines of each `NAME:` section of the help text, by name; a section's first line
    /// holds what follows its name on the heading line.
    static func sections(of text: String) -> [String: [String]] {
        var sections: [String: [String]] = [:]
        var current: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if let colon = line.firstIndex(of: ":"), !line.hasPrefix(" "),
                line[..<colon].allSatisfy({ $0.isUppercase || $0 == " " }), line.first?.isUppercase == true
            {
                current = String(line[..<colon])
                let rest = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                sections[current!] = rest.isEmpty ? [] : [rest]
            } else if let current {
                sections[current, default: []].append(line)
            }
        }
        return sections
    }

    /// The rows of a help section: a name at the left margin, its text beside it and on the
    /// indented lines that follow.
    private static func rows(_ lines: [String]) -> [(name: String, text: String)] {
        var rows: [(name: String, text: String)] = []
        for line in lines where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("  "), !line.hasPrefix("   ") {
                let name = trimmed.prefix { !$0.isWhitespace }
                rows.append((String(name), trimmed.dropFirst(name.count).trimmingCharacters(in: .whitespaces)))
            } else if !rows.isEmpty {
                rows[rows.count - 1].text += " " + trimmed
            }
        }
        return rows
    }

    /// Help lines joined into roff paragraphs at their blank lines.
    private static func paragraphs(_ lines: [String]) -> [String] {
        var result: [String] = []
        var paragraph: [String] = []
        for line in lines + [""] {
            if line.isEmpty {
                if !paragraph.isEmpty { result += [".PP", escape(paragraph.joined(separator: " "))] }
                paragraph = []
            } else {
                paragraph.append(line)
            }
        }
        return result
    }

    /// `text` safe as roff: backslashes and hyphens escaped, no line starting with a control character.
    static func escape(_ text: String) -> String {
        let escaped = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }
}
