/// Why an AAC stream is not censored on its compressed data.
public enum AACError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The stream or its container is one the direct editor does not take (HE-AAC, ER/LD/ELD,
    /// a fragmented MP4, bytes that are no ADTS frames …), or the mode needs new audio; `reason`
    /// says which. Nothing was written: the caller decodes and re-encodes instead.
    case notDirect(path: String, reason: String)
    /// The audio stream is not AAC (ALAC, MP3 in MP4 …), or there is none.
    case notAAC(path: String)

    public var description: String {
        switch self {
        case let .notDirect(path, reason): "'\(path)' cannot be censored on its compressed AAC data: \(reason)"
        case let .notAAC(path): "'\(path)' holds no AAC audio stream"
        }
    }
}
