/// Why a video or audio container read and written through ffmpeg could not be censored.
public enum MediaError: Error, CustomStringConvertible, Sendable, Equatable {
    /// `ffmpeg` or `ffprobe` is not installed (or not executable).
    case toolMissing(tool: String, path: String)
    /// ffprobe could not read the file as any container it knows.
    case unreadable(path: String, reason: String)
    /// The file holds no audio stream.
    case noAudio(path: String, streams: String)
    /// The requested audio stream does not exist.
    case noSuchStream(path: String, index: Int, count: Int)
    /// ffmpeg failed while decoding, encoding or muxing.
    case toolFailed(tool: String, path: String, reason: String)
    /// Subtitles were to be embedded in a container that holds no text subtitles.
    case noSubtitleStream(path: String)
    /// No subtitle stream of the file can be read as its transcript: the one asked for is
    /// missing or holds pictures, or several could be meant; the file's subtitle streams, each
    /// as its number, codec, language, title and whether it is default.
    case subtitleStream(path: String, problem: String, streams: [String])
    /// The output's extension names no container censor writes.
    case unknownOutput(path: String, choices: String)
    /// The output of a media input has no extension to name its format (standard output,
    /// a device, a bare name).
    case unnamedOutput(path: String, input: String)
    /// ``CensorMode/cut`` would shorten the audio of a file that holds more that plays along
    /// with it (``Censor/cutRefusal(of:)``).
    case notCuttable(path: String, reason: String)

    public var description: String {
        switch self {
        case let .toolMissing(tool, path):
            "cannot read or write '\(path)': it needs \(tool), which is not installed (or not on PATH); "
                + "install ffmpeg (apt-get install ffmpeg, or scripts/install-deps.sh)"
        case let .unreadable(path, reason):
            "cannot read media file '\(path)': \(reason); expected audio or video in a container ffmpeg reads "
                + "(MP4, M4A, MOV, MKV, WebM, AVI …)"
        case let .noAudio(path, streams):
            "'\(path)' has no audio stream (it holds \(streams)); there is nothing to censor"
        case let .noSuchStream(path, index, count):
            "'\(path)' has no audio stream \(index): it has \(count) (numbered from 0); choose one of them"
        case let .toolFailed(tool, path, reason):
            "\(tool) failed on '\(path)': \(reason)"
        case let .noSubtitleStream(path):
            "cannot add subtitles to '\(path)': its container holds no text subtitles; write .mp4, .mov, .mkv or .webm"
        case let .subtitleStream(path, problem, streams):
            "cannot read a transcript from '\(path)': \(problem); its subtitle streams, numbered from 0: "
                + (streams.isEmpty ? "none" : streams.joined(separator: ", ")) + "; choose a text one by its number"
        case let .unnamedOutput(path, input):
            "cannot write '\(path)': its name has no extension to say which format '\(input)' is written as; name a file "
                + "with the container's extension (.mkv, .mp4 … keep every stream) or an audio format's (.wav, .flac … "
                + "the censored audio alone); standard output and devices take no video or container"
        case let .notCuttable(path, reason):
            "cannot cut '\(path)': it \(reason), and a cut shortens only the audio; censor it with beep, duck or mute"
        case let .unknownOutput(path, choices):
            "cannot write '\(path)': no writer handles its extension; expected one of \(choices)"
        }
    }
}
