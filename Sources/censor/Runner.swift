import CensorKit
import Foundation

/// Runs one parsed `censor` command line.
struct Runner {
    let arguments: Arguments

    /// Loads the transcript and list, censors the input and writes the output and report.
    ///
    /// - Throws: Any CensorKit error; nothing is left at the output then.
    func run() throws {
        let transcript = try Transcript.load(
            contentsOf: URL(fileURLWithPath: arguments.transcript), format: arguments.transcriptFormat)
        var list = CensorList(entries: [])
        for source in arguments.lists {
            switch source {
            case let .file(path): list.append(contentsOf: try CensorList.load(contentsOf: URL(fileURLWithPath: path)))
            case let .word(word): list.append(contentsOf: CensorList(entries: [word]))
            }
        }
        if transcript.words.isEmpty {
            Console.error("Warning: \(arguments.transcript) has no timed words; nothing can be censored")
        }
        let output = arguments.output ?? Censor.defaultOutputPath(for: arguments.input)
        let censor = Censor(mode: arguments.mode, options: arguments.plan)
        let report = try censor.censorFile(
            input: arguments.input, output: output, matches: list.matches(in: transcript), overwrite: arguments.force)
        try write(report)
        summarize(report)
    }

    private func write(_ report: Report) throws {
        guard let path = arguments.report else { return }
        if path == "-" {
            Console.output(report.json())
            return
        }
        do {
            try Data(report.json().utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw ReportError(path: path, reason: (error as NSError).localizedDescription)
        }
    }

    /// Tells on standard error what was done.
    private func summarize(_ report: Report) {
        let rate = Double(report.sampleRate)
        for match in report.skipped {
            Console.error("Warning: '\(match.text)' at \(seconds(match.start))–\(seconds(match.end)) s lies past "
                + "the end of the audio (\(seconds(Double(report.frames) / rate)) s); nothing was censored for it")
        }
        guard !report.spans.isEmpty else {
            Console.error("censor: nothing matched; \(report.output) is a copy of \(report.input)")
            return
        }
        let censored = report.spans.reduce(0) { $0 + $1.endFrame - $1.startFrame }
        Console.error("censor: \(report.spans.count) span\(report.spans.count == 1 ? "" : "s") censored "
            + "(\(report.mode), \(seconds(Double(censored) / rate)) s) → \(report.output)")
    }

    private func seconds(_ value: Double) -> String {
        String(format: "%.3f", value)
    }
}

/// The report file could not be written.
struct ReportError: Error, CustomStringConvertible {
    let path: String
    let reason: String
    var description: String { "cannot write report '\(path)': \(reason)" }
}
