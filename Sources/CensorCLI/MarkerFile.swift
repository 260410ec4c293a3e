import CensorKit
import Foundation

/// A `--markers` or `--player-edl` file: where it goes and the format it is written in.
struct MarkerFile: Sendable {
    let path: String
    let format: MarkerFormat

    /// The marker files and frame rate a command line asks for.
    ///
    /// - Parameters:
    ///   - files: Each path with the option that gave it.
    ///   - fps: `--fps`'s value, when given.
    ///   - inputs: How many inputs the run has.
    /// - Throws: ``UsageError`` for an extension that names no format, a frame rate that is
    ///   none, `--fps` without markers, or markers for several inputs.
    static func parse(
        _ files: [(path: String, option: String)], fps: String?, inputs: Int
    ) throws(UsageError) -> ([MarkerFile], FrameRate?) {
        let markers = try files.map { file throws(UsageError) in
            if file.option == Option.playerEDL.name { return MarkerFile(path: file.path, format: .playerEDL) }
            guard let format = MarkerFormat(path: file.path) else {
                throw UsageError(
                    "\(Option.markers.name) '\(file.path)': expected a file name ending in "
                        + MarkerFormat.extensions.joined(separator: ", "))
            }
            return MarkerFile(path: file.path, format: format)
        }
        if let first = files.first, inputs > 1 {
            throw UsageError("\(first.option) takes one input, but \(inputs) were given")
        }
        if let path = files.first(where: { $0.path == "-" })?.path {
            throw UsageError("\(Option.markers.name) writes a file; \(path) (standard output) is not one")
        }
        guard let fps else { return (markers, nil) }
        guard !markers.isEmpty else { throw UsageError("\(Option.fps.name) applies to \(Option.markers.name) only") }
        do {
            return (markers, try FrameRate(parsing: fps))
        } catch {
            throw UsageError("\(Option.fps.name) '\(fps)': \(MarkerError.frameRateExpected)")
        }
    }

    /// Writes each of `files` for `report` into `transaction`, placing the marks on `fps`, or
    /// else on the frame rate of `probed`'s video, or else ``FrameRate/audioDefault``.
    ///
    /// - Parameter probed: The file whose video rate and timecode count, or `nil` for none
    ///   (standard input).
    /// - Throws: ``MediaError`` when ffprobe cannot read `probed`; ``CensorError`` when a file
    ///   cannot be written.
    static func write(
        _ files: [MarkerFile], report: Report, fps: FrameRate?, probing probed: String?,
        into transaction: OutputTransaction
    ) throws {
        guard !files.isEmpty else { return }
        let editors = files.contains { $0.format != .playerEDL }
        let timing = try editors ? probed.map(MediaTiming.init(probing:)) ?? MediaTiming() : MediaTiming()
        let markers = EditMarkers(report: report, frameRate: fps ?? timing.frameRate ?? .audioDefault, timing: timing)
        for file in files { try transaction.write(markers.text(file.format), to: file.path) }
    }
}
