@testable import CensorKit
import Testing

/// The ffmpeg command line that writes a censored container.
@Suite struct MuxCommandTests {
    static let video = MediaProbe.Stream(
        index: 0, type: "video", codec: "h264", startTime: 0, duration: 3, disposition: ["default"])
    static let aac = MediaProbe.Stream(
        index: 1, type: "audio", codec: "aac", sampleRate: 44_100, channels: 2, channelLayout: "stereo",
        sampleFormat: "fltp", bitRate: 95_297, startTime: 0, duration: 3, disposition: ["default"])
    static let subtitle = MediaProbe.Stream(index: 2, type: "subtitle", codec: "mov_text", startTime: 0, duration: 3, disposition: [])

    static func command(_ container: MediaContainer, stream: MediaProbe.Stream = aac, bitrate: Int? = nil,
                        subtitles: String? = nil) -> MuxCommand {
        MuxCommand(source: "in.mp4", probe: MediaProbe(formatName: "mov,mp4", streams: [video, stream, subtitle]),
                   stream: stream, container: container, pcm: ("f32le", stream.sampleRate ?? 44_100, 2),
                   bitrate: bitrate, subtitles: subtitles)
    }

    @Test("every stream is mapped in order, the censored one from the pipe, re-encoded at the source's codec, rate and bit rate")
    func sameContainer() {
        #expect(Self.command(.mp4).arguments == [
            "-nostdin", "-v", "error", "-y", "-copyts", "-i", "file:in.mp4",
            "-f", "f32le", "-sample_rate", "44100", "-ch_layout", "stereo", "-i", "pipe:0",
            "-map", "0:0", "-map_metadata:s:0", "0:s:0", "-map", "1:a:0", "-map_metadata:s:1", "0:s:1",
            "-map", "0:2", "-map_metadata:s:2", "0:s:2",
            "-map_metadata", "0", "-map_chapters", "0", "-c", "copy", "-copy_unknown",
            "-c:1", "aac", "-ar:1", "44100", "-b:1", "95297", "-disposition:1", "default",
            "-f", "mp4", "/dev/stdout",
        ])
    }

    @Test("--bitrate wins; subtitles are added as the container's text codec; a late stream keeps its offset")
    func options() {
        var late = Self.aac
        late.startTime = 0.25
        let arguments = Self.command(.mkv, stream: late, bitrate: 64_000, subtitles: "s.srt").arguments
        #expect(arguments.joined(separator: " ").contains("-itsoffset 0.250000 -i pipe:0 -f srt -i file:s.srt"))
        #expect(arguments.joined(separator: " ").contains("-b:1 64000"))
        #expect(Array(arguments.suffix(11)) == ["-map", "2:0", "-c:3", "srt", "-metadata:s:3", "title=Censored",
                                                "-metadata", "censor=", "-f", "matroska", "/dev/stdout"])
    }

    @Test("a codec the container cannot hold becomes its first; Opus from 44.1 kHz is encoded at 48 kHz")
    func codecChoice() {
        #expect(Self.command(.webm).codec == "opus")
        #expect(Self.command(.webm).encodedRate == 48_000)
        #expect(Self.command(.webm).arguments.contains("libopus"))
        #expect(!Self.command(.webm).arguments.contains("-b:1"), "the source's AAC rate is not Opus's")
        #expect(Self.command(.m4a).codec == "aac" && Self.command(.m4a).encodedRate == 44_100)
    }

    @Test("AAC in Matroska loses its priming samples to the new encoder's; in MP4 the edit list says them")
    func priming() {
        #expect(Self.command(.mkv).primingTrim == 1024)
        #expect(Self.command(.mkv).arguments.joined(separator: " ").contains("-filter:1 atrim=start_sample=1024"))
        #expect(Self.command(.mp4).primingTrim == 0)
        #expect(Self.command(.webm).primingTrim == 0, "Opus's pre-skip says it")
    }
}
