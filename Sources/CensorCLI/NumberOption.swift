import CensorKit

/// A command-line option that sets one of the library's ``CensorKit/Parameter``s.
///
/// The library defines the parameter's name, unit, range and default; this adds what only the
/// command line has: the flag, its help sentence, and the unit the flag is given in (times in
/// milliseconds, where the library takes seconds). Range messages and defaults in help are
/// rendered from the parameter in that unit, so they cannot disagree with the library.
struct NumberOption: Sendable {
    /// The library's definition.
    let parameter: Parameter
    /// The flag, its placeholder and its help.
    let option: Option
    /// The unit the flag's value is in, such as `ms`.
    let unit: String
    /// How many of the flag's units make one of the parameter's: 1000 for milliseconds of a
    /// parameter in seconds.
    let perParameterUnit: Double

    /// - Parameters:
    ///   - parameter: The library parameter the option sets.
    ///   - name: The flag, such as `--pad-before`.
    ///   - unit: The unit of the flag's value; `nil` for the parameter's own.
    ///   - help: One line of help.
    ///   - defaultText: How help shows the default, when not as the number and unit.
    init(_ parameter: Parameter, _ name: String, unit: String? = nil, help: String, default defaultText: String? = nil)
    {
        self.parameter = parameter
        let unit = unit ?? (parameter.unit == .count ? "N" : parameter.unit.rawValue)
        self.unit = unit
        perParameterUnit = unit == "ms" && parameter.unit == .seconds ? 1000 : 1
        option = Option(
            name, value: unit.lowercased(), help: help,
            default: defaultText
                ?? "\((parameter.defaultValue * perParameterUnit).cleanDescription) \(unit)")
    }

    /// The flag, such as `--pad-before`.
    var name: String { option.name }

    /// `value`, given in the flag's unit, in the parameter's unit, when in range (a manifest's
    /// field, checked when the manifest is read).
    ///
    /// - Throws: ``usageError(given:)``.
    func validated(_ value: Double) throws(UsageError) -> Double {
        do {
            return try parameter.validate(value / perParameterUnit)
        } catch {
            throw usageError(given: value)
        }
    }

    /// The usage error for `value`, given in the flag's unit, out of the parameter's range: the
    /// flag, the value and the range in the flag's unit, as the library's ``CensorKit/ParameterError``
    /// says it in the parameter's own name and unit.
    func usageError(given value: Double) -> UsageError {
        UsageError("\(name) \(value.cleanDescription): expected a value from \(rangeText)")
    }

    /// The range in the flag's unit: `0 to 2000 ms`.
    var rangeText: String {
        let scaled = { (value: Double) in ((value * perParameterUnit * 1e9).rounded() / 1e9).cleanDescription }
        return "\(scaled(parameter.range.lowerBound)) to \(scaled(parameter.range.upperBound)) \(unit)"
    }
}

extension NumberOption {
    static let pad = NumberOption(
        Parameters.padBefore, "--pad", unit: "ms", help: "Widen every censored word by this much on both sides.")
    static let padBefore = NumberOption(
        Parameters.padBefore, "--pad-before", unit: "ms",
        help: "Widen every censored word by this much before its start.", default: "--pad")
    static let padAfter = NumberOption(
        Parameters.padAfter, "--pad-after", unit: "ms",
        help: "Widen every censored word by this much after its end.", default: "--pad")
    static let crossfade = NumberOption(
        Parameters.crossfade, "--crossfade", unit: "ms",
        help: "Length of the click-free fade on each side of a censored span.")
    static let refineWindow = NumberOption(
        Parameters.refineWindow, "--refine-window", unit: "ms",
        help: "How far a censored word's edge may move to where its sound really begins or ends.")
    static let beepFrequency = NumberOption(
        Parameters.beepFrequency, "--beep-frequency", help: "Frequency of the beep tone.")
    static let beepLevel = NumberOption(
        Parameters.beepLevel, "--beep-level",
        help: "Fixed peak level of the beep, instead of matching the voice's loudness.", default: "as loud as the voice"
    )
    static let duckGain = NumberOption(
        Parameters.duckGain, "--duck-gain", help: "Gain applied to censored audio in duck mode.")
    static let audioStream = NumberOption(
        Parameters.audioStream, "--audio-stream",
        help: "An audio stream of a video or container (MP4, MKV …) to censor, counting audio streams from 0; "
            + "repeatable, or 'all'. The others are copied untouched; the transcript's times are the first one's.",
        default: "all")
    static let bitrate = NumberOption(
        Parameters.bitrate, "--bitrate",
        help:
            "Bit rate of the re-encoded audio of a video or container (MP4, MKV …), and of an MP3 written from an MP3.",
        default: "the source's")
    static let maxCueChars = NumberOption(
        Parameters.maxCueCharacters, "--max-cue-chars",
        help: "The most characters of a --subtitles cue; longer runs of words are broken at pauses and "
            + "sentence ends first.", default: "40 characters")
}
