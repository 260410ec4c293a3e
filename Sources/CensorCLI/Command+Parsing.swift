import CensorKit
import Foundation

extension Command {
    /// Parses a command line (without the program name).
    ///
    /// - Throws: ``UsageError`` saying what is wrong.
    static func parse(_ tokens: [String]) throws(UsageError) -> Command {
        var parsed = try ParsedLine(tokens)
        if parsed.flags.contains(Option.help.name) { return .help }
        if parsed.flags.contains(Option.version.name) { return .version }
        if parsed.flags.contains(Option.listFormats.name) { return .listFormats }
        if let shell = parsed.values[Option.completionScript.name] {
            guard let shell = Shell(rawValue: shell) else {
                throw UsageError("--completion '\(shell)': expected bash or zsh")
            }
            return .completion(shell)
        }
        return .censor(try parsed.arguments())
    }
}

/// A command line split into positionals, flags, single values and list sources.
private struct ParsedLine {
    var positionals: [String] = []
    var flags: Set<String> = []
    var values: [String: String] = [:]
    var lists: [Arguments.ListSource] = []

    init(_ tokens: [String]) throws(UsageError) {
        var parser = ArgumentParser(tokens)
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
            guard option.value != nil else {
                if inline != nil { throw UsageError("\(option.name) takes no value") }
                flags.insert(option.name)
                continue
            }
            let value = try parser.value(for: option, inline: inline)
            switch option.name {
            case Option.words.name:
                lists.append(.file(value))
            case Option.word.name:
                guard CensorList.Entry(parsing: value).canMatch else {
                    throw UsageError("--word '\(value)': expected a word, phrase or glob with a letter or digit")
                }
                lists.append(.word(value))
            default:
                if values[option.name] != nil { throw UsageError("\(option.name) is given more than once") }
                values[option.name] = value
            }
        }
    }

    /// The arguments of a censoring run, checked for conflicts.
    mutating func arguments() throws(UsageError) -> Arguments {
        guard !positionals.isEmpty else { throw UsageError("missing the input audio file") }
        var result = Arguments(inputs: positionals)
        result.transcript = values[Option.transcript.name]
        result.output = values[Option.output.name]
        result.outputDir = values[Option.outputDir.name]
        result.report = values[Option.report.name]
        result.labels = values[Option.labels.name]
        result.inPlace = flags.contains(Option.inPlace.name)
        result.dryRun = flags.contains(Option.dryRun.name)
        result.force = flags.contains(Option.force.name)
        result.quiet = flags.contains(Option.quiet.name)
        result.verbose = flags.contains(Option.verbose.name)
        guard !(result.quiet && result.verbose) else { throw UsageError("--quiet and --verbose contradict each other") }
        result.lists = lists
        result.alsoDefault = lists.isEmpty || flags.contains(Option.alsoDefault.name)
        result.foldDiacritics = flags.contains(Option.foldDiacritics.name)
        try checkOutputs(result)
        if let name = values[Option.transcriptFormat.name] {
            result.transcriptFormat = try choice(Option.transcriptFormat, name, TranscriptFormat.allCases)
        }
        result.outputFormat = try outputFormat()
        result.jobs = try values[Option.jobs.name].map { text throws(UsageError) in
            guard let jobs = Int(text), jobs > 0 else { throw UsageError("--jobs '\(text)': expected a whole number above 0") }
            return jobs
        } ?? ProcessInfo.processInfo.activeProcessorCount
        result.mode = try mode()
        result.plan = try planOptions()
        return result
    }

    private func checkOutputs(_ arguments: Arguments) throws(UsageError) {
        let several = arguments.inputs.count > 1
        for (option, given) in [(Option.transcript, arguments.transcript), (.output, arguments.output),
                                (.labels, arguments.labels)] where several && given != nil {
            throw UsageError("\(option.name) takes one input, but \(arguments.inputs.count) were given")
        }
        let destinations = [(Option.output.name, arguments.output != nil), (Option.outputDir.name, arguments.outputDir != nil),
                            (Option.inPlace.name, arguments.inPlace)].filter(\.1).map(\.0)
        if destinations.count > 1 {
            throw UsageError("\(destinations[0]) and \(destinations[1]) cannot be combined")
        }
        if arguments.inPlace, values[Option.format.name] != nil {
            throw UsageError("--in-place keeps the file's name, so it cannot change its container with --format")
        }
    }

    private func outputFormat() throws(UsageError) -> OutputFormat {
        var format = OutputFormat()
        if let name = values[Option.format.name] {
            format.container = try choice(Option.format, name, AudioContainer.allCases)
        }
        if let name = values[Option.encoding.name] {
            format.encoding = try choice(Option.encoding, name, AudioEncoding.allCases)
        }
        if let text = values[Option.rate.name] {
            guard let rate = Int(text), (1_000...768_000).contains(rate) else {
                throw UsageError("--rate '\(text)': expected a whole number of hertz from 1000 to 768000")
            }
            format.sampleRate = rate
        }
        if let text = values[Option.quality.name] {
            guard let quality = Double(text), (0...1).contains(quality) else {
                throw UsageError("--quality '\(text)': expected a number from 0 to 1")
            }
            format.quality = quality
        }
        return format
    }

    private func mode() throws(UsageError) -> CensorMode {
        let name = values[Option.mode.name] ?? "beep"
        let given = { (parameter: Parameter) in values["--\(parameter.name)"] != nil }
        for (parameter, mode) in [(Parameters.beepFrequency, "beep"), (Parameters.beepLevel, "beep"),
                                  (Parameters.duckGain, "duck")] where given(parameter) && name != mode {
            throw UsageError("--\(parameter.name) applies to --mode \(mode) only")
        }
        switch name {
        case "beep":
            let level: Beep.Level = given(Parameters.beepLevel) ? .peak(dBFS: try number(Parameters.beepLevel)) : .matched
            return .beep(Beep(frequency: try number(Parameters.beepFrequency), level: level))
        case "duck": return .duck(gainDB: try number(Parameters.duckGain))
        case "mute": return .mute
        default: throw UsageError("--mode '\(name)': expected beep, duck or mute")
        }
    }

    private func planOptions() throws(UsageError) -> PlanOptions {
        let pad = try number(Parameters.pad)
        let before = values["--\(Parameters.padBefore.name)"] == nil ? pad : try number(Parameters.padBefore)
        let after = values["--\(Parameters.padAfter.name)"] == nil ? pad : try number(Parameters.padAfter)
        let refine = !flags.contains(Option.noRefine.name)
        if !refine, values["--\(Parameters.refineWindow.name)"] != nil {
            throw UsageError("--\(Parameters.refineWindow.name) and \(Option.noRefine.name) contradict each other")
        }
        if !refine, values[Option.refine.name] != nil {
            throw UsageError("\(Option.refine.name) and \(Option.noRefine.name) contradict each other")
        }
        let strategyName = values[Option.refine.name] ?? RefineStrategy.conservative.rawValue
        guard let strategy = RefineStrategy(rawValue: strategyName) else {
            throw UsageError("\(Option.refine.name) '\(strategyName)': expected "
                + RefineStrategy.allCases.map(\.rawValue).joined(separator: " or "))
        }
        return PlanOptions(padBefore: before / 1000, padAfter: after / 1000, crossfade: try number(Parameters.crossfade) / 1000,
                           refine: refine, refineWindow: try number(Parameters.refineWindow) / 1000,
                           refineStrategy: strategy)
    }

    /// The value of `parameter`'s option, or its default; checked against its range.
    private func number(_ parameter: Parameter) throws(UsageError) -> Double {
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

    /// The case of `choices` whose raw value is `name`.
    private func choice<Choice: RawRepresentable<String>>(
        _ option: Option, _ name: String, _ choices: [Choice]
    ) throws(UsageError) -> Choice {
        guard let match = choices.first(where: { $0.rawValue == name }) else {
            throw UsageError("\(option.name) '\(name)': expected one of " + choices.map(\.rawValue).joined(separator: ", "))
        }
        return match
    }
}
