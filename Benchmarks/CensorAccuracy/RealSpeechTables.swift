import CensorKit
import Foundation

/// The transcript conditions the real-speech targets are set for.
let realConditions = [Condition(), Condition(jitter: 0.15), Condition(shift: 0.12), Condition(shift: -0.12)]

/// Prints the real-speech tables: overall, per source, and the worst words, for each condition
/// with refinement off and on.
func realSpeechTables(options: Options, off: PlanOptions, on: PlanOptions) throws {
    let corpus = RealSpeech(directory: options.real)
    stderr("CensorAccuracy: fetching the real-speech corpus into \(options.real) …")
    try corpus.fetch()
    let recordings = try corpus.recordings()
    let sources = Array(Set(recordings.map(\.source))).sorted()
    let words = recordings.reduce(0) { $0 + $1.words.count }
    let censored = recordings.reduce(0) { $0 + $1.words.filter(\.isCensored).count }
    let seconds = recordings.reduce(0.0) { $0 + Double($1.mix.count) / Double($1.sampleRate) }

    /// Every recording of `source` (all when nil) under `condition`, `trials` draws when jittered;
    /// with `estimated`, the times are instead those censor estimates from segments of true times
    /// (``EstimatedTimes``), marked as estimated.
    func measure(_ condition: Condition, _ planOptions: PlanOptions, source: String? = nil, estimated: Bool = false) throws -> Tally {
        var total = Tally()
        for (index, recording) in recordings.enumerated() where source == nil || recording.source == source {
            for trial in 0..<(condition.jitter > 0 && !estimated ? options.trials : 1) {
                var random = SeededRandom(seed: UInt64(7919 * (index + 1) + 31 * trial + 1))
                let times = estimated
                    ? try EstimatedTimes.times(of: recording, sampleRate: recording.sampleRate)
                    : condition.times(of: recording.words, sampleRate: recording.sampleRate, random: &random)
                total = total + (try Measure.run(recording, times: times, options: planOptions, timesEstimated: estimated,
                                                 keepOutcomes: true))
            }
        }
        return total
    }
    func row(_ tally: Tally) -> String {
        "\(percent(tally.leak)) | \(percent(Double(tally.leakyWords) / Double(max(1, tally.censoredWords)))) "
            + "(\(tally.leakyWords)/\(tally.censoredWords)) | \(percent(tally.collateral))"
    }

    print("## Real speech: leak and collateral, refinement off and on (window \(Int(on.refineWindow * 1000)) ms)\n")
    print("Corpus: \(recordings.count) recordings of people from \(sources.count) sources (\(sources.joined(separator: ", "))), "
        + "\(words) words of which \(censored) censored, " + String(format: "%.0f s", seconds) + " of audio; mute; "
        + "jittered conditions averaged over \(options.trials) draws. Leak: the censored words' energy reaching the "
        + "output above −20 dB; words leaking: censored words with more than 10 % of their energy leaked; collateral: "
        + "the other words' energy changed at all.\n")
    print("| Transcript times | Refinement | Mean leak | Words leaking > 10 % | Mean collateral |")
    print("|---|---|--:|--:|--:|")
    var results: [(Condition, Tally)] = []
    let aligner = try off.replacing(align: .pocketsphinx), alignerThenOn = try on.replacing(align: .pocketsphinx)
    var aligned = Tally()
    for condition in realConditions {
        let aggressive = try on.replacing(refineStrategy: .aggressive)
        var rows = [("off", off), ("on", on), ("on, aggressive", aggressive)]
        if options.align { rows += [("PocketSphinx aligner", aligner), ("aligner, then on", alignerThenOn)] }
        for (label, planOptions) in rows {
            let tally = try measure(condition, planOptions)
            if planOptions == on { results.append((condition, tally)) }
            if planOptions == aligner { aligned = aligned + tally }
            print("| \(condition) | \(label) | \(row(tally)) |")
        }
    }
    if options.align {
        // Estimated times: censor widens them by Planner.estimatedTimeMargin unless aligned.
        for (label, planOptions) in [("off", off), ("on", on), ("PocketSphinx aligner", aligner), ("aligner, then on", alignerThenOn)] {
            print("| estimated from segments of \(EstimatedTimes.wordsPerSegment) | \(label) | "
                + "\(row(try measure(Condition(), planOptions, estimated: true))) |")
        }
        print(String(format: "\nPlanning time per match with the aligner (refinement off): %.1f ms.",
                     aligned.planSeconds / Double(max(1, aligned.matches)) * 1000))
    }

    print("\n### Per source, refinement on (off in brackets for collateral)\n")
    print("| Source | Transcript times | Mean leak | Words leaking > 10 % | Mean collateral | Collateral, off |")
    print("|---|---|--:|--:|--:|--:|")
    for source in sources {
        for condition in realConditions {
            let tally = try measure(condition, on, source: source)
            let base = try measure(condition, off, source: source)
            print("| \(source) | \(condition) | \(row(tally)) | \(percent(base.collateral)) |")
        }
    }

    print("\n### Worst words, refinement on\n")
    for (condition, tally) in results {
        let leaks = tally.outcomes.filter { $0.isCensored && $0.share > 0.1 }.sorted { $0.share > $1.share }
        let altered = tally.outcomes.filter { !$0.isCensored && $0.share > 0.1 }.sorted { $0.share > $1.share }
        print("\(condition): \(leaks.count) leaking, \(altered.count) neighbours more than 10 % altered")
        for outcome in leaks.prefix(options.worst) + altered.prefix(options.worst) {
            print("- " + describe(outcome))
        }
        print("")
    }
}

/// One word's outcome on a line: which word, how much, and the times that led to it.
func describe(_ outcome: Outcome) -> String {
    func times(_ pair: (Double, Double)) -> String { String(format: "%.3f–%.3f", pair.0, pair.1) }
    return "\(outcome.isCensored ? "leak" : "collateral") \(percent(outcome.share)) \(outcome.recording) '\(outcome.text)': "
        + "true \(times(outcome.truth)), given \(times(outcome.given))"
        + (outcome.span.map { ", span core \(times($0))" } ?? ", no span")
}
