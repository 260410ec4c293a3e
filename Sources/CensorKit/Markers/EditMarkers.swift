import Foundation

/// The censored spans of one run as markers for a video editor or a media player.
///
/// Editors' formats (``MarkerFormat/cmx3600``, ``MarkerFormat/fcpxml``, ``MarkerFormat/otio``)
/// mark each span on the file written (the input, for a plan), in frames of ``frameRate``
/// counted from the file's starting timecode; a player's EDL (``MarkerFormat/playerEDL``)
/// lists each span of the input in seconds, for a player to mute while it plays the original.
///
/// ```swift
/// let markers = EditMarkers(report: report, frameRate: .audioDefault)
/// try markers.text(.otio).write(toFile: "talk.otio", atomically: true, encoding: .utf8)
/// ```
public struct EditMarkers: Sendable {
    /// One censored span, in audio samples of the file the markers describe.
    public struct Marker: Sendable, Hashable {
        /// The censored words.
        public var name: String
        /// The censor-list entries that matched.
        public var pattern: String
        /// The first censored sample.
        public var startSample: Int
        /// The sample after the last censored one.
        public var endSample: Int
    }

    /// The markers, in order.
    public var markers: [Marker]
    /// The spans of the input, in samples, for a player's EDL.
    public var inputSpans: [Range<Int>]
    /// Whether the spans were cut out (``CensorMode/cut``): the editors' markers are points at
    /// the joins on the output's timeline, and a player's EDL skips the spans of the input.
    public var cut: Bool
    /// The path of the file the editors' markers are on.
    public var media: String
    /// The audio's samples per second.
    public var sampleRate: Int
    /// The audio's channels.
    public var channels: Int
    /// The file's length in samples.
    public var samples: Int
    /// Whether the file has video.
    public var hasVideo: Bool
    /// The frame rate markers are placed on.
    public var frameRate: FrameRate
    /// The frame count of the file's starting timecode (0 for none).
    public var startFrame: Int
    /// Whether timecodes are written drop-frame: the file's timecode is, at 29.97 or 59.94 fps.
    public var dropFrame: Bool

    /// The markers of `report`'s spans.
    ///
    /// - Parameters:
    ///   - report: What a run censored.
    ///   - frameRate: The frame rate to mark in: the video's, or one chosen for audio.
    ///   - timing: The file's timecode and whether it has video, as ``MediaTiming`` probes them.
    public init(report: Report, frameRate: FrameRate, timing: MediaTiming = MediaTiming()) {
        markers = report.spans.map {
            let join = report.outputFrame($0.startFrame)
            return report.cuts == nil
                ? Marker(name: $0.text, pattern: $0.pattern, startSample: $0.startFrame, endSample: $0.endFrame)
                : Marker(name: $0.text, pattern: $0.pattern, startSample: join, endSample: join)
        }
        inputSpans = report.spans.map { $0.startFrame..<$0.endFrame }
        cut = report.cuts != nil
        media = report.output.flatMap { $0 == "-" ? nil : $0 } ?? report.input
        sampleRate = report.sampleRate
        channels = report.channels
        samples = report.outputFrames ?? report.frames
        hasVideo = timing.frameRate != nil
        self.frameRate = frameRate
        startFrame = timing.startFrame(rate: frameRate)
        dropFrame = timing.isDropFrame && Timecode.dropsFrames(at: frameRate)
    }

    /// The markers in `format`, as the file's whole text.
    public func text(_ format: MarkerFormat) -> String {
        switch format {
        case .cmx3600: cmx3600
        case .fcpxml: fcpxml
        case .otio: otio
        case .playerEDL: playerEDL
        }
    }

    /// The file's name without its folder, as the formats name the clip.
    var mediaName: String { URL(fileURLWithPath: media).lastPathComponent }

    /// The file's absolute `file:` URL.
    var mediaURL: String { URL(fileURLWithPath: media).standardizedFileURL.absoluteString }

    /// The file's length in frames, rounded up, at least 1.
    var durationFrames: Int { max(1, frameRate.frame(afterSample: samples, sampleRate: sampleRate)) }

    /// A marker's first frame and the frame after it, from the file's start (not its timecode):
    /// at least one frame long.
    func frames(of marker: Marker) -> Range<Int> {
        let start = frameRate.frame(atSample: marker.startSample, sampleRate: sampleRate)
        let end = max(start + 1, frameRate.frame(afterSample: marker.endSample, sampleRate: sampleRate))
        return start..<end
    }

    /// `text` on one line: line breaks and tabs become spaces.
    static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
    }
}
