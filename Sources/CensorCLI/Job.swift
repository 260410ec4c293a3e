import CensorKit
import Foundation

/// Censoring one input file: find its transcript, match, plan or render, write its labels.
struct Job: Sendable {
    let input: String
    let arguments: Arguments
    let list: CensorList

    /// What became of one input.
    struct Outcome: Sendable {
        var input: String
        /// The report, when the file was censored (or planned, in a dry run).
        var report: Report?
        /// What went wrong, when it failed.
        var error: (any Error)?
        /// Warnings to print.
        var warnings: [String] = []
    }

    /// Runs the job; never throws, the outcome says how it went.
    func run(progress: (@Sendable (RenderProgress) -> Void)?) -> Outcome {
        var outcome = Outcome(input: input)
        do {
            let transcriptPath = try arguments.transcript ?? TranscriptLocator.transcript(beside: input)
            let transcript = try Self.loadTranscript(transcriptPath, format: arguments.transcriptFormat)
            if transcript.words.isEmpty {
                outcome.warnings.append("\(transcriptPath) has no timed words; nothing can be censored")
            }
            let estimated = transcript.estimatedWordCount
            if estimated > 0 {
                outcome.warnings.append("\(transcriptPath) (\(transcript.format.rawValue)) gives no times for "
                    + "\(estimated) of its \(transcript.words.count) words; theirs are estimated (from cue times and "
                    + "word lengths, or from their neighbours), so the report marks them and --pad may be wise")
            }
            let matches = list.matches(in: transcript)
            var censor = Censor(mode: arguments.mode, options: arguments.plan)
            censor.planner.transcriptWords = transcript.words
            let report: Report
            if arguments.dryRun {
                report = try censor.planFile(input: input, matches: matches)
            } else {
                report = try censor.censorFile(
                    input: input, output: outputPath, matches: matches, format: arguments.outputFormat,
                    overwrite: arguments.force, replacingInput: arguments.inPlace,
                    progress: progress)
            }
            if let labels = arguments.labels { try LabelTrack(report).write(to: labels) }
            outcome.warnings += report.skipped.map { match in
                "'\(match.text)' at \(Messages.seconds(match.start))–\(Messages.seconds(match.end)) s lies past "
                    + "the end of \(input) (\(Messages.seconds(Double(report.frames) / Double(report.sampleRate))) s); "
                    + "nothing was censored for it"
            }
            outcome.warnings += Self.disagreements(transcript: transcript, transcriptPath: transcriptPath, report: report)
            outcome.report = report
        } catch {
            outcome.error = error
        }
        return outcome
    }

    /// Where this input's result goes.
    var outputPath: String {
        if arguments.inPlace { return input }
        if let output = arguments.output { return output }
        var path = Censor.defaultOutputPath(for: input)
        if let container = arguments.outputFormat.container {
            path = URL(fileURLWithPath: path).deletingPathExtension().appendingPathExtension(container.rawValue).relativePath
        }
        guard let folder = arguments.outputDir else { return path }
        let name = URL(fileURLWithPath: arguments.outputFormat.container == nil ? input : path).lastPathComponent
        return URL(fileURLWithPath: folder).appendingPathComponent(name).relativePath
    }
}
