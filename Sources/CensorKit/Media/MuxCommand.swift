/// The ffmpeg command line that writes a censored media file: every stream of the source
/// copied as it is (`-c copy`), but the censored audio stream, which is encoded from raw PCM on
/// standard input with the source stream's codec, rate, channel layout and bit rate; global and
/// per-stream metadata, dispositions and chapters carried over.
struct MuxCommand {
    /// The source file.
    var source: String
    /// What ffprobe found in it.
    var probe: MediaProbe
    /// The audio stream being replaced.
    var stream: MediaProbe.Stream
    /// The output container.
    var container: MediaContainer
    /// The raw PCM on standard input: ffmpeg's demuxer name (`s16le`, `f32le` …), rate, channels.
    var pcm: (format: String, sampleRate: Int, channels: Int)
    /// The bit rate asked for, in bits per second.
    var bitrate: Int?
    /// A SubRip file to add as a subtitle stream.
    var subtitles: String?
    /// For an MP3 source written as MP3: its tag version and bit-rate mode, kept.
    var mp3: MP3Header?
    /// The ``CensorMarker``, for a container that holds it in a tag of its own (Matroska, WebM, MP3).
    var marker: String?

    /// The codec the censored stream is written with: the source's when the container holds
    /// it, else the container's first.
    var codec: String {
        container.audioCodecs.contains(stream.codec) ? stream.codec : container.audioCodecs[0]
    }

    /// The rate the censored stream is encoded at: the source's, except that Opus, which takes
    /// only 8, 12, 16, 24 and 48 kHz, gets 48 kHz from any other.
    var encodedRate: Int {
        codec == "opus" && !AudioFileFormat.opusRates.contains(pcm.sampleRate) ? 48_000 : pcm.sampleRate
    }

    /// The encoder's priming samples to drop from the start of the censored audio: its encoder
    /// delay, when the container has no way to say it (Matroska and AVI for AAC, MP3 and AC-3;
    /// MP4's edit list, MP3's LAME header and Opus's pre-skip do say it). The source's decoded
    /// audio then holds the old encoder's priming, as many samples, and the new encoder puts its
    /// own in their place: the output decodes in sync with the input, sample for sample.
    var primingTrim: Int {
        guard [.mkv, .mka, .avi, .wma, .aac, .ac3].contains(container) else { return 0 }
        return MediaCodec.encoderDelay[codec] ?? 0
    }

    /// The arguments, writing the container to standard output (a file censor created).
    var arguments: [String] {
        // -copyts: timestamps as they are, so chapters and streams that start after 0 stay where they were.
        var arguments = ["-nostdin", "-v", "error", "-y", "-copyts", "-i", "file:" + source]
        arguments += ["-f", pcm.format, "-sample_rate", "\(pcm.sampleRate)"]
        if let layout = stream.channelLayout, stream.channels == pcm.channels {
            arguments += ["-ch_layout", layout]
        } else {
            arguments += ["-channels", "\(pcm.channels)"]
        }
        // Audio that starts later than the file's timeline (Matroska, MPEG-TS) starts there again.
        if stream.startTime != 0 { arguments += ["-itsoffset", String(format: "%.6f", stream.startTime)] }
        arguments += ["-i", "pipe:0"]
        if let subtitles { arguments += ["-f", "srt", "-i", "file:" + subtitles] }
        // Per-stream metadata named for every stream: once one is named, ffmpeg copies no other.
        for (position, item) in probe.streams.enumerated() {
            arguments += ["-map", item.index == stream.index ? "1:a:0" : "0:\(item.index)"]
            arguments += ["-map_metadata:s:\(position)", "0:s:\(item.index)"]
        }
        arguments += ["-map_metadata", "0", "-map_chapters", "0", "-c", "copy", "-copy_unknown"]
        let position = probe.streams.firstIndex { $0.index == stream.index } ?? 0
        arguments += ["-c:\(position)", MediaCodec.encoder(for: codec), "-ar:\(position)", "\(encodedRate)"]
        // FLAC in MP4 is standard, but ffmpeg 5.1 still writes it only when told experiments are fine.
        if codec == "flac", [.mp4, .m4v].contains(container) { arguments += ["-strict", "experimental"] }
        if primingTrim > 0 { arguments += ["-filter:\(position)", "atrim=start_sample=\(primingTrim)"] }
        if bitrate == nil, let mp3, mp3.isVariable {
            // LAME's quality when the Xing header gives it; else the same average, still variable.
            arguments += mp3.vbrQuality.map { ["-q:\(position)", "\($0)"] }
                ?? ["-abr:\(position)", "1", "-b:\(position)", "\(probe.bitRate ?? 128_000)"]
        } else if MediaCodec.takesBitrate(codec), let rate = bitrate ?? (codec == stream.codec ? sourceBitrate : nil) {
            arguments += ["-b:\(position)", "\(rate)"]
        }
        arguments += ["-disposition:\(position)", stream.disposition.isEmpty ? "0" : stream.disposition.joined(separator: "+")]
        if subtitles != nil, let subtitleCodec = container.subtitleCodec {
            let added = probe.streams.count
            arguments += ["-map", "2:0", "-c:\(added)", subtitleCodec, "-metadata:s:\(added)", "title=Censored"]
        }
        // The marker in a tag of its own, in place of an earlier run's. Matroska's CRC-32
        // elements would no longer match once the marker's file digest is written in.
        if Self.holdsMarkerTag(container) { arguments += ["-metadata", "censor=" + (marker ?? "")] }
        if marker != nil, [.mkv, .mka, .webm].contains(container) { arguments += ["-write_crc32", "0"] }
        if let version = mp3?.id3Version, version == 3 || version == 4 { arguments += ["-id3v2_version", "\(version)"] }
        arguments += ["-f", container.muxer, "/dev/stdout"]
        return arguments
    }

    /// Whether `container` keeps a global tag named `censor` as written, byte for byte.
    static func holdsMarkerTag(_ container: MediaContainer) -> Bool {
        [.mkv, .mka, .webm, .mp3].contains(container)
    }

    /// The source stream's bit rate; for a file holding only that stream, the file's.
    private var sourceBitrate: Int? {
        stream.bitRate ?? (probe.streams.count == 1 ? probe.bitRate : nil)
    }
}
