import Foundation

/// A text subtitle stream of a video (MKV or MP4 SubRip, mov_text, WebVTT, ASS), read out as
/// SubRip to serve as the file's transcript when no other is given: cue-level, so every word's
/// time is estimated within its cue.
public struct EmbeddedSubtitles: Sendable, Hashable {
    /// The stream's index among all the file's streams (ffmpeg's `0:N`).
    public var index: Int
    /// Its number among the file's subtitle streams, from 0: what ``Censor/embeddedSubtitles(of:number:audioStreams:)`` takes.
    public var number: Int
    /// ffmpeg's codec name (`subrip`, `mov_text`, `webvtt`, `ass`).
    public var codec: String
    /// Its language tag, when it has one.
    public var language: String?
    /// The cues as SubRip text, their times on the clock of the first audio stream censored
    /// (from its first decoded sample), as a transcript's times are.
    public var srt: Data

    /// How messages name the stream of the file at `path` as a transcript: `subtitle stream 1 of film.mkv`.
    public func name(in path: String) -> String {
        "subtitle stream \(number) of \(path)"
    }
}

extension Censor {
    /// The text subtitle stream of the media file at `path` to read as its transcript: subtitle
    /// stream `number` (counting the file's subtitle streams from 0); without one, the file's only
    /// text subtitle stream, or the one of several marked default.
    ///
    /// - Parameters:
    ///   - path: The media file.
    ///   - number: The subtitle stream asked for; `nil`: the one to take by default.
    ///   - audioStreams: The audio streams to be censored (``MediaOptions/audioStreams``): the
    ///     cues' times are moved onto the first one's clock.
    /// - Returns: The stream with its cues; `nil` when `number` is `nil` and the file has no text subtitle stream.
    /// - Throws: ``MediaError/subtitleStream(path:problem:streams:)`` when `number` names no text
    ///   subtitle stream, or several could be meant and none is marked default; ``MediaError``
    ///   when the file cannot be read.
    public static func embeddedSubtitles(of path: String, number: Int?, audioStreams: [Int]? = nil) throws(MediaError)
        -> EmbeddedSubtitles?
    {
        let probe = try MediaProbe(path: path)
        let subtitles = probe.streams.filter { $0.type == "subtitle" }
        let isText = { (stream: MediaProbe.Stream) in MediaCodec.textSubtitles.contains(stream.codec) }
        let listing = subtitles.enumerated().map { number, stream in
            "\(number) ("
                + ([stream.codec, stream.tags["language"], stream.tags["title"].map { "\"\($0)\"" }].compactMap { $0 }
                + stream.disposition.filter { $0 == "default" } + (isText(stream) ? [] : ["pictures, no text"]))
                .joined(separator: ", ") + ")"
        }
        let chosen: MediaProbe.Stream
        if let number {
            guard subtitles.indices.contains(number) else {
                throw .subtitleStream(path: path, problem: "it has no subtitle stream \(number)", streams: listing)
            }
            guard isText(subtitles[number]) else {
                throw .subtitleStream(
                    path: path, problem: "its subtitle stream \(number) holds pictures, not text",
                    streams: listing)
            }
            chosen = subtitles[number]
        } else {
            let text = subtitles.filter(isText)
            guard !text.isEmpty else { return nil }
            let defaults = text.filter { $0.disposition.contains("default") }
            if text.count == 1 {
                chosen = text[0]
            } else if defaults.count == 1 {
                chosen = defaults[0]
            } else {
                throw .subtitleStream(
                    path: path,
                    problem: "it has \(text.count) text subtitle streams and "
                        + (defaults.isEmpty ? "none is" : "\(defaults.count) are") + " marked default", streams: listing
                )
            }
        }
        let audio = try probe.audioStreams(audioStreams, path: path)[0]
        let shift = try probe.firstSampleTime(of: audio, path: path)
        // The cues' own times (-copyts), moved onto the audio stream's clock.
        let run = try FFmpeg.Run(
            .ffmpeg,
            ["-nostdin", "-v", "error", "-copyts", "-itsoffset", String(format: "%.6f", -shift)] + FFmpeg.input(path)
                + ["-map", "0:\(chosen.index)", "-c:s", "srt", "-f", "srt", "-"],
            output: .captured, for: path)
        let srt = try run.wait(for: path)
        return EmbeddedSubtitles(
            index: chosen.index, number: subtitles.firstIndex { $0.index == chosen.index } ?? 0,
            codec: chosen.codec, language: chosen.tags["language"], srt: srt)
    }
}
