import CensorKit

/// `--review`: the review page of one censored input, written to its file.
///
/// The one place the CLI writes the page, through the same temporary-file-and-rename path as
/// the report and the labels (``OutputFileError/write(_:to:)``).
struct ReviewPageFile {
    let report: Report
    let transcript: Transcript
    let matches: [Match]
    /// Whether the page embeds excerpts instead of referencing the audio files.
    let embedded: Bool

    /// Builds the page and writes it to `path`.
    ///
    /// - Throws: ``AudioError`` when the audio cannot be read for the waveforms or excerpts;
    ///   ``OutputFileError`` when the page cannot be written.
    func write(to path: String) throws {
        let page = ReviewPage(report: report, transcript: transcript, matches: matches, location: path,
                              audio: embedded ? .embedded : .referenced)
        try OutputFileError.write(try page.html(), to: path)
    }
}
