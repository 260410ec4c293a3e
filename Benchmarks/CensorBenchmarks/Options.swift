import Foundation

/// The command line of `CensorBenchmarks`.
struct Options {
    /// How much to run.
    enum Mode: String {
        /// Fewer runs, no baseline over 30 s, no 1-hour file: about 4 minutes.
        case quick
        /// What `make bench` runs: every case, and every baseline projected under five minutes:
        /// about 10 minutes.
        case standard
        /// Adds the 1-hour memory case (a 690 MB WAV, deleted afterwards).
        case full
    }

    enum OutputFormat: String, CaseIterable {
        case text, markdown, json
    }

    var mode = Mode.standard
    var format = OutputFormat.text
    var filter: NSRegularExpression?
    var skip: NSRegularExpression?
    var iterations: Int?
    var warmup: Int?
    var dataFolder = "bench-data"
    var censorExecutable: String?
    /// Baseline cases projected to take longer than this are skipped.
    var baselineLimit: Double?
    var jsonOutput: String?
    var renderFrom: String?
    var list = false
    var help = false

    /// The longest a baseline case may be expected to take.
    var effectiveBaselineLimit: Double { baselineLimit ?? (mode == .quick ? 30 : 300) }

    /// Whether the case named `name` runs.
    func selects(_ name: String) -> Bool {
        let range = NSRange(name.startIndex..., in: name)
        if let filter, filter.firstMatch(in: name, range: range) == nil { return false }
        if let skip, skip.firstMatch(in: name, range: range) != nil { return false }
        return true
    }

    /// Runs as many times as the mode asks: `standard` in standard mode, fewer in quick.
    func runs(_ standard: Int, quick: Int) -> Int { mode == .quick ? quick : standard }

    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    static let usageLine =
        "Usage: CensorBenchmarks [--filter REGEX] [--format text|markdown|json] [--quick | --full] [<options>]"

    static let usage = """
        Usage: CensorBenchmarks [--filter REGEX] [--skip REGEX] [--format text|markdown|json]
                                [--quick | --full] [--iterations N] [--warmup N] [--data DIR]
                                [--censor PATH] [--baseline-limit SECONDS] [--json-out FILE]
                                [--from FILE] [--list] [--help]

        Runs censor's benchmark cases and prints min / median / p90 / max wall time, throughput
        and peak resident memory per case, then the end-to-end comparison with the baselines
        (sndfile-convert, ffmpeg filter graphs) measured in the same run, and the targets.

          --filter REGEX          run only cases whose name matches (e.g. '^dsp/', 'e2e/wav/.*/1000$')
          --skip REGEX            leave out cases whose name matches
          --format FORMAT         text (default), markdown or json, on standard output
          --quick                 fewer runs; skip baselines projected over 30 s (about 4 minutes)
          --full                  also the 1-hour memory case (writes a 690 MB WAV, deleted after)
          --iterations N          timed runs per case, overriding each case's own count
          --warmup N              untimed runs before them
          --data DIR              where generated inputs are kept (default bench-data)
          --censor PATH           the censor executable (default: beside this one)
          --baseline-limit S      skip a baseline case projected to take over S seconds
                                  (default 300; 30 with --quick)
          --json-out FILE         also write the results as JSON to FILE
          --from FILE             print results saved with --json-out instead of running
          --list                  print the names of the selected cases and exit
          --help                  print this and exit

        Progress goes to standard error.
        """

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var remaining = arguments[...]
        func value(_ option: String) throws -> String {
            guard let value = remaining.popFirst() else { throw UsageError(description: "\(option) needs a value") }
            return value
        }
        func count(_ option: String) throws -> Int {
            let text = try value(option)
            guard let number = Int(text), number >= 0 else {
                throw UsageError(description: "\(option) takes a whole number, not '\(text)'")
            }
            return number
        }
        func regex(_ option: String) throws -> NSRegularExpression {
            let pattern = try value(option)
            do {
                return try NSRegularExpression(pattern: pattern)
            } catch {
                throw UsageError(description: "\(option): '\(pattern)' is not a regular expression")
            }
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--filter": options.filter = try regex(argument)
            case "--skip": options.skip = try regex(argument)
            case "--format":
                let name = try value(argument)
                guard let format = OutputFormat(rawValue: name) else {
                    throw UsageError(description: "--format takes text, markdown or json, not '\(name)'")
                }
                options.format = format
            case "--quick": options.mode = .quick
            case "--full": options.mode = .full
            case "--iterations":
                options.iterations = try count(argument)
                if options.iterations == 0 { throw UsageError(description: "--iterations must be at least 1") }
            case "--warmup": options.warmup = try count(argument)
            case "--data": options.dataFolder = try value(argument)
            case "--censor": options.censorExecutable = try value(argument)
            case "--baseline-limit":
                let text = try value(argument)
                guard let seconds = Double(text), seconds >= 0 else {
                    throw UsageError(description: "--baseline-limit takes seconds, not '\(text)'")
                }
                options.baselineLimit = seconds
            case "--json-out": options.jsonOutput = try value(argument)
            case "--from": options.renderFrom = try value(argument)
            case "--list": options.list = true
            case "--help", "-h": options.help = true
            default: throw UsageError(description: "unknown argument '\(argument)'")
            }
        }
        return options
    }
}
