import CensorMatching
import Foundation

/// Speech made by espeak-ng word by word, so that every word's true edges are known to the
/// sample: each word is synthesized alone, its leading and trailing silence cut, and the words
/// joined with short gaps.
package enum SpokenSentence {
    /// The sentence, and the silence between its words in seconds.
    package static let words = ["please", "remember", "the", "garden", "party", "starts", "tomorrow", "evening"]
    package static let gap = 0.04
    package static let rate = 22_050

    /// One word from espeak-ng at 22 050 Hz, without its leading and trailing silence (samples
    /// below 1 % of full scale).
    package static func spoken(_ word: String) throws -> [Float] {
        let data = try ExternalTool.run("espeak-ng", ["--stdout", word]).output
        let samples = data.dropFirst(44).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }.map {
            Float($0) / 32768
        }
        guard let first = samples.firstIndex(where: { abs($0) > 0.01 }),
            let last = samples.lastIndex(where: { abs($0) > 0.01 })
        else {
            throw NSError(domain: "espeak-ng", code: 0, userInfo: [NSLocalizedDescriptionKey: "no sound for '\(word)'"])
        }
        return Array(samples[first...last])
    }

    /// `words` at 22 050 Hz with 0.3 s of silence before and after, and each word's true times.
    package static func sentence(_ words: [String]) throws -> (samples: [Float], times: [(start: Double, end: Double)])
    {
        let rate = Double(Self.rate)
        var samples = [Float](repeating: 0, count: Int(0.3 * rate))
        var times: [(start: Double, end: Double)] = []
        for (index, word) in words.enumerated() {
            if index > 0 { samples += [Float](repeating: 0, count: Int(gap * rate)) }
            let start = Double(samples.count) / rate
            samples += try spoken(word)
            times.append((start, Double(samples.count) / rate))
        }
        samples += [Float](repeating: 0, count: Int(0.3 * rate))
        return (samples, times)
    }

    /// A match of the transcript's word `index`.
    package static func match(_ words: [Word], _ index: Int) -> Match {
        Match(
            wordIndices: index..<(index + 1), text: words[index].text, pattern: words[index].text,
            start: words[index].start, end: words[index].end, isTimeEstimated: words[index].isTimeEstimated)
    }
}
