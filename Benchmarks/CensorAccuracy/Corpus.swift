import CensorKit
import Foundation

/// One word as spoken in a recording: its text and its true range, in frames.
struct SpokenWord {
    var text: String
    var range: Range<Int>
    var isCensored: Bool
}

/// How words follow each other.
enum Pacing: String, CaseIterable {
    /// With pauses of 40–400 ms, as in careful speech.
    case pauses
    /// With 0–30 ms between words, as in connected speech (without its coarticulation).
    case connected

    /// The pause after a word, in seconds.
    var range: ClosedRange<Double> {
        switch self {
        case .pauses: 0.04...0.40
        case .connected: 0...0.03
        }
    }
}

/// A recording of the corpus: a voice's words one after another, over a background.
struct Recording {
    var name: String
    /// Where it comes from: "espeak-ng", or a real-speech source (``RealSpeech``).
    var source = "espeak-ng"
    var sampleRate = Corpus.sampleRate
    var pacing: Pacing
    var voice: String
    var wordsPerMinute: Int
    var background: Background
    /// The speech alone, for measuring each word's energy.
    var speech: [Float]
    /// Speech plus background: what censor reads.
    var mix: [Float]
    var words: [SpokenWord]
}

/// What plays under the speech.
enum Background: String, CaseIterable {
    case clean, brown, pink, music

    /// The speech-to-background ratio, in dB of RMS over the words.
    var snr: Double {
        switch self {
        case .clean: .infinity
        case .brown: 15
        case .pink: 20
        case .music: 15
        }
    }
}

/// Builds the corpus word by word with espeak-ng and sox, so every word's true range is known.
///
/// Words are synthesized one at a time (cached under `directory/words/`), trimmed to where their
/// sound is (−60 dB of the word's peak), given a random level within 6 dB, and laid end to end
/// with random pauses; backgrounds are made by sox at a fixed SNR.
struct Corpus {
    static let sampleRate = 22_050
    static let censored = [
        "fuck", "fucking", "shit", "bullshit", "damn", "bitch", "hell", "crap", "bastard",
        "asshole", "dick", "piss", "goddamn", "motherfucker",
    ]
    static let ordinary = [
        "the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "we", "went", "to",
        "market", "yesterday", "and", "bought", "some", "fresh", "apples", "then", "walked",
        "home", "slowly", "through", "park", "sunshine", "weather", "was", "really", "nice",
        "today", "people", "talking", "about", "music", "coffee", "table", "window", "seven",
        "happy", "children", "is", "a", "it", "so", "big", "after", "station", "question",
    ]
    static let voices = ["en-us", "en-gb+f3", "en-us+m3", "en-gb-scotland+f2"]
    static let rates = [130, 175, 220]
    static let wordsPerRecording = 48
    static let censoredShare = 0.25

    let directory: String

    /// Every recording: each voice at each rate and pacing, over each background.
    func recordings() throws -> [Recording] {
        var result: [Recording] = []
        for pacing in Pacing.allCases {
            for (voiceIndex, voice) in Self.voices.enumerated() {
                for (rateIndex, rate) in Self.rates.enumerated() {
                    var random = SeededRandom(seed: UInt64(1000 + voiceIndex * 10 + rateIndex))
                    let (speech, words) = try speak(voice: voice, rate: rate, pacing: pacing, random: &random)
                    let speechPower =
                        words.reduce(0.0) { sum, word in
                            sum + speech[word.range].reduce(0.0) { $0 + Double($1) * Double($1) }
                        } / Double(words.reduce(0) { $0 + $1.range.count })
                    for background in Background.allCases {
                        var mix = speech
                        if background != .clean {
                            let noise = try backgroundAudio(background, frames: speech.count)
                            let noisePower = noise.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(noise.count)
                            let gain = Float((speechPower / noisePower / pow(10, background.snr / 10)).squareRoot())
                            for index in mix.indices { mix[index] += gain * noise[index] }
                        }
                        let name = "\(pacing.rawValue)-\(voice)-\(rate)-\(background.rawValue)".replacingOccurrences(
                            of: "+", with: "_")
                        result.append(
                            Recording(
                                name: name, pacing: pacing, voice: voice, wordsPerMinute: rate, background: background,
                                speech: speech, mix: mix, words: words))
                    }
                }
            }
        }
        return result
    }

    /// One voice's words laid end to end, the same words in the same order for each pacing.
    private func speak(voice: String, rate: Int, pacing: Pacing, random: inout SeededRandom) throws -> (
        [Float], [SpokenWord]
    ) {
        let lead = Int(0.6 * Double(Self.sampleRate))
        var speech = [Float](repeating: 0, count: lead)
        var words: [SpokenWord] = []
        var lastCensored = false
        for _ in 0..<Self.wordsPerRecording {
            // No two censored words in a row, so each censored word has ordinary neighbours.
            let isCensored = !lastCensored && random.uniform(0...1) < Self.censoredShare / (1 - Self.censoredShare)
            lastCensored = isCensored
            let list = isCensored ? Self.censored : Self.ordinary
            let text = list[Int(random.next() % UInt64(list.count))]
            let audio = try word(text, voice: voice, rate: rate)
            let gain = Float(pow(10, random.uniform(-6...0) / 20))
            let start = speech.count
            speech += audio.map { $0 * gain }
            words.append(SpokenWord(text: text, range: start..<speech.count, isCensored: isCensored))
            speech += [Float](repeating: 0, count: Int(random.uniform(pacing.range) * Double(Self.sampleRate)))
        }
        speech += [Float](repeating: 0, count: lead)
        return (speech, words)
    }

    /// One word from espeak-ng, trimmed to its sound.
    private func word(_ text: String, voice: String, rate: Int) throws -> [Float] {
        let folder = "\(directory)/words/\(voice)-\(rate)".replacingOccurrences(of: "+", with: "_")
        let path = "\(folder)/\(text).wav"
        if !FileManager.default.fileExists(atPath: path) {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Shell.run("espeak-ng", ["-v", voice, "-s", String(rate), "-w", path, text])
        }
        var samples = try Self.read(path)
        let peak = samples.reduce(0) { max($0, abs($1)) }
        let threshold = peak * 0.001
        guard let first = samples.firstIndex(where: { abs($0) > threshold }),
            let last = samples.lastIndex(where: { abs($0) > threshold })
        else { return [] }
        samples = Array(samples[first...last])
        return samples
    }

    /// Background audio of `frames` frames, made by sox (cached).
    private func backgroundAudio(_ background: Background, frames: Int) throws -> [Float] {
        let folder = "\(directory)/background"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let seconds = String(format: "%.3f", Double(frames) / Double(Self.sampleRate) + 1)
        let path = "\(folder)/\(background.rawValue)-\(seconds).wav"
        if !FileManager.default.fileExists(atPath: path) {
            let rate = String(Self.sampleRate)
            switch background {
            case .clean: return [Float](repeating: 0, count: frames)
            case .brown, .pink:
                try Shell.run(
                    "sox",
                    ["-n", "-r", rate, "-c", "1", "-b", "16", path, "synth", seconds, "\(background.rawValue)noise"])
            case .music:
                // A four-chord loop: plucked triads over a sine bass, 0.8 s a chord.
                let chords = [
                    ["C3", "E3", "G3", "C2"], ["A2", "C3", "E3", "A1"], ["F2", "A2", "C3", "F1"],
                    ["G2", "B2", "D3", "G1"],
                ]
                var parts: [String] = []
                for (index, notes) in chords.enumerated() {
                    let wide = "\(folder)/chord\(index)-4ch.wav", mono = "\(folder)/chord\(index).wav"
                    try Shell.run(
                        "sox",
                        [
                            "-n", "-r", rate, "-c", "4", wide, "synth", "0.8",
                            "pluck", notes[0], "pluck", notes[1], "pluck", notes[2], "sine", notes[3],
                        ])
                    try Shell.run("sox", [wide, "-c", "1", mono])
                    parts.append(mono)
                }
                let loop = "\(folder)/loop.wav"
                try Shell.run("sox", parts + [loop])
                let repeats = String(Int(Double(frames) / Double(Self.sampleRate) / 3.2) + 1)
                try Shell.run("sox", [loop, "-b", "16", path, "repeat", repeats, "trim", "0", seconds])
            }
        }
        return Array(try Self.read(path).prefix(frames))
    }

    /// A mono file's samples.
    static func read(_ path: String) throws -> [Float] {
        let reader = try AudioReader(path: path)
        var samples: [Float] = []
        try reader.readFrames(0..<reader.frameCount, into: &samples)
        guard reader.channelCount == 1 else {
            return stride(from: 0, to: samples.count, by: reader.channelCount).map { samples[$0] }
        }
        return samples
    }
}
