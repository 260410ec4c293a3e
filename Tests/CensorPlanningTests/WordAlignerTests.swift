import CensorTestFiles
import Foundation
import Testing

@testable import CensorPlanning

/// The PocketSphinx forced aligner on speech made by espeak-ng word by word, so that every
/// word's true edges are known to the sample: each word is synthesized alone, its leading and
/// trailing silence cut, and the words joined with short gaps.
@Suite struct WordAlignerTests {
    @Test("every aligned edge lies within 60 ms of the word's true edge, 35 ms on average")
    func edgesMatchTheSynthesizedWords() throws {
        let (samples, truth) = try SpokenSentence.sentence(SpokenSentence.words)
        let aligner = try WordAligner()
        let result = aligner.align(SpokenSentence.words, samples: samples, sampleRate: SpokenSentence.rate)
        let aligned = try #require(result).compactMap { $0 }
        try #require(aligned.count == SpokenSentence.words.count)
        var errors: [Double] = []
        for (index, (found, real)) in zip(aligned, truth).enumerated() {
            #expect(
                abs(found.start - real.start) <= 0.06,
                "start of \(SpokenSentence.words[index]): \(found.start) vs \(real.start)")
            #expect(
                abs(found.end - real.end) <= 0.06, "end of \(SpokenSentence.words[index]): \(found.end) vs \(real.end)")
            errors += [abs(found.start - real.start), abs(found.end - real.end)]
        }
        #expect(errors.reduce(0, +) / Double(errors.count) <= 0.035)
    }

    @Test("a word the dictionary lacks: no alignment, so the caller keeps its times")
    func unknownWord() throws {
        let (samples, _) = try SpokenSentence.sentence(["please", "remember", "the", "garden"])
        let aligner = try WordAligner()
        #expect(aligner.knows("Garden,"))
        #expect(!aligner.knows("qzxvbrl"))
        let result = aligner.align(
            ["please", "remember", "qzxvbrl", "garden"], samples: samples, sampleRate: SpokenSentence.rate)
        #expect(result == nil)
    }

    @Test(
        "a word written without its apostrophe aligns with the guessed pronunciation, within 60 ms of the dictionary's spelling"
    )
    func guessedWord() throws {
        let (samples, truth) = try SpokenSentence.sentence(["please", "don't", "remember", "the", "garden"])
        let aligner = try WordAligner()
        #expect(aligner.phones(of: "dont") == nil)
        #expect(aligner.knows("dont"))
        #expect(aligner.phones(of: "dont") == "D OW N T")
        let guessed = try #require(
            aligner.align(
                ["please", "dont", "remember", "the", "garden"], samples: samples, sampleRate: SpokenSentence.rate))
        let spelled = try #require(
            aligner.align(
                ["please", "don't", "remember", "the", "garden"], samples: samples, sampleRate: SpokenSentence.rate))
        let times = guessed.compactMap { $0 }, reference = spelled.compactMap { $0 }
        try #require(times.count == 5 && reference.count == 5)
        // The dictionary's "don't" has a second pronunciation (D OW N) the guess lacks.
        for (found, expected) in zip(times, reference) {
            #expect(
                abs(found.start - expected.start) <= 0.06 && abs(found.end - expected.end) <= 0.06,
                "\(found) vs \(expected)")
        }
        #expect(abs(times[1].start - truth[1].start) <= 0.06, "start \(times[1].start) vs \(truth[1].start)")
    }

    @Test("a window without speech (low noise, or digital silence): no alignment")
    func noSpeech() throws {
        var seed: UInt32 = 12_345
        let noise = (0..<32_000).map { _ in
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return Float(Int(seed >> 16) - 32_768) / 3_276_800
        }
        let aligner = try WordAligner()
        let inNoise = aligner.align(["please", "remember", "the", "garden"], samples: noise, sampleRate: 16_000)
        #expect(inNoise == nil)
        let inSilence = aligner.align(
            ["please", "remember"], samples: [Float](repeating: 0, count: 16_000), sampleRate: 16_000)
        #expect(inSilence == nil)
    }

    @Test("a missing model is an error naming the file and the package")
    func missingModel() {
        let error = #expect(throws: AlignmentError.self) { try WordAligner(model: "/nonexistent/en-us") }
        #expect(error == .modelMissing(path: "/nonexistent/en-us/en-us/mdef"))
        #expect(error?.description.contains("pocketsphinx-en-us") == true)
    }
}
