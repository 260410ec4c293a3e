import Foundation

/// A self-contained HTML page for reviewing a finished edit: the waveforms of the original and
/// the censored audio, the transcript with the censored words marked, a player with A/B
/// switching, subtitles with the censored words masked, and a table of edits.
///
/// The page needs no network: its markup, style and script are compiled into the library
/// (`Review/Resources`) and its data is JSON in a `<script type="application/json">` element,
/// which the script reads and shows through `textContent` only, never as markup. The audio is
/// referenced by paths relative to the page, or embedded as excerpts around each edit.
///
/// ```swift
/// let page = ReviewPage(report: report, transcript: transcript, matches: matches, location: "review.html")
/// try page.html().write(toFile: "review.html", atomically: true, encoding: .utf8)
/// ```
public struct ReviewPage: Sendable {
    /// How the page plays the audio.
    public enum Audio: Sendable, Hashable {
        /// The input and output files, by their paths relative to the page.
        case referenced
        /// Excerpts around each edit, compressed and embedded in the page.
        case embedded
    }

    /// What was censored; a report without an `output` (a plan) gives a page of the original only.
    public var report: Report
    /// The transcript the run matched.
    public var transcript: Transcript
    /// The matches the run censored, to mark their words.
    public var matches: [Match]
    /// Where the page will be written, for paths relative to it.
    public var location: String
    /// How the page plays the audio.
    public var audio: Audio
    /// Where to read the censored audio from when it is not yet at the report's `output` (the
    /// temporary file of an ``OutputTransaction`` not yet committed); `nil`: the `output` itself.
    public var censoredAudio: String?
    /// The subtitles the page shows, as a subtitle file of the run holds them; `nil`: built from the
    /// transcript and matches with the default mask and cue length.
    public var subtitles: CensoredSubtitles?

    /// Buckets of the whole-file waveform: at least 3000, and one every ``overviewBucketSeconds``
    /// in a longer file, so that zooming into an hour still shows the words' shapes.
    static func overviewBuckets(duration: Double) -> Int {
        max(3000, Int((duration / overviewBucketSeconds).rounded(.up)))
    }
    /// The longest stretch one whole-file waveform bucket covers, in seconds.
    static let overviewBucketSeconds = 0.05
    /// Buckets of the waveform around one edit.
    static let zoomBuckets = 480
    /// Seconds the zoomed waveform shows before and after an edit's modified region.
    static let zoomMargin = 1.0

    /// Creates a page description; nothing is read until ``html()``.
    ///
    /// - Parameters:
    ///   - report: What was censored, with the censored file as its `output`.
    ///   - transcript: The transcript the run matched.
    ///   - matches: The matches the run censored.
    ///   - location: Where the page will be written.
    ///   - audio: Referenced (default) or embedded excerpts.
    ///   - censoredAudio: Where to read the censored audio from, when not at the report's
    ///     `output` yet; the page still refers to it by `output`.
    ///   - subtitles: The cues to show; `nil` builds them with the defaults.
    public init(
        report: Report, transcript: Transcript, matches: [Match], location: String, audio: Audio = .referenced,
        censoredAudio: String? = nil, subtitles: CensoredSubtitles? = nil
    ) {
        self.subtitles = subtitles
        self.report = report
        self.transcript = transcript
        self.matches = matches
        self.location = location
        self.audio = audio
        self.censoredAudio = censoredAudio
    }

    /// The page's HTML.
    ///
    /// - Returns: One HTML document with its style, script and data inside.
    /// - Throws: ``AudioError`` when the input or the output cannot be read (for the waveforms
    ///   and excerpts) or an excerpt cannot be encoded.
    /// - Complexity: One read of the input and of the output, plus reads around each edit.
    public func html() throws -> String {
        let data = try ReviewData(self).json()
        return Self.assemble(data: data)
    }

    /// The template with its style, script and `data` put in their places.
    static func assemble(data: String) -> String {
        var html = ""
        let template = String(decoding: PackageResources.review_html, as: UTF8.self)
        let parts = [
            ("<!-- censor:style -->", String(decoding: PackageResources.review_css, as: UTF8.self)),
            ("<!-- censor:data -->", data),
            ("<!-- censor:script -->", String(decoding: PackageResources.review_js, as: UTF8.self)),
        ]
        var rest = Substring(template)
        for (marker, content) in parts {
            guard let range = rest.range(of: marker) else { continue }
            html += rest[..<range.lowerBound]
            html += content
            rest = rest[range.upperBound...]
        }
        return html + rest
    }

    /// `path` relative to the folder of `page`, with `/` separators.
    static func relativePath(of path: String, from page: String) -> String {
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        let folder = URL(fileURLWithPath: page).standardizedFileURL.deletingLastPathComponent().pathComponents
        var common = 0
        while common < min(target.count, folder.count), target[common] == folder[common] { common += 1 }
        let ups = Array(repeating: "..", count: folder.count - common)
        return (ups + target[common...]).joined(separator: "/")
    }
}
