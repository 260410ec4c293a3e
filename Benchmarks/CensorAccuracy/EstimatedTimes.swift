import CensorKit
import Foundation

/// The leak of estimated word times (`--estimated`): each recording's words are grouped into
/// segments of `wordsPerSegment` words, timed from the first word's true start to the last
/// word's true end, written as openai-whisper's JSON without word times, and read back through
/// `Transcript`, so the words get the times censor really estimates for such a file (spread over
/// their segment by their lengths). Their matches are then planned with and without the safety
/// margin (`Planner.estimatedTimeMargin`), refinement off and on.
enum EstimatedTimes {
    /// Words per segment: whisper's segments hold a sentence or so.
    static let wordsPerSegment = 8

    /// The times censor estimates for `recording`'s words from segments of true times.
    static func times(of recording: Recording, sampleRate: Int) throws -> [(Double, Double)] {
        let rate = Double(sampleRate)
        var segments: [String] = []
        for (index, first) in stride(from: 0, to: recording.words.count, by: wordsPerSegment).enumerated() {
            let words = recording.words[first..<min(first + wordsPerSegment, recording.words.count)]
            let start = Double(words.first!.range.lowerBound) / rate, end = Double(words.last!.range.upperBound) / rate
            let text = words.map(\.text).joined(separator: " ")
            segments.append(
                #"{"id": \#(index), "start": \#(start), "end": \#(end), "text": " \#(text)", "tokens": []}"#)
        }
        let json = #"{"text": "", "segments": [\#(segments.joined(separator: ", "))], "language": "en"}"#
        let transcript = try Transcript(data: Data(json.utf8), source: recording.name)
        precondition(transcript.words.count == recording.words.count, "one estimated word per spoken word")
        return transcript.words.map { ($0.start, $0.end) }
    }

    /// Prints the table: per pacing, refinement off and on, without and with the margin.
    static func report(_ recordings: [Recording], sampleRate: Int, window: Double) throws {
        print(
            "\n## Estimated times: words spread over segments of \(wordsPerSegment) (leak / collateral / words leaking >10%)\n"
        )
        print(
            "Segments run from their first word's true start to their last word's true end; the words' times are "
                + "censor's estimates from them, as for openai-whisper JSON without word times. The margin widens "
                + "each estimated match by \(Int(Planner.estimatedTimeMargin * 1000)) ms on each side.\n")
        print("| Pacing | Refinement | Without margin | With margin |")
        print("|---|---|--:|--:|")
        for pacing in Pacing.allCases {
            for refine in [false, true] {
                let options = try PlanOptions(refine: refine, refineWindow: window)
                var cells: [String] = []
                for estimated in [false, true] {
                    var total = Tally()
                    for recording in recordings where recording.pacing == pacing {
                        let times = try times(of: recording, sampleRate: sampleRate)
                        total =
                            total
                            + (try Measure.run(recording, times: times, options: options, timesEstimated: estimated))
                    }
                    cells.append(
                        "\(percent(total.leak)) / \(percent(total.collateral)) / "
                            + "\(total.leakyWords)/\(total.censoredWords)")
                }
                print("| \(pacing.rawValue) | \(refine ? "on" : "off") | " + cells.joined(separator: " | ") + " |")
            }
        }
    }
}
