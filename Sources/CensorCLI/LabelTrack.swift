import CensorKit
import Foundation

/// An Audacity label track of the censored spans, for reviewing every edit over the audio.
struct LabelTrack {
    let report: Report

    init(_ report: Report) {
        self.report = report
    }

    /// One `start<TAB>end<TAB>label` line per span: the core's times in seconds and the words
    /// with the list entry that matched.
    var text: String {
        let rate = Double(report.sampleRate)
        return report.spans.map { span in
            let start = String(format: "%.6f", Double(span.startFrame) / rate)
            let end = String(format: "%.6f", Double(span.endFrame) / rate)
            return "\(start)\t\(end)\t\(span.text) [\(span.pattern)]\n"
        }.joined()
    }

    /// Writes the track to `path`.
    ///
    /// - Throws: ``OutputFileError`` when it cannot be written.
    func write(to path: String) throws(OutputFileError) {
        try OutputFileError.write(text, to: path)
    }
}

/// A report or label file could not be written.
struct OutputFileError: Error, CustomStringConvertible {
    let path: String
    let reason: String

    var description: String { "cannot write '\(path)': \(reason)" }

    /// Writes `text` to `path` atomically, or to standard output when `path` is `-`.
    static func write(_ text: String, to path: String) throws(OutputFileError) {
        if path == "-" {
            Console.output(text)
            return
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            let reason = (error as NSError).userInfo[NSUnderlyingErrorKey].map { "\($0)" } ?? error.localizedDescription
            throw OutputFileError(path: path, reason: reason)
        }
    }
}
