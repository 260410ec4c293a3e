import Foundation

/// One stream of a media file, as `ffprobe` describes it: what ``MediaOptions/audioStreams``
/// counts, for a person choosing among them.
public struct MediaStreamInfo: Sendable, Hashable {
    /// Its index among the file's streams (ffmpeg's `0:N`).
    public var index: Int
    /// `audio`, `video`, `subtitle`, `data` or `attachment`.
    public var type: String
    /// ffmpeg's codec name.
    public var codec: String
    /// For an audio stream, its number among the audio streams (what ``MediaOptions/audioStreams`` takes).
    public var audioNumber: Int?
    /// Audio: frames per second, channel layout, bits per second when known.
    public var sampleRate: Int?
    public var channelLayout: String?
    public var bitRate: Int?
    /// Its language and title tags, and the disposition flags set (`default`, `forced` …).
    public var language: String?
    public var title: String?
    public var disposition: [String]

    /// One line: `1  audio 0  aac  44100 Hz stereo 128 kb/s  eng  "Commentary"  default`.
    public var line: String {
        var fields = ["\(index)", type + (audioNumber.map { " \($0)" } ?? ""), codec]
        let audio = [sampleRate.map { "\($0) Hz" }, channelLayout, bitRate.map { "\(($0 + 500) / 1000) kb/s" }]
            .compactMap { $0 }
        if type == "audio", !audio.isEmpty { fields.append(audio.joined(separator: " ")) }
        if let language { fields.append(language) }
        if let title { fields.append("\"\(title)\"") }
        if !disposition.isEmpty { fields.append(disposition.joined(separator: "+")) }
        return fields.joined(separator: "  ")
    }
}

extension Censor {
    /// The streams of the media file at `path`, in order, as ffprobe finds them.
    ///
    /// - Throws: ``MediaError`` when ffprobe is missing or cannot read the file.
    public static func mediaStreams(of path: String) throws(MediaError) -> [MediaStreamInfo] {
        let probe = try MediaProbe(path: path)
        var audioCount = 0
        return probe.streams.map { stream in
            let number = stream.type == "audio" ? audioCount : nil
            if stream.type == "audio" { audioCount += 1 }
            return MediaStreamInfo(
                index: stream.index, type: stream.type, codec: stream.codec, audioNumber: number,
                sampleRate: stream.sampleRate, channelLayout: stream.channelLayout, bitRate: stream.bitRate,
                language: stream.tags["language"], title: stream.tags["title"], disposition: stream.disposition)
        }
    }
}
