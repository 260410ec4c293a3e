import Foundation

/// One side of a review page (the input or the censored output): a reader of the samples its
/// waveforms and excerpts are drawn from, and whether the file has a picture to show.
///
/// A file libsndfile reads (WAV, FLAC, MP3 …) is read directly; a container (MP4, M4A, MKV,
/// WebM …) has its audio stream decoded by ffmpeg into a scratch WAV, as censoring it does.
struct ReviewAudio {
    /// The samples.
    let reader: AudioReader
    /// Whether the file holds a video stream (not a cover picture), which the page plays.
    let hasVideo: Bool

    /// Opens `path`, which holds the file named `name` (the same path, or the temporary file
    /// of an output not yet in place), reading its audio stream `number` (counting audio
    /// streams only, the last one when it has fewer).
    ///
    /// - Throws: ``MediaError`` or ``AudioError`` when the file cannot be probed or decoded.
    init(path: String, named name: String, audioStream number: Int, scratch: ScratchFiles) throws {
        guard let container = MediaContainer.named(byPathOf: name), container != .mp3 else {
            reader = try AudioReader(path: path)
            hasVideo = false
            return
        }
        let probe = try MediaProbe(path: path)
        let streams = probe.audioStreams
        let stream = try probe.audioStream(min(number, max(0, streams.count - 1)), path: path)
        reader = try Censor().decode(path, stream: stream, probe: probe, scratch: scratch)
        hasVideo = probe.streams.contains { $0.type == "video" && !$0.disposition.contains("attached_pic") }
    }

    /// The audio stream `report` censored first, counting the input's audio streams only; 0
    /// when the report names none.
    ///
    /// - Throws: ``MediaError`` when the input, a container, cannot be probed.
    static func censoredStreamNumber(_ report: Report) throws -> Int {
        guard let index = report.streams.first?.index else { return 0 }
        return try MediaProbe(path: report.input).audioStreams.firstIndex { $0.index == index } ?? 0
    }
}
