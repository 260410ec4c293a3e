import CensorKit
import Foundation

/// The transcript conditions the real-speech targets are set for.
let realConditions = [Condition(), Condition(jitter: 0.15), Condition(shift: 0.12), Condition(shift: -0.12)]
/// Those, and smaller jitter measured only when `--conditions` names it: times about as far off
/// as a good recognizer's.
let namedRealConditions = realConditions + [Condition(jitter: 0.05), Condition(jitter: 0.1)]

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

    /// Every recording under `condition`, `trials` draws when jittered, tallied per source;
    /// with `estimated`, the times are instead those censor estimates from segments of true times
    /// (``EstimatedTimes``), marked as estimated.
    func measure(_ condition: Condition, _ planOptions: PlanOptions, estimated: Bool = false) throws -> [String: Tally]
    {
        var bySource: [String: Tally] = [:]
        for (index, recording) in recordings.enumerated() {
            for trial in 0..<(condition.jitter > 0 && !estimated ? options.trials : 1) {
                var random = SeededRandom(seed: UInt64(7919 * (index + 1) + 31 * trial + 1))
                let times =
                    estimated
                    ? try EstimatedTimes.times(of: recording, sampleRate: recording.sampleRate)
                    : condition.times(of: recording.words, sampleRate: recording.sampleRate, random: &random)
                bySource[recording.source, default: Tally()] =
                    bySource[recording.source, default: Tally()]
                    + (try Measure.run(
                        recording, times: times, options: planOptions, timesEstimated: estimated,
                        keepOutcomes: true))
            }
        }
        return bySource
    }
    func total(_ bySource: [String: Tally]) -> Tally { bySource.values.reduce(Tally(), +) }
    func row(_ tally: Tally) -> String {
        "\(percent(tally.leak)) | \(percent(Double(tally.leakyWords) / Double(max(1, tally.censoredWords)))) "
            + "(\(tally.leakyWords)/\(tally.censoredWords)) | \(percent(tally.collateral))"
    }

    let aligner = try off.replacing(align: .pocketsphinx), alignerThenOn = try on.replacing(align: .pocketsphinx)
    let aggressive = try on.replacing(refineStrategy: .aggressive)
    // "on" is the command's default; "on, align off" its refinement alone (more than 250 censored
    // words, a language other than English, or no model).
    var rows = [
        ("off", off), ("on", on), ("on, align off", try on.replacing(align: .off)), ("on, aggressive", aggressive),
    ]
    if options.align {
        rows += [
            ("PocketSphinx aligner", aligner), ("aligner, then on", alignerThenOn),
            ("aligner, then aggressive", try aggressive.replacing(align: .pocketsphinx)),
        ]
    }
    // A name that matches nothing would print empty tables as if measured.
    // "estimated" (times estimated from segments) is measured with the aligner's rows.
    let names = [
        ("--rows", options.rows, rows.map(\.0)),
        (
            "--conditions", options.conditions,
            namedRealConditions.map(\.description) + (options.align ? ["estimated"] : [])
        ),
    ]
    for (option, chosen, known) in names {
        for name in chosen ?? [] where !known.contains(name) {
            let hint =
                !options.align
                ? (option == "--rows" ? " (the aligner's rows need --align)" : " ('estimated' needs --align)") : ""
            stderr(
                "CensorAccuracy: \(option) '\(name)': expected one of "
                    + known.map { "'\($0)'" }.joined(separator: ", ") + hint)
            exit(64)
        }
    }
    if let chosen = options.rows { rows = rows.filter { chosen.contains($0.0) } }
    let conditions =
        options.conditions.map { chosen in namedRealConditions.filter { chosen.contains($0.description) } }
        ?? realConditions
    print("## Real speech: leak and collateral, refinement off and on (window \(Int(on.refineWindow * 1000)) ms)\n")
    print(
        "Corpus: \(recordings.count) recordings of people from \(sources.count) sources (\(sources.joined(separator: ", "))), "
            + "\(words) words of which \(censored) censored, " + String(format: "%.0f s", seconds) + " of audio; mute; "
            + "jittered conditions averaged over \(options.trials) draws. Leak: the censored words' energy reaching the "
            + "output above −20 dB; words leaking: censored words with more than 10 % of their energy leaked; collateral: "
            + "the other words' energy changed at all.\n")
    print("| Transcript times | Refinement | Mean leak | Words leaking > 10 % | Mean collateral |")
    print("|---|---|--:|--:|--:|")
    var results: [(condition: Condition, label: String, bySource: [String: Tally])] = []
    var aligned = Tally()
    for condition in conditions {
        for (label, planOptions) in rows {
            let bySource = try measure(condition, planOptions)
            results.append((condition, label, bySource))
            if planOptions == aligner { aligned = aligned + total(bySource) }
            print("| \(condition) | \(label) | \(row(total(bySource))) |")
        }
    }
    if options.align, options.conditions?.contains("estimated") ?? true {
        // Estimated times: censor widens them by Planner.estimatedTimeMargin unless aligned.
        for (label, planOptions) in [
            ("off", off), ("on", on), ("PocketSphinx aligner", aligner), ("aligner, then on", alignerThenOn),
        ]
        where options.rows?.contains(label) ?? true {
            print(
                "| estimated from segments of \(EstimatedTimes.wordsPerSegment) | \(label) | "
                    + "\(row(total(try measure(Condition(), planOptions, estimated: true)))) |")
        }
        if aligned.matches > 0 {
            print(
                String(
                    format: "\nPlanning time per match with the aligner (refinement off): %.1f ms.",
                    aligned.planSeconds / Double(aligned.matches) * 1000))
        }
    }

    let offResults = results.filter { $0.label == "off" }
    for (label, _) in rows where label != "off" {
        print("\n### Per source, \(label)\(offResults.isEmpty ? "" : " (collateral with refinement off beside it)")\n")
        print(
            "| Source | Transcript times | Mean leak | Words leaking > 10 % | Mean collateral |"
                + (offResults.isEmpty ? "" : " Collateral, off |"))
        print("|---|---|--:|--:|--:|" + (offResults.isEmpty ? "" : "--:|"))
        for source in sources {
            for result in results where result.label == label {
                let base = offResults.first { $0.condition.description == result.condition.description }
                print(
                    "| \(source) | \(result.condition) | \(row(result.bySource[source] ?? Tally())) |"
                        + (base.map { " \(percent($0.bySource[source]?.collateral ?? 0)) |" } ?? ""))
            }
        }
    }

    for (label, _) in rows where label != "off" {
        print("\n### Worst words, \(label)\n")
        for result in results where result.label == label {
            let outcomes = total(result.bySource).outcomes
            let leaks = outcomes.filter { $0.isCensored && $0.share > 0.1 }.sorted { $0.share > $1.share }
            let altered = outcomes.filter { !$0.isCensored && $0.share > 0.1 }.sorted { $0.share > $1.share }
            print("\(result.condition): \(leaks.count) leaking, \(altered.count) neighbours more than 10 % altered")
            for outcome in leaks.prefix(options.worst) + altered.prefix(options.worst) {
                print("- " + describe(outcome))
            }
            print("")
        }
    }
}

/// One word's outcome on a line: which word, how much, and the times that led to it.
func describe(_ outcome: Outcome) -> String {
    func times(_ pair: (Double, Double)) -> String { String(format: "%.3f–%.3f", pair.0, pair.1) }
    return
        "\(outcome.isCensored ? "leak" : "collateral") \(percent(outcome.share)) \(outcome.recording) '\(outcome.text)': "
        + "true \(times(outcome.truth)), given \(times(outcome.given))"
        + (outcome.span.map { ", span core \(times($0))" } ?? ", no span")
}
