import Foundation
import Testing

@testable import CensorKit

/// The PocketSphinx forced aligner on speech made by espeak-ng word by word, so that every
/// word's true edges are known to the sample: each word is synthesized alone, its leading and
/// trailing silence cut, and the words joined with short gaps.
@Suite struct WordAlignerTests {
    /// Connected speech: the words and the silence between them, in seconds.
    static let words = ["please", "remember", "the", "garden", "party", "starts", "tomorrow", "evening"]
    static let gap = 0.04

    /// One word from espeak-ng at 22 050 Hz, without its leading and trailing silence (samples
    /// below 1 % of full scale).
    static func spoken(_ word: String) throws -> [Float] {
        let data = try MP3Files.run("espeak-ng", ["--stdout", word]).output
        let samples = data.dropFirst(44).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }.map { Float($0) / 32768 }
        let first = try #require(samples.firstIndex { abs($0) > 0.01 })
        let last = try #require(samples.lastIndex { abs($0) > 0.01 })
        return Array(samples[first...last])
    }

    /// The sentence at 22 050 Hz with 0.3 s of silence before and after, and each word's true times.
    static func sentence(_ words: [String]) throws -> (samples: [Float], times: [(Double, Double)]) {
        let rate = 22_050.0
        var samples = [Float](repeating: 0, count: Int(0.3 * rate))
        var times: [(Double, Double)] = []
        for (index, word) in words.enumerated() {
            if index > 0 { samples += [Float](repeating: 0, count: Int(gap * rate)) }
            let start = Double(samples.count) / rate
            samples += try spoken(word)
            times.append((start, Double(samples.count) / rate))
        }
        samples += [Float](repeating: 0, count: Int(0.3 * rate))
        return (samples, times)
    }

    @Test("aligned word edges lie within 40 ms of espeak-ng's own, for every word of a sentence")
    func edgesMatchTheSynthesizedWords() throws {
        let (samples, truth) = try Self.sentence(Self.words)
        let aligner = try WordAligner()
        let result = aligner.align(Self.words, samples: samples, sampleRate: 22_050)
        let aligned = try #require(result)
        #expect(aligned.count == Self.words.count)
        print("ERRS", zip(aligned, truth).map { String(format: "%.0f/%.0f", ($0.start - $1.0) * 1000, ($0.end - $1.1) * 1000) })
        for (index, (found, real)) in zip(aligned, truth).enumerated() {
            #expect(abs(found.start - real.0) <= 0.04, "start of \(Self.words[index]): \(found.start) vs \(real.0)")
            #expect(abs(found.end - real.1) <= 0.04, "end of \(Self.words[index]): \(found.end) vs \(real.1)")
        }
    }
}

extension WordAlignerTests {
    @Test("a word the dictionary lacks: no alignment, so the caller keeps its times")
    func unknownWord() throws {
        let (samples, _) = try Self.sentence(["please", "remember", "the", "garden"])
        let aligner = try WordAligner()
        #expect(aligner.knows("garden"))
        #expect(!aligner.knows("qzxvbrl"))
        let result = aligner.align(["please", "remember", "qzxvbrl", "garden"], samples: samples, sampleRate: 22_050)
        #expect(result == nil)
    }

    @Test("a window without speech: no alignment")
    func noSpeech() throws {
        var random = SystemRandomNumberGenerator()
        let noise = (0..<(16_000 * 2)).map { _ in Float.random(in: -0.01...0.01, using: &random) }
        let aligner = try WordAligner()
        let result = aligner.align(["please", "remember", "the", "garden"], samples: noise, sampleRate: 16_000)
        print("NOSPEECH", result as Any)
        let silence = [Float](repeating: 0, count: 16_000)
        print("SILENCE", aligner.align(["please", "remember"], samples: silence, sampleRate: 16_000) as Any)
    }
}
