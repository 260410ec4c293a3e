import CensorKit
import Foundation

extension Job {
    /// How far past the end of the audio a word may start before the transcript is taken to be
    /// of a longer recording; recognizers' last times can run a little past the audio.
    static let overrunTolerance = 1.0

    /// Reads the transcript at `path`; an empty one (no bytes, or only white space and a
    /// byte-order mark), which a recognizer that heard no speech may write, has no words
    /// rather than no recognizable format.
    static func loadTranscript(_ path: String, format: TranscriptFormat?) throws -> Transcript {
        let url = URL(fileURLWithPath: path)
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        // (An empty file is not read: Foundation's Data(contentsOf:) leaks a buffer on one.)
        if let size, size == 0 || size <= 64 && (try? Data(contentsOf: url)).map({
            String(decoding: $0, as: UTF8.self).allSatisfy { $0.isWhitespace || $0 == "\u{FEFF}" }
        }) == true {
            return Transcript(words: [], format: format ?? .jsonWords)
        }
        return try Transcript.load(contentsOf: url, format: format)
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
