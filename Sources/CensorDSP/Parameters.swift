/// One tunable number of the library: its name, unit, valid range and default, defined once.
///
/// The library's initialisers validate against these definitions (`PlanOptions`, ``Beep``,
/// `Censor`, ``CensorEngine``), so every out-of-range value is a thrown ``ParameterError``,
/// never a trap. A front end (the `censor` command) renders them into its own options and
/// help, in its own units and words; the library itself names no command-line flag.
public struct Parameter: Sendable, Hashable {
    /// A parameter's unit. Times are always seconds.
    public enum Unit: String, Sendable, Hashable {
        /// Seconds.
        case seconds = "s"
        /// Hertz.
        case hertz = "Hz"
        /// A gain in decibels.
        case decibels = "dB"
        /// A level in decibels relative to full scale (a full-scale sine is 0 dBFS).
        case decibelsFullScale = "dBFS"
        /// Kilobits per second.
        case kilobitsPerSecond = "kbps"
        /// A count: of streams, of characters.
        case count = ""
    }

    /// The name, as the Swift property it sets is spelled, such as `padBefore`.
    public let name: String
    /// The unit of ``defaultValue`` and ``range``.
    public let unit: Unit
    /// The values accepted.
    public let range: ClosedRange<Double>
    /// The value used when none is given.
    public let defaultValue: Double

    init(_ name: String, unit: Unit, range: ClosedRange<Double>, default defaultValue: Double) {
        self.name = name
        self.unit = unit
        self.range = range
        self.defaultValue = defaultValue
    }

    /// Checks that a value is in range.
    ///
    /// ```swift
    /// try Parameters.crossfade.validate(0.005)   // 0.005
    /// try Parameters.crossfade.validate(-0.01)   // throws: crossfade -0.01 s: expected a value from 0 to 1 s
    /// ```
    ///
    /// - Parameter value: The value to check, in ``unit``.
    /// - Returns: `value`, when it is finite and within ``range``.
    /// - Throws: ``ParameterError`` with the parameter, the value and so the range.
    @discardableResult
    public func validate(_ value: Double) throws(ParameterError) -> Double {
        guard value.isFinite, range.contains(value) else {
            throw ParameterError(parameter: self, value: value)
        }
        return value
    }

    /// Checks that a value is a whole number in range.
    ///
    /// - Parameter value: The value to check.
    /// - Returns: `value`, when ``range`` contains it.
    /// - Throws: ``ParameterError`` with the parameter, the value and so the range.
    @discardableResult
    public func validate(_ value: Int) throws(ParameterError) -> Int {
        try validate(Double(value))
        return value
    }
}

/// A value outside a ``Parameter``'s range.
///
/// Its text names the parameter as the library spells it (`crossfade -0.01 s: expected a value
/// from 0 to 1 s`); a front end that offers the parameter under another name or unit builds
/// its own message from ``parameter`` and ``value``.
public struct ParameterError: Error, CustomStringConvertible, Sendable, Hashable {
    /// The parameter whose range was left; its ``Parameter/range`` is what is allowed.
    public let parameter: Parameter
    /// The rejected value, in the parameter's unit.
    public let value: Double

    /// The error for `value` of `parameter`.
    public init(parameter: Parameter, value: Double) {
        self.parameter = parameter
        self.value = value
    }

    public var description: String {
        let unit = parameter.unit.rawValue.isEmpty ? "" : " \(parameter.unit.rawValue)"
        return "\(parameter.name) \(value.formatted)\(unit): expected a value from "
            + "\(parameter.range.lowerBound.formatted) to \(parameter.range.upperBound.formatted)\(unit)"
    }
}

/// The definitions of every tunable number the library has.
public enum Parameters {
    /// Seconds added before every censored word (`PlanOptions.padBefore`).
    public static let padBefore = Parameter("padBefore", unit: .seconds, range: 0...2, default: 0)
    /// Seconds added after every censored word (`PlanOptions.padAfter`).
    public static let padAfter = Parameter("padAfter", unit: .seconds, range: 0...2, default: 0)
    /// The length of the crossfade on each side of a span, outside its core (`PlanOptions.crossfade`).
    public static let crossfade = Parameter("crossfade", unit: .seconds, range: 0...1, default: 0.005)
    /// How far an edge may move outward to meet a zero crossing (`PlanOptions.snapWindow`).
    public static let snapWindow = Parameter("snapWindow", unit: .seconds, range: 0...0.1, default: 0.01)
    /// How far edge refinement may move a word's start or end to where its sound begins or
    /// ends (`PlanOptions.refineWindow`).
    public static let refineWindow = Parameter("refineWindow", unit: .seconds, range: 0...1, default: 0.15)
    /// The beep's frequency (``Beep/frequency``).
    public static let beepFrequency = Parameter("beepFrequency", unit: .hertz, range: 20...20000, default: 1000)
    /// A fixed peak level for the beep (``Beep/Level/peak(dBFS:)``); by default the beep
    /// matches the voice's RMS instead.
    public static let beepLevel = Parameter("beepLevel", unit: .decibelsFullScale, range: -120...0, default: -6)
    /// The gain of ``CensorMode/duck(gainDB:)``.
    public static let duckGain = Parameter("duckGain", unit: .decibels, range: -120...0, default: -30)
    /// Which audio stream of a video or audio container is censored, counting audio streams from 0.
    public static let audioStream = Parameter("audioStream", unit: .count, range: 0...127, default: 0)
    /// The bit rate of a re-encoded lossy stream.
    public static let bitrate = Parameter("bitrate", unit: .kilobitsPerSecond, range: 8...640, default: 128)
    /// The longest censored subtitle cue, in characters.
    public static let maxCueCharacters = Parameter("maxCueCharacters", unit: .count, range: 10...500, default: 40)
    /// The rate an output is resampled to (`OutputFormat.sampleRate`); an output keeps its
    /// input's rate unless one is given, so the default only serves a front end that needs one.
    public static let sampleRate = Parameter("sampleRate", unit: .hertz, range: 1000...768_000, default: 48_000)
    /// The quality of a lossy encoding, 0 (smallest) to 1 (best) (`OutputFormat.quality`);
    /// without one, libsndfile's default applies.
    public static let quality = Parameter("quality", unit: .count, range: 0...1, default: 1)
    /// Frames a streaming pass reads, censors and writes at a time (`Censor.blockFrames`).
    public static let blockFrames = Parameter("blockFrames", unit: .count, range: 1...16_777_216, default: 65_536)
}

extension Double {
    /// The number without a trailing `.0`, as a person would write it.
    var formatted: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
