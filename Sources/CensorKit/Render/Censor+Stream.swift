extension Censor {
    /// Why audio of `input`'s format from a pipe cannot be censored in one pass into `output`
    /// with the result ``censorFile(input:output:matches:format:overwrite:replacingInput:progress:)``
    /// gives for the same audio in a file; `nil` when it can, with
    /// ``censorStream(_:output:matches:format:into:progress:)``.
    ///
    /// - Parameters:
    ///   - input: The stream's format, as ``AudioStreamReader/format(ofHead:)`` reads it; `nil`
    ///     checks only what does not depend on it.
    ///   - output: Where the result goes.
    ///   - format: Container, encoding, rate and quality to change.
    /// - Returns: The reason, a phrase such as `edge refinement reads the audio around each
    ///   word …`, or `nil`.
    public func streamingObstacle(input: AudioFileFormat?, output: String, format: OutputFormat = OutputFormat())
        -> String?
    {
        if planner.options.refine, planner.options.refineWindow > 0 {
            return
                "edge refinement reads the audio around each word, and fits the transcript's timing to the whole recording"
        }
        if let container = MediaContainer.named(byPathOf: output), container != .mp3 {
            return "the output is written by ffmpeg, from a file"
        }
        guard let input else { return nil }
        guard input.isReadFromPipes else {
            return "libsndfile reads \(input.shortContainerName) from a file, not from a pipe"
        }
        guard input.isPCMOrFloat else { return "\(Self.name(of: input)) audio is decoded from a file" }
        guard let (requested, _) = try? input.forOutputResamplingOpus(path: output, requested: format) else {
            // The file path says what is wrong with the output.
            return "the output cannot be written as asked"
        }
        guard requested.takesTextAfterAudio else {
            return "\(requested.shortContainerName) keeps its text fields before the audio, and the marker of what was "
                + "censored is known only at the end"
        }
        // The look-ahead holds the samples the pass writes; they must hold the input's own.
        if requested.sampleRate == input.sampleRate {
            let storage = SampleStorage(input: input, output: requested)
            var narrowed = storage == .double
            if case let .integer(bits) = storage, bits <= 16, (input.integerBits ?? 0) > 16 { narrowed = true }
            if narrowed {
                return
                    "\(Self.name(of: input)) audio written as \(Self.name(of: requested)) is converted as it is read from a file"
            }
        }
        return nil
    }

    /// Censors audio read once from a pipe, in one pass with a bounded look-ahead, into an
    /// output of `transaction`: the same audio as
    /// ``censorFile(input:output:matches:format:replacingInput:into:progress:)`` gives for it
    /// in a file, sample for sample, when ``streamingObstacle(input:output:format:)`` is `nil`.
    /// The ``CensorMarker`` is added after the audio.
    ///
    /// - Parameters:
    ///   - input: The stream, opened and not read yet.
    ///   - output: Where to write the result.
    ///   - matches: The words to censor, with their times.
    ///   - format: Container, encoding, rate and quality to change; default: as the input.
    ///   - transaction: The job's outputs.
    ///   - progress: Called after each block; its frame count is what the stream declares.
    /// - Returns: What was censored, and where; its input is the stream's name.
    /// - Throws: ``AudioError`` or ``CensorError``; nothing is left at `output` then.
    /// - Complexity: One pass; memory holds a block plus the longest group of spans whose
    ///   reaches touch, not the stream.
    public func censorStream(
        _ input: AudioStreamReader, output: String, matches: [Match], format: OutputFormat = OutputFormat(),
        into transaction: OutputTransaction, progress: ((RenderProgress) -> Void)? = nil
    ) throws -> Report {
        try censorStream(
            input, output: output, matches: matches, format: format, into: transaction,
            sizeLimit: AudioFileFormat.classicSizeLimit, progress: progress)
    }

    /// ``censorStream(_:output:matches:format:into:progress:)`` with the most audio bytes a WAV
    /// or AIFF output may hold given, so tests can pass it cheaply.
    func censorStream(
        _ input: AudioStreamReader, output: String, matches: [Match], format: OutputFormat,
        into transaction: OutputTransaction, sizeLimit: Int, progress: ((RenderProgress) -> Void)?
    ) throws -> Report {
        if let obstacle = streamingObstacle(input: input.format, output: output, format: format) {
            throw AudioError.cannotOpen(path: input.name, reason: "it cannot be censored as it streams: \(obstacle)")
        }
        try OutputName.check(output, input: input.name)
        var warnings: [String] = []
        let (requested, opusNote) = try input.format.forOutputResamplingOpus(path: output, requested: format)
        if let opusNote { warnings.append(opusNote) }
        let rateRatio = Double(requested.sampleRate) / Double(input.format.sampleRate)
        // A length a header declares past the size limit may be a streaming writer's
        // placeholder: the output is kept as asked, and the pass fails only if the audio
        // really passes the limit.
        var declaredFits = false
        if let fit = try? requested.fitting(
            frames: outputFrames(input.declaredFrames, ratio: rateRatio), path: output, limit: sizeLimit)
        {
            declaredFits = fit.warning == nil
        }
        let outputFormat = requested
        let frameLimit =
            declaredFits
            ? nil
            : requested.frameLimit(bytes: sizeLimit).map { limit in
                (
                    frames: Int(Double(limit) / rateRatio),
                    error: AudioError.unsupportedOutput(
                        path: output,
                        reason: "'\(input.name)' holds more audio than a \(requested.shortContainerName) file can; "
                            + "write RF64, W64 or CAF instead (a stream's length is not known in advance)")
                )
            }
        let temporary = try transaction.reserve(output)
        do {
            let writer = try AudioWriter(
                creating: temporary, for: output, format: outputFormat, metadata: input.metadata,
                quality: format.quality)
            let framesRead: Int
            let spans: [PlannedSpan], skipped: [Match]
            switch (
                outputFormat.sampleRate != input.format.sampleRate,
                SampleStorage(input: input.format, output: outputFormat)
            ) {
            case (false, let .integer(bits)) where bits <= 16:
                (framesRead, spans, skipped) = try pass(
                    Int16.self, input, matches, writer, outputFormat, frameLimit, progress)
            case (false, .integer):
                (framesRead, spans, skipped) = try pass(
                    Int32.self, input, matches, writer, outputFormat, frameLimit, progress)
            default:
                (framesRead, spans, skipped) = try pass(
                    Float.self, input, matches, writer, outputFormat, frameLimit, progress)
            }
            try writer.close()
            if let job = marker {
                try CensorMarker.append(
                    CensorMarker.text(spans: spans.map(\.span), sampleRate: input.format.sampleRate, job: job),
                    toFileAt: temporary, named: output)
            }
            var report = report(
                Plan(spans: spans, skipped: skipped), input: input.name, output: output,
                format: input.format, frames: framesRead)
            report.warnings = warnings
            return report
        } catch {
            transaction.discard()
            throw error
        }
    }

    /// Streams `input` through a look-ahead holding `Sample`s into `writer`.
    private func pass<Sample: StreamSample>(
        _: Sample.Type, _ input: AudioStreamReader, _ matches: [Match], _ writer: AudioWriter,
        _ outputFormat: AudioFileFormat, _ frameLimit: (frames: Int, error: AudioError)?,
        _ progress: ((RenderProgress) -> Void)?
    ) throws -> (frames: Int, spans: [PlannedSpan], skipped: [Match]) {
        var censor = StreamCensor<Sample>(
            input: input, censor: self, matches: matches, frameLimit: frameLimit)
        let reader = censor
        _ = try stream(reader, into: writer, format: outputFormat, engine: &censor, progress: progress)
        try censor.finish()
        return (censor.framesRead, censor.spans, censor.skippedMatches)
    }

    /// An encoding's name for messages: `pcm24`, else libsndfile's.
    private static func name(of format: AudioFileFormat) -> String {
        format.encoding?.rawValue ?? format.encodingName
    }

    private func outputFrames(_ frames: Int, ratio: Double) -> Int {
        ratio == 1 ? frames : Int(exactly: (Double(frames) * ratio).rounded(.up)) ?? Int.max
    }
}
