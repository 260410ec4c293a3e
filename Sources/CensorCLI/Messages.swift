import CensorKit
import Foundation

/// The texts `censor` prints about a run.
enum Messages {
    /// Seconds with three decimals; past ten million, `%.3g` (a transcript's 1e300 s would
    /// otherwise print 300 digits).
    static func seconds(_ value: Double) -> String {
        String(format: abs(value) < 1e7 ? "%.3f" : "%.3g", value)
    }

    /// The longest stretch one alignment window decodes, as help and warnings name it.
    static let alignmentWindow = "\(Int(Planner.alignmentLongestWindow)) s window"

    /// Why the transcript was read in the format whose reader then failed, when detection chose
    /// that format: the sign detection saw, and how to name another format.
    ///
    /// - Returns: A `Note:` line, or `nil` for any other error.
    static func detectionNote(for error: any Error) -> String? {
        let format: TranscriptFormat?
        switch error as? TranscriptError {
        case let .malformed(_, detected, _, _, _)?: format = detected
        case let .invalidTime(_, detected, _, _, _)?: format = detected
        default: format = nil
        }
        guard let format else { return nil }
        return "Note: the transcript was read as \(format.rawValue), detected by its content "
            + "(\(format.detectionRule)); if it is in another format, name that with "
            + "\(Option.transcriptFormat.name) (censor --list-formats lists them)"
    }

    /// How to name the tier that holds the words, when a TextGrid or MFA JSON file has none
    /// that reads as one (or none of the name given).
    ///
    /// - Returns: A `Note:` line, or `nil` for any other error.
    static func tierNote(for error: any Error) -> String? {
        guard case let .malformed(_, format?, "tiers", _, _)? = error as? TranscriptError,
            format == .textGrid || format == .mfaJSON
        else { return nil }
        return "Note: name the tier that holds the words with \(Option.tier.name) NAME"
    }

    /// `--dry-run`'s lines: start, end, the words and the list entry, tab-separated; control
    /// characters in the words escaped (and tabs, which would add a field), as messages are.
    static func dryRun(_ report: Report) -> String {
        let field = { (text: String) in
            let printable = Console.printable(text)
            // Foundation's replacing is slow on long merged spans' text: only when there is a tab.
            guard printable.utf8.contains(0x09) else { return printable }
            return printable.replacingOccurrences(of: "\t", with: "\\t")
        }
        return report.spans.map { span in
            "\(seconds(span.start))\t\(seconds(span.end))\t\(field(span.text))\t\(field(span.pattern))\n"
        }.joined()
    }

    /// The one-line summary of a censored file.
    static func summary(_ report: Report) -> String {
        let output = report.output ?? "-"
        guard !report.spans.isEmpty else {
            return "censor: \(report.input): nothing matched; \(output) is a copy of it"
        }
        let rate = Double(report.sampleRate)
        let censored = report.spans.reduce(0) { $0 + $1.endFrame - $1.startFrame }
        let count = report.spans.count
        return "censor: \(report.input) → \(output): \(count) span\(count == 1 ? "" : "s") censored "
            + "(\(report.mode), \(seconds(Double(censored) / rate)) s of \(seconds(Double(report.frames) / rate)) s)"
    }

    /// `--verbose`'s plan: every span's frames, how far refinement moved the word's edges, how
    /// far snapping then moved the padded edges, and why its words were or were not aligned.
    static func plan(_ report: Report) -> [String] {
        var lines = ["censor: plan for \(report.input) (\(report.sampleRate) Hz, \(report.frames) frames):"]
        for (index, span) in report.spans.enumerated() {
            let refined =
                span.refinedStart != span.start || span.refinedEnd != span.end
                ? " refined to \(seconds(span.refinedStart))–\(seconds(span.refinedEnd)) s," : ""
            let moved =
                " snapped \(span.startFrame - span.paddedStartFrame)/+\(span.endFrame - span.paddedEndFrame) frames,"
            lines.append(
                "  \(index + 1). \(seconds(span.start))–\(seconds(span.end)) s '\(span.text)' [\(span.pattern)]:"
                    + "\(refined) core \(span.startFrame)..<\(span.endFrame),\(moved) "
                    + "fades \(span.fadeStartFrame)..<\(span.startFrame) and \(span.endFrame)..<\(span.fadeEndFrame)"
                    + (span.alignment.map { "; " + $0.joined(separator: ", ") } ?? ""))
        }
        return lines
    }
}
