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

    /// Creates an empty scratch file whose name ends in `.<suffix>.tmp`.
    ///
    /// - Returns: Its path.
    func create(_ suffix: String) throws(CensorError) -> String {
        let name = ".\(URL(fileURLWithPath: destination).lastPathComponent).censor-\(getpid())-"
            + "\(String(UInt32.random(in: 0...UInt32.max), radix: 36)).\(suffix).tmp"
        let path = folder.appendingPathComponent(name).path
        try TemporaryOutputs.create(path, for: destination)
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
