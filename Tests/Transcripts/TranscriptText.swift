import CensorTranscript
import Foundation

/// Reads transcripts from text in memory, for the transcript suites.
package enum TranscriptText {
    /// Reads a transcript, detecting its format unless one is given.
    package static func read(_ text: String, as format: TranscriptFormat? = nil, source: String = "talk.json") throws
        -> Transcript
    {
        try Transcript(data: Data(text.utf8), format: format, source: source)
    }

    /// The error reading a transcript, or `nil` when it reads.
    package static func error(_ text: String, as format: TranscriptFormat? = nil, source: String = "talk.json")
        -> TranscriptError?
    {
        error(Data(text.utf8), as: format, source: source)
    }

    /// The error reading a transcript's bytes, or `nil` when they read.
    package static func error(_ data: Data, as format: TranscriptFormat? = nil, source: String = "talk.json")
        -> TranscriptError?
    {
        do {
            _ = try Transcript(data: data, format: format, source: source)
            return nil
        } catch {
            return error
        }
    }

    /// Words' texts, starts and ends, for comparing with literals.
    package static func timeline(_ words: [Word]) -> [String] {
        words.map { "\($0.text)@\($0.start)-\($0.end)" }
    }
}
