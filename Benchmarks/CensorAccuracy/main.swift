import CensorKit
import Foundation

// censor's accuracy measure: leak and collateral with the transcript's times off, edge
// refinement on and off, side by side. See BENCHMARKS.md.
//
//   swift run -c release CensorAccuracy [--data DIR] [--trials N] [--window MS] [--sweep MS,MS,…]
//                                       [--by-background] [--write-audio] [--show-leaks SHARE]
//
//   … [--real DIR] [--only real|espeak] [--worst N] [--align] [--rows LABEL;…] [--conditions NAME;…]
//
// --real: where the real-speech corpus is (fetched there by scripts/fetch-real-speech.sh when
// missing; default bench-data/real); --only: measure one corpus; --worst: how many of the worst
// words to list per real-speech condition (default 6); --align: also rows with the words first
// aligned by PocketSphinx (PlanOptions.align), and with times estimated from segments, and a
// table of the espeak-ng corpus's clean recordings aligned then refined; --rows: only these real-speech rows, by label ("off", "on", "on, align off", "on, aggressive",
// "PocketSphinx aligner", "aligner, then on", "aligner, then aggressive"; separated by ";");
// --conditions: only these real-speech conditions ("exact times", "jitter ±150 ms", "all 120 ms
// late", "all 120 ms early", and with --align "estimated"; also "jitter ±50 ms" and "jitter ±100 ms",
// measured only when named; separated by ";");
// --data: where the corpus is built (espeak-ng words and sox backgrounds are cached there);
// --trials: draws per jittered condition; --window: refinement window in ms (default: the
// Parameter's); --sweep: also a table over these windows (0 = refinement off); --by-background:
// also a table per background; --write-audio: also write each recording's mix as WAV with a
// .truth.tsv of its words' true times (start, end, word, * for censored); --show-leaks: describe
// on stderr every censored word leaking more than this share of its energy with refinement on;
// --estimated: also the leak of times estimated from segments (EstimatedTimes.swift).

struct Options {
    var data = "bench-data/accuracy"
    var trials = 3
    var window: Double?
    var sweep: [Double] = []
    var byBackground = false
    var writeAudio = false
    var showLeaks: Double?
    var estimated = false
    var real = "bench-data/real"
    var only: String?
    var worst = 6
    var align = false
    var rows: [String]?
    var conditions: [String]?

    init(_ arguments: [String]) {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--data": data = iterator.next() ?? data
            case "--trials": trials = iterator.next().flatMap(Int.init) ?? trials
            case "--window": window = iterator.next().flatMap(Double.init)
            case "--sweep": sweep = (iterator.next() ?? "").split(separator: ",").compactMap { Double($0) }
            case "--by-background": byBackground = true
            case "--write-audio": writeAudio = true
            case "--show-leaks": showLeaks = iterator.next().flatMap(Double.init)
            case "--estimated": estimated = true
            case "--real": real = iterator.next() ?? real
            case "--only": only = iterator.next()
            case "--worst": worst = iterator.next().flatMap(Int.init) ?? worst
            case "--align": align = true
            case "--rows": rows = iterator.next().map { $0.split(separator: ";").map(String.init) }
            case "--conditions": conditions = iterator.next().map { $0.split(separator: ";").map(String.init) }
            case "--help", "-h":
                print(
                    "usage: CensorAccuracy [--data DIR] [--trials N] [--window MS] [--sweep MS,MS,…] [--by-background] [--write-audio] [--show-leaks SHARE] [--real DIR] [--only real|espeak] [--worst N] [--align] [--rows LABEL;…] [--conditions NAME;…] [--estimated]"
                )
                exit(0)
            default:
                FileHandle.standardError.write(Data("CensorAccuracy: unknown argument \(argument)\n".utf8))
                exit(64)
            }
        }
    }
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
for tool in ["espeak-ng", "sox"] where !Shell.has(tool) {
    FileHandle.standardError.write(
        Data("CensorAccuracy: \(tool) is missing; run `bash scripts/install-deps.sh espeak-ng`\n".utf8))
    exit(1)
}

/// A mono 16-bit WAV file's bytes.
func wav16(_ samples: [Float], sampleRate: Int) -> Data {
    var data = Data()
    func append<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }
    data.append(contentsOf: Array("RIFF".utf8)); append(UInt32(36 + 2 * samples.count))
    data.append(contentsOf: Array("WAVEfmt ".utf8)); append(UInt32(16)); append(UInt16(1)); append(UInt16(1))
    append(UInt32(sampleRate)); append(UInt32(2 * sampleRate)); append(UInt16(2)); append(UInt16(16))
    data.append(contentsOf: Array("data".utf8)); append(UInt32(2 * samples.count))
    for sample in samples { append(Int16((max(-1, min(1, sample)) * 32767).rounded())) }
    return data
}

func stderr(_ text: String) { FileHandle.standardError.write(Data((text + "\n").utf8)) }
func percent(_ value: Double) -> String {
    value == 0 ? "0" : String(format: value < 0.001 ? "%.3f%%" : "%.2f%%", value * 100)
}

let window = options.window.map { $0 / 1000 } ?? Parameters.refineWindow.defaultValue
let off = try PlanOptions(refine: false)
// The command's defaults: `--align auto` aligns every censored word where the times do not fit the audio.
let on = try PlanOptions(refine: true, refineWindow: window, align: .auto)

if options.only != "espeak" {
    try realSpeechTables(options: options, off: off, on: on)
}
if options.only == "real" { exit(0) }

stderr("CensorAccuracy: building the corpus in \(options.data) …")
let recordings = try Corpus(directory: options.data).recordings()
let rate = Corpus.sampleRate
let censoredCount = recordings.reduce(0) { $0 + $1.words.filter(\.isCensored).count }
let wordCount = recordings.reduce(0) { $0 + $1.words.count }
let audioSeconds = recordings.reduce(0.0) { $0 + Double($1.mix.count) / Double(rate) }
stderr(
    "CensorAccuracy: \(recordings.count) recordings, \(wordCount) words (\(censoredCount) censored), "
        + String(format: "%.0f s of audio", audioSeconds))

if options.writeAudio {
    for recording in recordings {
        let base = "\(options.data)/\(recording.name)"
        try wav16(recording.mix, sampleRate: rate).write(to: URL(fileURLWithPath: base + ".wav"))
        let lines = recording.words.map { word in
            String(
                format: "%.6f\t%.6f\t%@%@", Double(word.range.lowerBound) / Double(rate),
                Double(word.range.upperBound) / Double(rate), word.text, word.isCensored ? "\t*" : "")
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: base + ".truth.tsv", atomically: true, encoding: .utf8)
    }
}

/// Leak and collateral for one condition and options, over every recording and trial.
func measure(
    _ condition: Condition, _ planOptions: PlanOptions, only background: Background? = nil, pacing: Pacing? = nil
) throws -> Tally {
    var total = Tally()
    let trials = condition.jitter > 0 ? options.trials : 1
    for (index, recording) in recordings.enumerated()
    where (background == nil || recording.background == background) && (pacing == nil || recording.pacing == pacing) {
        for trial in 0..<trials {
            var random = SeededRandom(seed: UInt64(7919 * (index / Background.allCases.count + 1) + 31 * trial + 1))
            let times = condition.times(of: recording.words, sampleRate: rate, random: &random)
            total =
                total + (try Measure.run(recording, times: times, options: planOptions, showLeaks: options.showLeaks))
        }
    }
    return total
}

print("## Leak and collateral, refinement off and on (window \(Int(window * 1000)) ms)\n")
print(
    "Corpus: \(recordings.count) recordings (\(Corpus.voices.count) espeak-ng voices × \(Corpus.rates.count) rates × "
        + "\(Pacing.allCases.count) pacings × \(Background.allCases.count) backgrounds: clean, brown noise 15 dB SNR, "
        + "pink noise 20 dB, music 15 dB), \(wordCount) words of which \(censoredCount) censored, "
        + String(format: "%.0f s", audioSeconds) + " of audio at \(rate) Hz. Pacing: pauses of "
        + "\(Int(Pacing.pauses.range.lowerBound * 1000))–\(Int(Pacing.pauses.range.upperBound * 1000)) ms between words, "
        + "or connected (\(Int(Pacing.connected.range.lowerBound * 1000))–\(Int(Pacing.connected.range.upperBound * 1000)) ms). "
        + "Jittered conditions averaged over \(options.trials) draws.\n")
print(
    "| Pacing | Transcript times | Leak, off | Leak, on | Collateral, off | Collateral, on | Words leaking >10%, off | on |"
)
print("|---|---|--:|--:|--:|--:|--:|--:|")
var costs = (off: Tally(), on: Tally())
for pacing in Pacing.allCases {
    for condition in Condition.all {
        let a = try measure(condition, off, pacing: pacing), b = try measure(condition, on, pacing: pacing)
        costs = (costs.off + a, costs.on + b)
        print(
            "| \(pacing.rawValue) | \(condition) | \(percent(a.leak)) | \(percent(b.leak)) | \(percent(a.collateral)) "
                + "| \(percent(b.collateral)) | \(a.leakyWords)/\(a.censoredWords) | \(b.leakyWords)/\(b.censoredWords) |"
        )
    }
}
print(
    String(
        format: "\nPlanning time per match: %.3f ms with refinement, %.3f ms without.",
        costs.on.planSeconds / Double(max(1, costs.on.matches)) * 1000,
        costs.off.planSeconds / Double(max(1, costs.off.matches)) * 1000))

if options.align {
    // The aligner on the clean recordings only: it costs ~40 ms per match.
    let aligned = try on.replacing(align: .pocketsphinx)
    print("\n## The PocketSphinx aligner, then refinement, clean background (leak / collateral / words leaking >10%)\n")
    print("| Pacing | Transcript times | on | aligner, then on |")
    print("|---|---|--:|--:|")
    for pacing in Pacing.allCases {
        for condition in Condition.all {
            let cells = try [on, aligned].map { planOptions in
                let tally = try measure(condition, planOptions, only: .clean, pacing: pacing)
                return
                    "\(percent(tally.leak)) / \(percent(tally.collateral)) / \(tally.leakyWords)/\(tally.censoredWords)"
            }
            print("| \(pacing.rawValue) | \(condition) | " + cells.joined(separator: " | ") + " |")
        }
    }
}

if options.byBackground {
    print("\n## By background, refinement on (leak / collateral)\n")
    print("| Pacing | Transcript times | " + Background.allCases.map(\.rawValue).joined(separator: " | ") + " |")
    print("|---|---|" + String(repeating: "--:|", count: Background.allCases.count))
    for pacing in Pacing.allCases {
        for condition in Condition.all {
            var cells: [String] = []
            for background in Background.allCases {
                let tally = try measure(condition, on, only: background, pacing: pacing)
                cells.append("\(percent(tally.leak)) / \(percent(tally.collateral))")
            }
            print("| \(pacing.rawValue) | \(condition) | " + cells.joined(separator: " | ") + " |")
        }
    }
}

if !options.sweep.isEmpty {
    print("\n## Refinement window sweep (leak / collateral)\n")
    let conditions = Condition.all + Condition.stress
    print("| Pacing | Window | " + conditions.map(\.description).joined(separator: " | ") + " |")
    print("|---|--:|" + String(repeating: "--:|", count: conditions.count))
    for pacing in Pacing.allCases {
        for milliseconds in options.sweep {
            let sweepOptions = try PlanOptions(refine: milliseconds > 0, refineWindow: milliseconds / 1000)
            var cells: [String] = []
            for condition in conditions {
                let tally = try measure(condition, sweepOptions, pacing: pacing)
                cells.append("\(percent(tally.leak)) / \(percent(tally.collateral))")
            }
            print(
                "| \(pacing.rawValue) | " + (milliseconds > 0 ? "\(Int(milliseconds)) ms" : "off") + " | "
                    + cells.joined(separator: " | ") + " |")
        }
    }
}

if options.estimated { try EstimatedTimes.report(recordings, sampleRate: rate, window: window) }
