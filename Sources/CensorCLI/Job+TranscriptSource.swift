import CensorKit

extension Job {
    /// Where a job's transcript is read from.
    struct TranscriptSource {
        /// The transcript file, or how messages name the input's subtitle stream.
        var name: String
        /// The input's own subtitle stream, when the transcript is read from it.
        var subtitles: EmbeddedSubtitles?
    }

    /// The job's transcript: the file given; else the input's subtitle stream asked for with
    /// `--transcript-stream`; else the file beside the input; else, for a video, its own text
    /// subtitle stream (``CensorKit/Censor/embeddedSubtitles(of:number:audioStreams:)``).
    ///
    /// - Throws: ``TranscriptNotFound`` when there is none of these; ``CensorKit/MediaError``
    ///   when the stream asked for is no text subtitle stream, or several could be meant.
    func transcriptSource() throws -> TranscriptSource {
        if let path = arguments.transcript { return TranscriptSource(name: path) }
        if let number = arguments.transcriptStream {
            let subtitles = try Censor.embeddedSubtitles(
                of: input, number: number, audioStreams: arguments.media.audioStreams)
            return TranscriptSource(name: subtitles.map { $0.name(in: input) } ?? input, subtitles: subtitles)
        }
        do {
            return TranscriptSource(name: try TranscriptLocator.transcript(beside: input))
        } catch {
            guard error.inputProblem == nil, error.variants.isEmpty, !arguments.stdinStreamed,
                let container = MediaContainer.named(byPathOf: input), container != .mp3
            else { throw error }
            let subtitles: EmbeddedSubtitles?
            do {
                subtitles = try Censor.embeddedSubtitles(
                    of: input, number: nil, audioStreams: arguments.media.audioStreams)
            } catch {
                // A file ffprobe cannot read is named by the audio's error, later; here, only the choice of stream.
                if case .subtitleStream = error { throw error }
                subtitles = nil
            }
            guard let subtitles else { throw error }
            return TranscriptSource(name: subtitles.name(in: input), subtitles: subtitles)
        }
    }
}
