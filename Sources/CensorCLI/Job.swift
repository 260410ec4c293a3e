import CensorKit
import Foundation

/// Censoring one input file: find its transcript, match, plan or render, and write the audio,
/// the report and the labels as one ``CensorKit/OutputTransaction``.
struct Job: Sendable {
    let input: String
    let arguments: Arguments
    let list: CensorList
    /// Files of the run no output of this job may be: inputs, censor lists, the other jobs'
    /// outputs, a combined report.
    var protected: [(path: String, role: OutputTransaction.Role)] = []
    /// What the output depends on, for a manifest job: its ``ResumeRecord`` is written beside
    /// the output, in the same transaction.
    var record: ResumeRecord.Sources?

    /// What became of one input.
    struct Outcome: Sendable {
        var input: String
        /// The report, when the file was censored (or planned, in a dry run).
        var report: Report?
        /// What went wrong, when it failed.
        var error: (any Error)?
        /// Warnings to print.
        var warnings: [String] = []
        /// Why the file was left as it is, when it was skipped (already censored in place).
        var skipped: String?
        /// What was read from the transcript, one line, for `--verbose` and `--dry-run`.
        var transcriptSummary: String?
    }

    /// Runs the job; never throws, the outcome says how it went.
    func run(progress: (@Sendable (RenderProgress) -> Void)?) -> Outcome {
        var outcome = Outcome(input: input)
        do {
            let source = try transcriptSource()
            let transcriptPath = source.name
            // A streamed input is no file an output could be (`-o -` is standard output, not input).
            let inputFile: [(path: String, role: OutputTransaction.Role)] =
                arguments.stdinStreamed ? [] : [(input, .input)]
            let transcriptFile: [(path: String, role: OutputTransaction.Role)] =
                source.subtitles == nil ? [(transcriptPath, .transcript)] : []
            let decisionsFile = arguments.decisions.map { [($0, OutputTransaction.Role.decisions)] } ?? []
            let transaction = OutputTransaction(
                overwrite: arguments.force, protecting: protected + inputFile + transcriptFile + decisionsFile)
            // The side files are checked before any work; the audio output as soon as the input is open.
            let sideFiles =
                [
                    arguments.labels, arguments.inputs.count == 1 ? arguments.report : nil, arguments.subtitles,
                    arguments.review,
                ]
                .compactMap { $0 } + arguments.markers.map(\.path)
            for path in sideFiles { try transaction.reserve(path) }
            let transcriptData =
                try source.subtitles?.srt ?? Transcript.data(path: transcriptPath, limit: arguments.maxTextSize)
            let marker =
                arguments.marker ? try ResumeRecord.Sources.markerJob(arguments, transcript: transcriptData) : nil
            if arguments.inPlace, !arguments.force, !arguments.dryRun, let marker {
                switch CensorMarker.verify(fileAt: input, job: marker) {
                case let .verified(text):
                    transaction.discard()
                    outcome.skipped = "it was censored already (\(text)); use --force to censor it again"
                    return outcome
                case let .unproven(text, reason):
                    outcome.warnings.append(
                        "'\(input)' carries a censor marker (\(text)) that proves nothing: \(reason); "
                            + "it is censored again")
                case .absent:
                    break
                }
            }
            let transcript = try Transcript(
                data: transcriptData, format: source.subtitles != nil ? .srt : arguments.transcriptFormat,
                source: transcriptPath,
                encoding: arguments.transcriptEncoding, tier: arguments.tier)
            outcome.warnings += try Self.transcriptWarnings(
                transcript, path: transcriptPath, requiringWordTimes: arguments.requireWordTimes)
            outcome.transcriptSummary = Self.summary(of: transcript, path: transcriptPath)
            var request = CensorRequest(
                input: arguments.stdinStreamed
                    ? .stream(descriptor: STDIN_FILENO, name: StdinInput.name) : .file(input),
                transcript: transcript, list: list,
                options: CensorRequest.Options(
                    mode: try SoundOption.mode(arguments.mode, soundFile: arguments.soundFile), plan: arguments.plan,
                    format: arguments.outputFormat, media: arguments.media,
                    mp3Direct: arguments.mp3Direct),
                output: arguments.dryRun ? nil : outputPath)
            request.replacingInput = arguments.inPlace
            request.transaction = transaction
            request.progress = progress
            let decisions = try arguments.decisions.map { try DecisionsFile(path: $0, limit: arguments.maxTextSize) }
            if let decisions { request = try decisions.apply(to: request) }
            let matches = request.matches
            outcome.warnings += Self.doubtWarnings(transcript, matches: matches, path: transcriptPath)
            outcome.warnings += Self.maskedWordWarnings(transcript, matches: matches, path: transcriptPath)
            request.options.marker = marker
            let (list, mask) = (list, arguments.mask)
            request.options.media.subtitleCensor = { CensoredSubtitles.censorCueText($0, list: list, mask: mask) }
            // Built only when asked for: grouping every word into cues is work a plain run need not do.
            let subtitles =
                arguments.subtitles != nil || arguments.embedSubtitles
                ? CensoredSubtitles(
                    transcript: transcript, matches: matches, mask: arguments.mask,
                    maxCharacters: arguments.maxCueCharacters)
                : nil
            if arguments.embedSubtitles, !arguments.dryRun { request.options.media.embeddedSubtitles = subtitles?.srt }
            // A manifest's inputs are known only here.
            if arguments.mode == .cut,
                let refusal = CutOption.mediaRefusal(input, output: arguments.dryRun ? nil : outputPath)
            {
                throw UsageError(refusal)
            }
            // Only a beep or a cut re-encodes an MP3 into an MP3, and neither takes the direct path.
            if !arguments.dryRun, let note = mp3ReencodeNote { outcome.warnings.append(note) }
            var report = try Censor.run(request)
            try decisions.map { try $0.decisions.check(report, path: $0.path) }
            report.transcript?.subtitleStream = source.subtitles?.index
            if input == arguments.stdinSpool { report.input = StdinInput.name }
            if let labels = arguments.labels { try transaction.write(LabelTrack(report).text, to: labels) }
            try MarkerFile.write(
                arguments.markers, report: report, fps: arguments.fps,
                probing: arguments.stdinStreamed ? nil : input, into: transaction)
            if arguments.inputs.count == 1, let path = arguments.report {
                try transaction.write(report.json(), to: path)
            }
            if let path = arguments.subtitles, var subtitles, let format = CensoredSubtitles.Format(path: path) {
                // A cut moves the words after it earlier: the subtitles follow the output.
                if report.cuts != nil {
                    subtitles = CensoredSubtitles(
                        transcript: report.retimed(transcript), matches: matches,
                        mask: arguments.mask, maxCharacters: arguments.maxCueCharacters)
                }
                try transaction.write(subtitles.text(format), to: path)
            }
            if let review = arguments.review {
                let shown =
                    subtitles
                    ?? CensoredSubtitles(
                        transcript: transcript, matches: matches, mask: arguments.mask,
                        maxCharacters: arguments.maxCueCharacters)
                try ReviewPageFile(
                    report: report, transcript: transcript, matches: matches, embedded: arguments.reviewEmbed,
                    subtitles: shown
                ).write(to: review, into: transaction)
            }
            if let record, !arguments.dryRun {
                try ResumeRecord.write(
                    sources: record, report: report, for: outputPath,
                    written: transaction.reserve(outputPath), into: transaction)
            }
            try transaction.commit()
            outcome.warnings += Self.pastTheEnd(report)
            outcome.warnings += Self.disagreements(transcriptPath: transcriptPath, report: report)
            outcome.report = report
        } catch {
            outcome.error = error
        }
        if let spool = arguments.stdinSpool, input == spool {
            outcome.input = StdinInput.name
            outcome.report?.input = StdinInput.name
            outcome.warnings = outcome.warnings.map { StdinInput.naming($0, spool: spool) }
            if let error = outcome.error, ErrorText.describe(error).contains(spool) {
                outcome.error = StdinInput.RenamedError(
                    description: StdinInput.naming(ErrorText.describe(error), spool: spool))
            }
        }
        return outcome
    }

    /// Where this input's result goes.
    var outputPath: String {
        if arguments.inPlace { return input }
        if let output = arguments.output { return output }
        var path = OutputNaming.defaultPath(for: input)
        if let container = arguments.outputFormat.container {
            path =
                URL(fileURLWithPath: path).deletingPathExtension().appendingPathExtension(container.rawValue)
                .relativePath
        }
        guard let folder = arguments.outputDir else { return path }
        let name = URL(fileURLWithPath: arguments.outputFormat.container == nil ? input : path).lastPathComponent
        return URL(fileURLWithPath: folder).appendingPathComponent(name).relativePath
    }
}

extension Job {
    /// Matches past the end of the audio that are named one a line; the rest are counted.
    static let pastTheEndNamed = 5

    /// The warnings for `report`'s matches past the end of the audio: the first
    /// ``pastTheEndNamed`` named with their times, then how many more (the report lists every
    /// one), so that a transcript of a longer recording does not bury the run's other messages.
    static func pastTheEnd(_ report: Report) -> [String] {
        let length = Messages.seconds(Double(report.frames) / Double(report.sampleRate))
        var lines = report.skipped.prefix(pastTheEndNamed).map { match in
            "'\(match.text)' at \(Messages.seconds(match.start))–\(Messages.seconds(match.end)) s lies past "
                + "the end of \(report.input) (\(length) s); nothing was censored for it"
        }
        let more = report.skipped.count - lines.count
        if more > 0 {
            lines.append(
                "\(more) more censored words lie past the end of \(report.input); nothing was censored for them "
                    + "(--report lists every one under \"skipped\")")
        }
        return lines
    }
}
