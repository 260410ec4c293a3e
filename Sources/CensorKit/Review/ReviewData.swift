import Foundation

/// The data a review page's script reads: the edit, its words, its waveforms and its audio.
///
/// Encoded as JSON with every `<`, `>`, `&`, U+2028 and U+2029 written as a `\u` escape, so
/// no transcript text can end the `<script>` element it sits in or be read as markup.
struct ReviewData: Encodable {
    struct Track: Encodable {
        /// The file's path relative to the page, when the page references it.
        var path: String?
        /// The file's name, for headings.
        var name: String
        /// The whole file's waveform (`min, max` bytes per bucket, base64).
        var peaks: String
        /// Whether the file has a picture: the page plays it in a video element.
        var video: Bool
    }

    struct Zoom: Encodable {
        var start: Double
        var end: Double
        var original: String
        var censored: String?
    }

    struct Edit: Encodable {
        var text: String
        var pattern: String
        var replacement: String?
        var start: Double
        var end: Double
        var refinedStart: Double
        var refinedEnd: Double
        /// The fully censored core, in seconds.
        var coreStart: Double
        var coreEnd: Double
        /// The whole modified region (core and fades), in seconds.
        var fadeStart: Double
        var fadeEnd: Double
        var startFrame: Int
        var endFrame: Int
        var confidence: Double?
        var estimated: Bool
        var zoom: Zoom
    }

    struct WordEntry: Encodable {
        var text: String
        var start: Double
        var end: Double
        var confidence: Double?
        var speaker: String?
        var estimated: Bool
        /// The index of the edit that censored this word.
        var edit: Int?
        /// The text subtitles show instead of the word, for a censored one.
        var shown: String?
    }

    /// One subtitle cue as ``CensoredSubtitles`` groups and masks it: the page shows these,
    /// the same cues a subtitle file of the run holds.
    struct Cue: Encodable {
        struct Part: Encodable {
            var text: String
            var start: Double
            var end: Double
            var censored: Bool
        }
        var start: Double
        var end: Double
        var words: [Part]
    }

    /// Audio of one stretch of the file, embedded as a `data:` URL.
    struct Clip: Encodable {
        var start: Double
        var end: Double
        var original: String
        var censored: String?
    }

    var mode: String
    var sampleRate: Int
    /// The input's length in frames, which decisions are checked against.
    var frames: Int
    var channels: Int
    var duration: Double
    var transcriptFormat: String
    var original: Track
    var censored: Track?
    var embedded: Bool
    var clips: [Clip]
    var edits: [Edit]
    var words: [WordEntry]
    var cues: [Cue]

    /// Reads the waveforms (and excerpts) `page` needs.
    init(_ page: ReviewPage) throws {
        let report = page.report
        let rate = Double(report.sampleRate)
        // The decoded scratch files are read again for the excerpts, so they live as long as this.
        let scratch = ScratchFiles(beside: page.location)
        defer { withExtendedLifetime(scratch) {} }
        let number = try ReviewAudio.censoredStreamNumber(report)
        let inputAudio = try ReviewAudio(path: report.input, named: report.input, audioStream: number, scratch: scratch)
        let censoredAudio = page.censoredAudio ?? report.output
        let outputAudio = try censoredAudio.map { path throws in
            try ReviewAudio(path: path, named: report.output ?? path, audioStream: number, scratch: scratch)
        }
        let input = inputAudio.reader, output = outputAudio?.reader
        let embedded = page.audio == .embedded
        mode = report.mode
        sampleRate = report.sampleRate
        frames = report.frames
        channels = report.channels
        duration = Self.toSixDecimals(Double(report.frames) / rate)
        transcriptFormat = page.transcript.format.rawValue
        let overviewBuckets = ReviewPage.overviewBuckets(duration: Double(report.frames) / rate)
        original = Track(
            path: embedded ? nil : ReviewPage.relativePath(of: report.input, from: page.location),
            name: URL(fileURLWithPath: report.input).lastPathComponent,
            peaks: try WaveformPeaks(reading: input, range: 0..<input.frameCount, buckets: overviewBuckets).base64,
            video: inputAudio.hasVideo)
        censored = try output.map { reader in
            let path = report.output ?? reader.path
            return Track(
                path: embedded ? nil : ReviewPage.relativePath(of: path, from: page.location),
                name: URL(fileURLWithPath: path).lastPathComponent,
                peaks: try WaveformPeaks(reading: reader, range: 0..<reader.frameCount, buckets: overviewBuckets)
                    .base64,
                video: outputAudio?.hasVideo ?? false)
        }
        self.embedded = embedded
        let windows = embedded ? ReviewExcerpts.windows(report) : []
        clips = try zip(windows, ReviewExcerpts.encode(windows, input: input.path, output: output?.path)).map {
            window, excerpts in
            Clip(
                start: Self.toSixDecimals(window.lowerBound), end: Self.toSixDecimals(window.upperBound),
                original: Self.dataURL(excerpts.0), censored: excerpts.1.map(Self.dataURL))
        }
        let duration = self.duration
        edits = try report.spans.map { span in
            let fadeStart = Double(span.fadeStartFrame) / rate, fadeEnd = Double(span.fadeEndFrame) / rate
            let window = max(0, fadeStart - ReviewPage.zoomMargin)...min(duration, fadeEnd + ReviewPage.zoomMargin)
            return Edit(
                text: span.text, pattern: span.pattern, replacement: span.replacement,
                start: Self.toSixDecimals(span.start), end: Self.toSixDecimals(span.end),
                refinedStart: Self.toSixDecimals(span.refinedStart), refinedEnd: Self.toSixDecimals(span.refinedEnd),
                coreStart: Self.toSixDecimals(Double(span.startFrame) / rate),
                coreEnd: Self.toSixDecimals(Double(span.endFrame) / rate),
                fadeStart: Self.toSixDecimals(fadeStart), fadeEnd: Self.toSixDecimals(fadeEnd),
                startFrame: span.startFrame, endFrame: span.endFrame,
                confidence: span.confidence.map(Self.toSixDecimals), estimated: span.timesEstimated,
                zoom: Zoom(
                    start: Self.toSixDecimals(window.lowerBound), end: Self.toSixDecimals(window.upperBound),
                    original: try Self.peaks(input, window), censored: try output.map { try Self.peaks($0, window) }))
        }
        let subtitles =
            page.subtitles
            ?? CensoredSubtitles(transcript: page.transcript, matches: page.matches)
        words = Self.words(page.transcript, matches: page.matches, report: report, subtitles: subtitles)
        cues = subtitles.cues.map { cue in
            Cue(
                start: Self.toSixDecimals(cue.start), end: Self.toSixDecimals(cue.end),
                words: cue.words.map {
                    Cue.Part(
                        text: $0.text, start: Self.toSixDecimals($0.start), end: Self.toSixDecimals($0.end),
                        censored: $0.isCensored)
                })
        }
    }

    /// The transcript's words, each censored one with the index of its edit and the text
    /// `subtitles` show for it (the masked or replaced word whose times hold it).
    private static func words(
        _ transcript: Transcript, matches: [Match], report: Report, subtitles: CensoredSubtitles
    ) -> [WordEntry] {
        var entries = transcript.words.map { word in
            WordEntry(
                text: word.text, start: toSixDecimals(word.start), end: toSixDecimals(word.end),
                confidence: word.confidence.map(toSixDecimals), speaker: word.speaker,
                estimated: word.isTimeEstimated, edit: nil, shown: nil)
        }
        let censored = subtitles.words.filter(\.isCensored)
        var next = 0
        for match in matches.sorted(by: { $0.wordIndices.lowerBound < $1.wordIndices.lowerBound }) {
            // The span that holds the match: merged spans cover all their matches' times.
            let edit = report.spans.firstIndex(where: { $0.start <= match.start && match.end <= $0.end })
            for index in match.wordIndices where entries.indices.contains(index) {
                let word = transcript.words[index]
                // Shown words and matched words run in the same order: one pass finds each.
                while next < censored.count, censored[next].end < word.end { next += 1 }
                if next < censored.count, censored[next].start <= word.start {
                    entries[index].shown = censored[next].text
                }
                guard let edit else { continue }
                entries[index].edit = edit
            }
        }
        return entries
    }

    /// The waveform of `window` (seconds) in `reader`.
    private static func peaks(_ reader: AudioReader, _ window: ClosedRange<Double>) throws -> String {
        let rate = Double(reader.format.sampleRate)
        let start = min(reader.frameCount, Int(window.lowerBound * rate))
        let end = min(reader.frameCount, Int((window.upperBound * rate).rounded(.up)))
        return try WaveformPeaks(reading: reader, range: start..<end, buckets: ReviewPage.zoomBuckets).base64
    }

    private static func dataURL(_ data: Data) -> String {
        "data:audio/ogg;base64," + data.base64EncodedString()
    }

    /// A value to six decimals: seconds to the microsecond, confidences to a millionth.
    private static func toSixDecimals(_ value: Double) -> Double {
        (value * 1_000_000).rounded() / 1_000_000
    }

    /// The data as JSON that is safe inside a `<script>` element.
    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Self.scriptSafe(String(decoding: try encoder.encode(self), as: UTF8.self))
    }

    /// JSON text with `<`, `>`, `&`, U+2028 and U+2029 written as `\u` escapes: the same value,
    /// and no `</script>`, `<!--` or line terminator a script element could trip over.
    ///
    /// These characters can only occur inside JSON strings, where the escapes mean the same.
    static func scriptSafe(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "<": escaped += "\\u003c"
            case ">": escaped += "\\u003e"
            case "&": escaped += "\\u0026"
            case "\u{2028}": escaped += "\\u2028"
            case "\u{2029}": escaped += "\\u2029"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
