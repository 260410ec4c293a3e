import CensorKit
import Foundation
import Synchronization

/// Prints what each job did, one job's lines together, as jobs finish.
final class Printer: Sendable {
    private let arguments: Arguments
    private let total: Int
    private let lock = Mutex(())

    init(arguments: Arguments, total: Int) {
        self.arguments = arguments
        self.total = total
    }

    /// Prints one job's warnings, errors, dry-run lines, plan and summary.
    func print(_ outcome: Job.Outcome) {
        // Standard output's reader went away (`| head`): censor ends as SIGPIPE would end it.
        if case .brokenPipe? = outcome.error as? CensorError { SignalHandling.stop(on: SIGPIPE, quietly: true) }
        lock.withLock { _ in
            if let error = outcome.error {
                // With several inputs the closing summary names every failure.
                if total == 1 {
                    Console.error("Error: \(ErrorText.describe(error))")
                    if !arguments.quiet, arguments.transcriptFormat == nil,
                        let note = Messages.detectionNote(for: error)
                    {
                        Console.error(note)
                    }
                    if !arguments.quiet, let note = Messages.tierNote(for: error) { Console.error(note) }
                }
                return
            }
            if let skipped = outcome.skipped, !arguments.quiet {
                Console.error("censor: \(outcome.input): skipped: \(skipped)")
            }
            guard let report = outcome.report else { return }
            if !arguments.quiet {
                for warning in outcome.warnings { Console.error("Warning: \(warning)") }
            }
            if arguments.verbose || arguments.dryRun && !arguments.quiet, let summary = outcome.transcriptSummary {
                Console.error(summary)
            }
            if arguments.dryRun {
                if total > 1 { Console.output("# \(report.input)\n") }
                Console.output(Messages.dryRun(report))
            }
            if arguments.verbose { Console.error(lines: Messages.plan(report)) }
            if !arguments.quiet, !arguments.dryRun { Console.error(Messages.summary(report)) }
        }
    }

    /// Prints the closing list of every file with its result.
    func summarize(_ outcomes: [Job.Outcome]) {
        guard !arguments.quiet || outcomes.contains(where: { $0.error != nil }) else { return }
        let failed = outcomes.filter { $0.error != nil }.count
        var lines = [
            "censor: \(outcomes.count - failed) of \(outcomes.count) files done"
                + (failed > 0 ? ", \(failed) failed:" : ":")
        ]
        for outcome in outcomes {
            if let error = outcome.error {
                lines.append("  FAILED  \(outcome.input): \(ErrorText.describe(error))")
            } else if let skipped = outcome.skipped {
                lines.append("  skipped \(outcome.input): \(skipped)")
            } else if let report = outcome.report {
                let spans = "\(report.spans.count) span\(report.spans.count == 1 ? "" : "s")"
                lines.append("  ok      \(outcome.input)" + (report.output.map { " → \($0)" } ?? "") + " (\(spans))")
            }
        }
        lock.withLock { _ in Console.error(lines: lines) }
    }
}
