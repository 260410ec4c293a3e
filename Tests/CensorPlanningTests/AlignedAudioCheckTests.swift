import CensorTestFiles
import Foundation
import Testing

@testable import CensorPlanning

/// The aligner's times checked against the audio (``Planner/doubtedAlignment(aligned:moved:alignedPower:givenPower:)``),
/// on espeak-ng speech with a breath (shaped noise, 35 dB under the words) and a pause before
/// "party": an aligned span over the breath, or one word early, is doubted and the transcript's
/// span is censored with it; the aligner's span on the word is taken.
@Suite struct AlignedAudioCheckTests {
    /// "the garden", a 0.35 s breath, 0.3 s of silence, "party starts", and the times of the
    /// breath and of each word.
    static func recording() throws -> (samples: [Float], breath: TimeRange, words: [TimeRange]) {
        let rate = Double(SpokenSentence.rate)
        var samples = [Float](repeating: 0, count: Int(0.3 * rate))
        var words: [TimeRange] = []
        var breath = TimeRange(0, 0)
        var seed: UInt32 = 12_345, smoothed: Float = 0
        for word in ["the", "garden", "party", "starts"] {
            if word == "party" {
                let count = Int(0.35 * rate), start = Double(samples.count) / rate
                for index in 0..<count {
                    seed = seed &* 1_664_525 &+ 1_013_904_223
                    smoothed = 0.7 * smoothed + 0.3 * (Float(Int(seed >> 16) - 32_768) / 32_768)
                    samples.append(0.02 * Float(sin(Double.pi * Double(index) / Double(count))) * smoothed)
                }
                breath = TimeRange(start, Double(samples.count) / rate)
                samples += [Float](repeating: 0, count: Int(0.3 * rate))
            } else if !words.isEmpty {
                samples += [Float](repeating: 0, count: Int(0.04 * rate))
            }
            let start = Double(samples.count) / rate
            samples += try SpokenSentence.spoken(word)
            words.append(TimeRange(start, Double(samples.count) / rate))
        }
        return (samples + [Float](repeating: 0, count: Int(0.3 * rate)), breath, words)
    }

    /// Whether the aligned span `aligned` of "party" is doubted against its true times as given.
    static func doubt(_ aligned: TimeRange) throws -> String? {
        let (samples, _, words) = try recording()
        var audio = InterleavedBuffer(samples: samples, channelCount: 1)
        var buffer: [Float] = []
        let mix = ChannelMix(channelCount: 1)
        let power = { (range: TimeRange) throws -> Double in
            try Planner.meanPower(range, sampleRate: SpokenSentence.rate, mix: mix, audio: &audio, samples: &buffer)
        }
        return Planner.doubtedAlignment(
            aligned: aligned, moved: words[2], alignedPower: try power(aligned), givenPower: try power(words[2]))
    }

    @Test("an aligned span over the breath and the pause (the word itself left out) is doubted: it holds less sound")
    func breathIsDoubted() throws {
        let (_, breath, words) = try Self.recording()
        // Over the breath and the pause up to 20 ms into the word: less than its length away.
        let aligned = TimeRange(breath.start, words[2].start + 0.02)
        #expect(
            abs((aligned.start + aligned.end) / 2 - (words[2].start + words[2].end) / 2) < aligned.end - aligned.start)
        #expect(try Self.doubt(aligned) == "its aligned span holds less sound than its transcript span")
    }

    @Test("an aligned span one word early (over \"garden\") is doubted: it moved by more than its length")
    func earlyWordIsDoubted() throws {
        let (_, _, words) = try Self.recording()
        #expect(try Self.doubt(words[1]) == "the aligner moved it by more than its length")
    }

    @Test("an aligned span on the word, 20 ms inside or outside its edges, is taken", arguments: [-0.02, 0.02])
    func wordIsTaken(by: Double) throws {
        let (_, _, words) = try Self.recording()
        #expect(try Self.doubt(TimeRange(words[2].start - by, words[2].end + by)) == nil)
    }

    @Test("the reason as the report words it")
    func reasonText() {
        #expect(
            AlignmentReason.alignedWithGiven("the aligner moved it by more than its length").description
                == "aligned, and its transcript times kept too: the aligner moved it by more than its length")
    }
}
