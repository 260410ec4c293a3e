import CensorKit
import Foundation

extension Job {
    /// At most this many doubtful words are named in their warning.
    static let namedDoubtfulWords = 5

    /// The warnings about what was read (the library's ``CensorKit/TranscriptFinding``s in the
    /// command's words), or the error when it cannot be censored from: no timed or estimable
    /// word in a transcript that has words (exit 1; a transcript empty of speech only warns),
    /// or estimated times under `--require-word-times`.
    ///
    /// - Throws: ``TranscriptRefused``.
    static func transcriptWarnings(_ transcript: Transcript, path: String, requiringWordTimes: Bool) throws -> [String]
    {
        let heading = "\(path) (\(transcript.format.rawValue))"
        let advice = transcript.wordTimesAdvice.map { "; for word times, \($0)" } ?? ""
        let findings: [TranscriptFinding]
        do {
            findings = try transcript.findings(file: path, requiringWordTimes: requiringWordTimes)
        } catch {
            switch error.reason {
            case let .noTimedWord(untimed):
                throw TranscriptRefused(
                    message: "\(heading): none of its \(untimed) words has a time, and none could "
                        + "be estimated from a timed neighbour; nothing could be censored\(advice)")
            case let .estimatedTimes(estimated, count):
                throw TranscriptRefused(
                    message: "\(heading) gives no word times for \(estimated) of its \(count) words, and "
                        + "\(Option.requireWordTimes.name) refuses estimated times\(advice)")
            }
        }
        let lines = findings.map { finding in
            switch finding {
            case let .legacyEncoding(encoding):
                return "\(path) is not UTF-8 text; it was read as \(encoding) (give \(Option.transcriptEncoding.name) "
                    + "NAME if it is in another encoding)"
            case .noWords:
                return "\(path) has no timed words; nothing can be censored"
            case let .estimatedTimes(estimated, count):
                return "\(heading) gives no word times for \(estimated) of its \(count) words; theirs are estimated "
                    + "(spread over their cue or segment by their lengths, or placed between their neighbours), "
                    + "aligned to the audio where \(Option.align.name) can, else widened by "
                    + "\(Messages.seconds(Planner.estimatedTimeMargin)) s on each side, and marked in the report\(advice)"
            case let .untimedWords(count):
                return "\(heading): \(count) words have no time and no timed neighbour; they cannot be censored"
            }
        }
        return lines + repairWarnings(transcript, heading: heading)
    }

    /// At most this many repairs are named in their warning; the report lists every one.
    static let namedRepairs = 5

    /// The warning about what was read leniently (``CensorKit/Transcript/repairs``): the first
    /// ``namedRepairs`` with their places, then how many more.
    static func repairWarnings(_ transcript: Transcript, heading: String) -> [String] {
        guard !transcript.repairs.isEmpty else { return [] }
        let count = transcript.repairs.count
        let named = transcript.repairs.prefix(namedRepairs).map(\.description).joined(separator: "; ")
        let more =
            count > namedRepairs
            ? "; and \(count - namedRepairs) more (--report lists every one under \"repairs\")" : ""
        return [
            "\(heading): read leniently at \(count == 1 ? "1 place" : "\(count) places"), where it was slightly off: \(named)\(more)"
        ]
    }

    /// One warning per kind of doubtful word time among the matched words, naming the first
    /// few: those are the words whose censoring the doubt concerns.
    static func doubtWarnings(_ transcript: Transcript, matches: [Match], path: String) -> [String] {
        let heading = "\(path) (\(transcript.format.rawValue))"
        var doubtful: [WordDoubt: [Word]] = [:]
        for match in matches where !match.doubts.isEmpty {
            for word in transcript.words[match.wordIndices] {
                for doubt in word.doubts { doubtful[doubt, default: []].append(word) }
            }
        }
        return WordDoubt.allCases.compactMap { doubt in
            guard let words = doubtful[doubt] else { return nil }
            let named =
                words.prefix(namedDoubtfulWords).map { word in
                    "'\(word.text.trimmingCharacters(in: .whitespaces))' at \(Messages.seconds(word.start))–"
                        + "\(Messages.seconds(word.end)) s"
                }.joined(separator: ", ") + (words.count > namedDoubtfulWords ? ", …" : "")
            let one = words.count == 1
            let what: String
            switch doubt {
            case .zeroLength:
                what =
                    "\(one ? "lasts" : "last") no time at all; each is censored for "
                    + "\(Messages.seconds(WordDoubt.minimumCoreSeconds)) s around its instant"
            case .long:
                what =
                    "\(one ? "lasts" : "last") longer than \(Messages.seconds(WordDoubt.longWordSeconds)) s; censored "
                    + "as given, they may take much more than the word"
            case .lowConfidence:
                what = "\(one ? "has" : "have") a confidence below \(WordDoubt.lowConfidenceBelow); censored as given"
            }
            let count = one ? "1 word" : "\(words.count) words"
            return "\(heading): \(count) \(what) (the report marks them \"\(doubt.rawValue)\"): \(named)"
        }
    }

    /// `talk.json: whisper-json, 1284 words (0 with estimated times), 0.030–196.000 s`.
    static func summary(of transcript: Transcript, path: String) -> String {
        let range = transcript.timeRange.map { ", \(Messages.seconds($0.first))–\(Messages.seconds($0.last)) s" } ?? ""
        let count = transcript.words.count
        return "censor: transcript \(path): \(transcript.format.rawValue), \(count) word\(count == 1 ? "" : "s") "
            + "(\(transcript.estimatedWordCount) with estimated times)\(range)"
    }

    /// Warnings about a transcript and audio that do not belong together: words that start
    /// well past the end of the audio (the report's ``CensorKit/TranscriptOverrun``: a
    /// transcript of a longer recording, or of another one), and what the reader noticed about
    /// the audio itself (a truncated file, a WAV output written as RF64), and word times that do
    /// not fit the audio (the report's ``CensorKit/TimesFit``), so that every censored word was
    /// aligned, or would have been.
    static func disagreements(transcriptPath: String, report: Report) -> [String] {
        var warnings = report.warnings
        if let overrun = report.transcriptOverrun {
            let (late, count) = (overrun.lateWords, overrun.words)
            let share =
                late == count
                ? "all its \(count) words start"
                : late == 1
                    ? "1 of its \(count) words starts"
                    : "\(late) of its \(count) words start"
            warnings.append(
                "\(transcriptPath) runs to \(Messages.seconds(overrun.lastTime)) s but \(report.input) is "
                    + "\(Messages.seconds(overrun.audioSeconds)) s long: \(share) after the audio ends and cannot be censored; "
                    + "is it the transcript of this recording?")
        }
        if let fit = report.timesFit, fit.needsAlignment {
            let evidence =
                "\(transcriptPath)'s word times could not be confirmed against \(report.input)'s audio "
                + "(\(Int((fit.edgeShare * 100).rounded())) % of the word edges weighed meet a pause or dip, "
                + "\(Int((fit.chanceShare * 100).rounded())) % would by chance)"
            if fit.alignedMatches > 0 {
                warnings.append(
                    evidence + ", so every censored word was aligned to the audio with PocketSphinx "
                        + "(\(fit.alignedMatches) aligned, about 50 ms of CPU each; \(Option.align.name) off keeps the times)"
                )
            } else if fit.tooManyToAlign {
                warnings.append(
                    evidence + ", but the censored words are more than \(Option.align.name) auto aligns "
                        + "(\(Planner.autoAlignedMatches), about 50 ms of CPU each), so their times were only refined: give "
                        + "\(Option.align.name) pocketsphinx to align them all, or review the output")
            } else {
                warnings.append(
                    evidence + ", but no censored word could be aligned to the audio (a word the model lacks, "
                        + "or one lasting more than a \(Messages.alignmentWindow), is not; "
                        + "\(Option.align.name) pocketsphinx says if the model is missing), so their times were only refined: "
                        + "review the output")
            }
        }
        return warnings
    }
}

/// A transcript that was read but cannot be censored from: exit 1.
struct TranscriptRefused: Error, CustomStringConvertible {
    let message: String

    var description: String { message }
}
