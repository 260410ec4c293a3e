import CensorKit
import Foundation

/// An Audacity label track of the censored spans, for reviewing every edit over the audio.
struct LabelTrack {
    let report: Report

    init(_ report: Report) {
        self.report = report
    }

    /// One `start<TAB>end<TAB>label` line per span: the core's times in seconds and the words
    /// with the list entry that matched. Tabs and line breaks in the words become spaces, so a
    /// label is always one line of three fields.
    ///
    /// After a cut, each label is a point at its join on the output's timeline instead.
    var text: String {
        let rate = Double(report.sampleRate)
        if let cuts = report.cuts {
            return zip(report.spans, cuts).map { span, cut in
                let join = String(format: "%.6f", Double(report.outputFrame(cut.startFrame)) / rate)
                let label = "\(span.text) [\(span.pattern)] cut".map { $0.isNewline || $0 == "\t" ? " " : $0 }
                return "\(join)\t\(join)\t\(String(label))\n"
            }.joined()
        }
        return report.spans.map { span in
            let start = String(format: "%.6f", Double(span.startFrame) / rate)
            let end = String(format: "%.6f", Double(span.endFrame) / rate)
            let label = "\(span.text) [\(span.pattern)]".map { $0.isNewline || $0 == "\t" ? " " : $0 }
            return "\(start)\t\(end)\t\(String(label))\n"
        }.joined()
    }
}
