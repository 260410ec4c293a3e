import CensorKit

/// `--mode cut`: what it can shorten, and what it refuses.
///
/// A cut shortens audio files libsndfile writes, and audio written through ffmpeg (M4A, M4B,
/// MKA, ADTS AAC, an MP3 re-encoded …) with its chapters and subtitles moved onto the new
/// timeline and its cover picture kept. It refuses what would lose its sync or cannot be
/// shortened: a video, or a file with several audio streams, written through ffmpeg
/// (``Censor/cutRefusal(of:)``); standard input streamed; an MP3 edited in its compressed data;
/// a review page (which plays input and output at the same times).
enum CutOption {
    /// Why a cut of `input` into `output` is refused, or `nil`: only a file written through
    /// ffmpeg into a container, whose other streams would play on at the old times, is refused
    /// (a video cut into a WAV is its audio alone).
    static func mediaRefusal(_ input: String, output: String?) -> String? {
        guard let output, Censor.needsMedia(input: input, output: output),
            MediaContainer.named(byPathOf: output) != nil,
            let reason = Censor.cutRefusal(of: input)
        else { return nil }
        return "\(Option.mode.name) cut removes audio and shortens the timeline, but '\(input)' \(reason), whose "
            + "picture and other streams would lose their sync with it (the video itself is not cut); write an audio "
            + "file with -o (.wav, .flac, .m4a …) or censor it with beep, duck or mute"
    }

    /// Refuses a cut of what would lose its sync or cannot be shortened (``CutOption``).
    ///
    /// - Parameter mp3Direct: Whether `--mp3-direct` was given.
    /// - Throws: ``UsageError`` saying why.
    static func check(_ arguments: Arguments, mp3Direct: Bool) throws(UsageError) {
        guard arguments.mode == .cut else { return }
        let mode = "\(Option.mode.name) cut"
        if arguments.inputs.contains(StdinInput.name) {
            throw UsageError(
                "\(mode) needs the whole recording to shorten it, and standard input (-) streams; "
                    + "censor a file")
        }
        for input in arguments.inputs {
            if let refusal = mediaRefusal(input, output: arguments.output ?? OutputNaming.defaultPath(for: input)) {
                throw UsageError(refusal)
            }
        }
        if mp3Direct {
            throw UsageError(
                "\(Option.mp3Direct.name) changes the gain of the MP3's frames in place and cannot remove "
                    + "any; \(mode) decodes and re-encodes the MP3 (leave out \(Option.mp3Direct.name))")
        }
        if arguments.review != nil {
            throw UsageError(
                "\(Option.review.name) plays the input beside the output at the same times, which "
                    + "\(mode) moves; write --labels or --markers instead")
        }
    }
}
