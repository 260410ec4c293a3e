// Censors Examples/talk.wav with its transcript and list into a new file (run from the
// repository's root, or pass the folder holding talk.wav, talk.json and words.txt).
// example: file-to-file
import CensorKit
import Foundation

let folder = CommandLine.arguments.dropFirst().first ?? "Examples"
let output = NSTemporaryDirectory() + "talk.clean.wav"

let transcript = try Transcript.load(path: "\(folder)/talk.json")
let list = try CensorList.load(path: "\(folder)/words.txt")
let censor = try Censor(mode: .duck(gainDB: -30), options: PlanOptions(padBefore: 0.02, padAfter: 0.02))
let report = try censor.censorFile(
    input: "\(folder)/talk.wav", output: output, matches: list.matches(in: transcript), overwrite: true)
print(report.json(), terminator: "")
// end example

// The four listed words were found, the output has the input's length, and every censored core
// is 30 dB down.
let before = try AudioBuffer(contentsOf: "\(folder)/talk.wav")
let after = try AudioBuffer(contentsOf: output)
let gain = Float(pow(10, -30.0 / 20))
let cored = report.spans.allSatisfy { span in
    (span.startFrame..<span.endFrame).allSatisfy { abs(after.samples[$0] - before.samples[$0] * gain) <= 1 / 32_768 }
}
try? FileManager.default.removeItem(atPath: output)
guard report.spans.map(\.pattern) == ["damn", "hell", "crap", "piece of crap"], after.frameCount == before.frameCount,
    cored
else {
    FileHandle.standardError.write(Data("FileToFile: unexpected result (\(report.spans.count) spans)\n".utf8))
    exit(1)
}
