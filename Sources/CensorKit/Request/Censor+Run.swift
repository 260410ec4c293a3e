import Foundation

extension Censor {
    /// Censors what `request` asks for: plans the spans of its matches, renders them into its
    /// output by the way its input and output call for, and returns the report.
    ///
    /// A file libsndfile reads is censored block by block into a file libsndfile writes; a
    /// stream as it is read; a video or container (and an MP3 written as an MP3) through ffmpeg,
    /// with its other streams copied; an MP3 written as an MP3 in mute or duck on its compressed
    /// data (``CensorRequest/Options/mp3Direct``). Without an output, the audio is only read and
    /// planned. The output is written to a temporary file renamed into place when complete —
    /// with the request's ``CensorRequest/transaction``, when the caller commits it.
    ///
    /// - Returns: What was censored, and where; with the transcript's summary when the request
    ///   was made from a ``Transcript``.
    /// - Throws: ``ParameterError`` for options out of range, ``AudioError``, ``MediaError``,
    ///   ``MP3Error`` or ``CensorError``; nothing is left at the output then.
    public static func run(_ request: CensorRequest) throws -> Report {
        var censor = try Censor(mode: request.options.mode, options: request.options.plan)
        censor.planner.transcriptWords = request.words
        censor.marker = request.options.marker
        let input = request.input.name
        if request.options.media.embeddedSubtitles != nil, let output = request.output,
            !needsMedia(input: input, output: output)
        {
            throw MediaError.noSubtitleStream(path: output)
        }
        let owned = request.transaction == nil
        let protected: [(path: String, role: OutputTransaction.Role)] =
            if case .file = request.input { [(input, .input)] } else { [] }
        let transaction = request.transaction ?? OutputTransaction(overwrite: request.overwrite, protecting: protected)
        var report = try censor.render(request, by: censor.backend(for: request), into: transaction)
        if owned { try transaction.commit() }
        if let transcript = request.transcript { report.transcript = transcript }
        return report
    }

    /// The ways a request is censored: one per kind of input and output.
    enum Backend {
        /// Planned only, reading a file libsndfile reads, or a video or container through ffmpeg.
        case planFile, planMedia
        /// An MP3 into an MP3 on its compressed data
        /// (``censorMP3(input:output:matches:replacingInput:into:progress:)``).
        case mp3Direct
        /// A video or container through ffmpeg
        /// (``censorMedia(input:output:matches:options:format:replacingInput:into:progress:)``).
        case media
        /// A stream as it is read (``censorStream(_:output:matches:format:into:progress:)``).
        case stream
        /// A file libsndfile reads into one it writes
        /// (``censorFile(input:output:matches:format:replacingInput:into:progress:)``).
        case file
    }

    /// The backend for `request`: the one place a way of censoring is chosen. Ways that edit
    /// compressed data come before ``Backend/media``, which decodes and re-encodes.
    func backend(for request: CensorRequest) -> Backend {
        let input = request.input.name
        guard let output = request.output else {
            return Self.needsMedia(input: input, output: nil) ? .planMedia : .planFile
        }
        let format = request.options.format
        if request.options.mp3Direct, censorsMP3Directly, Self.hasMP3Extension(input), Self.hasMP3Extension(output),
            format.sampleRate == nil, format.quality == nil, (format.encoding ?? .mp3) == .mp3,
            (format.container ?? .mp3) == .mp3
        {
            return .mp3Direct
        }
        if Self.needsMedia(input: input, output: output) { return .media }
        if case .stream = request.input { return .stream }
        return .file
    }

    /// Renders `request` by `backend` into `transaction`.
    private func render(
        _ request: CensorRequest, by backend: Backend, into transaction: OutputTransaction
    ) throws -> Report {
        let input = request.input.name, output = request.output ?? "", matches = request.matches
        var options = request.options
        let progress = request.progress
        if options.media.subtitleCensor == nil, let list = request.list {
            options.media.subtitleCensor = { CensoredSubtitles.censorCueText($0, list: list, mask: .grawlix) }
        }
        switch backend {
        case .planFile:
            return try planFile(input: input, matches: matches)
        case .planMedia:
            return try planMedia(input: input, matches: matches, options: options.media)
        case .mp3Direct:
            return try censorMP3(
                input: input, output: output, matches: matches, replacingInput: request.replacingInput,
                into: transaction, progress: progress)
        case .media:
            return try censorMedia(
                input: input, output: output, matches: matches, options: options.media,
                format: options.format, replacingInput: request.replacingInput, into: transaction,
                progress: progress)
        case .stream:
            guard case let .stream(descriptor, name) = request.input else { preconditionFailure("a stream's backend") }
            return try censorStream(
                AudioStreamReader(descriptor: descriptor, name: name), output: output,
                matches: matches, format: options.format, into: transaction, progress: progress)
        case .file:
            return try censorFile(
                input: input, output: output, matches: matches, format: options.format,
                replacingInput: request.replacingInput, into: transaction, progress: progress)
        }
    }

    /// Whether `path` names an MP3 by its extension.
    package static func hasMP3Extension(_ path: String) -> Bool {
        URL(fileURLWithPath: path).pathExtension.lowercased() == "mp3"
    }
}
