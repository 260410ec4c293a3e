import Foundation

/// Intermediate files of one media run (the decoded audio, the subtitles to embed): hidden
/// files beside the output, registered in ``TemporaryOutputs`` so that an interrupted process
/// removes them too, and removed when the run ends.
final class ScratchFiles {
    private let folder: URL
    private let destination: String
    private var paths: [String] = []

    /// Scratch files for the run writing `destination`.
    init(beside destination: String) {
        self.destination = destination
        folder = URL(fileURLWithPath: destination).deletingLastPathComponent()
    }

    /// Creates an empty scratch file of the temporary files' naming whose name ends in `.tmp.<suffix>`.
    ///
    /// - Returns: Its path.
    func create(_ suffix: String) throws(CensorError) -> String {
        let path = try TemporaryOutputs.create(
            in: folder.path, naming: URL(fileURLWithPath: destination).lastPathComponent, extension: suffix,
            for: destination)
        paths.append(path)
        return path
    }

    /// A handle writing the scratch file at `path` from its start.
    func handle(_ path: String) throws(CensorError) -> FileHandle {
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw .cannotCreate(path: destination, reason: "cannot open a scratch file beside it")
        }
        return handle
    }

    deinit {
        for path in paths { TemporaryOutputs.discard(path) }
    }
}
