import CensorKit
import Foundation

extension Job {
    /// How far past the end of the audio a word may start before the transcript is taken to be
    /// of a longer recording; recognizers' last times can run a little past the audio.
    static let overrunTolerance = 1.0

    /// At most this many doubtful words are named in their warning.
    static let namedDoubtfulWords = 5

    /// Reads the transcript at `path`, once and to its end (a FIFO or `/dev/stdin` too); an
    /// empty one (no bytes, or only white space and a byte-order mark), which a recognizer that
    /// heard no speech may write, has no words rather than no recognizable format.
    static func loadTranscript(_ path: String, format: TranscriptFormat?, encoding: TranscriptEncoding) throws
        -> Transcript
    {
        let data = try Transcript.data(path: path)
        if data.count <= 64, String(decoding: data, as: UTF8.self).allSatisfy({ $0.isWhitespace || $0 == "\u{FEFF}" }) {
            return Transcript(words: [], format: format ?? .jsonWords)
        }
        return try Transcript(data: data, format: format, source: path, encoding: encoding)
    }

    /// The warnings about what was read, or the error when it cannot be censored from: no timed
    /// or estimable word in a transcript that has words (exit 1; a transcript empty of speech
    /// only warns), or estimated times under `--require-word-times`.
    ///
    /// - Throws: ``TranscriptRefused``.
    static func transcriptWarnings(_ transcript: Transcript, path: String, requiringWordTimes: Bool) throws -> [String] {
        let heading = "\(path) (\(transcript.format.rawValue))"
        let advice = transcript.wordTimesAdvice.map { "; for word times, \($0)" } ?? ""
        var warnings: [String] = []
        if let encoding = transcript.legacyEncoding {
            warnings.append("\(path) is not UTF-8 text; it was read as \(encoding) (give --transcript-encoding NAME "
                + "if it is in another encoding)")
        }
        let count = transcript.words.count
        if count == 0 {
            guard transcript.untimedWordCount == 0 else {
                throw TranscriptRefused(
                    message: "\(heading): none of its \(transcript.untimedWordCount) words has a time, and none could "
                        + "be estimated from a timed neighbour; nothing could be censored\(advice)")
            }
            warnings.append("\(path) has no timed words; nothing can be censored")
        }
        let estimated = transcript.estimatedWordCount
        if estimated > 0 {
            let share = "\(estimated) of its \(count) words"
            if requiringWordTimes {
                throw TranscriptRefused(
                    message: "\(heading) gives no word times for \(share), and --require-word-times refuses "
                        + "estimated times\(advice)")
            }
            warnings.append("\(heading) gives no word times for \(share); theirs are estimated (spread over their "
                + "cue or segment by their lengths, or placed between their neighbours), aligned to the audio "
                + "where --align can, else widened by \(Messages.seconds(Planner.estimatedTimeMargin)) s on each "
                + "side, and marked in the report\(advice)")
        }
        if transcript.untimedWordCount > 0, count > 0 {
            warnings.append("\(heading): \(transcript.untimedWordCount) words have no time and no timed neighbour; "
                + "they cannot be censored")
        }
        return warnings
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
            let named = words.prefix(namedDoubtfulWords).map { word in
                "'\(word.text.trimmingCharacters(in: .whitespaces))' at \(Messages.seconds(word.start))–"
                    + "\(Messages.seconds(word.end)) s"
            }.joined(separator: ", ") + (words.count > namedDoubtfulWords ? ", …" : "")
            let one = words.count == 1
            let what: String
            switch doubt {
            case .zeroLength:
                what = "\(one ? "lasts" : "last") no time at all; each is censored for "
                    + "\(Messages.seconds(WordDoubt.minimumCoreSeconds)) s around its instant"
            case .long:
                what = "\(one ? "lasts" : "last") longer than \(Messages.seconds(WordDoubt.longWordSeconds)) s; censored "
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
    /// well past the end of the audio (a transcript of a longer recording, or of another one),
    /// and what the reader noticed about the audio itself (a truncated file, a WAV output
    /// written as RF64).
    static func disagreements(transcript: Transcript, transcriptPath: String, report: Report) -> [String] {
        var warnings = report.warnings
        let duration = Double(report.frames) / Double(report.sampleRate)
        let late = transcript.words.filter { $0.start > duration + overrunTolerance }
        if let last = transcript.words.map(\.end).max(), !late.isEmpty {
            let count = transcript.words.count
            let share = late.count == count ? "all its \(count) words start" : late.count == 1 ? "1 of its \(count) words starts"
                : "\(late.count) of its \(count) words start"
            // Seconds as `%.3f`, or `%.3g` past ten million (a fuzzer's 1e300 s has 300 digits).
            let runsTo = last < 1e7 ? Messages.seconds(last) : String(format: "%.3g", last)
            warnings.append("\(transcriptPath) runs to \(runsTo) s but \(report.input) is "
                + "\(Messages.seconds(duration)) s long: \(share) after the audio ends and cannot be censored; "
                + "is it the transcript of this recording?")
        }
        return warnings
    }
}

/// A transcript that was read but cannot be censored from: exit 1.
struct TranscriptRefused: Error, CustomStringConvertible {
    let message: String

    var description: String { message }
}
