/// One censoring job, as ``Censor/run(_:)`` takes it: the input, the words it says and the list
/// of those to censor, how to censor them, and where the result goes.
///
/// ```swift
/// let request = try CensorRequest(
///     input: .file("talk.wav"), transcript: Transcript.load(path: "talk.json"),
///     list: CensorList(entries: ["damn", "piece of crap"]), output: "talk.censored.wav")
/// let report = try Censor.run(request)
/// ```
///
/// The request names no way of censoring: ``Censor/run(_:)`` picks it from the input and the
/// output (an audio file libsndfile reads, a stream, a video or container through ffmpeg, an
/// MP3 edited on its compressed data).
public struct CensorRequest {
    /// Where the audio comes from.
    public enum Input: Sendable, Hashable {
        /// An audio, video or container file.
        case file(String)
        /// A stream of audio in a container with a header (WAV, AIFF …) read once from a file
        /// descriptor (a pipe, standard input), named `name` in reports and messages.
        case stream(descriptor: Int32, name: String)

        /// The path, or the stream's name.
        public var name: String {
            switch self {
            case let .file(path): path
            case let .stream(_, name): name
            }
        }
    }

    /// How the words are censored, and how the output is encoded.
    public struct Options: Sendable {
        /// What replaces a censored word.
        public var mode: CensorMode
        /// Padding, crossfade, edge snapping, refinement and alignment.
        public var plan: PlanOptions
        /// Container, encoding, rate and quality to change; default: as the input.
        public var format: OutputFormat
        /// Which audio stream of a video or container, its bit rate, and subtitles to embed.
        public var media: MediaOptions
        /// Whether an MP3 written from an MP3 in a mode that needs no new audio (mute, duck),
        /// with no change of encoding, rate or quality, is censored on its compressed data
        /// (``Censor/censorsMP3Directly``) rather than decoded and re-encoded.
        public var mp3Direct: Bool
        /// The job the ``CensorMarker`` of the output records, or `nil` to write no marker.
        public var marker: CensorMarker.Job? = .unnamed

        /// Options for `mode`, the others as given or their defaults.
        public init(
            mode: CensorMode = .beep(Beep()), plan: PlanOptions = PlanOptions(), format: OutputFormat = OutputFormat(),
            media: MediaOptions = MediaOptions(), mp3Direct: Bool = true
        ) {
            self.mode = mode
            self.plan = plan
            self.format = format
            self.media = media
            self.mp3Direct = mp3Direct
        }
    }

    /// Where the audio comes from.
    public var input: Input
    /// The transcript's words, in order: edge refinement weighs a censored word's neighbours.
    public let words: [Word]
    /// The words to censor, with their times: the list's matches in the words.
    public let matches: [Match]
    /// What the report says of the transcript, when the request was made from one.
    public let transcript: Report.TranscriptSummary?
    /// The list the matches come from, when the request was made from one: a video's own
    /// subtitle streams are censored with it unless ``MediaOptions/subtitleCensor`` says how.
    public let list: CensorList?
    /// How the words are censored, and how the output is encoded.
    public var options: Options
    /// Where the result goes; `nil` plans only (a dry run: the report, and no output).
    public var output: String?
    /// Whether `output` may be the input itself (censoring in place); the replacement keeps the
    /// input's owner, group and permissions.
    public var replacingInput: Bool
    /// Whether an existing `output` may be replaced, when no ``transaction`` is given.
    public var overwrite: Bool
    /// The outputs the result joins, when the caller writes others with it (a report, labels …)
    /// and commits them all at once; `nil` for a transaction of the output alone, committed by
    /// ``Censor/run(_:)``.
    public var transaction: OutputTransaction?
    /// Called after each block with how far censoring has come.
    public var progress: ((RenderProgress) -> Void)?

    /// A request to censor the words of `list` that `transcript` says.
    ///
    /// - Parameters:
    ///   - input: The audio.
    ///   - transcript: Its timed transcript.
    ///   - list: The words to censor.
    ///   - options: How; default a matched-level 1000 Hz beep, default ``PlanOptions``. Without a
    ///     ``PlanOptions/language``, the transcript's (``Transcript/language``) is taken.
    ///   - output: Where the result goes; `nil` plans only.
    public init(input: Input, transcript: Transcript, list: CensorList, options: Options = Options(), output: String?) {
        var options = options
        if options.plan.language == nil { options.plan.language = transcript.language }
        self.init(
            input: input, words: transcript.words, matches: list.matches(in: transcript), options: options,
            output: output, transcript: Report.TranscriptSummary(transcript), list: list)
    }

    /// A request to censor the words of `list` among `words`, timed words from any source.
    ///
    /// - Parameters:
    ///   - input: The audio.
    ///   - words: What it says, in order, with times in seconds.
    ///   - list: The words to censor.
    ///   - options: How; default a matched-level 1000 Hz beep, default ``PlanOptions``.
    ///   - output: Where the result goes; `nil` plans only.
    public init(input: Input, words: [Word], list: CensorList, options: Options = Options(), output: String?) {
        self.init(
            input: input, words: words, matches: list.matches(in: words), options: options, output: output,
            transcript: nil, list: list)
    }

    /// This request censoring `matches` instead of its list's: stretches chosen another way (a
    /// reviewer's ``ReviewDecisions``), with the same words, list, options and outputs.
    ///
    /// - Parameter matches: What to censor, with times in seconds.
    /// - Returns: The changed request.
    public func censoring(_ matches: [Match]) -> CensorRequest {
        var request = CensorRequest(
            input: input, words: words, matches: matches, options: options, output: output,
            transcript: transcript, list: list)
        request.replacingInput = replacingInput
        request.overwrite = overwrite
        request.transaction = transaction
        request.progress = progress
        return request
    }

    private init(
        input: Input, words: [Word], matches: [Match], options: Options, output: String?,
        transcript: Report.TranscriptSummary?, list: CensorList?
    ) {
        self.list = list
        self.input = input
        self.words = words
        self.matches = matches
        self.transcript = transcript
        self.options = options
        self.output = output
        replacingInput = false
        overwrite = false
    }
}
