/// The ffmpeg command line that writes a censored media file: every stream of the source
/// copied as it is (`-c copy`), but the censored audio streams, each encoded from raw PCM with
/// the source stream's codec, profile, rate, channel layout and bit rate, and the censored
/// subtitle streams, each encoded from SubRip with the source stream's codec; every stream's
/// metadata and disposition, the global metadata and the chapters carried over, and nothing
/// added but the subtitles asked for.
struct MuxCommand {
    /// A censored audio stream: the source stream it replaces and the PCM it is encoded from.
    struct Replacement {
        /// The source's stream.
        var stream: MediaProbe.Stream
        /// ffmpeg's name of the PCM input: `pipe:0`, or a scratch file's path.
        var input: String
        /// The raw PCM: ffmpeg's demuxer name (`s16le`, `f32le` …), rate, channels.
        var pcm: (format: String, sampleRate: Int, channels: Int)
        /// When the PCM's first sample plays on the file's timeline, in seconds
        /// (``MediaProbe/firstSampleTime(of:path:)``).
        var firstSampleTime: Double
        /// The frames a cut took out of the PCM (``CensorMode/cut``): the stream is that much
        /// shorter than the source's.
        var removedFrames = 0
    }

    /// The source file.
    var source: String
    /// What ffprobe found in it.
    var probe: MediaProbe
    /// The audio streams being replaced, in the source's order.
    var replacements: [Replacement]
    /// The output container.
    var container: MediaContainer
    /// The bit rate asked for, in bits per second.
    var bitrate: Int?
    /// A SubRip file to add as a subtitle stream.
    var subtitles: String?
    /// The source's subtitle streams replaced by censored copies: stream index → SubRip file.
    var censoredSubtitles: [Int: String] = [:]
    /// Attached pictures of a Matroska source, extracted to be attached again as attachments
    /// (ffmpeg's Matroska muxer writes a copied one as a video track): stream index → file.
    var attachments: [Int: String] = [:]
    /// For an MP3 source written as MP3: its tag version and bit-rate mode, kept.
    var mp3: MP3Header?
    /// The ``CensorMarker``, for a container that holds it in a tag of its own (Matroska, WebM, MP3).
    var marker: String?
    /// An ffmetadata file whose chapters the output takes in place of the source's (a cut's,
    /// moved onto the shortened timeline).
    var chapters: String?
    /// The source's streams left out of the output (by index).
    var dropped: Set<Int> = []

    /// The source's streams the output holds, in order: all but a QuickTime chapter track,
    /// which the muxer writes again from the chapters, and, in MP4, a timecode track, which
    /// the muxer writes again, last, from its video stream's `timecode` tag; the attachments
    /// attached again (``attachments``) follow the rest.
    var mappedStreams: [MediaProbe.Stream] {
        let timecodeWritten = [.mp4, .m4v].contains(container)
        return probe.streams.filter {
            !probe.isChapterTrack($0) && !(timecodeWritten && probe.isTimecodeTrack($0)) && attachments[$0.index] == nil
                && !dropped.contains($0.index)
        } + probe.streams.filter { attachments[$0.index] != nil }
    }

    /// The codec a censored stream is written with: the source's when the container holds it,
    /// else the container's first.
    func codec(of replacement: Replacement) -> String {
        container.audioCodecs.contains(replacement.stream.codec) ? replacement.stream.codec : container.audioCodecs[0]
    }

    /// The rate a censored stream is encoded at: the source's, except that Opus, which takes
    /// only 8, 12, 16, 24 and 48 kHz, gets 48 kHz from any other.
    func encodedRate(of replacement: Replacement) -> Int {
        let rate = replacement.pcm.sampleRate
        return codec(of: replacement) == "opus" && !AudioFileFormat.opusRates.contains(rate) ? 48_000 : rate
    }

    /// The encoder's priming samples to drop from the start of a censored stream: its encoder
    /// delay, when the container will not tell the decoder to drop it: always in Matroska and
    /// AVI for AAC, MP3 and AC-3 (Opus's codec delay does say it), and in QuickTime's family
    /// when the stream starts late enough that its first packet is not before the timeline's
    /// start (the edit list then starts with an empty edit and cannot skip the priming). The
    /// source's decoded audio then holds the old encoder's priming, as many samples, and the
    /// new encoder puts its own in their place: the output decodes in sync with the input,
    /// sample for sample, starting at the same time.
    func primingTrim(of replacement: Replacement) -> Int {
        let delay = MediaCodec.encoderDelay[codec(of: replacement)] ?? 0
        if [.mkv, .mka, .avi, .wma, .aac, .ac3].contains(container) { return delay }
        if [.mp4, .m4a, .m4b, .m4v, .mov].contains(container),
            replacement.firstSampleTime * Double(encodedRate(of: replacement)) >= Double(delay)
        {
            return delay
        }
        return 0
    }

    /// How many samples of its PCM a censored stream keeps, in a QuickTime-family file written
    /// as one: its edit list's length (counting priming the edit list shows), to which
    /// ffmpeg's decoder does not cut the padding at the end, so that the stream's duration
    /// stays the source's.
    func sampleCount(of replacement: Replacement) -> Int? {
        guard probe.isQuickTime, [.mp4, .m4a, .m4b, .m4v, .mov].contains(container),
            encodedRate(of: replacement) == replacement.pcm.sampleRate, let duration = replacement.stream.duration
        else { return nil }
        return Int((duration * Double(replacement.pcm.sampleRate)).rounded()) - replacement.removedFrames
    }

    /// Where a censored stream's PCM is placed on the timeline, in seconds: its first sample's
    /// time, plus, in Matroska, the Opus codec delay its demuxer subtracts from every
    /// timestamp and its muxer does not add (so that the packets keep the source's times).
    func offset(of replacement: Replacement) -> Double {
        guard codec(of: replacement) == "opus", [.mkv, .mka, .webm].contains(container) else {
            return replacement.firstSampleTime
        }
        return replacement.firstSampleTime + Double(MediaCodec.opusCodecDelay) / 48_000
    }

    /// The arguments, writing the container to standard output (a file censor created).
    var arguments: [String] {
        // -copyts: timestamps as they are, so chapters and streams that start after 0 stay where they were.
        var arguments = ["-nostdin", "-v", "error", "-y", "-copyts"] + FFmpeg.input(source)
        var inputOf: [Int: Int] = [:]
        for replacement in replacements {
            let stream = replacement.stream
            arguments += ["-f", replacement.pcm.format, "-sample_rate", "\(replacement.pcm.sampleRate)"]
            if let layout = stream.channelLayout, stream.channels == replacement.pcm.channels {
                arguments += ["-ch_layout", layout]
            } else {
                arguments += ["-channels", "\(replacement.pcm.channels)"]
            }
            let offset = offset(of: replacement)
            if offset != 0 { arguments += ["-itsoffset", String(format: "%.6f", offset)] }
            inputOf[stream.index] = inputOf.count + 1
            arguments += ["-i", replacement.input == "pipe:0" ? "pipe:0" : "file:" + replacement.input]
        }
        for (index, path) in censoredSubtitles.sorted(by: { $0.key < $1.key }) {
            inputOf[index] = inputOf.count + 1
            arguments += ["-f", "srt", "-i", "file:" + path]
        }
        let addedInput = inputOf.count + 1
        if let subtitles { arguments += ["-f", "srt", "-i", "file:" + subtitles] }
        let chaptersInput = addedInput + (subtitles == nil ? 0 : 1)
        if let chapters { arguments += ["-f", "ffmetadata", "-i", "file:" + chapters] }
        for path in attachments.sorted(by: { $0.key < $1.key }).map(\.value) {
            arguments += ["-attach", "file:" + path]
        }

        // Per-stream metadata and dispositions named for every stream: once one is named,
        // ffmpeg copies no other, and it would mark a first stream default that was not.
        var encoding: [String] = []
        let streams = mappedStreams
        for (position, item) in streams.enumerated() {
            if attachments[item.index] == nil {
                arguments += ["-map", inputOf[item.index].map { "\($0):0" } ?? "0:\(item.index)"]
            }
            arguments += ["-map_metadata:s:\(position)", "0:s:\(item.index)"]
            if attachments[item.index] != nil {
                // -attach names the stream for the scratch file; the source's names are set after it.
                arguments += item.tags.sorted { $0.key < $1.key }.flatMap {
                    ["-metadata:s:\(position)", "\($0.key)=\($0.value)"]
                }
            }
            encoding += [
                "-disposition:\(position)", item.disposition.isEmpty ? "0" : item.disposition.joined(separator: "+"),
            ]
            if let replacement = replacements.first(where: { $0.stream.index == item.index }) {
                encoding += audioEncoding(replacement, position: position)
            } else if censoredSubtitles[item.index] != nil {
                encoding += ["-c:\(position)", item.codec == "subrip" ? "srt" : item.codec]
            }
        }
        arguments +=
            [
                "-map_metadata", "0", "-map_chapters", chapters == nil ? "0" : "\(chaptersInput)", "-c", "copy",
                "-copy_unknown",
            ] + encoding
        // FLAC in MP4 is standard, but ffmpeg 5.1 still writes it only when told experiments are fine.
        if replacements.contains(where: { codec(of: $0) == "flac" }), [.mp4, .m4v].contains(container) {
            arguments += ["-strict", "experimental"]
        }
        if subtitles != nil, let subtitleCodec = container.subtitleCodec {
            let added = streams.count
            arguments += [
                "-map", "\(addedInput):0", "-c:\(added)", subtitleCodec, "-metadata:s:\(added)", "title=Censored",
            ]
        }
        // The marker in a tag of its own, in place of an earlier run's. Matroska's CRC-32
        // elements would no longer match once the marker's file digest is written in.
        if Self.holdsMarkerTag(container) { arguments += ["-metadata", "censor=" + (marker ?? "")] }
        if marker != nil, [.mkv, .mka, .webm].contains(container) { arguments += ["-write_crc32", "0"] }
        if let version = mp3?.id3Version, version == 3 || version == 4 {
            arguments += ["-id3v2_version", "\(version)"]
        }
        arguments += ["-f", container.muxer, "/dev/stdout"]
        return arguments
    }

    /// The encoder, rate, priming trim and bit rate of the censored stream at `position`.
    private func audioEncoding(_ replacement: Replacement, position: Int) -> [String] {
        let codec = codec(of: replacement), stream = replacement.stream
        var arguments = [
            "-c:\(position)", MediaCodec.encoder(for: codec), "-ar:\(position)", "\(encodedRate(of: replacement))",
        ]
        if codec == stream.codec, let profile = stream.profile.flatMap({ MediaCodec.profile(codec: codec, named: $0) })
        {
            arguments += ["-profile:\(position)", profile]
        }
        let trim = primingTrim(of: replacement)
        var bounds = trim > 0 ? ["start_sample=\(trim)"] : []
        // The new encoder's priming, in place of the trimmed, counts in the length.
        if let length = sampleCount(of: replacement) { bounds.append("end_sample=\(length)") }
        if !bounds.isEmpty { arguments += ["-filter:\(position)", "atrim=" + bounds.joined(separator: ":")] }
        if bitrate == nil, let mp3, mp3.isVariable {
            // LAME's quality when the Xing header gives it; else the same average, still variable.
            arguments +=
                mp3.vbrQuality.map { ["-q:\(position)", "\($0)"] }
                ?? ["-abr:\(position)", "1", "-b:\(position)", "\(probe.bitRate ?? 128_000)"]
        } else if MediaCodec.takesBitrate(codec),
            let rate = bitrate ?? (codec == stream.codec ? sourceBitrate(of: stream) : nil)
        {
            arguments += ["-b:\(position)", "\(rate)"]
            // The source's rate is what its packets measure. libopus's VBR misses it by far (asked for
            // 214 kb/s on speech it writes 365 kb/s; constrained, 13 % less when a word is muted);
            // at a constant rate the stream measures the source's to 1 %.
            if codec == "opus" { arguments += ["-vbr:\(position)", "off"] }
        }
        return arguments
    }

    /// Whether `container` keeps a global tag named `censor` as written, byte for byte.
    static func holdsMarkerTag(_ container: MediaContainer) -> Bool {
        [.mkv, .mka, .webm, .mp3].contains(container)
    }

    /// A source stream's bit rate; for a file holding only that stream, the file's.
    private func sourceBitrate(of stream: MediaProbe.Stream) -> Int? {
        stream.bitRate ?? (probe.streams.count == 1 ? probe.bitRate : nil)
    }
}
