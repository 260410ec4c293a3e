import CensorKit

/// `--mode cut`: what it can shorten, and what it refuses.
enum CutOption {
    /// Why a cut of `input`, read through ffmpeg, is refused.
    static func mediaRefusal(_ input: String) -> String {
        "\(Option.mode.name) cut removes audio and shortens the timeline, but '\(input)' is a video or container "
            + "read through ffmpeg, whose picture and other streams would lose their sync with it (the video "
            + "itself is not cut); write an audio file with -o (.wav, .flac …) or censor it with beep, duck or mute"
    }

    /// Refuses a cut of what would lose its sync or cannot be shortened: a video or container
    /// written through ffmpeg, standard input streamed, an MP3 edited in its compressed data,
    /// a review page (which plays input and output at the same times).
    ///
    /// - Parameter mp3Direct: Whether `--mp3-direct` was given.
    /// - Throws: ``UsageError`` saying why.
    static func check(_ arguments: Arguments, mp3Direct: Bool) throws(UsageError) {
        guard arguments.mode == .cut else { return }
        let mode = "\(Option.mode.name) cut"
        if arguments.inputs.contains(StdinInput.name) {
            throw UsageError("\(mode) needs the whole recording to shorten it, and standard input (-) streams; "
                + "censor a file")
        }
        for input in arguments.inputs
        where Censor.needsMedia(input: input, output: arguments.output ?? OutputNaming.defaultPath(for: input)) {
            throw UsageError(mediaRefusal(input))
        }
        if mp3Direct {
            throw UsageError("\(Option.mp3Direct.name) changes the gain of the MP3's frames in place and cannot remove "
                + "any; \(mode) decodes and re-encodes the MP3 (leave out \(Option.mp3Direct.name))")
        }
        if arguments.review != nil {
            throw UsageError("\(Option.review.name) plays the input beside the output at the same times, which "
                + "\(mode) moves; write --labels or --markers instead")
        }
    }
}
