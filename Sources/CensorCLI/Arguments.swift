import CensorKit

/// What a `censor` command line asks for.
struct Arguments: Sendable {
    var inputs: [String]
    var transcript: String?
    /// `--transcript-stream`: the input's subtitle stream to read as the transcript, counting subtitle streams.
    var transcriptStream: Int?
    var transcriptFormat: TranscriptFormat?
    var transcriptEncoding = TranscriptEncoding.automatic
    /// The tier of a TextGrid or MFA JSON transcript that holds the words (`--tier`).
    var tier: String?
    /// Whether a transcript with estimated word times is refused.
    var requireWordTimes = false
    /// `--words` files and `--word` entries, in the order given.
    var lists: [ListSource] = []
    /// Whether the built-in list is censored too (always, when no list is given).
    var alsoDefault = false
    /// Whether matching ignores accents.
    var foldDiacritics = false
    /// `--max-text-size`: the most bytes a transcript or censor list may hold.
    var maxTextSize = 1 << 30
    var mode: CensorMode = .beep(Beep())
    /// `--sound FILE`: the audio file a beep plays, read when a job starts.
    var soundFile: String?
    var plan = PlanOptions()
    var output: String?
    var outputDir: String?
    var inPlace = false
    /// Whether outputs carry a ``CensorKit/CensorMarker`` (off with `--no-marker`).
    var marker = true
    var outputFormat = OutputFormat()
    var report: String?
    var labels: String?
    /// `--markers` and `--player-edl`: where to write marker files, and in which format.
    var markers: [MarkerFile] = []
    /// `--fps`: the frame rate markers are placed on, instead of the video's or the audio default.
    var fps: FrameRate?
    /// `--review`: where to write the review page.
    var review: String?
    /// `--review-embed`: whether the review page embeds excerpts instead of referencing the audio.
    var reviewEmbed = false
    /// `--decisions`: the decisions file whose edits are censored instead of the list's matches.
    var decisions: String?
    var dryRun = false
    /// Whether an MP3 censored into an MP3 keeps its compressed data (mute, duck); `false`
    /// re-encodes it.
    var mp3Direct = true
    var force = false
    var quiet = false
    var verbose = false
    var jobs = 1
    /// `--raw`: the layout of headerless samples on standard input.
    var raw: RawAudioFormat?
    /// The file standard input was spooled to, when the input is `-`; reported as `-`.
    var stdinSpool: String?
    /// Whether standard input (`-`) is censored as it streams, not spooled.
    var stdinStreamed = false
    /// `--manifest` and the options that go with it.
    var manifest: ManifestOptions?
    /// Which audio stream of a video or container, its bit rate (also of MP3 output).
    var media = MediaOptions()
    /// Where to write the censored subtitles.
    var subtitles: String?
    /// Whether the censored subtitles are added to a video output.
    var embedSubtitles = false
    /// How subtitles mask a censored word.
    var mask = MaskStyle.grawlix
    /// The most characters of a subtitle cue.
    var maxCueCharacters = Int(Parameters.maxCueCharacters.defaultValue)

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
    /// `--list-streams`: the streams of each named media file.
    case listStreams([String])
    case completion(Shell)
    case manPage
    case censor(Arguments)

    /// A shell `--completion` writes for.
    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }
}
