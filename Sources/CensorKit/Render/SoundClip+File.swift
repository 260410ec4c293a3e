import Foundation

extension SoundClip {
    /// Reads a whole audio file (any format ``AudioReader`` reads) as a beep's sound.
    ///
    /// ```swift
    /// let beep = try Beep(sound: .clip(SoundClip(contentsOf: "bleep.wav")))
    /// ```
    ///
    /// - Throws: ``AudioError`` when the file cannot be read; ``SoundFileError`` when it holds
    ///   no audio or only silence.
    public init(contentsOf path: String) throws {
        let audio = try AudioBuffer(contentsOf: path)
        do {
            try self.init(samples: audio.samples, channelCount: audio.channelCount, sampleRate: audio.sampleRate)
        } catch {
            throw SoundFileError(path: path, reason: error.description)
        }
    }

    /// The clip at `sampleRate`, resampled with libsamplerate's best converter when its own
    /// rate differs (and scaled again to an RMS of 1/√2).
    ///
    /// - Throws: ``AudioError`` when libsamplerate fails; ``SoundClipError`` when nothing is left.
    public func resampled(to sampleRate: Int) throws -> SoundClip {
        guard sampleRate != self.sampleRate else { return self }
        let resampler = try Resampler(
            from: self.sampleRate, to: sampleRate, channelCount: channelCount, path: "sound clip")
        var output: [Float] = []
        try samples.withUnsafeBufferPointer { input in
            try resampler.process(input.baseAddress!, frames: frameCount, last: true) { frames, count in
                output.append(contentsOf: UnsafeBufferPointer(start: frames, count: count * channelCount))
            }
        }
        return try SoundClip(samples: output, channelCount: channelCount, sampleRate: sampleRate)
    }
}

extension CensorMode {
    /// The mode with a beep's clip at `sampleRate` (``SoundClip/resampled(to:)``); any other
    /// mode as it is.
    func resampled(to sampleRate: Int) throws -> CensorMode {
        guard case let .beep(beep) = self, case let .clip(clip) = beep.sound, clip.sampleRate != sampleRate else {
            return self
        }
        return .beep(
            try Beep(frequency: beep.frequency, level: beep.level, sound: .clip(clip.resampled(to: sampleRate))))
    }
}

/// A beep's sound file that holds nothing to play.
public struct SoundFileError: Error, CustomStringConvertible, Sendable, Hashable {
    /// The file.
    public let path: String
    /// What is wrong with it.
    public let reason: String

    public var description: String { "cannot use '\(path)' as the beep's sound: \(reason)" }
}
