import CensorKit
import Foundation

/// Censor-list parsing, matching and planning at scale: a million transcript words against a
/// 10,000-entry list of words, phrases and globs (`stem*`).
enum MatchingCases {
    static let wordCount = 1_000_000

    static func all(_ session: Session) -> [Benchmark] {
        let runs = session.options.runs(5, quick: 3)
        return [
            Benchmark(
                name: "list/parse/10k-entries", warmup: 1, iterations: runs,
                work: [.items(10_000, "entries")]
            ) {
                let text = session.corpus.listText
                return Iteration(
                    run: {
                        blackHole(try CensorList(text: text, source: "list.txt"))
                        return nil
                    }, note: globNote())
            },
            Benchmark(
                name: "match/1M-words/10k-list", warmup: 1, iterations: runs,
                work: [.items(Double(wordCount), "words")]
            ) {
                let (transcript, list) = try inputs(session)
                return Iteration(
                    run: {
                        blackHole(list.matches(in: transcript))
                        return nil
                    },
                    note: "\(list.matches(in: transcript).count) matches; " + globNote())
            },
            Benchmark(
                name: "plan/1M-words/10k-list", warmup: 1, iterations: runs,
                work: [.items(Double(wordCount), "words")]
            ) {
                let (transcript, list) = try inputs(session)
                let matches = list.matches(in: transcript)
                // Refinement off: this case measures planning's own cost (times to frames,
                // snapping, merging); the e2e/ cases measure refinement on real audio.
                let planner = Planner(options: try PlanOptions(refine: false))
                let duration = (transcript.words.last?.end ?? 0) + 1
                return Iteration(
                    run: {
                        var audio = SyntheticAudio(frameCount: Int(duration * 48_000), channelCount: 2)
                        blackHole(try planner.plan(matches, sampleRate: 48_000, audio: &audio))
                        return nil
                    }, note: "\(matches.count) matches → spans, edge snapping on synthetic audio, no refinement")
            },
        ]
    }

    /// What today's list parser makes of a glob entry.
    static func globNote() -> String {
        let list = CensorList(entries: ["shkaza*"])
        let transcript = Transcript(words: [Word(text: "shkazaing", start: 0, end: 1)], format: .whisperJSON)
        return list.matches(in: transcript).isEmpty
            ? "globs (stem*) parse but match only the bare stem today"
            : "globs match"
    }

    /// The million-word transcript (already in memory, as after parsing) and the parsed list.
    static func inputs(_ session: Session) throws -> (Transcript, CensorList) {
        let corpus = session.corpus
        let words = corpus.transcriptWords(count: wordCount).map {
            Word(text: $0.text, start: $0.start, end: $0.end, confidence: 0.9)
        }
        return (
            Transcript(words: words, format: .whisperJSON), try CensorList(text: corpus.listText, source: "list.txt")
        )
    }
}

/// Audio that is computed, not stored: a deterministic noise at every frame, for planning over
/// a transcript far longer than any file the machine could hold.
struct SyntheticAudio: FrameSource {
    let frameCount: Int
    let channelCount: Int

    mutating func readFrames(_ range: Range<Int>, into buffer: inout [Float]) throws {
        buffer.removeAll(keepingCapacity: true)
        buffer.reserveCapacity(range.count * channelCount)
        for frame in range {
            for channel in 0..<channelCount {
                var x = UInt64(frame &* 2 &+ channel) &* 0x9E37_79B9_7F4A_7C15
                x ^= x >> 29
                buffer.append(Float(Int32(truncatingIfNeeded: x)) * (0.3 / 2_147_483_648))
            }
        }
    }
}
