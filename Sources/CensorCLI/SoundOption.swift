import CensorKit

/// `--sound`: what a beep plays instead of its tone.
enum SoundOption {
    /// The built-in sound a value names: `noise` or `reverse`; `nil` for a file's path.
    static func builtIn(_ value: String) -> BeepSound? {
        switch value {
        case "noise": .pinkNoise
        case "reverse": .reverse
        default: nil
        }
    }

    /// The sound `value` names before any file is read: a built-in one, or the tone that a
    /// file's clip replaces when the job starts (``mode(_:soundFile:)``).
    ///
    /// - Throws: ``UsageError`` when `--sound` is given without a beep, or with a tone's frequency.
    static func parse(_ value: String?, mode: String, frequencyGiven: Bool) throws(UsageError) -> BeepSound {
        guard let value else { return .tone }
        guard mode == "beep" else { throw UsageError("\(Option.sound.name) applies to --mode beep only") }
        if frequencyGiven {
            throw UsageError(
                "\(NumberOption.beepFrequency.name) sets the beep's tone, which \(Option.sound.name) replaces")
        }
        return builtIn(value) ?? .tone
    }

    /// `mode` with the clip of `soundFile` as its beep's sound, when a file is given.
    ///
    /// - Throws: ``AudioError`` or ``SoundFileError`` naming the file.
    static func mode(_ mode: CensorMode, soundFile: String?) throws -> CensorMode {
        guard let soundFile, case let .beep(beep) = mode else { return mode }
        return .beep(
            try Beep(frequency: beep.frequency, level: beep.level, sound: .clip(SoundClip(contentsOf: soundFile))))
    }
}
