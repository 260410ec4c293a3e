import Foundation

/// What ffprobe says a media file holds: its container and its streams.
struct MediaProbe: Sendable {
    /// One stream of the file.
    struct Stream: Sendable {
        /// The stream's index in the file (`0:N` in ffmpeg's notation).
        var index: Int
        /// `audio`, `video`, `subtitle`, `data` or `attachment`.
        var type: String
        /// ffmpeg's codec name, such as `aac`, `alac`, `opus`, `mp3`, `h264`.
        var codec: String
        /// The container's four-character code for the codec (`mp4a`, `text`), when it has one.
        var codecTag: String?
        /// The codec's profile, such as `LC` or `HE-AAC`.
        var profile: String?
        /// Audio: frames per second.
        var sampleRate: Int?
        /// Audio: channels.
        var channels: Int?
        /// Audio: ffmpeg's channel layout name, such as `stereo` or `5.1(side)`.
        var channelLayout: String?
        /// Audio: the decoder's sample format, such as `fltp`, `s16p`, `s32p`.
        var sampleFormat: String?
        /// Audio: significant bits of integer samples (24 for 24-bit ALAC in `s32p`).
        var bitsPerRawSample: Int?
        /// Bits per second, when the container or stream says.
        var bitRate: Int?
        /// When the stream starts on the file's timeline, in seconds.
        var startTime: Double
        /// How long the stream lasts, in seconds, when the container says (else the file's length).
        var duration: Double?
        /// The stream's disposition flags that are set (`default`, `forced`, `attached_pic` …).
        var disposition: [String]
        /// The stream's own metadata.
        var tags: [String: String] = [:]
    }

    /// ffmpeg's names of the container, such as `mov,mp4,m4a,3gp,3g2,mj2` or `matroska,webm`.
    var formatName: String
    /// The file's streams in order.
    var streams: [Stream]
    /// The longest a probe may take, in seconds: ffprobe reads a file's header and first
    /// packets in well under a second; a probe still running after this reads something that
    /// never ends.
    static let timeout = 60.0
    /// The container's overall bit rate, when known.
    var bitRate: Int?
    /// The file's global metadata, as ffprobe names it (`comment`, or `COMMENT` in Matroska).
    var tags: [String: String] = [:]
    /// How many chapters the file has.
    var chapterCount = 0
    /// The file's chapters in order, their times on the file's timeline.
    var chapters: [MediaChapter] = []

    /// Whether the container is QuickTime's family (MOV, MP4, M4A …).
    var isQuickTime: Bool { formatName.hasPrefix("mov,") }

    /// Whether `stream` is the text track in which a QuickTime-family file keeps its chapters
    /// a second time (besides the `chpl` list): the muxer writes it again from the chapters,
    /// so it is never mapped as a stream of its own.
    func isChapterTrack(_ stream: Stream) -> Bool {
        isQuickTime && chapterCount > 0 && stream.type == "data" && stream.codecTag == "text"
    }

    /// Whether `stream` is a QuickTime timecode track (`tmcd`), which the MP4 muxer cannot copy:
    /// it writes the track again from the `timecode` tag of the video stream it belongs to.
    func isTimecodeTrack(_ stream: Stream) -> Bool {
        isQuickTime && stream.type == "data" && stream.codecTag == "tmcd"
            && streams.contains { $0.type == "video" && $0.tags["timecode"] == stream.tags["timecode"] }
    }

    /// The audio streams in order: ``MediaOptions/audioStream`` `N` is the `N`th of them.
    var audioStreams: [Stream] { streams.filter { $0.type == "audio" } }

    /// A probe's result, given.
    init(formatName: String, streams: [Stream], bitRate: Int? = nil) {
        self.formatName = formatName
        self.streams = streams
        self.bitRate = bitRate
    }

    /// Probes `path` with ffprobe.
    ///
    /// - Throws: ``MediaError`` when ffprobe is missing or cannot read the file.
    init(path: String) throws(MediaError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadable(path: path, reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw .unreadable(path: path, reason: "it is a directory") }
        // A FIFO or a device would block ffprobe, or give it what no second read sees again.
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw .unreadable(path: path, reason: "it is not a regular file (a FIFO, socket or device)")
        }
        let run = try FFmpeg.Run(
            .ffprobe,
            ["-v", "error", "-print_format", "json", "-show_streams", "-show_format", "-show_chapters"]
                + FFmpeg.source(path),
            output: .captured, for: path)
        let data: Data
        do {
            data = try run.wait(for: path, timeout: Self.timeout)
        } catch {
            guard case let .toolFailed(_, _, reason) = error else { throw error }
            // "[hls @ 0x…] Format not on whitelist '…'": a playlist or list of other files.
            if reason.contains("not on whitelist"), let open = reason.firstIndex(of: "["),
                let at = reason.range(of: " @", range: open..<reason.endIndex)
            {
                let name = reason[reason.index(after: open)..<at.lowerBound]
                throw .unreadable(
                    path: path,
                    reason: "it is read by ffmpeg's '\(name)' demuxer, which reads other files "
                        + "or devices than the one named (a playlist, a list, an image sequence); censor reads only "
                        + "self-contained media")
            }
            throw .unreadable(path: path, reason: reason)
        }
        try self.init(json: data, path: path)
    }

    /// Reads ffprobe's JSON (`-print_format json -show_streams -show_format`) about `path`.
    ///
    /// - Throws: ``MediaError/unreadable(path:reason:)`` when it names no container.
    init(json data: Data, path: String) throws(MediaError) {
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let format = root["format"] as? [String: Any]
        else {
            throw .unreadable(path: path, reason: "ffprobe found no container in it")
        }
        formatName = format["format_name"] as? String ?? ""
        bitRate = Self.integer(format["bit_rate"])
        tags = Self.strings(format["tags"])
        chapterCount = (root["chapters"] as? [Any])?.count ?? 0
        chapters = (root["chapters"] as? [[String: Any]] ?? []).map { item in
            MediaChapter(
                start: Self.number(item["start_time"]) ?? 0, end: Self.number(item["end_time"]) ?? 0,
                tags: Self.strings(item["tags"]))
        }
        streams = (root["streams"] as? [[String: Any]] ?? []).map { item in
            let disposition = (item["disposition"] as? [String: Any] ?? [:])
                .filter { Self.integer($0.value) == 1 }.map(\.key).sorted()
            let tags = item["tags"] as? [String: Any] ?? [:]
            return Stream(
                index: Self.integer(item["index"]) ?? 0, type: item["codec_type"] as? String ?? "unknown",
                codec: item["codec_name"] as? String ?? "unknown", codecTag: item["codec_tag_string"] as? String,
                profile: item["profile"] as? String, sampleRate: Self.integer(item["sample_rate"]),
                channels: Self.integer(item["channels"]), channelLayout: item["channel_layout"] as? String,
                sampleFormat: item["sample_fmt"] as? String,
                bitsPerRawSample: Self.integer(item["bits_per_raw_sample"]),
                // Matroska keeps the rate as a statistics tag.
                bitRate: Self.integer(item["bit_rate"]) ?? Self.integer(tags["BPS"]) ?? Self.integer(tags["BPS-eng"]),
                startTime: Self.number(item["start_time"]) ?? 0,
                duration: Self.number(item["duration"]) ?? Self.number(format["duration"]), disposition: disposition,
                tags: Self.strings(tags))
        }
    }

    /// The audio stream `number` (counting audio streams only).
    ///
    /// - Throws: ``MediaError/noAudio(path:streams:)`` or ``MediaError/noSuchStream(path:index:count:)``.
    func audioStream(_ number: Int, path: String) throws(MediaError) -> Stream {
        try audioStreams([number], path: path)[0]
    }

    /// The audio streams `numbers` (counting audio streams only), in order; every one for `nil`.
    ///
    /// - Throws: ``MediaError/noAudio(path:streams:)`` or ``MediaError/noSuchStream(path:index:count:)``.
    func audioStreams(_ numbers: [Int]?, path: String) throws(MediaError) -> [Stream] {
        let audio = audioStreams
        guard !audio.isEmpty else {
            let kinds =
                streams.isEmpty ? "no streams" : streams.map { "\($0.type) (\($0.codec))" }.joined(separator: ", ")
            throw .noAudio(path: path, streams: kinds)
        }
        let numbers = numbers ?? Array(audio.indices)
        if let missing = numbers.first(where: { !audio.indices.contains($0) }) {
            throw .noSuchStream(path: path, index: missing, count: audio.count)
        }
        return numbers.map { audio[$0] }
    }

    /// When the first sample the decoder gives of `stream` plays on the file's timeline, in
    /// seconds: after the priming or pre-skip the container tells the decoder to drop, which
    /// the stream's `start_time` (its first packet's) still counts.
    ///
    /// - Throws: ``MediaError`` when ffprobe cannot read the file.
    func firstSampleTime(of stream: Stream, path: String) throws(MediaError) -> Double {
        let data = try FFmpeg.probed(
            [
                "-v", "error", "-select_streams", "\(stream.index)", "-read_intervals", "%+#1",
                "-show_entries", "frame=pts_time", "-of", "csv=p=0",
            ], path: path)
        let text = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first
        return text.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) } ?? stream.startTime
    }

    /// `stream`'s bit rate measured from its packets' sizes and durations, for a stream whose
    /// container states none (Matroska written by ffmpeg, for one); `nil` when it has no packets.
    ///
    /// - Throws: ``MediaError`` when ffprobe cannot read the file.
    func measuredBitrate(of stream: Stream, path: String) throws(MediaError) -> Int? {
        let data = try FFmpeg.probed(
            [
                "-v", "error", "-select_streams", "\(stream.index)", "-show_entries", "packet=size,duration_time",
                "-of", "csv=p=0",
            ], path: path)
        var bytes = 0.0, seconds = 0.0
        for line in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
            let fields = line.split(separator: ",")
            // ffprobe prints the fields in its own order: duration, then size.
            guard fields.count == 2, let duration = Double(fields[0]), let size = Double(fields[1]) else { continue }
            bytes += size
            seconds += duration
        }
        return seconds > 0 ? Int((bytes * 8 / seconds).rounded()) : nil
    }

    /// The file's global tag `key`, whatever its case (`comment`, `COMMENT`).
    func tag(_ key: String) -> String? {
        tags.first { $0.key.lowercased() == key }?.value
    }

    private static func strings(_ value: Any?) -> [String: String] {
        (value as? [String: Any] ?? [:]).compactMapValues { $0 as? String }
    }

    private static func integer(_ value: Any?) -> Int? {
        if let number = value as? NSNumber { return number.intValue }
        if let text = value as? String { return Int(text) }
        return nil
    }

    private static func number(_ value: Any?) -> Double? {
        if let number = value as? NSNumber { return number.doubleValue }
        if let text = value as? String { return Double(text) }
        return nil
    }
}

extension Report.CensoredStream {
    /// The report's entry for a censored stream of a probed file.
    init(stream: MediaProbe.Stream, spans: Int) {
        self.init(index: stream.index, codec: stream.codec, language: stream.tags["language"], spans: spans)
    }
}
