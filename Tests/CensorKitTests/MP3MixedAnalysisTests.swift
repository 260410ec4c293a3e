import CensorTestFiles
import Foundation
import Testing

@testable import CensorKit
@testable import CensorPlanning

/// Edge refinement on a stereo MP3 analyses its channels' mean through a reader whose decoder
/// mixes them (``MP3DecodedAudio/mixed(by:)``): libmpg123 mixes the spectra before its IMDCT and
/// synthesis filter, which then run once instead of twice. The samples and
/// the refined times must be those of the channels read and mixed after.
@Suite struct MP3MixedAnalysisTests {
    /// The stream's reader and its path, with the parser's view of the stream.
    static func reader(_ path: String) throws -> MP3DecodedAudio {
        let file = try MP3File(reading: path)
        let tags = try MP3Tags(size: file.size) { try file.read(at: $0, count: $1) }
        return MP3DecodedAudio(path: path, index: try MP3FrameIndex(file: file, tags: tags), tags: tags)
    }

    @Test(
        "a stereo stream's mixing reader gives the mean of the channels mpg123 decodes, from the same frames",
        arguments: [MP3PartialDecodingTests.encodings[0], MP3PartialDecodingTests.encodings[3]])
    func mixedStretchesAreTheMean(encoding: MP3Files.Encoding) throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let path = folder.path("in.mp3")
        // A tone rising in the left channel, falling in the right, with noise: the channels differ.
        let graph =
            "aevalsrc=0.3*sin(2*PI*(200+300*t)*t)+0.05*(random(0)-0.5)|0.2*sin(2*PI*(900-100*t)*t)+0.05*(random(1)-0.5)"
            + ":s=\(encoding.rate):d=6"
        try MP3Files.make(path, encoding, source: graph)
        let audio = try Self.reader(path)
        let mixed = try #require(audio.mixed(by: ChannelMix(channelCount: 2)) as? MP3DecodedAudio)
        #expect(mixed.channelCount == 1)
        #expect(mixed.frameCount == audio.frameCount)
        let whole = try MP3Files.decode(path, channels: 2, with: "mpg123")
        let rate = encoding.rate, count = audio.frameCount
        var mean: [Float] = [], stereo: [Float] = []
        for stretch in [0..<500, rate + 7..<rate + 300, 2 * rate - 1000..<3 * rate + 17, count - 2000..<count] {
            try mixed.readFrames(stretch, into: &mean)
            try audio.readFrames(stretch, into: &stereo)
            #expect(mean.count == stretch.count)
            // Decoded from exactly the frames the two channels are decoded from.
            #expect(mixed.framesDecoded == audio.framesDecoded && mixed.framesDecoded > 0)
            // The mean of mpg123's channels but for float precision (−120 dBFS is 10⁻⁶).
            let difference = zip(stretch, mean).map { frame, sample in
                abs(sample - (whole[0][frame] + whole[1][frame]) / 2)
            }.max()
            #expect(try #require(difference) < 1e-6, "\(encoding) \(stretch)")
            #expect(MP3Files.peakDBFS(mean[...]) > -20, "\(stretch) is silent")
        }
        // A reader opened again (refinement's threads) mixes too.
        let reopen = try #require(mixed.reopener)
        var again = try reopen()
        var repeated: [Float] = []
        try again.readFrames(2 * rate..<2 * rate + 4000, into: &repeated)
        try mixed.readFrames(2 * rate..<2 * rate + 4000, into: &mean)
        #expect(again.channelCount == 1 && repeated == mean)
        // Only the plain mean is mixed by the decoder; a channel turned over (ChannelMix's
        // antiphase case) is read as two channels and mixed by the analysis.
        var antiphase = InterleavedBuffer(
            samples: (0..<8192).flatMap { frame -> [Float] in
                let sample = Float(sin(Double(frame) * 0.05)) * 0.5
                return [sample, -sample]
            }, channelCount: 2)
        let inverted = try ChannelMix(for: &antiphase)
        #expect(inverted.weights == [0.5, -0.5])
        #expect(audio.mixed(by: inverted) == nil)
        #expect(mixed.mixed(by: ChannelMix(channelCount: 1)) == nil)
    }

    @Test("a mono stream has no mixing reader")
    func monoIsNotMixed() throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let path = folder.path("in.mp3")
        try MP3Files.make(path, MP3PartialDecodingTests.encodings[1])
        let audio = try Self.reader(path)
        #expect(audio.channelCount == 1)
        #expect(audio.mixed(by: ChannelMix(channelCount: 1)) == nil)
    }

    /// The MP3 reader without its mixing reader: refinement reads its two channels and mixes them.
    struct Unmixed: FrameSource {
        let audio: MP3DecodedAudio
        var channelCount: Int { audio.channelCount }
        var frameCount: Int { audio.frameCount }
        func readFrames(_ range: Range<Int>, into buffer: inout [Float]) throws {
            try audio.readFrames(range, into: &buffer)
        }
    }

    @Test(
        "refinement places the words of spoken stereo MP3s at the same times through the mixing reader as from both channels"
    )
    func refinementUnchanged() throws {
        let (samples, truth) = try SpokenSentence.sentence(SpokenSentence.words)
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let raw = folder.path("speech.f32"), path = folder.path("speech.mp3")
        try samples.withUnsafeBytes { try Data($0).write(to: URL(fileURLWithPath: raw)) }
        // Stereo at 44.1 kHz, the right channel high-passed and quieter, over a little noise.
        try MP3Files.run(
            "ffmpeg",
            [
                "-v", "error", "-f", "f32le", "-ar", "\(SpokenSentence.rate)", "-ac", "1", "-i", raw,
                "-filter_complex",
                "[0]aresample=44100,asplit[a][b];[b]highpass=f=250,volume=0.8[c];[a][c]join=inputs=2:channel_layout=stereo",
                "-c:a", "libmp3lame", "-b:a", "128k", path,
            ])
        // The transcript 70 ms late, as recognizers' often are; every other word listed.
        let words = zip(SpokenSentence.words, truth).map { Word(text: $0, start: $1.start + 0.07, end: $1.end + 0.07) }
        let matches = stride(from: 1, to: words.count, by: 2).map { SpokenSentence.match(words, $0) }
        let planner = Planner(options: PlanOptions(), transcriptWords: words)
        var audio = try Self.reader(path)
        var unmixed = Unmixed(audio: try Self.reader(path))
        let mixed = try planner.refinedTimes(matches, sampleRate: 44100, audio: &audio, threads: 1)
        let separate = try planner.refinedTimes(matches, sampleRate: 44100, audio: &unmixed, threads: 1)
        #expect(mixed.count == matches.count)
        for (index, (one, other)) in zip(mixed, separate).enumerated() {
            let one = try #require(one), other = try #require(other)
            #expect(one.start == other.start && one.end == other.end, "\(matches[index].text): \(one) vs \(other)")
        }
        // Refinement did move edges: the comparison is not between times left as given.
        #expect(zip(mixed, matches).contains { $0.0?.start != $0.1.start || $0.0?.end != $0.1.end })
    }

    /// A stereo recording that hands out its channels' mean as a reader of its own, counting
    /// the mixes asked for and the frames read from its two channels.
    final class MixingSpy: ChannelMixingSource {
        let stereo: InterleavedBuffer
        var mixes: [ChannelMix] = []
        var framesRead = 0
        var channelCount: Int { 2 }
        var frameCount: Int { stereo.frameCount }

        init(_ stereo: InterleavedBuffer) { self.stereo = stereo }

        func readFrames(_ range: Range<Int>, into buffer: inout [Float]) throws {
            framesRead += range.count
            stereo.readFrames(range, into: &buffer)
        }

        func mixed(by mix: ChannelMix) -> (any FrameSource)? {
            mixes.append(mix)
            let samples = stereo.samples
            return InterleavedBuffer(
                samples: (0..<frameCount).map { (samples[2 * $0] + samples[2 * $0 + 1]) / 2 }, channelCount: 1)
        }
    }

    @Test(
        "after choosing the channels' mix from its probes, refinement reads a mixing recording only through its mix, to the same times"
    )
    func plannerReadsTheMix() throws {
        let (samples, truth) = try SpokenSentence.sentence(SpokenSentence.words)
        let stereo = InterleavedBuffer(samples: samples.flatMap { [$0, 0.6 * $0] }, channelCount: 2)
        let words = zip(SpokenSentence.words, truth).map { Word(text: $0, start: $1.start + 0.07, end: $1.end + 0.07) }
        let matches = stride(from: 1, to: words.count, by: 2).map { SpokenSentence.match(words, $0) }
        let planner = Planner(options: PlanOptions(), transcriptWords: words)
        var spy = MixingSpy(stereo)
        var plain = stereo
        let mixed = try planner.refinedTimes(matches, sampleRate: SpokenSentence.rate, audio: &spy, threads: 1)
        let separate = try planner.refinedTimes(matches, sampleRate: SpokenSentence.rate, audio: &plain, threads: 1)
        #expect(spy.mixes == [ChannelMix(channelCount: 2)])
        // Only the probes that chose the mix read both channels.
        #expect(spy.framesRead == ChannelMix.probes * ChannelMix.probeFrames)
        for (one, other) in zip(mixed, separate) {
            #expect(one?.start == other?.start && one?.end == other?.end)
        }
        #expect(zip(mixed, matches).contains { $0.0?.start != $0.1.start || $0.0?.end != $0.1.end })
    }
}
