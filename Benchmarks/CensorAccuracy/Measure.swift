import CensorKit
import Foundation

/// How a transcript's times differ from the truth.
struct Condition: CustomStringConvertible {
    /// Each edge moved by a uniform random amount within ±`jitter` seconds.
    var jitter: Double = 0
    /// Every time moved by this many seconds (positive: late).
    var shift: Double = 0

    var description: String {
        if jitter == 0, shift == 0 { return "exact times" }
        if shift == 0 { return "jitter ±\(Int(jitter * 1000)) ms" }
        return "all \(Int(abs(shift) * 1000)) ms \(shift > 0 ? "late" : "early")"
    }

    /// The conditions the targets are set for.
    static let all = [
        Condition(), Condition(jitter: 0.05), Condition(jitter: 0.1), Condition(jitter: 0.15),
        Condition(shift: 0.12), Condition(shift: -0.12),
    ]
    /// Errors beyond the targets', for choosing the window.
    static let stress = [Condition(jitter: 0.25), Condition(shift: 0.2), Condition(shift: -0.2)]

    /// The transcript times of `words` under this condition: each edge moved, the end kept at
    /// least 30 ms after the start, as a recognizer would keep it.
    func times(of words: [SpokenWord], sampleRate: Int, random: inout SeededRandom) -> [(Double, Double)] {
        let rate = Double(sampleRate)
        return words.map { word in
            var start = Double(word.range.lowerBound) / rate + shift
            var end = Double(word.range.upperBound) / rate + shift
            if jitter > 0 {
                start += random.uniform(-jitter...jitter)
                end += random.uniform(-jitter...jitter)
            }
            if end < start + 0.03 {
                let middle = (start + end) / 2
                start = middle - 0.015
                end = middle + 0.015
            }
            return (max(0, start), end)
        }
    }
}

/// Energy sums for leak and collateral.
struct Tally {
    /// The censored words' energy, and the part of it that reached the output above −20 dB.
    var censored = 0.0, leaked = 0.0
    /// The other words' energy, and the part of it that was changed at all.
    var other = 0.0, altered = 0.0
    /// Censored words, and those that leaked more than a tenth of their energy.
    var censoredWords = 0, leakyWords = 0
    /// Seconds spent planning, and matches planned.
    var planSeconds = 0.0, matches = 0
    /// Each word's outcome, when asked for.
    var outcomes: [Outcome] = []

    var leak: Double { censored > 0 ? leaked / censored : 0 }
    var collateral: Double { other > 0 ? altered / other : 0 }

    static func + (a: Tally, b: Tally) -> Tally {
        Tally(
            censored: a.censored + b.censored, leaked: a.leaked + b.leaked, other: a.other + b.other,
            altered: a.altered + b.altered, censoredWords: a.censoredWords + b.censoredWords,
            leakyWords: a.leakyWords + b.leakyWords, planSeconds: a.planSeconds + b.planSeconds,
            matches: a.matches + b.matches, outcomes: a.outcomes + b.outcomes)
    }
}

/// What happened to one word: the share of its energy leaked (censored) or altered (other).
struct Outcome {
    var recording: String
    var text: String
    var isCensored: Bool
    var share: Double
    /// Its true times, the transcript's, and those of the span over it (refined, when refined).
    var truth: (Double, Double)
    var given: (Double, Double)
    var span: (Double, Double)?
}

enum Measure {
    /// Plans the censored words of `recording` from `times` and measures what reaches the output.
    ///
    /// The gain each sample gets is rendered by the engine in mute mode over a signal of ones, so
    /// fades count exactly as they are rendered. A censored word's sample leaks when its gain is
    /// above 0.1 (−20 dB); an ordinary word's sample is altered when its gain is not 1. Energies are
    /// the speech's alone, without the background, and per second (squares summed over the rate),
    /// so that the totals weigh a 48 kHz recording's words as much as a 16 kHz one's.
    ///
    /// With `timesEstimated`, the matches and words are marked as estimated, so the planner
    /// widens them (and aligns them, with ``PlanOptions/align`` `.auto`).
    ///
    /// With `showLeaks`, every censored word leaking more than that share of its energy with
    /// refinement on is described on standard error.
    static func run(
        _ recording: Recording, times: [(Double, Double)], options: PlanOptions, showLeaks: Double? = nil,
        timesEstimated: Bool = false, keepOutcomes: Bool = false
    ) throws -> Tally {
        let rate = recording.sampleRate
        let matches = recording.words.indices.filter { recording.words[$0].isCensored }.map { index in
            Match(
                wordIndices: index..<(index + 1), text: recording.words[index].text,
                pattern: recording.words[index].text, start: times[index].0, end: times[index].1,
                isTimeEstimated: timesEstimated)
        }
        var audio = try AudioBuffer(samples: recording.mix, channelCount: 1, sampleRate: rate)
        let clock = ContinuousClock.now
        let words = recording.words.indices.map {
            Word(text: recording.words[$0].text, start: times[$0].0, end: times[$0].1, isTimeEstimated: timesEstimated)
        }
        let plan = try Planner(options: options, transcriptWords: words).plan(matches, sampleRate: rate, audio: &audio)
        let elapsed = ContinuousClock.now - clock
        var gains = [Float](repeating: 1, count: recording.mix.count)
        var engine = try CensorEngine(spans: plan.spans.map(\.span), mode: .mute, channelCount: 1, sampleRate: rate)
        engine.process(&gains, firstFrame: 0)

        var tally = Tally()
        tally.planSeconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        tally.matches = matches.count
        for (wordIndex, word) in recording.words.enumerated() {
            var energy = 0.0, hit = 0.0
            for index in word.range {
                let power = Double(recording.speech[index]) * Double(recording.speech[index]) / Double(rate)
                energy += power
                if word.isCensored ? gains[index] > 0.1 : gains[index] != 1 { hit += power }
            }
            if let showLeaks, word.isCensored, options.refine, hit > showLeaks * energy {
                let given = times[recording.words.firstIndex { $0.range == word.range }!]
                let span = plan.spans.first { $0.matches.contains { $0.start == given.0 } }
                FileHandle.standardError.write(
                    Data(
                        String(
                            format: "leak: %@ '%@' true %.3f–%.3f given %.3f–%.3f refined %.3f–%.3f: %.1f%%\n",
                            recording.name, word.text, Double(word.range.lowerBound) / Double(rate),
                            Double(word.range.upperBound) / Double(rate), given.0, given.1,
                            span?.refinedStart ?? given.0, span?.refinedEnd ?? given.1, 100 * hit / energy
                        ).utf8))
            }
            if keepOutcomes, energy > 0 {
                let seconds = { (frame: Int) in Double(frame) / Double(rate) }
                let span = plan.spans.first { $0.core.overlaps(word.range) || $0.modified.overlaps(word.range) }
                tally.outcomes.append(
                    Outcome(
                        recording: recording.name, text: word.text, isCensored: word.isCensored, share: hit / energy,
                        truth: (seconds(word.range.lowerBound), seconds(word.range.upperBound)),
                        given: times[wordIndex],
                        span: span.map { (seconds($0.start), seconds($0.end)) }))
            }
            if word.isCensored {
                tally.censored += energy
                tally.leaked += hit
                tally.censoredWords += 1
                if hit > 0.1 * energy { tally.leakyWords += 1 }
            } else {
                tally.other += energy
                tally.altered += hit
            }
        }
        return tally
    }
}
