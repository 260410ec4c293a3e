import CensorKit
import Foundation

extension Job {
    /// The note for an MP3 beeped into an MP3: a beep needs new audio, so the whole file is
    /// re-encoded (README, "MP3 without re-encoding").
    var mp3ReencodeNote: String? {
        guard case .beep = arguments.mode, Censor.hasMP3Extension(input), Censor.hasMP3Extension(outputPath) else { return nil }
        return "'\(input)' was decoded and re-encoded, since a beep needs new audio: every frame changed and lost a "
            + "generation of quality; --mode mute or duck censor an MP3 without re-encoding it"
    }
}
