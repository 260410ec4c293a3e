import CensorKit
import Foundation

extension Job {
    /// The note for an MP3 beeped or cut into an MP3: a beep needs new audio and a cut removes
    /// some, so the whole file is re-encoded (README, "MP3 without re-encoding").
    var mp3ReencodeNote: String? {
        guard Censor.hasMP3Extension(input), Censor.hasMP3Extension(outputPath) else { return nil }
        let reason: String
        switch arguments.mode {
        case .beep: reason = "a beep needs new audio"
        case .cut: reason = "a cut removes audio, which no frame edited in place can"
        default: return nil
        }
        return "'\(input)' was decoded and re-encoded, since \(reason): every frame changed and lost a "
            + "generation of quality; --mode mute or duck censor an MP3 without re-encoding it"
    }
}
