// Censors audio and words held in memory, and encodes the result as FLAC bytes: no file on
// the way in or out.
// example: in-memory
import CensorKit
import Foundation

let rate = 48_000
let tone = (0..<rate * 2).map { Float(0.5 * sin(2 * Double.pi * 440 * Double($0 / 2) / Double(rate))) }

var audio = try AudioBuffer(samples: tone, channelCount: 2, sampleRate: rate)  // 1 s of stereo
let words = [Word(text: "Well,", start: 0.10, end: 0.30), Word(text: "damn.", start: 0.50, end: 0.70)]
let matches = CensorList(entries: ["damn"]).matches(in: words)
let report = try Censor(mode: .mute).censor(&audio, matches: matches)
let flac: Data = try audio.encoded(as: OutputFormat(container: .flac))
// end example

// The core is silent, everything outside the fades untouched, and the bytes are a FLAC file.
let span = report.spans[0]
let silent = audio.samples[(span.startFrame * 2)..<(span.endFrame * 2)].allSatisfy { $0 == 0 }
let kept =
    audio.samples[..<(span.fadeStartFrame * 2)] == tone[..<(span.fadeStartFrame * 2)]
    && audio.samples[(span.fadeEndFrame * 2)...] == tone[(span.fadeEndFrame * 2)...]
print("muted frames \(span.startFrame)..<\(span.endFrame) of \(report.frames); \(flac.count) bytes of FLAC")
guard report.spans.count == 1, span.startFrame <= 24_000, span.endFrame >= 33_600, silent, kept,
    flac.prefix(4) == Data("fLaC".utf8)
else {
    FileHandle.standardError.write(Data("InMemory: unexpected result\n".utf8))
    exit(1)
}
