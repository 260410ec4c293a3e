import Foundation
import Testing

@testable import CensorKit

/// Reading ffprobe's JSON, on streams of a real Matroska file.
@Suite struct MediaProbeTests {
    /// Three audio streams of a Blu-ray remux as ffprobe described them: TrueHD 5.1 (24-bit,
    /// its rate only in mkvmerge's `BPS-eng` statistics tag), AC-3 5.1 and a Japanese AC-3
    /// stereo track. Excerpt of `test_audio_tracks`, cdgriffith/FastFlix tests/general.py (the
    /// `format` object added; fields censor does not read left out).
    static let json = #"""
        {"streams": [
          {"index": 1, "codec_name": "truehd", "codec_type": "audio", "sample_fmt": "s32", "sample_rate": "48000",
           "channels": 6, "channel_layout": "5.1(side)", "bits_per_raw_sample": "24", "start_time": "0.000000",
           "disposition": {"default": 0, "forced": 0, "attached_pic": 0},
           "tags": {"BPS-eng": "1921846", "DURATION-eng": "00:23:38.083333333", "language": "eng", "title": "Surround 5.1"}},
          {"index": 2, "codec_name": "ac3", "codec_type": "audio", "sample_fmt": "fltp", "sample_rate": "48000",
           "channels": 6, "channel_layout": "5.1(side)", "bit_rate": "448000", "start_time": "0.000000",
           "disposition": {"default": 0, "forced": 0}, "tags": {"BPS-eng": "448000", "language": "eng"}},
          {"index": 4, "codec_name": "ac3", "codec_type": "audio", "sample_fmt": "fltp", "sample_rate": "48000",
           "channels": 2, "channel_layout": "stereo", "bit_rate": "192000", "start_time": "0.000000",
           "disposition": {"default": 0, "forced": 0}, "tags": {"BPS-eng": "192000", "language": "jpn", "title": "Stereo"}}
        ], "format": {"format_name": "matroska,webm", "bit_rate": "5714285"}}
        """#

    @Test("streams, rates, layouts and the lossless PCM each decodes to")
    func streams() throws {
        let probe = try MediaProbe(json: Data(Self.json.utf8), path: "remux.mkv")
        #expect(probe.formatName == "matroska,webm" && probe.bitRate == 5_714_285)
        #expect(probe.audioStreams.map(\.index) == [1, 2, 4])
        let trueHD = try probe.audioStream(0, path: "remux.mkv")
        #expect(trueHD.bitRate == 1_921_846, "from the statistics tag")
        #expect(MediaCodec.pcm(for: trueHD.sampleFormat, bits: trueHD.bitsPerRawSample) == "pcm_s24le")
        let stereo = try probe.audioStream(2, path: "remux.mkv")
        #expect(stereo.channels == 2 && stereo.channelLayout == "stereo" && stereo.bitRate == 192_000)
        #expect(MediaCodec.pcm(for: stereo.sampleFormat, bits: stereo.bitsPerRawSample) == "pcm_f32le")
        #expect(throws: MediaError.noSuchStream(path: "remux.mkv", index: 3, count: 3)) {
            try probe.audioStream(3, path: "remux.mkv")
        }
    }

    @Test("a file without audio says what it holds; JSON without a container is unreadable")
    func noAudio() throws {
        let video = try MediaProbe(
            json: Data(#"{"streams": [{"index": 0, "codec_type": "video", "codec_name": "h264"}], "format": {}}"#.utf8),
            path: "v.mp4")
        #expect(throws: MediaError.noAudio(path: "v.mp4", streams: "video (h264)")) {
            try video.audioStream(0, path: "v.mp4")
        }
        #expect(throws: MediaError.unreadable(path: "x", reason: "ffprobe found no container in it")) {
            try MediaProbe(json: Data("{}".utf8), path: "x")
        }
    }

    @Test("the Xing/Info header: constant or variable bit rate, LAME's quality, the ID3v2 version")
    func mp3Header() {
        var bytes: [UInt8] = [0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 4, 1, 2, 3, 4]  // ID3v2.3, 4 bytes of tag
        bytes += [0xFF, 0xFB, 0x90, 0x64] + Array(repeating: 0, count: 32)
        let info = bytes + Array("Info".utf8) + [0, 0, 0, 0] + Array(repeating: 0, count: 160)
        let constant = MP3Header(bytes: info)
        #expect(constant.id3Version == 3 && !constant.isVariable && constant.vbrQuality == nil)
        // Flags: frames, bytes, quality; LAME writes quality 100 − 10·V − q: V2 → 78.
        let xing =
            bytes + Array("Xing".utf8) + [0, 0, 0, 0x0B] + [0, 0, 0, 9] + [0, 0, 1, 0] + [0, 0, 0, 78]
            + Array(repeating: 0, count: 160)
        let variable = MP3Header(bytes: xing)
        #expect(variable.isVariable && variable.vbrQuality == 2)
    }
}
