import Foundation

/// A video frame rate as the rational number editors use: 25/1, 30000/1001 (29.97), 24000/1001.
///
/// ```swift
/// let rate = try FrameRate(parsing: "29.97")   // 30000/1001
/// rate.frame(atSample: 48_000, sampleRate: 48_000)   // 29
/// ```
public struct FrameRate: Sendable, Hashable, CustomStringConvertible {
    /// Frames per `denominator` seconds.
    public let numerator: Int
    /// Seconds per `numerator` frames.
    public let denominator: Int

    /// The rate markers use for audio without a video stream: 25 frames per second, the
    /// broadcast rate of 50 Hz countries, whose timecode counts whole frames without dropping any.
    public static let audioDefault = FrameRate(exactly: 25, 1)

    /// The rates written as decimals in cameras' and editors' menus, and the fractions they stand for.
    private static let named: [String: (Int, Int)] = [
        "23.976": (24000, 1001), "23.98": (24000, 1001), "29.97": (30000, 1001), "47.952": (48000, 1001),
        "59.94": (60000, 1001), "119.88": (120_000, 1001),
    ]

    private init(exactly numerator: Int, _ denominator: Int) {
        self.numerator = numerator
        self.denominator = denominator
    }

    /// A rate of `numerator`/`denominator` frames per second, reduced.
    ///
    /// - Throws: ``MarkerError/frameRate(_:)`` when either is not positive or the rate is past
    ///   1000 frames per second.
    public init(numerator: Int, denominator: Int) throws(MarkerError) {
        guard numerator > 0, denominator > 0, numerator <= 1000 * denominator else {
            throw .frameRate("\(numerator)/\(denominator)")
        }
        var (a, b) = (numerator, denominator)
        while b != 0 { (a, b) = (b, a % b) }
        self.init(exactly: numerator / a, denominator / a)
    }

    /// Reads a rate written as a whole number (`25`), a fraction (`30000/1001`, as ffprobe
    /// gives it) or one of the NTSC decimals (`23.976`, `29.97`, `59.94`).
    ///
    /// - Throws: ``MarkerError/frameRate(_:)`` naming the text.
    public init(parsing text: String) throws(MarkerError) {
        let text = text.trimmingCharacters(in: .whitespaces)
        if let (numerator, denominator) = Self.named[text] {
            self.init(exactly: numerator, denominator)
            return
        }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2, let numerator = Int(parts[0]), let denominator = Int(parts[1]) {
            try self.init(numerator: numerator, denominator: denominator)
        } else if parts.count == 1, let whole = Int(text) {
            try self.init(numerator: whole, denominator: 1)
        } else {
            throw .frameRate(text)
        }
    }

    /// The frames a timecode counts per second: the nearest whole rate (30 for 29.97).
    public var timecodeBase: Int { (numerator + denominator / 2) / denominator }

    /// Frames per second.
    public var framesPerSecond: Double { Double(numerator) / Double(denominator) }

    /// The frame that audio sample `sample` falls in.
    public func frame(atSample sample: Int, sampleRate: Int) -> Int {
        Int((Int64(sample) * Int64(numerator)) / (Int64(sampleRate) * Int64(denominator)))
    }

    /// The first frame that starts at or after audio sample `sample`: the frame after a span
    /// that ends there.
    public func frame(afterSample sample: Int, sampleRate: Int) -> Int {
        let scale = Int64(sampleRate) * Int64(denominator)
        return Int((Int64(sample) * Int64(numerator) + scale - 1) / scale)
    }

    /// `frames` frames as FCPXML and OTIO write a time: `frames × denominator / numerator` seconds.
    public func rationalSeconds(_ frames: Int) -> String {
        frames == 0 ? "0s" : "\(frames * denominator)/\(numerator)s"
    }

    public var description: String { denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)" }
}
