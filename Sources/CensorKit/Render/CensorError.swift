/// Why a censoring run refused to start or could not finish, beyond audio I/O itself.
///
/// The texts say what is wrong, not which option of a front end would change it: the `censor`
/// command adds that hint itself.
public enum CensorError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The output exists and overwriting was not allowed.
    case outputExists(path: String)
    /// The output path names the input file.
    case outputIsInput(path: String)
    /// The output's folder does not exist or is not a folder.
    case noOutputFolder(path: String)
    /// The output could not be moved into place.
    case cannotFinish(path: String, reason: String)
    /// The output's temporary file could not be created beside it (a read-only folder, or a
    /// directory where the output should go).
    case cannotCreate(path: String, reason: String)
    /// The output path names a file the run reads or writes otherwise: the transcript, a
    /// censor list, another output (`role` says which, as ``OutputTransaction/Role`` words it).
    case outputIsProtected(path: String, file: String, role: String)
    /// Censoring in place would replace one name of a file that has `links` hard links, and
    /// leave the others with the uncensored audio.
    case hardLinked(path: String, links: Int)
    /// The reader of the stream output at `path` (a pipe) went away before it had every byte.
    case brokenPipe(path: String)
    /// The process is being stopped by a signal; nothing more is written.
    case interrupted

    public var description: String {
        switch self {
        case let .outputExists(path):
            "output '\(path)' already exists"
        case let .outputIsInput(path):
            "output '\(path)' is the input file"
        case let .noOutputFolder(path):
            "cannot write output '\(path)': its folder does not exist"
        case let .cannotFinish(path, reason):
            "cannot move the finished output into place at '\(path)': \(reason)"
        case let .cannotCreate(path, reason):
            "cannot write output '\(path)': \(reason)"
        case let .outputIsProtected(path, file, role):
            "output '\(path)' is the same file as \(role), '\(file)'; choose another path"
        case let .hardLinked(path, links):
            "'\(path)' has \(links) hard links; replacing it in place would leave the other "
                + "\(links - 1 == 1 ? "name" : "\(links - 1) names") with the uncensored audio"
        case let .brokenPipe(path):
            "the reader of '\(path)' went away before the whole output was written"
        case .interrupted:
            "interrupted; the unfinished output was removed"
        }
    }
}
