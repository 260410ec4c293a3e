/// Why an audio file could not be read or written.
public enum AudioError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The file could not be opened for reading; `reason` is libsndfile's.
    case cannotOpen(path: String, reason: String)
    /// Reading failed partway; `frame` is where.
    case readFailed(path: String, frame: Int, reason: String)
    /// The output could not be created.
    case cannotCreate(path: String, reason: String)
    /// Writing failed partway; `frame` is where.
    case writeFailed(path: String, frame: Int, reason: String)
    /// The requested output container or encoding cannot hold this audio.
    case unsupportedOutput(path: String, reason: String)

    public var description: String {
        switch self {
        case let .cannotOpen(path, reason):
            "cannot read audio file '\(path)': \(reason)"
        case let .readFailed(path, frame, reason):
            "reading audio file '\(path)' failed at frame \(frame): \(reason)"
        case let .cannotCreate(path, reason):
            "cannot create output '\(path)': \(reason)"
        case let .writeFailed(path, frame, reason):
            "writing output '\(path)' failed at frame \(frame): \(reason)"
        case let .unsupportedOutput(path, reason):
            "cannot write '\(path)': \(reason)"
        }
    }
}
