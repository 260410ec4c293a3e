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
        if parsed.flags.contains(Option.listStreams.name) {
            guard !parsed.positionals.isEmpty else { throw UsageError("\(Option.listStreams.name) needs a media file") }
            return .listStreams(parsed.positionals)
        }
        if parsed.flags.contains(Option.manPage.name) { return .manPage }
        if let shell = parsed.values[Option.completionScript.name] {
            guard let shell = Shell(rawValue: shell) else {
                throw UsageError(
                    "--completion '\(shell)': expected " + Shell.allCases.map(\.rawValue).joined(separator: ", "))
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
    /// Every `--audio-stream` value, in order.
    var audioStreams: [String] = []
    /// `--markers` and `--player-edl` files, in the order given.
    var markerFiles: [(path: String, option: String)] = []

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
            case Option.markers.name, Option.playerEDL.name:
                markerFiles.append((value, option.name))
            case Option.word.name:
                guard CensorList.Entry(parsing: value).canMatch else {
                    throw UsageError("--word '\(value)': expected a word, phrase or glob with a letter or digit")
                }
                lists.append(.word(value))
            case NumberOption.audioStream.name:
                audioStreams.append(value)
            default:
                if values[option.name] != nil { throw UsageError("\(option.name) is given more than once") }
                values[option.name] = value
            }
        }
    }

    /// The arguments of a censoring run, checked for conflicts.
    mutating func arguments() throws(UsageError) -> Arguments {
        guard !positionals.isEmpty || values[Option.manifest.name] != nil else {
            throw UsageError("missing the input audio file")
        }
        var result = Arguments(inputs: positionals)
        result.transcript = values[Option.transcript.name]
        if let text = values[Option.transcriptStream.name] {
            guard let number = Int(text), number >= 0 else {
                throw UsageError("\(Option.transcriptStream.name) '\(text)': expected a whole number from 0")
            }
            guard result.transcript == nil else {
                throw UsageError("\(Option.transcript.name) and \(Option.transcriptStream.name) contradict each other")
            }
            result.transcriptStream = number
        }
        result.output = values[Option.output.name]
        result.outputDir = values[Option.outputDir.name]
        result.report = values[Option.report.name]
        result.labels = values[Option.labels.name]
        result.review = values[Option.review.name]
        (result.markers, result.fps) = try MarkerFile.parse(
            markerFiles, fps: values[Option.fps.name], inputs: result.inputs.count)
        result.reviewEmbed = flags.contains(Option.reviewEmbed.name)
        result.decisions = values[Option.decisions.name]
        result.inPlace = flags.contains(Option.inPlace.name)
        result.marker = !flags.contains(Option.noMarker.name)
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
            result.transcriptFormat = try transcriptFormat(name)
        }
        if let name = values[Option.transcriptEncoding.name] {
            guard let encoding = TranscriptEncoding(name: name) else {
                throw UsageError(
                    "\(Option.transcriptEncoding.name) '\(name)': expected one of "
                        + TranscriptEncoding.names.map(\.name).joined(separator: ", "))
            }
            result.transcriptEncoding = encoding
        }
        result.tier = values[Option.tier.name]
        result.requireWordTimes = flags.contains(Option.requireWordTimes.name)
        result.outputFormat = try outputFormat()
        result.jobs =
            try values[Option.jobs.name].map { text throws(UsageError) in
                guard let jobs = Int(text), jobs > 0 else {
                    throw UsageError("--jobs '\(text)': expected a whole number above 0")
                }
                return jobs
            } ?? ProcessInfo.processInfo.activeProcessorCount
        result.maxTextSize = try values[Option.maxTextSize.name].map(Command.byteSize) ?? result.maxTextSize
        result.mode = try mode()
        result.soundFile = values[Option.sound.name].flatMap { SoundOption.builtIn($0) == nil ? $0 : nil }
        result.plan = try planOptions()
        result.raw = try values[Option.raw.name].map(RawAudioFormat.init(parsing:))
        try StdinInput.check(result)
        result.manifest = try ManifestOptions(values: values, flags: flags, arguments: result)
        result.mp3Direct = try mp3Direct(result)
        try mediaOptions(&result)
        try CutOption.check(result, mp3Direct: flags.contains(Option.mp3Direct.name))
        return result
    }

    private func checkOutputs(_ arguments: Arguments) throws(UsageError) {
        let several = arguments.inputs.count > 1
        for (option, given) in [
            (Option.transcript, arguments.transcript), (.output, arguments.output),
            (.labels, arguments.labels), (.review, arguments.review),
            (.decisions, arguments.decisions),
        ] where several && given != nil {
            throw UsageError("\(option.name) takes one input, but \(arguments.inputs.count) were given")
        }
        let destinations = [
            (Option.output.name, arguments.output != nil), (Option.outputDir.name, arguments.outputDir != nil),
            (Option.inPlace.name, arguments.inPlace),
        ].filter(\.1).map(\.0)
        if destinations.count > 1 {
            throw UsageError("\(destinations[0]) and \(destinations[1]) cannot be combined")
        }
        try checkReview(arguments)
        if let output = arguments.output {
            do {
                try OutputName.check(output, input: arguments.inputs.first)
            } catch {
                throw UsageError(error.description)
            }
        }
        if arguments.inPlace, values[Option.format.name] != nil {
            throw UsageError("--in-place keeps the file's name, so it cannot change its container with --format")
        }
    }

    /// `--review` compares the input with its censored version, so both must survive the run.
    private func checkReview(_ arguments: Arguments) throws(UsageError) {
        if arguments.reviewEmbed, arguments.review == nil {
            throw UsageError("\(Option.reviewEmbed.name) needs \(Option.review.name) FILE")
        }
        if arguments.review == "-" {
            throw UsageError("\(Option.review.name) writes a file; - (standard output) is not one")
        }
        if arguments.review != nil, arguments.inPlace {
            throw UsageError(
                "\(Option.review.name) compares the input with its censored version, so it cannot be "
                    + "combined with \(Option.inPlace.name), which replaces the input")
        }
    }

    private func outputFormat() throws(UsageError) -> OutputFormat {
        var container: AudioContainer?, encoding: AudioEncoding?, sampleRate: Int?, quality: Double?
        if let name = values[Option.format.name] {
            container = try choice(Option.format, name, AudioContainer.allCases)
        }
        if let name = values[Option.encoding.name] {
            encoding = try choice(Option.encoding, name, AudioEncoding.allCases)
        }
        let rateText = values[Option.rate.name], qualityText = values[Option.quality.name]
        let rateError = UsageError(
            "--rate '\(rateText ?? "")': expected a whole number of hertz from "
                + "\(Parameters.sampleRate.range.lowerBound.cleanDescription) to \(Parameters.sampleRate.range.upperBound.cleanDescription)"
        )
        let qualityError = UsageError(
            "--quality '\(qualityText ?? "")': expected a number from "
                + "\(Parameters.quality.range.lowerBound.cleanDescription) to \(Parameters.quality.range.upperBound.cleanDescription)"
        )
        if let rateText {
            guard let rate = Int(rateText) else { throw rateError }
            sampleRate = rate
        }
        if let qualityText {
            guard let value = Double(qualityText) else { throw qualityError }
            quality = value
        }
        // The ranges are the library's to check.
        do {
            return try OutputFormat(container: container, encoding: encoding, sampleRate: sampleRate, quality: quality)
        } catch {
            throw error.parameter == Parameters.sampleRate ? rateError : qualityError
        }
    }

    /// The options of videos and containers read through ffmpeg, and of censored subtitles.
    private func mediaOptions(_ result: inout Arguments) throws(UsageError) {
        // Every audio stream unless some are named; `all` names every one.
        var streams: [Int]? = nil
        if !audioStreams.isEmpty, !audioStreams.contains("all") {
            streams = try audioStreams.map { text throws(UsageError) in
                guard let number = Int(text) else {
                    throw UsageError("\(NumberOption.audioStream.name) '\(text)': expected a whole number or 'all'")
                }
                return number
            }
        }
        let bitrate = values[NumberOption.bitrate.name] != nil ? try wholeNumber(NumberOption.bitrate) : nil
        result.media = try checked([.audioStream, .bitrate]) { () throws(ParameterError) in
            try MediaOptions(audioStreams: streams, bitrate: bitrate)
        }
        result.media.direct = !flags.contains(Option.noDirect.name)
        result.subtitles = values[Option.subtitles.name]
        result.embedSubtitles = flags.contains(Option.embedSubtitles.name)
        if let path = result.subtitles {
            guard CensoredSubtitles.Format(path: path) != nil else {
                throw UsageError("--subtitles '\(path)': expected a .srt or .vtt file name")
            }
            if result.inputs.count > 1 {
                throw UsageError("--subtitles takes one input, but \(result.inputs.count) were given")
            }
        }
        let subtitling = result.subtitles != nil || result.embedSubtitles
        for name in [Option.mask.name, NumberOption.maxCueChars.name] where values[name] != nil && !subtitling {
            throw UsageError("\(name) applies to --subtitles and --embed-subtitles only")
        }
        if let name = values[Option.mask.name] { result.mask = try choice(Option.mask, name, MaskStyle.allCases) }
        let maxCueCharacters = try wholeNumber(NumberOption.maxCueChars)
        // `CensoredSubtitles` takes any length of 1 or more; the command keeps cues readable.
        result.maxCueCharacters = try checked([.maxCueChars]) { () throws(ParameterError) in
            try Parameters.maxCueCharacters.validate(maxCueCharacters)
        }
        // ffmpeg writes these with the source stream's codec and rate; libsndfile's options do not apply.
        let media = result.inputs.contains { input in
            values[Option.format.name] == nil
                && Censor.needsMedia(input: input, output: result.output ?? OutputNaming.defaultPath(for: input))
                && MediaContainer.named(byPathOf: result.output ?? input) != nil
        }
        for option in [Option.encoding, .rate, .quality] where media && values[option.name] != nil {
            throw UsageError(
                "\(option.name) applies to audio files libsndfile writes, not to videos and containers "
                    + "written through ffmpeg (their audio keeps the source's codec and rate; --bitrate sets its bit rate)"
            )
        }
        if result.embedSubtitles, let output = result.output,
            MediaContainer.named(byPathOf: output)?.embedsSubtitles != true
        {
            throw UsageError(
                "--embed-subtitles needs a video output that holds text subtitles (.mp4 .m4v .mov .mkv .webm), "
                    + "not '\(output)'")
        }
    }

    private func mode() throws(UsageError) -> CensorMode {
        let name = values[Option.mode.name] ?? "beep"
        let given = { (option: NumberOption) in values[option.name] != nil }
        for (option, mode) in [
            (NumberOption.beepFrequency, "beep"), (NumberOption.beepLevel, "beep"),
            (NumberOption.duckGain, "duck"),
        ] where given(option) && name != mode {
            throw UsageError("\(option.name) applies to --mode \(mode) only")
        }
        let sound = try SoundOption.parse(
            values[Option.sound.name], mode: name, frequencyGiven: given(NumberOption.beepFrequency))
        switch name {
        case "beep":
            let level: Beep.Level =
                given(NumberOption.beepLevel) ? .peak(dBFS: try number(NumberOption.beepLevel)) : .matched
            let frequency = try number(NumberOption.beepFrequency)
            return .beep(
                try checked([.beepFrequency, .beepLevel]) { () throws(ParameterError) in
                    try Beep(frequency: frequency, level: level, sound: sound)
                })
        case "duck":
            let mode = CensorMode.duck(gainDB: try number(NumberOption.duckGain))
            try checked([.duckGain]) { () throws(ParameterError) in try mode.validate() }
            return mode
        case "mute": return .mute
        case "cut": return .cut
        default: throw UsageError("--mode '\(name)': expected beep, duck, mute or cut")
        }
    }

    /// `--mp3-direct` (the default) or `--no-mp3-direct`, checked against what else is asked.
    private func mp3Direct(_ arguments: Arguments) throws(UsageError) -> Bool {
        guard flags.contains(Option.mp3Direct.name) else {
            return !flags.contains(Option.noMP3Direct.name) && !flags.contains(Option.noDirect.name)
        }
        for other in [Option.noMP3Direct, .noDirect] where flags.contains(other.name) {
            throw UsageError("\(Option.mp3Direct.name) and \(other.name) contradict each other")
        }
        if case .beep = arguments.mode {
            throw UsageError(
                "\(Option.mp3Direct.name) mutes or ducks the compressed data; a beep needs new audio "
                    + "(use --mode mute or duck)")
        }
        let format = arguments.outputFormat
        if format.sampleRate != nil || format.quality != nil || (format.encoding ?? .mp3) != .mp3
            || (format.container ?? .mp3) != .mp3
        {
            throw UsageError(
                "\(Option.mp3Direct.name) keeps the MP3's own encoding; it cannot be combined with "
                    + "--format, --encoding, --rate or --quality that change it")
        }
        return true
    }

    private func planOptions() throws(UsageError) -> PlanOptions {
        let pad = try number(NumberOption.pad)
        // `--pad` sets both pads; `--pad-before` and `--pad-after` each override it on one side.
        let beforeOption = values[NumberOption.padBefore.name] == nil ? NumberOption.pad : .padBefore
        let afterOption = values[NumberOption.padAfter.name] == nil ? NumberOption.pad : .padAfter
        let before = try number(beforeOption), after = try number(afterOption)
        let refine = !flags.contains(Option.noRefine.name)
        if !refine, values[NumberOption.refineWindow.name] != nil {
            throw UsageError("\(NumberOption.refineWindow.name) and \(Option.noRefine.name) contradict each other")
        }
        if !refine, values[Option.refine.name] != nil {
            throw UsageError("\(Option.refine.name) and \(Option.noRefine.name) contradict each other")
        }
        let strategyName = values[Option.refine.name] ?? RefineStrategy.conservative.rawValue
        guard let strategy = RefineStrategy(rawValue: strategyName) else {
            throw UsageError(
                "\(Option.refine.name) '\(strategyName)': expected "
                    + RefineStrategy.allCases.map(\.rawValue).joined(separator: " or "))
        }
        let crossfade = try number(NumberOption.crossfade), window = try number(NumberOption.refineWindow)
        let alignName = values[Option.align.name] ?? WordAlignment.auto.rawValue
        guard let align = WordAlignment(rawValue: alignName) else {
            throw UsageError("\(Option.align.name) '\(alignName)': expected auto, pocketsphinx or off")
        }
        // A `--pad` both sides override sets nothing, yet its value must be one it could set.
        if values[NumberOption.padBefore.name] != nil, values[NumberOption.padAfter.name] != nil {
            _ = try checked([(Parameters.padBefore, .pad), (Parameters.padAfter, .pad)]) { () throws(ParameterError) in
                try PlanOptions().replacing(padBefore: pad, padAfter: pad)
            }
        }
        let sources = [
            (Parameters.padBefore, beforeOption), (Parameters.padAfter, afterOption),
            (Parameters.crossfade, .crossfade), (Parameters.refineWindow, .refineWindow),
        ]
        var options = try checked(sources) { () throws(ParameterError) in
            try PlanOptions(
                padBefore: before, padAfter: after, crossfade: crossfade, refine: refine,
                refineWindow: window, refineStrategy: strategy, align: align)
        }
        if let language = values[Option.language.name] {
            guard !language.isEmpty, language.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "-" || $0 == "_") })
            else {
                throw UsageError(
                    "\(Option.language.name) '\(language)': expected a language code such as en, fr or de-DE")
            }
            options.language = language
        }
        return options
    }

    /// The value of `option` as given, or its parameter's default, in the parameter's unit;
    /// its range is checked by the library's initialiser it is passed to (see ``checked(_:_:)``).
    private func number(_ option: NumberOption) throws(UsageError) -> Double {
        guard let text = values[option.name] else { return option.parameter.defaultValue }
        guard let value = Double(text) else {
            throw UsageError("\(option.name) '\(text)': expected a number in \(option.unit)")
        }
        return value / option.perParameterUnit
    }

    /// What `build` makes from the numbers the options gave, with a value the library finds
    /// out of its parameter's range rendered as the usage error of the flag that gave it.
    ///
    /// - Parameters:
    ///   - sources: Which option gave each parameter's value (`--pad` may give `padBefore`).
    ///   - build: Calls the library's throwing initialisers.
    private func checked<Value>(
        _ sources: [(parameter: Parameter, option: NumberOption)], _ build: () throws(ParameterError) -> Value
    ) throws(UsageError) -> Value {
        do {
            return try build()
        } catch {
            let option = sources.first { $0.parameter == error.parameter }?.option
            guard let option else { throw UsageError("\(error)") }
            let given = values[option.name].flatMap(Double.init) ?? error.value * option.perParameterUnit
            throw option.usageError(given: given)
        }
    }

    /// ``checked(_:_:)`` for options that each give their own parameter.
    private func checked<Value>(_ options: [NumberOption], _ build: () throws(ParameterError) -> Value)
        throws(UsageError) -> Value
    {
        try checked(options.map { ($0.parameter, $0) }, build)
    }

    /// The transcript format named `name`, case-insensitively (`Deepgram`, `WebVTT`); for
    /// another name, the error suggests the closest format.
    private func transcriptFormat(_ name: String) throws(UsageError) -> TranscriptFormat {
        let key = name.lowercased()
        if let format = TranscriptFormat.allCases.first(where: { $0.rawValue == key }) { return format }
        let names = TranscriptFormat.allCases.map(\.rawValue)
        let option = Option.transcriptFormat.name
        if key.count <= 64,
            let best = names.min(by: {
                ArgumentParser.editDistance(key, $0) < ArgumentParser.editDistance(key, $1)
            }), ArgumentParser.editDistance(key, best) <= max(2, best.count / 3)
        {
            throw UsageError(
                "\(option) '\(name)': no such format; did you mean '\(best)'? (one of \(names.joined(separator: ", ")))"
            )
        }
        throw UsageError("\(option) '\(name)': expected one of " + names.joined(separator: ", "))
    }

    /// The value of `option`, or its parameter's default, as a whole number; its range is
    /// checked by the library's initialiser it is passed to.
    private func wholeNumber(_ option: NumberOption) throws(UsageError) -> Int {
        let value = try number(option)
        guard value == value.rounded() else {
            throw UsageError("\(option.name) '\(values[option.name] ?? "")': expected a whole number")
        }
        // Past Int's range (1e300, inf) it is past every parameter's range too.
        guard let whole = Int(exactly: value) else { throw option.usageError(given: value * option.perParameterUnit) }
        return whole
    }

    /// The case of `choices` whose raw value is `name`.
    private func choice<Choice: RawRepresentable<String>>(
        _ option: Option, _ name: String, _ choices: [Choice]
    ) throws(UsageError) -> Choice {
        guard let match = choices.first(where: { $0.rawValue == name }) else {
            throw UsageError(
                "\(option.name) '\(name)': expected one of " + choices.map(\.rawValue).joined(separator: ", "))
        }
        return match
    }
}

extension Command {
    /// `--max-text-size`'s value: a whole number of bytes, or of KiB, MiB or GiB with `K`, `M` or `G`.
    static func byteSize(_ text: String) throws(UsageError) -> Int {
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        let unit = text.last.flatMap { units[Character($0.uppercased())] }
        let digits = unit == nil ? Substring(text) : text.dropLast()
        guard let number = Int(digits), number > 0,
            case let (size, overflow) = number.multipliedReportingOverflow(by: unit ?? 1),
            !overflow
        else {
            throw UsageError("\(Option.maxTextSize.name) '\(text)': expected a size above 0 such as 1G, 500M or 65536")
        }
        return size
    }
}
