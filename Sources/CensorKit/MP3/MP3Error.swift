/// Why an MP3 could not be censored on its compressed data.
public enum MP3Error: Error, CustomStringConvertible, Sendable, Equatable {
    /// The file holds no MPEG audio Layer III stream; `found` says what it holds instead.
    case notMP3(path: String, found: String)
    /// A free-format frame (bitrate index 0), whose length no header gives.
    case freeFormat(path: String, offset: Int)
    /// A frame whose MPEG version or sample rate differs from the stream's first frame.
    case mixedSampleRates(path: String, offset: Int, rate: Int, expected: Int)
    /// The file could not be read or the output written.
    case io(path: String, reason: String)

    public var description: String {
        switch self {
        case let .notMP3(path, found):
            "'\(path)' is not an MP3: \(found); expected MPEG audio Layer III frames"
        case let .freeFormat(path, offset):
            "'\(path)' is a free-format MP3 (frame at byte \(offset) has bitrate index 0); only streams whose "
                + "headers give their bitrate can be censored on the compressed data"
        case let .mixedSampleRates(path, offset, rate, expected):
            "'\(path)' mixes sample rates: the frame at byte \(offset) is \(rate) Hz, the stream began at "
                + "\(expected) Hz; expected one rate throughout"
        case let .io(path, reason):
            "cannot censor '\(path)': \(reason)"
        }
    }
}
