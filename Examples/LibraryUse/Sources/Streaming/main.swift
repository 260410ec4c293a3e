// Plans spans once, then censors audio block by block as it arrives (here: blocks of a
// generated signal), as a live or piped source would deliver it.
// example: streaming
import CensorKit
import Foundation

let rate = 16_000
let signal = (0..<rate * 2).map { Float(0.25 * sin(2 * Double.pi * 300 * Double($0) / Double(rate))) }
let words = [Word(text: "oh", start: 0.2, end: 0.4), Word(text: "crap", start: 1.0, end: 1.3)]
let matches = CensorList(entries: ["crap"]).matches(in: words)

// Plan from the times alone (no look at the audio: no refinement, no snapping to zero crossings).
let options = try PlanOptions(snapWindow: 0, refine: false)
var length = try AudioBuffer(samples: [Float](repeating: 0, count: signal.count), channelCount: 1, sampleRate: rate)
let plan = try Planner(options: options).plan(matches, sampleRate: rate, audio: &length)
// A beep of fixed level needs no measurement of the audio it replaces.
var engine = try CensorEngine(
    spans: plan.spans.map(\.span), mode: .beep(try Beep(level: .peak(dBFS: -12))),
    channelCount: 1, sampleRate: rate)
var output: [Float] = []
var first = 0
for start in stride(from: 0, to: signal.count, by: 1_000) {  // blocks as they arrive
    var block = Array(signal[start..<min(start + 1_000, signal.count)])
    engine.process(&block, firstFrame: first)
    first += block.count
    output += block
}
// end example

// The word's core holds only the −12 dBFS beep; everything outside the span is untouched.
let span = plan.spans[0]
let peak = output[span.start..<span.end].map { abs($0) }.max() ?? 0
let untouched =
    output[..<span.fadeStart] == signal[..<span.fadeStart] && output[span.fadeEnd...] == signal[span.fadeEnd...]
print("beeped frames \(span.start)..<\(span.end), peak \(peak)")
guard plan.spans.count == 1, span.start == 16_000, span.end == 20_800, abs(peak - 0.251) < 0.002, untouched else {
    FileHandle.standardError.write(Data("Streaming: unexpected result\n".utf8))
    exit(1)
}
