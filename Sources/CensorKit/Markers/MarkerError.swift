/// Why markers could not be written as asked.
public enum MarkerError: Error, CustomStringConvertible, Sendable, Hashable {
    /// The text is no frame rate.
    case frameRate(String)

    /// What a frame rate is expected to look like.
    public static let frameRateExpected =
        "expected frames per second as a whole number (25), a fraction (30000/1001) "
        + "or 23.976, 29.97, 59.94, from 1 to 1000"

    public var description: String {
        switch self {
        case let .frameRate(text):
            "frame rate '\(text)': \(Self.frameRateExpected)"
        }
    }
}
