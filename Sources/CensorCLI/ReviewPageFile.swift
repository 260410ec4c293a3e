import CensorKit

/// `--review`: the review page of one censored input, written as an output of the job's
/// transaction, so it appears together with the audio, or neither does.
struct ReviewPageFile {
    let report: Report
    let transcript: Transcript
    let matches: [Match]
    /// Whether the page embeds excerpts instead of referencing the audio files.
    let embedded: Bool
    /// The subtitles the page shows, masked and grouped as `--subtitles` writes them.
    let subtitles: CensoredSubtitles

    /// Builds the page and writes it to `path` in `transaction`; the censored audio is read from
    /// its temporary file there, since nothing is in place before the commit.
    ///
    /// - Throws: ``AudioError`` when the audio cannot be read for the waveforms or excerpts;
    ///   ``CensorError`` when the page's path is refused or it cannot be written.
    func write(to path: String, into transaction: OutputTransaction) throws {
        let censored = try report.output.map { try transaction.reserve($0) }
        let page = ReviewPage(
            report: report, transcript: transcript, matches: matches, location: path,
            audio: embedded ? .embedded : .referenced, censoredAudio: censored, subtitles: subtitles)
        try transaction.write(try page.html(), to: path)
    }
}
