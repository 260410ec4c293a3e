/// The public record of one censoring run: what was censored, and where.
///
/// `[startFrame, endFrame)` of each span is the fully censored core and
/// `[fadeStartFrame, fadeEndFrame)` the whole modified region; outside all modified regions the
/// output equals the input. ``json()`` gives the format docs/ARCHITECTURE.md documents, which the
/// `censor` command writes.
///
/// A report is also `Codable`, for a caller that stores or sends it in its own format: that
/// encoding holds every field (``warnings``, each skipped match whole) under the same names as
/// ``json()``, and decodes back to an equal report.
public struct Report: Sendable, Hashable, Codable {
    /// One censored span.
    public struct Entry: Sendable, Hashable, Codable {
        /// The censored words as the transcript wrote them; several matches merged into one span
        /// are joined by spaces.
        public var text: String
        /// The censor-list entries that matched, joined by `, ` when there are several.
        public var pattern: String
        /// The transcript's start of the first word, in seconds.
        public var start: Double
        /// The transcript's end of the last word, in seconds.
        public var end: Double
        /// The first word's start after edge refinement, in seconds; ``start`` when refinement
        /// kept it or was off.
        public var refinedStart: Double
        /// The last word's end after edge refinement, in seconds; ``end`` when refinement kept
        /// it or was off.
        public var refinedEnd: Double
        /// The lowest confidence among the censored words, when the transcript gives one.
        public var confidence: Double?
        /// The speakers of the censored words, in order, when the transcript names them.
        public var speakers: [String]
        /// The replacement text the list gives for these words (`word|replacement` lines).
        public var replacement: String?
        /// Whether the words' times were estimated (subtitle cues spread over their words).
        public var timesEstimated: Bool
        /// What is doubtful about the censored words' times as the transcript gave them (see
        /// ``WordDoubt``); empty for most spans.
        public var doubts: [WordDoubt]
        /// First frame of the core.
        public var startFrame: Int
        /// The frame after the core.
        public var endFrame: Int
        /// First frame changed.
        public var fadeStartFrame: Int
        /// The frame after the last one changed.
        public var fadeEndFrame: Int
        /// First frame of the core before snapping to a zero crossing: the padded (refined)
        /// start of the words (``PlannedSpan/paddedCore``). Not part of ``Report/json()``.
        public var paddedStartFrame: Int
        /// The frame after the core before snapping to a zero crossing: the padded (refined)
        /// end of the words. Not part of ``Report/json()``.
        public var paddedEndFrame: Int
        /// Why each censored match was or was not aligned to the audio with PocketSphinx, in
        /// order (``PlannedSpan/alignment``: `aligned`, `not aligned: the word times fit the
        /// audio` …); `nil` with alignment off.
        public var alignment: [String]?

        /// The entry describing `span`.
        public init(_ span: PlannedSpan) {
            text = span.matches.map { $0.text }.joined(separator: " ")
            pattern = Self.distinct(span.matches.map(\.pattern)).joined(separator: ", ")
            start = span.matches.map(\.start).min() ?? 0
            end = span.matches.map(\.end).max() ?? 0
            refinedStart = span.refinedStart ?? start
            refinedEnd = span.refinedEnd ?? end
            confidence = span.matches.compactMap(\.confidence).min()
            speakers = Self.distinct(span.matches.compactMap(\.speaker))
            let replacements = span.matches.compactMap(\.replacement)
            replacement = replacements.isEmpty ? nil : replacements.joined(separator: " ")
            timesEstimated = span.matches.contains(where: \.isTimeEstimated)
            doubts = WordDoubt.allCases.filter { doubt in span.matches.contains { $0.doubts.contains(doubt) } }
            startFrame = span.start
            endFrame = span.end
            fadeStartFrame = span.fadeStart
            fadeEndFrame = span.fadeEnd
            paddedStartFrame = span.paddedCore.lowerBound
            paddedEndFrame = span.paddedCore.upperBound
            alignment = span.alignment.isEmpty ? nil : span.alignment.map(\.description)
        }

        /// `values` without repeats, in order of first appearance; linear in their number.
        private static func distinct(_ values: [String]) -> [String] {
            var seen = Set<String>()
            return values.filter { seen.insert($0).inserted }
        }
    }

    /// The input file's path.
    public var input: String
    /// The output file's path; `nil` for a plan that wrote nothing.
    public var output: String?
    /// Frames per second.
    public var sampleRate: Int
    /// Channels per frame.
    public var channels: Int
    /// The input's length in frames.
    public var frames: Int
    /// `beep`, `duck`, `mute` or `cut`.
    public var mode: String
    /// What was read from the transcript, when the caller says (the command line does).
    public var transcript: TranscriptSummary?
    /// The censored spans, in order.
    public var spans: [Entry]
    /// Matches that fell past the end of the audio, so nothing was censored for them.
    public var skipped: [Match]
    /// What the run noticed but worked around, for a person to read: a truncated input, a WAV
    /// output written as RF64 because it outgrew 4 GiB. Not part of ``json()``.
    public var warnings: [String]
    /// The transcript's words that start after the audio ends, when the planner was given the
    /// transcript's words (``Planner/transcriptWords``) and some start more than
    /// ``TranscriptOverrun/tolerance`` past the end: a transcript of a longer or another
    /// recording, most of whose words could not be censored. Not part of ``json()``.
    public var transcriptOverrun: TranscriptOverrun?
    /// How the compressed data was edited, when it was edited without re-encoding (direct MP3 and
    /// AAC censoring); `nil` when the audio was decoded and written anew.
    public var direct: DirectEdit?
    /// How well the transcript's times fit the audio, when ``WordAlignment/auto`` judged it
    /// (``Plan/timesFit``): where they did not, every censored word was aligned. Not part of ``json()``.
    public var timesFit: TimesFit?
    /// For ``CensorMode/cut``, each join, in order; `nil` for other modes.
    public var cuts: [Cut]?
    /// For ``CensorMode/cut``, the output's length in frames; `nil` for other modes, whose
    /// output is as long as the input.
    public var outputFrames: Int?
    /// The audio streams of a media file that were censored, each at the same times, in the
    /// file's order (the first is the one ``spans`` count frames of); empty for an audio file.
    public var streams: [CensoredStream] = []

    /// One audio stream of a media file, censored.
    public struct CensoredStream: Sendable, Hashable, Codable {
        /// Its index among the file's streams (ffmpeg's `0:N`).
        public var index: Int
        /// ffmpeg's name of its codec, as written.
        public var codec: String
        /// Its language tag, when it has one.
        public var language: String?
        /// How many spans were censored in it.
        public var spans: Int

        /// Describes a censored stream.
        public init(index: Int, codec: String, language: String?, spans: Int) {
            self.index = index
            self.codec = codec
            self.language = language
            self.spans = spans
        }
    }

    /// What a transcript held: its format, how many words and how many of those had estimated
    /// times, and the first and last times.
    public struct TranscriptSummary: Sendable, Hashable, Codable {
        /// The format's name, e.g. `whisper-json`.
        public var format: String
        /// The number of timed words.
        public var words: Int
        /// How many of them had their times estimated.
        public var estimatedWords: Int
        /// The earliest start of any word in seconds; `nil` without words.
        public var firstTime: Double?
        /// The latest end of any word in seconds; `nil` without words.
        public var lastTime: Double?
        /// How many words the recognizer's profanity filter masked (`s***`, `****`, `[ __ ]`;
        /// see ``Transcript/maskedWordIndices``).
        public var maskedWords: Int = 0
        /// What was slightly off in the transcript and read leniently, one line each with its
        /// place (see ``Transcript/repairs``).
        public var repairs: [String] = []
        /// The input's own subtitle stream the transcript was read from, as its index among the
        /// file's streams (ffmpeg's `0:N`; ``EmbeddedSubtitles``); `nil` for a transcript file.
        public var subtitleStream: Int?

        /// The summary of a transcript.
        ///
        /// - Parameter transcript: The transcript read.
        public init(_ transcript: Transcript) {
            format = transcript.format.rawValue
            words = transcript.words.count
            estimatedWords = transcript.estimatedWordCount
            firstTime = transcript.timeRange?.first
            lastTime = transcript.timeRange?.last
            maskedWords = transcript.maskedWordIndices.count
            repairs = transcript.repairs.map(\.description)
        }
    }

    /// Creates a report.
    public init(
        input: String, output: String?, sampleRate: Int, channels: Int, frames: Int, mode: String,
        spans: [Entry], skipped: [Match] = [], warnings: [String] = [], transcriptOverrun: TranscriptOverrun? = nil,
        timesFit: TimesFit? = nil
    ) {
        self.input = input
        self.output = output
        self.sampleRate = sampleRate
        self.channels = channels
        self.frames = frames
        self.mode = mode
        self.spans = spans
        self.skipped = skipped
        self.warnings = warnings
        self.transcriptOverrun = transcriptOverrun
        self.timesFit = timesFit
    }
}
