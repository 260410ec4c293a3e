import CensorKit

/// The texts `censor` prints about itself.
enum Help {
    static let version = "censor \(Censor.version)"

    static let usage = "Usage: censor <input>... [--transcript <file>] (--words <file> | --word <word>)... [<options>]"

    /// The full `--help` text, detailed enough to serve as the manual.
    static var text: String {
        var lines = [
            "OVERVIEW: Beep, duck or mute every listed word in a recording, to the sample and without",
            "clicks, leaving every other sample exactly as it was.",
            "",
            "Each input is read with its timed transcript and the censor list; every listed word's",
            "span is censored at full strength, with smooth fades outside it; the result is written",
            "to a temporary file beside the output and renamed into place when complete. The input",
            "is never written (unless --in-place, and then only by that rename).",
            "",
            "USAGE: censor <input>... [--transcript <file>] (--words <file> | --word <word>)... [<options>]",
            "",
            "ARGUMENTS:",
            row(
                "<input>",
                "Audio files to censor: WAV, AIFF, FLAC, Ogg Vorbis/Opus, MP3, CAF, W64, RF64 and every "
                    + "other format libsndfile reads (see --list-formats); videos and containers through ffmpeg (MP4, M4A, "
                    + "MOV, MKV, WebM, AVI …), with every other stream copied."),
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
            "EXAMPLES:",
            "  censor talk.wav --transcript talk.json --words list.txt",
            "  censor talk.wav --transcript talk.json --word damn --mode duck --duck-gain -40 -o clean.flac",
            "  mkdir -p clean && censor *.wav --words list.txt --output-dir clean/ -j 4 --report reports.json",
            "  censor talk.wav --transcript talk.json --words list.txt --dry-run",
            "  censor talk.mp4 --transcript talk.json --words list.txt --subtitles talk.srt --embed-subtitles",
            "  censor talk.wav --transcript talk.json --words list.txt --mode cut -o clean.flac --markers talk.edl",
            "  censor talk.mp4 --transcript talk.json --words list.txt --sound noise --player-edl talk.kodi.edl",
            "",
            "EXIT STATUS:",
            "  0   success, also when nothing matched (the output then equals the input)",
            "  1   a file could not be processed (with several inputs: any of them)",
            "  64  usage error",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// A help row: the name in a 28-column field, the help wrapped beside it.
    private static func row(_ name: String, _ help: String) -> String {
        let indent = String(repeating: " ", count: 30)
        var lines: [String] = []
        var line = ""
        for word in help.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > 50 {
                lines.append(line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        lines.append(line)
        let head = "  " + name
        let first =
            head.count < 30
            ? head + String(repeating: " ", count: 30 - head.count) + lines[0]
            : head + "\n" + indent + lines[0]
        return ([first] + lines.dropFirst().map { indent + $0 }).joined(separator: "\n")
    }
}
