/// One tunable number: its name, default, valid range and unit, defined once.
///
/// The command line's options, its help text and the library's defaults all come from these
/// definitions, so they cannot disagree.
public struct Parameter: Sendable {
    /// The command-line option name without the leading dashes, such as `duck-gain`.
    public let name: String
    /// The value used when none is given.
    public let defaultValue: Double
    /// The values accepted.
    public let range: ClosedRange<Double>
    /// The unit, such as `ms`, `Hz`, `dB` or `dBFS`.
    public let unit: String
    /// One line of help.
    public let help: String
    /// How the help text shows the default, when it is not simply the number.
    public let defaultText: String?

    init(
        _ name: String, default defaultValue: Double, range: ClosedRange<Double>, unit: String,
        help: String, defaultText: String? = nil
    ) {
        self.name = name
        self.defaultValue = defaultValue
        self.range = range
        self.unit = unit
        self.help = help
        self.defaultText = defaultText
    }

    /// Checks that a value is in range.
    ///
    /// - Parameter value: The value to check.
    /// - Returns: `value`, when it is finite and within ``range``.
    /// - Throws: ``ParameterError`` naming the option, the value and the range.
    public func validate(_ value: Double) throws(ParameterError) -> Double {
        guard value.isFinite, range.contains(value) else {
            throw ParameterError(parameter: self, value: value)
        }
        return value
    }
}

/// A value outside a ``Parameter``'s range.
public struct ParameterError: Error, CustomStringConvertible, Sendable {
    /// The parameter whose range was left.
    public let parameter: Parameter
    /// The rejected value.
    public let value: Double

    public var description: String {
        "--\(parameter.name) \(value.formatted): expected a value from "
            + "\(parameter.range.lowerBound.formatted) to \(parameter.range.upperBound.formatted) \(parameter.unit)"
    }
}

/// The definitions of every tunable number censor has.
public enum Parameters {
    /// Silence added before and after every censored word.
    public static let pad = Parameter(
        "pad", default: 0, range: 0...2000, unit: "ms",
        help: "Widen every censored word by this much on both sides.")
    /// Padding before every word; overrides ``pad`` for the start.
    public static let padBefore = Parameter(
        "pad-before", default: 0, range: 0...2000, unit: "ms",
        help: "Widen every censored word by this much before its start.", defaultText: "--pad")
    /// Padding after every word; overrides ``pad`` for the end.
    public static let padAfter = Parameter(
        "pad-after", default: 0, range: 0...2000, unit: "ms",
        help: "Widen every censored word by this much after its end.", defaultText: "--pad")
    /// The length of the crossfade on each side of a span, outside its core.
    public static let crossfade = Parameter(
        "crossfade", default: 5, range: 0...1000, unit: "ms",
        help: "Length of the click-free fade on each side of a censored span.")
    /// How far an edge may move outward to meet a zero crossing.
    public static let snapWindow = Parameter(
        "snap-window", default: 10, range: 0...100, unit: "ms",
        help: "How far a span's edge may move outward to meet a zero crossing.")
    /// How far edge refinement may move a word's start or end to where its sound begins or ends.
    public static let refineWindow = Parameter(
        "refine-window", default: 150, range: 0...1000, unit: "ms",
        help: "How far a censored word's edge may move to where its sound really begins or ends.")
    /// The beep's frequency.
    public static let beepFrequency = Parameter(
        "beep-frequency", default: 1000, range: 20...20000, unit: "Hz",
        help: "Frequency of the beep tone.")
    /// A fixed peak level for the beep; by default the beep matches the voice's RMS.
    public static let beepLevel = Parameter(
        "beep-level", default: -6, range: -120...0, unit: "dBFS",
        help: "Fixed peak level of the beep, instead of matching the voice's loudness.",
        defaultText: "as loud as the voice")
    /// The gain of `duck` mode.
    public static let duckGain = Parameter(
        "duck-gain", default: -30, range: -120...0, unit: "dB",
        help: "Gain applied to censored audio in duck mode.")
    /// Which audio stream of a video or audio container is censored, counting audio streams from 0.
    public static let audioStream = Parameter(
        "audio-stream", default: 0, range: 0...127, unit: "N",
        help: "The audio stream of a video or container (MP4, MKV …) to censor, counting audio streams from 0; "
            + "the others are copied untouched.", defaultText: "0, the first")
    /// The bit rate of a re-encoded lossy stream.
    public static let bitrate = Parameter(
        "bitrate", default: 128, range: 8...640, unit: "kbps",
        help: "Bit rate of the re-encoded audio of a video or container (MP4, MKV …), and of an MP3 written from an MP3.",
        defaultText: "the source's")
    /// The longest censored subtitle cue, in characters.
    public static let maxCueChars = Parameter(
        "max-cue-chars", default: 40, range: 10...500, unit: "N",
        help: "The most characters of a --subtitles cue; longer runs of words are broken at pauses and "
            + "sentence ends first.", defaultText: "40 characters")
}

extension Double {
    /// The number without a trailing `.0`, as a person would write it.
    var formatted: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
