import CensorKit
import Foundation

/// The worst cases for growth with size: 100,000 matched words packed back to back,
/// whose spans all merge into one, and a censor list of 100,000 globs. Each should take well
/// under 2 s; a step that is quadratic in either takes a minute or more.
enum ScalingCases {
    static let count = 100_000

    static func all(_ session: Session) -> [Benchmark] {
        let runs = session.options.runs(5, quick: 3)
        return [
            Benchmark(
                name: "plan/100k-packed-words", warmup: 1, iterations: runs,
                work: [.items(Double(count), "words")]
            ) {
                // Every word 0.2 s long and 0.2 s after the last: with the default padding and
                // crossfade, each span touches the next, so all merge into one.
                let matches = (0..<count).map { index in
                    Match(
                        wordIndices: index..<(index + 1), text: "damn", pattern: "damn",
                        start: Double(index) * 0.2, end: Double(index) * 0.2 + 0.2)
                }
                let planner = Planner(options: try PlanOptions(refine: false))
                let frames = Int(Double(count) * 0.2 * 48_000) + 48_000
                return Iteration(
                    run: {
                        var audio = SyntheticAudio(frameCount: frames, channelCount: 2)
                        let plan = try planner.plan(matches, sampleRate: 48_000, audio: &audio)
                        blackHole(plan.spans.map(Report.Entry.init))
                        return nil
                    }, note: "one merged span of \(count) matches, and its report entry; no refinement")
            },
            Benchmark(
                name: "list/parse/100k-globs", warmup: 1, iterations: runs,
                work: [.items(Double(count), "entries")]
            ) {
                // Distinct globs of every bucket: a prefix (`ab3*`), a suffix (`*ab3`) and both ends open (`*ab3*`).
                let text = (0..<count).map { index -> String in
                    var stem = "w", rest = index
                    repeat {
                        stem.unicodeScalars.append(Unicode.Scalar(UInt8(97 + rest % 26)))
                        rest /= 26
                    } while rest > 0
                    return [stem + "*", "*" + stem, "*" + stem + "*"][index % 3]
                }.joined(separator: "\n")
                return Iteration(
                    run: {
                        blackHole(try CensorList(text: text, source: "globs.txt"))
                        return nil
                    }, note: "prefix, suffix and open-ended globs, one third each")
            },
        ]
    }
}
