import Testing

@testable import CensorKit

/// The ffmpeg command line that writes a censored container.
@Suite struct MuxCommandTests {
    static let video = MediaProbe.Stream(
        index: 0, type: "video", codec: "h264", startTime: 0, duration: 3, disposition: ["default"])
    static let aac = MediaProbe.Stream(
        index: 1, type: "audio", codec: "aac", sampleRate: 44_100, channels: 2, channelLayout: "stereo",
        sampleFormat: "fltp", bitRate: 95_297, startTime: 0, duration: 3, disposition: ["default"])
    static let subtitle = MediaProbe.Stream(
        index: 2, type: "subtitle", codec: "mov_text", startTime: 0, duration: 3, disposition: [])

    static func command(
        _ container: MediaContainer, stream: MediaProbe.Stream = aac, bitrate: Int? = nil,
        subtitles: String? = nil, firstSampleTime: Double = 0
    ) -> MuxCommand {
        MuxCommand(
            source: "in.mp4", probe: MediaProbe(formatName: "mov,mp4", streams: [video, stream, subtitle]),
            replacements: [replacement(stream, firstSampleTime: firstSampleTime)], container: container,
            bitrate: bitrate, subtitles: subtitles)
    }

    static func replacement(_ stream: MediaProbe.Stream = aac, firstSampleTime: Double = 0) -> MuxCommand.Replacement {
        MuxCommand.Replacement(
            stream: stream, input: "pipe:0", pcm: ("f32le", stream.sampleRate ?? 44_100, 2),
            firstSampleTime: firstSampleTime)
    }

    @Test(
        "every stream is mapped in order, the censored one from the pipe, re-encoded at the source's codec, rate and bit rate"
    )
    func sameContainer() {
        #expect(
            Self.command(.mp4).arguments == [
                "-nostdin", "-v", "error", "-y", "-copyts",
                "-format_whitelist", FFmpeg.demuxers.joined(separator: ","), "-protocol_whitelist", "file", "-i",
                "file:in.mp4",
                "-f", "f32le", "-sample_rate", "44100", "-ch_layout", "stereo", "-i", "pipe:0",
                "-map", "0:0", "-map_metadata:s:0", "0:s:0", "-map", "1:0", "-map_metadata:s:1", "0:s:1",
                "-map", "0:2", "-map_metadata:s:2", "0:s:2",
                "-map_metadata", "0", "-map_chapters", "0", "-c", "copy", "-copy_unknown",
                "-disposition:0", "default", "-disposition:1", "default", "-c:1", "aac", "-ar:1", "44100",
                "-filter:1", "atrim=end_sample=132300", "-b:1", "95297", "-disposition:2", "0", "-f", "mp4",
                "/dev/stdout",
            ])
    }

    @Test("--bitrate wins; subtitles are added as the container's text codec; a late stream keeps its offset")
    func options() {
        var late = Self.aac
        late.startTime = 0.25
        let arguments = Self.command(.mkv, stream: late, bitrate: 64_000, subtitles: "s.srt", firstSampleTime: 0.25)
            .arguments
        #expect(arguments.joined(separator: " ").contains("-itsoffset 0.250000 -i pipe:0 -f srt -i file:s.srt"))
        #expect(arguments.joined(separator: " ").contains("-b:1 64000"))
        #expect(
            Array(arguments.suffix(11)) == [
                "-map", "2:0", "-c:3", "srt", "-metadata:s:3", "title=Censored",
                "-metadata", "censor=", "-f", "matroska", "/dev/stdout",
            ])
    }

    @Test("a codec the container cannot hold becomes its first; Opus from 44.1 kHz is encoded at 48 kHz")
    func codecChoice() {
        #expect(Self.command(.webm).codec(of: Self.replacement()) == "opus")
        #expect(Self.command(.webm).encodedRate(of: Self.replacement()) == 48_000)
        #expect(Self.command(.webm).arguments.contains("libopus"))
        #expect(!Self.command(.webm).arguments.contains("-b:1"), "the source's AAC rate is not Opus's")
        #expect(
            Self.command(.m4a).codec(of: Self.replacement()) == "aac"
                && Self.command(.m4a).encodedRate(of: Self.replacement()) == 44_100)
    }

    @Test("AAC in Matroska loses its priming samples to the new encoder's; in MP4 the edit list says them")
    func priming() {
        #expect(Self.command(.mkv).primingTrim(of: Self.replacement()) == 1024)
        #expect(Self.command(.mkv).arguments.joined(separator: " ").contains("-filter:1 atrim=start_sample=1024 "))
        #expect(Self.command(.mp4).primingTrim(of: Self.replacement()) == 0)
        #expect(Self.command(.webm).primingTrim(of: Self.replacement()) == 0, "Opus's pre-skip says it")
        // Starting 0.5 s late, the edit list begins with an empty edit and shows the priming.
        let late = Self.replacement(firstSampleTime: 0.5)
        #expect(Self.command(.mp4, firstSampleTime: 0.5).primingTrim(of: late) == 1024)
        // 10 ms late: the first packet is before the start, and the edit list skips the priming.
        #expect(Self.command(.mp4, firstSampleTime: 0.01).primingTrim(of: Self.replacement(firstSampleTime: 0.01)) == 0)
    }

    @Test("QuickTime: the chapter text track is left to the muxer; the stream keeps its edit list's length")
    func quickTimeChapters() {
        let chapters = MediaProbe.Stream(
            index: 1, type: "data", codec: "bin_data", codecTag: "text", startTime: 0, duration: 3,
            disposition: [])
        let cover = MediaProbe.Stream(
            index: 2, type: "video", codec: "png", startTime: 0, duration: 3,
            disposition: ["attached_pic"])
        var aac = Self.aac
        aac.index = 0
        aac.profile = "LC"
        var probe = MediaProbe(formatName: "mov,mp4,m4a,3gp,3g2,mj2", streams: [aac, chapters, cover])
        probe.chapterCount = 2
        let command = MuxCommand(source: "in.m4a", probe: probe, replacements: [Self.replacement(aac)], container: .m4a)
        #expect(command.mappedStreams.map(\.index) == [0, 2])
        let text = command.arguments.joined(separator: " ")
        #expect(
            text.contains("-map 1:0 -map_metadata:s:0 0:s:0 -map 0:2 -map_metadata:s:1 0:s:2 -map_metadata 0"),
            "\(text)")
        #expect(text.contains("-disposition:1 attached_pic"))
        #expect(text.contains("-profile:0 aac_low -filter:0 atrim=end_sample=132300 "), "3 s at 44.1 kHz: \(text)")
        // Without chapters, a text track is a stream of its own.
        probe.chapterCount = 0
        #expect(
            MuxCommand(source: "in.m4a", probe: probe, replacements: [Self.replacement(aac)], container: .m4a)
                .mappedStreams.map(\.index) == [0, 1, 2])
    }

    @Test("Opus in Matroska is placed by its codec delay, so its packets keep the source's times; at a constant rate")
    func opusDelay() {
        var opus = Self.aac
        opus.codec = "opus"
        opus.sampleRate = 48_000
        let command = MuxCommand(
            source: "in.mkv", probe: MediaProbe(formatName: "matroska,webm", streams: [Self.video, opus]),
            replacements: [Self.replacement(opus)], container: .mkv)
        #expect(command.offset(of: Self.replacement(opus)) == 312.0 / 48_000)
        #expect(command.arguments.joined(separator: " ").contains("-itsoffset 0.006500 -i pipe:0"))
        #expect(command.arguments.joined(separator: " ").contains("-b:1 95297 -vbr:1 off"))
    }
}
