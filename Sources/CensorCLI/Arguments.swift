import CensorKit

/// What a `censor` command line asks for.
struct Arguments: Sendable {
    var inputs: [String]
    var transcript: String?
    var transcriptFormat: TranscriptFormat?
    /// `--words` files and `--word` entries, in the order given.
    var lists: [ListSource] = []
    /// Whether the built-in list is censored too (always, when no list is given).
    var alsoDefault = false
    /// Whether matching ignores accents.
    var foldDiacritics = false
    var mode: CensorMode = .beep(Beep())
    var plan = PlanOptions()
    var output: String?
    var outputDir: String?
    var inPlace = false
    var outputFormat = OutputFormat()
    var report: String?
    var labels: String?
    var dryRun = false
    /// Whether an MP3 censored into an MP3 keeps its compressed data (mute, duck); `false`
    /// re-encodes it.
    var mp3Direct = true
    var force = false
    var quiet = false
    var verbose = false
    var jobs = 1

    /// Where censor-list entries come from.
    enum ListSource: Sendable {
        case file(String)
        case word(String)
    }
}

/// What the command line asks `censor` to do.
enum Command {
    case help
    case version
    case listFormats
    case completion(Shell)
    case censor(Arguments)

    /// A shell `--completion` writes for.
    enum Shell: String, CaseIterable {
        case bash, zsh
    }
}
