/// What happens to the audio of a censored span.
public enum CensorMode: Sendable, Hashable {
    /// Replace the audio with a sine tone.
    case beep(Beep)
    /// Lower the audio by a fixed gain.
    ///
    /// - Parameter gainDB: The gain in decibels, at most 0 (for example −30).
    case duck(gainDB: Double)
    /// Replace the audio with digital silence.
    case mute

    /// The mode's name as the command line spells it: `beep`, `duck` or `mute`.
    public var name: String {
        switch self {
        case .beep: "beep"
        case .duck: "duck"
        case .mute: "mute"
        }
    }
}

/// The tone that replaces censored audio in ``CensorMode/beep(_:)``.
public struct Beep: Sendable, Hashable {
    /// How loud the tone is.
    public enum Level: Sendable, Hashable {
        /// Per channel, the tone's RMS equals the RMS of the audio it replaces (its peak capped at
        /// ``Beep/maximumPeak``), so the beep is as loud as the voice.
        case matched
        /// A fixed peak level in dBFS (a full-scale sine is 0 dBFS).
        case peak(dBFS: Double)
    }

    /// The highest peak a matched beep reaches: −1 dBFS, so that it never clips.
    public static let maximumPeak: Float = 0.891_250_9

    /// The tone's frequency in hertz.
    public var frequency: Double
    /// How loud the tone is.
    public var level: Level

    /// Creates a beep.
    ///
    /// - Parameters:
    ///   - frequency: The tone's frequency in hertz; default 1000.
    ///   - level: How loud it is; default ``Level/matched``.
    public init(frequency: Double = Parameters.beepFrequency.defaultValue, level: Level = .matched) {
        self.frequency = frequency
        self.level = level
    }
}
