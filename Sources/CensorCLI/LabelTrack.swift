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

    /// Checks, before any work, that `path` can be written: its folder exists and is writable.
    /// `-` (standard output) always can.
    static func checkWritable(_ path: String) throws(OutputFileError) {
        guard path != "-" else { return }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw OutputFileError(path: path, reason: "its folder does not exist")
        }
        guard access(folder, W_OK) == 0 else {
            throw OutputFileError(path: path, reason: "its folder is not writable")
        }
    }

    /// Writes `text` to `path` atomically, or to standard output when `path` is `-`.
    static func write(_ text: String, to path: String) throws(OutputFileError) {
        if path == "-" {
            Console.output(text)
            return
        }
        guard let file = fopen(path + ".partial", "w") else {
            throw OutputFileError(path: path, reason: String(cString: strerror(errno)))
        }
        let bytes = Array(text.utf8)
        let written = fwrite(bytes, 1, bytes.count, file)
        let closed = fclose(file)
        guard written == bytes.count, closed == 0, rename(path + ".partial", path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(path + ".partial")
            throw OutputFileError(path: path, reason: reason)
        }
    }
}
