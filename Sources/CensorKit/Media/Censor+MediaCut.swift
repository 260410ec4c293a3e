import Foundation

extension Censor {
    /// Why ``CensorMode/cut`` cannot shorten `input` through ffmpeg, or `nil` when it can: a
    /// cut shortens the audio, so a file must hold nothing else that plays along with it — no
    /// video (a cover picture, attached to the file, is kept) and no second audio stream.
    ///
    /// A file ffprobe cannot read is judged by its extension: MP4, M4V, MOV, MKV, WebM and AVI
    /// are taken for videos; any other is left for the censoring run to report as unreadable.
    ///
    /// - Parameter input: The media file.
    /// - Returns: The reason, to follow "'<input>' "; `nil` when the file can be cut.
    public static func cutRefusal(of input: String) -> String? {
        guard let probe = try? MediaProbe(path: input) else {
            let videos: [MediaContainer] = [.mp4, .m4v, .mov, .mkv, .webm, .avi]
            return MediaContainer.named(byPathOf: input).map(videos.contains) == true
                ? "is a video, or a container ffprobe cannot read as audio alone" : nil
        }
        return cutRefusal(probe)
    }

    /// Why a cut cannot shorten the probed file, or `nil` (``cutRefusal(of:)``).
    static func cutRefusal(_ probe: MediaProbe) -> String? {
        if probe.streams.contains(where: { $0.type == "video" && !$0.disposition.contains("attached_pic") }) {
            return "is a video"
        }
        if probe.audioStreams.count > 1 {
            return "has \(probe.audioStreams.count) audio streams, which one cut at the words of the first would put "
                + "out of step"
        }
        return nil
    }

    /// What a cut does to the streams of a media file besides its audio: text subtitles and
    /// lyrics move onto the shortened timeline; any other stream with times of its own
    /// (picture subtitles, data) is left out, with a warning. Chapters, cover pictures and
    /// QuickTime's chapter track are handled apart.
    ///
    /// - Returns: The streams to leave out, and a warning naming them (`nil` for none).
    static func cutDroppedStreams(of input: String, probe: MediaProbe) -> (Set<Int>, String?) {
        let dropped = probe.streams.filter { stream in
            switch stream.type {
            case "subtitle": !MediaCodec.textSubtitles.contains(stream.codec)
            case "data": !probe.isChapterTrack(stream) && !probe.isTimecodeTrack(stream)
            default: false
            }
        }
        guard !dropped.isEmpty else { return ([], nil) }
        let names = dropped.map { "\($0.index) (\($0.type), \($0.codec))" }.joined(separator: ", ")
        return (
            Set(dropped.map(\.index)),
            "'\(input)': stream(s) \(names) left out of the output: their times cannot "
                + "follow the cut audio"
        )
    }

    /// The scratch ffmetadata file of `probe`'s chapters moved through `report`'s cuts
    /// (``Report/outputTime(_:)``), the audio's first sample playing at `firstTime` on both
    /// timelines; `nil` when the file has no chapters.
    static func cutChapters(_ probe: MediaProbe, report: Report, firstTime: Double, scratch: ScratchFiles) throws
        -> String?
    {
        guard !probe.chapters.isEmpty else { return nil }
        let moved = MediaChapter.moved(probe.chapters) { firstTime + report.outputTime($0 - firstTime) }
        let path = try scratch.create("ffmetadata")
        try Data(MediaChapter.ffmetadata(moved).utf8).write(to: URL(fileURLWithPath: path))
        return path
    }
}
