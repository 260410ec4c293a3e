/// The texts `censor` prints about itself.
enum Help {
    static let version = "censor 0.1.0"

    static let usage =
        "Usage: censor <input> --transcript <file> (--words <file> | --word <word>)... [<options>]"

    /// The full `--help` text.
    static var text: String {
        var lines = [
            "OVERVIEW: Beep, duck or mute every listed word in a recording, to the sample and without",
            "clicks, leaving every other sample exactly as it was.",
            "",
            "USAGE: censor <input> --transcript <file> (--words <file> | --word <word>)... [<options>]",
            "",
            "ARGUMENTS:",
            row("<input>", "The audio file to censor: WAV, AIFF, FLAC, Ogg Vorbis/Opus, MP3, CAF, W64, RF64 …"),
            "",
            "OPTIONS:",
        ]
        for option in Option.all {
            var names = option.short.map { "\($0), \(option.name)" } ?? option.name
            if let value = option.value { names += " <\(value)>" }
            var help = option.help
            if let defaultText = option.defaultText { help += " (default: \(defaultText))" }
            lines.append(row(names, help))
        }
        lines += [
            "",
            "EXIT STATUS: 0 on success (also when nothing matched), 1 when processing failed,",
            "64 on a usage error.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// A help row: the name in a 28-column field, the help wrapped beside it.
    private static func row(_ name: String, _ help: String) -> String {
        let indent = String(repeating: " ", count: 30)
        var lines: [String] = []
        var line = ""
        for word in help.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > 48 {
                lines.append(line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        lines.append(line)
        let head = "  " + name
        let first = head.count < 30 ? head + String(repeating: " ", count: 30 - head.count) + lines[0]
                                    : head + "\n" + indent + lines[0]
        return ([first] + lines.dropFirst().map { indent + $0 }).joined(separator: "\n")
    }
}
