import Foundation

/// A media file's video frame rate and starting timecode, as ffprobe reports them.
public struct MediaTiming: Sendable, Hashable {
    /// The first video stream's frame rate; `nil` for audio alone.
    public var frameRate: FrameRate?
    /// The file's starting timecode label as its tags give it (a QuickTime or MXF `timecode`
    /// tag), or a WAV's Broadcast Wave time reference as seconds since midnight.
    public var timecode: Start?

    /// Where a file's timecode starts.
    public enum Start: Sendable, Hashable {
        /// A timecode label, such as `01:00:00:00` or `00:59:58;02`.
        case label(String)
        /// Seconds since midnight (a Broadcast Wave `bext` time reference).
        case seconds(Double)
    }

    /// A timing, given.
    public init(frameRate: FrameRate? = nil, timecode: Start? = nil) {
        self.frameRate = frameRate
        self.timecode = timecode
    }

    /// Asks ffprobe for `path`'s video frame rate and timecode.
    ///
    /// - Throws: ``MediaError`` when ffprobe is missing or cannot read the file.
    public init(probing path: String) throws(MediaError) {
        self.init(
            ffprobeJSON: try FFmpeg.probed(
                ["-v", "error", "-print_format", "json", "-show_streams", "-show_format"], path: path))
    }

    /// Reads ffprobe's JSON (`-show_streams -show_format`).
    init(ffprobeJSON data: Data) {
        let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        let streams = root["streams"] as? [[String: Any]] ?? []
        let format = root["format"] as? [String: Any] ?? [:]
        let video = streams.first { ($0["codec_type"] as? String) == "video" && !Self.isPicture($0) }
        frameRate = (video?["r_frame_rate"] as? String ?? video?["avg_frame_rate"] as? String)
            .flatMap { try? FrameRate(parsing: $0) }
        let tagSets = [format["tags"]] + streams.map { $0["tags"] }
        let tags = tagSets.compactMap { $0 as? [String: Any] }
        if let label = tags.lazy.compactMap({ Self.value(of: "timecode", in: $0) }).first {
            timecode = .label(label)
        } else if let reference = tags.lazy.compactMap({ Self.value(of: "time_reference", in: $0) }).first,
            let samples = Double(reference), samples > 0,
            let audio = streams.first(where: { ($0["codec_type"] as? String) == "audio" }),
            let rate = (audio["sample_rate"] as? String).flatMap(Double.init), rate > 0
        {
            timecode = .seconds(samples / rate)
        }
    }

    /// Whether a video stream is a still picture (an MP3's or M4A's cover art), not video.
    private static func isPicture(_ stream: [String: Any]) -> Bool {
        ((stream["disposition"] as? [String: Any])?["attached_pic"] as? Int) == 1
    }

    /// The tag `key` in `tags`, whatever its case.
    private static func value(of key: String, in tags: [String: Any]) -> String? {
        tags.first { $0.key.lowercased() == key }?.value as? String
    }

    /// Whether the file's timecode label is drop-frame (`;` before the frames).
    public var isDropFrame: Bool {
        if case let .label(text) = timecode { return text.contains(";") }
        return false
    }

    /// The timecode's first frame at `rate`: 0 without a timecode.
    public func startFrame(rate: FrameRate) -> Int {
        switch timecode {
        case let .label(text): Timecode.frames(text, rate: rate) ?? 0
        case let .seconds(seconds): Int((seconds * rate.framesPerSecond).rounded())
        case nil: 0
        }
    }
}
