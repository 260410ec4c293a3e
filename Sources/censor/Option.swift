import CensorKit

/// One command-line option: its spelling, its value's name and its help, defined once.
struct Option: Sendable {
    /// The long name with dashes, such as `--mode`.
    let name: String
    /// A one-letter alias, such as `-o`.
    let short: String?
    /// The value's placeholder in help, or `nil` for a flag.
    let value: String?
    /// One line of help.
    let help: String
    /// The default as help shows it.
    let defaultText: String?

    init(_ name: String, short: String? = nil, value: String? = nil, help: String, default defaultText: String? = nil) {
        self.name = name
        self.short = short
        self.value = value
        self.help = help
        self.defaultText = defaultText
    }

    /// An option taking a number, described by a library ``Parameter``.
    init(_ parameter: Parameter) {
        self.init("--\(parameter.name)", value: parameter.unit.lowercased(), help: parameter.help,
                  default: parameter.defaultText ?? "\(Self.number(parameter.defaultValue)) \(parameter.unit)")
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

extension Option {
    static let transcript = Option(
        "--transcript", value: "file",
        help: "The timed transcript: openai-whisper JSON or an Audacity label track.")
    static let transcriptFormat = Option(
        "--transcript-format", value: "name",
        help: "Read the transcript as this format instead of detecting it: "
            + TranscriptFormat.allCases.map(\.rawValue).joined(separator: ", ") + ".",
        default: "detected from the content")
    static let words = Option(
        "--words", value: "file",
        help: "A censor list: one word or phrase a line, # comments. Repeatable.")
    static let word = Option("--word", value: "word", help: "A word or phrase to censor. Repeatable.")
    static let mode = Option(
        "--mode", value: "mode", help: "beep, duck or mute.", default: "beep")
    static let output = Option(
        "--output", short: "-o", value: "file",
        help: "Where to write the result; its extension picks the container.",
        default: "<stem>.censored.<ext> beside the input")
    static let report = Option(
        "--report", value: "file",
        help: "Write a JSON report of what was censored; - for standard output.")
    static let force = Option("--force", help: "Overwrite the output if it exists.")
    static let help = Option("--help", short: "-h", help: "Show help information.")
    static let version = Option("--version", help: "Show the version.")

    /// Every option, in the order help lists them.
    static let all: [Option] = [
        transcript, transcriptFormat, words, word, mode, output, report,
        Option(Parameters.pad), Option(Parameters.padBefore), Option(Parameters.padAfter),
        Option(Parameters.crossfade), Option(Parameters.beepFrequency), Option(Parameters.beepLevel),
        Option(Parameters.duckGain), force, version, help,
    ]
}
