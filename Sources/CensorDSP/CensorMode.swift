/// What happens to the audio of a censored span.
public enum CensorMode: Sendable, Hashable {
    /// Replace the audio with a sine tone.
    case beep(Beep)
    /// Lower the audio by a fixed gain.
    ///
    /// - Parameter gainDB: The gain in decibels, −120 to 0 (``Parameters/duckGain``); ``Censor``
    ///   and ``CensorEngine`` refuse other values with a ``ParameterError``.
    case duck(gainDB: Double)
    /// Replace the audio with digital silence.
    case mute
    /// Remove the audio, and join what is left before and after with a short equal-power
    /// crossfade; the output is shorter by each span's core and one crossfade. Audio files
    /// only (`Censor.censorFile` and `Censor.censor(_:matches:)`): a block-by-block
    /// ``CensorEngine`` refuses it, and so does a video, whose picture would lose its sync.
    case cut

    /// The mode's name as reports spell it: `beep`, `duck`, `mute` or `cut`.
    public var name: String {
        switch self {
        case .beep: "beep"
        case .duck: "duck"
        case .mute: "mute"
        case .cut: "cut"
        }
    }

    /// Checks the mode's numbers against their ``Parameters`` ranges: a duck gain above 0 dB
    /// would amplify the audio past full scale.
    ///
    /// - Throws: ``ParameterError`` with the value and its range.
    public func validate() throws(ParameterError) {
        switch self {
        case let .duck(gainDB): try Parameters.duckGain.validate(gainDB)
        case let .beep(beep): try beep.validate()
        case .mute, .cut: break
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
    public let frequency: Double
    /// How loud the tone is.
    public let level: Level
    /// What plays instead of the audio: the tone, or another sound at the tone's level.
    public let sound: BeepSound

    /// The default beep: 1000 Hz, as loud as the audio it replaces.
    public init() {
        frequency = Parameters.beepFrequency.defaultValue
        level = .matched
        sound = .tone
    }

    /// Creates a beep.
    ///
    /// - Parameters:
    ///   - frequency: The tone's frequency in hertz, 20 to 20000 (``Parameters/beepFrequency``);
    ///     default 1000.
    ///   - level: How loud it is; default ``Level/matched``. A fixed peak is −120 to 0 dBFS
    ///     (``Parameters/beepLevel``).
    ///   - sound: What plays; default ``BeepSound/tone``, a sine of `frequency`.
    /// - Throws: ``ParameterError`` with the value out of range, and the range.
    public init(
        frequency: Double = Parameters.beepFrequency.defaultValue, level: Level = .matched, sound: BeepSound = .tone
    ) throws(ParameterError) {
        self.frequency = frequency
        self.level = level
        self.sound = sound
        try validate()
    }

    /// Checks the frequency and a fixed level against their ranges.
    func validate() throws(ParameterError) {
        try Parameters.beepFrequency.validate(frequency)
        if case let .peak(dBFS) = level { try Parameters.beepLevel.validate(dBFS) }
    }
}

/// What a ``Beep`` plays in place of the censored audio, with the same fades and at the same
/// level: as loud as the voice (``Beep/Level/matched``: the RMS of the audio it replaces, per
/// channel) or at a fixed peak (``Beep/Level/peak(dBFS:)``).
public enum BeepSound: Sendable, Hashable {
    /// A sine of the beep's frequency, from phase zero at the start of each span's fade in.
    case tone
    /// A recording, looped or cut to each span; at the rate of the audio it censors
    /// (`Censor` resamples a clip of another rate).
    case clip(SoundClip)
    /// Pink noise (``SoundClip/pinkNoise(sampleRate:channels:seconds:)``).
    case pinkNoise
    /// The span's own audio played backwards, as radio edits do: its modified region
    /// reversed, at its own level (``Beep/Level/matched``) or at the fixed peak.
    case reverse

    /// The sound's name as help and reports spell it: `tone`, `clip`, `noise` or `reverse`.
    public var name: String {
        switch self {
        case .tone: "tone"
        case .clip: "clip"
        case .pinkNoise: "noise"
        case .reverse: "reverse"
        }
    }
}
