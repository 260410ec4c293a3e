// Censors Examples/talk.wav with its transcript and list through the library's one entry point,
// which picks the way of censoring from the input and the output (run from the repository's
// root, or pass the folder holding talk.wav, talk.json and words.txt).
// example: front-door
import CensorKit
import Foundation

let folder = CommandLine.arguments.dropFirst().first ?? "Examples"
let output = NSTemporaryDirectory() + "talk.front-door.flac"

var request = try CensorRequest(
    input: .file("\(folder)/talk.wav"), transcript: Transcript.load(path: "\(folder)/talk.json"),
    list: CensorList.load(path: "\(folder)/words.txt"),
    options: CensorRequest.Options(mode: .mute, plan: PlanOptions(padBefore: 0.02, padAfter: 0.02)),
    output: output)
request.overwrite = true
let report = try Censor.run(request)
print(report.json(), terminator: "")
// end example

// The four listed words were found, the FLAC output has the input's length, every censored core
// is digital silence, and the report names the transcript it read.
let before = try AudioBuffer(contentsOf: "\(folder)/talk.wav")
let after = try AudioBuffer(contentsOf: output)
let silent = report.spans.allSatisfy { span in (span.startFrame..<span.endFrame).allSatisfy { after.samples[$0] == 0 } }
try? FileManager.default.removeItem(atPath: output)
guard report.spans.map(\.pattern) == ["damn", "hell", "crap", "piece of crap"], after.frameCount == before.frameCount,
    silent, report.transcript?.words == 25
else {
    FileHandle.standardError.write(Data("FrontDoor: unexpected result (\(report.spans.count) spans)\n".utf8))
    exit(1)
}
