import CensorKit

/// One command-line option: its spelling, its value's name and its help, defined once.
struct Option: Sendable {
    /// The long name with dashes, such as `--mode`.
    let name: String
    /// A one-letter alias, such as `-o`.
    let short: String?
    /// The value's placeholder in help, or `nil` for a flag.
    let value: String?
    /// Help text.
    let help: String
    /// The default as help shows it.
    let defaultText: String?
    /// What the shell may complete the value with.
    let completion: Completion

    /// How a shell completes an option's value.
    enum Completion: Sendable {
        case none
        case file
        case directory
        case words([String])
    }

    init(
        _ name: String, short: String? = nil, value: String? = nil, help: String, default defaultText: String? = nil,
        completion: Completion = .none
    ) {
        self.name = name
        self.short = short
        self.value = value
        self.help = help
        self.defaultText = defaultText
        self.completion = value == nil ? .none : completion
    }

}

extension Double {
    /// The number without a trailing `.0`.
    var cleanDescription: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}

extension Option {
    static let transcript = Option(
        "--transcript", value: "file",
        help: "The timed transcript. With one input only; otherwise each input's transcript is found beside it "
            + "by stem (a.wav: a.json, a.vtt, a.srt, a.sbv, a.json3, a.TextGrid, a.eaf, a.ctm, a.txt, a.csv, a.tsv, a.lrc, "
            + "or one a.<language>.vtt and the like).",
        default: "found beside the input, else the input's own subtitles", completion: .file)
    static let transcriptStream = Option(
        "--transcript-stream", value: "n",
        help: "Read the transcript from this subtitle stream of a video (SubRip, mov_text, WebVTT or ASS in MKV, MP4, "
            + "MOV …), counting subtitle streams from 0. Its cues give no word times: each word's is estimated within "
            + "its cue. Without this and --transcript, a video with no transcript beside it is read from its only text "
            + "subtitle stream, or the one marked default; with several and none default, the error lists them.")
    static let transcriptFormat = Option(
        "--transcript-format", value: "name",
        help: "Read the transcript as this format instead of detecting it from the content: "
            + TranscriptFormat.allCases.map(\.rawValue).joined(separator: ", ") + ".",
        default: "detected", completion: .words(TranscriptFormat.allCases.map(\.rawValue)))
    static let transcriptEncoding = Option(
        "--transcript-encoding", value: "name",
        help: "Read the transcript's text in this encoding: "
            + TranscriptEncoding.names.map(\.name).joined(separator: ", ") + ".",
        default: "UTF-8, or UTF-16 with a byte-order mark; Windows-1252, with a warning, when not UTF-8",
        completion: .words(TranscriptEncoding.names.map(\.name)))
    static let tier = Option(
        "--tier", value: "name",
        help: "Read the words from this tier of a TextGrid or MFA JSON transcript (a tier of another name than "
            + "words, <speaker> - words or SPPAS's TokensAlign); an error lists the tiers the file has.",
        default: "the words tier")
    static let requireWordTimes = Option(
        "--require-word-times",
        help: "Refuse (exit 1) a transcript whose word times would be estimated "
            + "(subtitle cues, recognizer segments without word times) instead of censoring them widened.")
    static let words = Option(
        "--words", value: "file",
        help: "A censor list: one entry a line (a word, a phrase, a glob such as fuck* or b?tch, an exception "
            + "such as !hello, word|replacement), # comments; or a JSON array of strings. Repeatable. Replaces "
            + "the built-in list.", default: "the built-in English list", completion: .file)
    static let word = Option(
        "--word", value: "word", help: "An entry to censor, as in a list file. Repeatable; replaces the built-in list.")
    static let maxTextSize = Option(
        "--max-text-size", value: "size",
        help: "The most a transcript or censor list may hold, in bytes or with K, M or G (binary units); a larger "
            + "one, or a device that never ends (/dev/zero), is refused with an error.", default: "1G")
    static let alsoDefault = Option(
        "--also-default", help: "Censor the built-in English list too, besides --words and --word.")
    static let foldDiacritics = Option(
        "--fold-diacritics", help: "Match regardless of accents (café matches cafe).")
    static let mode = Option(
        "--mode", value: "mode",
        help: "What replaces a censored word: beep, duck or mute; or cut, which removes it "
            + "and joins the rest with a short crossfade (audio only, an M4A's or MKA's too: the output is shorter, "
            + "and its chapters, --labels, --markers, --subtitles and the report follow its timeline; a video is "
            + "refused).", default: "beep",
        completion: .words(["beep", "duck", "mute", "cut"]))
    static let sound = Option(
        "--sound", value: "sound",
        help: "What a beep plays instead of a tone, with the same fades and level (as loud as the voice, or "
            + "--beep-level): an audio file (looped or cut to each span), noise (pink noise) or reverse (the word "
            + "played backwards).", default: "a tone of --beep-frequency", completion: .file)
    static let output = Option(
        "--output", short: "-o", value: "file",
        help: "Where to write the result (one input only); its extension picks the container; - for standard output.",
        default: "<stem>.censored.<ext> beside the input", completion: .file)
    static let outputDir = Option(
        "--output-dir", value: "dir",
        help: "Write each result into this folder (it must exist), under its input's file name.",
        completion: .directory)
    static let inPlace = Option(
        "--in-place",
        help: "Replace each input with its censored version (atomically, keeping its owner, group, "
            + "mode and extended attributes; through a symlink, its target). A file whose censor marker proves it "
            + "is this job's output, unchanged since, is skipped; any other is censored.")
    static let noMarker = Option(
        "--no-marker",
        help: "Write no censor marker into the output (a WAV chunk, MP4 box or tag of its own, with "
            + "digests of the job and of the file); --in-place then censors a file again, and --manifest's "
            + "resume relies on its records beside the outputs.")
    static let format = Option(
        "--format", value: "container",
        help: "Output container: "
            + AudioContainer.allCases.map(\.rawValue).joined(separator: ", ") + ".",
        default: "from -o's extension, else the input's",
        completion: .words(AudioContainer.allCases.map(\.rawValue)))
    static let encoding = Option(
        "--encoding", value: "encoding",
        help: "Output encoding: "
            + AudioEncoding.allCases.map(\.rawValue).joined(separator: ", ")
            + ". Any change of encoding ends the bit-identity promise for untouched audio.",
        default: "the input's, when the container takes it",
        completion: .words(AudioEncoding.allCases.map(\.rawValue)))
    static let rate = Option(
        "--rate", value: "hz", help: "Resample the output to this rate with libsamplerate's best converter.",
        default: "the input's")
    static let quality = Option(
        "--quality", value: "0-1", help: "Quality of lossy encodings (vorbis, opus, mp3), 0 smallest to 1 best.",
        default: "libsndfile's")
    static let report = Option(
        "--report", value: "file",
        help: "Write the JSON report of what was censored; - for standard output. With several inputs, "
            + "a JSON array of reports.", completion: .file)
    static let labels = Option(
        "--labels", value: "file",
        help: "Write an Audacity label track of the censored spans, to review every edit over the audio "
            + "(one input only).", completion: .file)
    static let markers = Option(
        "--markers", value: "file",
        help: "Write the censored spans as markers for an editor or a player, the format from the extension: .edl "
            + "(CMX 3600, a marker per span as DaVinci Resolve and Avid import them), .fcpxml (Final Cut Pro X), .otio "
            + "(OpenTimelineIO), .kodi.edl (MPlayer/Kodi EDL muting each span of the input). Repeatable; one input only.",
        completion: .file)
    static let playerEDL = Option(
        "--player-edl", value: "file",
        help: "Write an MPlayer/Kodi EDL (start end 1 per span, in seconds of the input) whatever the file's name, "
            + "so a player mutes the words in the original file.", completion: .file)
    static let fps = Option(
        "--fps", value: "rate",
        help: "The frame rate --markers places marks on (25, 29.97, 30000/1001 …), and the timecode counts in; "
            + "the file's starting timecode tag, when it has one, is the first frame's.",
        default: "the video's frame rate; 25 for audio")
    static let review = Option(
        "--review", value: "file",
        help: "Write a review page: one self-contained HTML file with the waveforms, the transcript, a player "
            + "with A/B switching, masked subtitles and a table of edits (one input only), for every file censor "
            + "reads; a video plays beside the transcript. It plays the input and output by their paths relative "
            + "to the page.", completion: .file)
    static let reviewEmbed = Option(
        "--review-embed",
        help: "Embed the audio around each edit in the review page (Ogg Vorbis excerpts), "
            + "so it plays without the audio files beside it.")
    static let decisions = Option(
        "--decisions", value: "file",
        help: "Censor exactly the edits of a decisions file a review page exported (kept, widened, nudged and "
            + "added ones, in frames; dropped ones not), instead of the list's matches (one input only).",
        completion: .file)
    static let dryRun = Option(
        "--dry-run",
        help: "Print what would be censored, one span a line (start, end, words, list entry), "
            + "and write no audio.")
    static let force = Option(
        "--force",
        help: "Overwrite outputs that exist; with --in-place, also replace a file with other hard links "
            + "or censor one again.")
    static let jobs = Option(
        "--jobs", short: "-j", value: "n", help: "How many files to censor at once.", default: "the number of cores")
    static let quiet = Option("--quiet", short: "-q", help: "Print nothing but errors.")
    static let verbose = Option(
        "--verbose", short: "-v", help: "Also print the plan: every span's frames and how far snapping moved its edges."
    )
    static let listFormats = Option(
        "--list-formats",
        help: "List the audio containers and encodings this build reads and writes, and the "
            + "transcript formats with how each is detected.")
    static let listStreams = Option(
        "--list-streams",
        help: "List the streams of each media file named (index, kind, codec, audio number for "
            + "--audio-stream, rate, layout, language, title, disposition), and censor nothing.")
    static let completionScript = Option(
        "--completion", value: "shell", help: "Print a completion script for bash, zsh or fish.",
        completion: .words(Command.Shell.allCases.map(\.rawValue)))
    static let noRefine = Option(
        "--no-refine",
        help: "Use the transcript's word times as given, instead of moving each censored word's "
            + "edges to where its sound really begins and ends.")
    static let subtitles = Option(
        "--subtitles", value: "file",
        help: "Also write the transcript as subtitles (.srt or .vtt) with every censored word masked, in cues of "
            + "at most --max-cue-chars characters (one input only).", completion: .file)
    static let mask = Option(
        "--mask", value: "style",
        help: "How subtitles show a censored word without a word|replacement in the list: "
            + MaskStyle.allCases.map { "\($0.rawValue) (\($0.mask("damn")))" }.joined(separator: ", ") + ".",
        default: MaskStyle.grawlix.rawValue, completion: .words(MaskStyle.allCases.map(\.rawValue)))
    static let embedSubtitles = Option(
        "--embed-subtitles",
        help: "Add the censored subtitles to a video output as a subtitle stream (mov_text in MP4/MOV, SubRip in "
            + "MKV, WebVTT in WebM), besides the streams it has.")
    static let mp3Direct = Option(
        "--mp3-direct",
        help: "Censor an MP3 into an MP3 without re-encoding it (mute and duck): only the gain of "
            + "the granules under each word changes, every other frame is copied byte for byte. Precision is one "
            + "granule (13 ms at 44.1 kHz). On by default when it applies.")
    static let noMP3Direct = Option(
        "--no-mp3-direct", help: "Decode and re-encode MP3s instead of censoring their compressed data.")
    static let noDirect = Option(
        "--no-direct",
        help: "Decode and re-encode instead of censoring the compressed data. By default mute and duck "
            + "of an MP3 into an MP3, and of AAC-LC in ADTS, MP4, M4A, MOV, MKA or MKV into the same container, "
            + "rewrite only the frames under each word (1024 samples each for AAC) and copy every other byte.")
    static let refine = Option(
        "--refine", value: "strategy",
        help: "How far a refined edge may run into the transcript's neighbouring word: "
            + "conservative (10 ms; for good word times) or aggressive (to its middle, and an aligned word over its "
            + "transcript times too; for times known to be off).",
        default: RefineStrategy.conservative.rawValue, completion: .words(RefineStrategy.allCases.map(\.rawValue)))
    static let align = Option(
        "--align", value: "when",
        help: "When to first align the transcript's words to the audio with PocketSphinx (US English; Debian's "
            + "pocketsphinx-en-us): auto (words whose times were estimated from segments or cues, and every censored "
            + "word, up to \(Planner.autoAlignedMatches), of a file whose word times cannot be confirmed against its "
            + "audio), pocketsphinx (every censored word) or off. A word the model lacks, or lasting more than a "
            + "\(Messages.alignmentWindow), keeps its times.",
        default: WordAlignment.auto.rawValue, completion: .words(WordAlignment.allCases.map(\.rawValue)))
    static let language = Option(
        "--language", value: "code",
        help: "The speech's language (en, fr, de-DE …), instead of the one the transcript names: with any but "
            + "English no word is aligned, whatever \(align.name) says (the aligner speaks English only).",
        default: "the transcript's, else English")
    static let help = Option("--help", short: "-h", help: "Show help information.")
    static let version = Option("--version", help: "Show the version.")

    /// Every option, in the order help lists them.
    static let all: [Option] = [
        transcript, transcriptStream, transcriptFormat, transcriptEncoding, tier, requireWordTimes, words, word,
        alsoDefault,
        foldDiacritics,
        maxTextSize, mode, sound,
        output, outputDir, inPlace, noMarker, format, encoding, rate, quality, report, labels, markers, playerEDL, fps,
        review, reviewEmbed, decisions, dryRun,
        force,
        NumberOption.pad.option, NumberOption.padBefore.option, NumberOption.padAfter.option,
        NumberOption.crossfade.option, noRefine, NumberOption.refineWindow.option, refine, align, language, mp3Direct,
        noMP3Direct, noDirect,
        NumberOption.beepFrequency.option, NumberOption.beepLevel.option, NumberOption.duckGain.option,
        NumberOption.audioStream.option, NumberOption.bitrate.option, subtitles, mask, NumberOption.maxCueChars.option,
        embedSubtitles, jobs, raw, manifest, results, shard, shards, shardBy, resume, noResume,
        quiet, verbose, listFormats, listStreams, completionScript, manPage, version, help,
    ]
}
