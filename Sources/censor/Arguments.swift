import CensorKit

/// What a `censor` command line asks for.
struct Arguments {
    var input: String
    var transcript: String
    var transcriptFormat: TranscriptFormat?
    /// `--words` files and `--word` entries, in the order given.
    var lists: [ListSource] = []
    var mode: CensorMode = .beep(Beep())
    var output: String?
    var report: String?
    var plan = PlanOptions()
    var force = false

    /// Where censor-list entries come from.
    enum ListSource {
        case file(String)
        case word(String)
    }
}

/// What the command line asks `censor` to do.
enum Command {
    case help
    case version
    case censor(Arguments)
}

extension Command {
    /// Parses a command line (without the program name).
    ///
    /// - Throws: ``UsageError`` saying what is wrong.
    static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        var parser = ArgumentParser(arguments)
        var positionals: [String] = []
        var values: [String: String] = [:]
        var lists: [Arguments.ListSource] = []
        var force = false
        while let token = parser.next() {
            guard token.hasPrefix("-"), token != "-" else {
                positionals.append(token)
                continue
            }
            if token == "--" {
                positionals += parser.rest()
                break
            }
            let (name, inline) = parser.split(token)
            guard let option = Option.all.first(where: { $0.name == name || $0.short == name }) else {
                throw UsageError(ArgumentParser.unknownOption(name))
            }
            switch option.name {
            case Option.help.name: return .help
            case Option.version.name: return .version
            case Option.force.name: force = true
            case Option.words.name: lists.append(.file(try parser.value(for: option, inline: inline)))
            case Option.word.name:
                let word = try parser.value(for: option, inline: inline)
                guard !normalizedWord(word).isEmpty else {
                    throw UsageError("--word '\(word)': expected a word or phrase with a letter or digit")
                }
                lists.append(.word(word))
            default:
                let value = try parser.value(for: option, inline: inline)
                if values[option.name] != nil { throw UsageError("\(option.name) is given more than once") }
                values[option.name] = value
            }
        }
        guard let input = positionals.first else { throw UsageError("missing the input audio file") }
        guard positionals.count == 1 else {
            throw UsageError("unexpected argument '\(positionals[1])': give one input file")
        }
        guard let transcript = values[Option.transcript.name] else {
            throw UsageError("missing --transcript <file>")
        }
        guard !lists.isEmpty else { throw UsageError("nothing to censor: give --words <file> or --word <word>") }
        var result = Arguments(input: input, transcript: transcript, lists: lists, force: force)
        result.output = values[Option.output.name]
        result.report = values[Option.report.name]
        if let name = values[Option.transcriptFormat.name] {
            guard let format = TranscriptFormat(rawValue: name) else {
                throw UsageError("--transcript-format '\(name)': expected one of "
                    + TranscriptFormat.allCases.map(\.rawValue).joined(separator: ", "))
            }
            result.transcriptFormat = format
        }
        result.mode = try mode(values)
        result.plan = try planOptions(values)
        return .censor(result)
    }

    private static func mode(_ values: [String: String]) throws(UsageError) -> CensorMode {
        let name = values[Option.mode.name] ?? "beep"
        let frequency = try number(Parameters.beepFrequency, values)
        let level = try number(Parameters.beepLevel, values)
        let gain = try number(Parameters.duckGain, values)
        func refuse(_ parameter: Parameter, unless mode: String) throws(UsageError) {
            if values["--\(parameter.name)"] != nil, name != mode {
                throw UsageError("--\(parameter.name) applies to --mode \(mode) only")
            }
        }
        try refuse(Parameters.beepFrequency, unless: "beep")
        try refuse(Parameters.beepLevel, unless: "beep")
        try refuse(Parameters.duckGain, unless: "duck")
        switch name {
        case "beep":
            let beepLevel: Beep.Level = values["--\(Parameters.beepLevel.name)"] == nil ? .matched : .peak(dBFS: level)
            return .beep(Beep(frequency: frequency, level: beepLevel))
        case "duck": return .duck(gainDB: gain)
        case "mute": return .mute
        default: throw UsageError("--mode '\(name)': expected beep, duck or mute")
        }
    }

    private static func planOptions(_ values: [String: String]) throws(UsageError) -> PlanOptions {
        let pad = try number(Parameters.pad, values)
        let before = values["--\(Parameters.padBefore.name)"] == nil ? pad : try number(Parameters.padBefore, values)
        let after = values["--\(Parameters.padAfter.name)"] == nil ? pad : try number(Parameters.padAfter, values)
        return PlanOptions(
            padBefore: before / 1000, padAfter: after / 1000,
            crossfade: try number(Parameters.crossfade, values) / 1000)
    }

    /// The value of `parameter`'s option, or its default; checked against its range.
    private static func number(_ parameter: Parameter, _ values: [String: String]) throws(UsageError) -> Double {
        guard let text = values["--\(parameter.name)"] else { return parameter.defaultValue }
        guard let value = Double(text) else {
            throw UsageError("--\(parameter.name) '\(text)': expected a number in \(parameter.unit)")
        }
        do {
            return try parameter.validate(value)
        } catch {
            throw UsageError(error.description)
        }
    }
}
