import CensorKit
import Foundation

extension Job {
    /// Whether this job censors an MP3 into an MP3 on its compressed data: MP3 in and out (by
    /// extension), mute or duck, no change of encoding, rate or quality, and not turned off.
    func writesMP3Directly(_ censor: Censor) -> Bool {
        arguments.mp3Direct && censor.censorsMP3Directly && Self.isMP3(input) && Self.isMP3(outputPath)
            && arguments.outputFormat.sampleRate == nil && arguments.outputFormat.quality == nil
            && (arguments.outputFormat.encoding ?? .mp3) == .mp3 && (arguments.outputFormat.container ?? .mp3) == .mp3
    }

    /// The note for an MP3 beeped into an MP3: a beep needs new audio, so the whole file is
    /// re-encoded (README, "MP3 without re-encoding").
    var mp3ReencodeNote: String? {
        guard case .beep = arguments.mode, Self.isMP3(input), Self.isMP3(outputPath) else { return nil }
        return "'\(input)' was decoded and re-encoded, since a beep needs new audio: every frame changed and lost a "
            + "generation of quality; --mode mute or duck censor an MP3 without re-encoding it"
    }

    private static func isMP3(_ path: String) -> Bool {
        URL(fileURLWithPath: path).pathExtension.lowercased() == "mp3"
    }
}
