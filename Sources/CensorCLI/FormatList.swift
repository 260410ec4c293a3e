import CensorKit

/// The text of `censor --list-formats`.
enum FormatList {
    static var text: String {
        var lines = ["AUDIO (\(AudioLibrary.version); every container is read and written):"]
        for container in AudioLibrary.containers {
            lines.append(
                "  " + container.fileExtension.padding(toLength: 8, withPad: " ", startingAt: 0) + container.name)
        }
        lines += ["", "ENCODINGS libsndfile knows (each container takes some):"]
        lines += AudioLibrary.encodings.map { "  \($0.name)" }
        lines += [
            "", "OUTPUT (--format, then the --encoding values this build writes in it, checked at 48 kHz stereo):",
        ]
        for container in AudioContainer.allCases {
            let encodings = AudioEncoding.allCases.filter { AudioLibrary.canWrite(container, $0) }.map(\.rawValue)
            lines.append(
                "  " + container.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
                    + (encodings.isEmpty ? "(not writable in this build)" : encodings.joined(separator: " ")))
        }
        lines += [
            "",
            "VIDEO AND CONTAINERS (through ffmpeg; the censored audio stream re-encoded, every other stream copied):",
        ]
        lines.append("  " + MediaContainer.allCases.map { "." + $0.rawValue }.joined(separator: " "))
        lines += ["", "TRANSCRIPTS (--transcript-format; detected from the content when not given; written by):"]
        for format in TranscriptFormat.allCases {
            let name = format.rawValue
            lines.append(
                "  " + name.padding(toLength: max(20, name.count + 2), withPad: " ", startingAt: 0)
                    + format.detectionRule)
            lines.append(String(repeating: " ", count: 22) + "by " + format.writers)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
