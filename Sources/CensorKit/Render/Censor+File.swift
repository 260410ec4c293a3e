import Foundation

extension Censor {
    /// Censors an audio file into a new file.
    ///
    /// The output keeps the input's container, encoding, rate, channels and metadata unless
    /// `format` or the output's extension says otherwise (``AudioMetadata``; a WAV's `iXML`,
    /// XMP, `axml`, ID3 and marker chunks are copied into a WAV of the same encoding and rate). It is
    /// written to a temporary file
    /// beside the destination and renamed into place only when complete; the input is only
    /// ever read (with `replacingInput`, it is replaced by that rename, and only then).
    ///
    /// - Parameters:
    ///   - input: The audio file to censor.
    ///   - output: Where to write the result.
    ///   - matches: The words to censor, with their times.
    ///   - format: Container, encoding, rate and quality to change; default: as the input.
    ///   - overwrite: Whether an existing `output` may be replaced.
    ///   - replacingInput: Whether `output` may be the input itself (censoring in place); the
    ///     replacement keeps the input's permissions.
    ///   - progress: Called after each block with how far the pass has come.
    /// - Returns: What was censored, and where.
    /// - Throws: ``AudioError`` or ``CensorError``; nothing is left at `output` then.
    /// - Complexity: One pass over the audio plus reads near each span; memory does not grow
    ///   with the file's length.
    public func censorFile(
        input: String, output: String, matches: [Match], format: OutputFormat = OutputFormat(),
        overwrite: Bool = false, replacingInput: Bool = false, progress: ((RenderProgress) -> Void)? = nil
    ) throws -> Report {
        let transaction = OutputTransaction(overwrite: overwrite, protecting: [(input, .input)])
        let report = try censorFile(
            input: input, output: output, matches: matches, format: format, replacingInput: replacingInput,
            into: transaction, progress: progress)
        try transaction.commit()
        return report
    }

    /// Censors an audio file into an output of `transaction`, which the caller commits together
    /// with the job's other outputs (report, labels, …); until then nothing is at `output`.
    ///
    /// - Parameters:
    ///   - transaction: The job's outputs; its rules apply to `output`, and it says whether an
    ///     existing file may be replaced.
    ///   - Others: As ``censorFile(input:output:matches:format:overwrite:replacingInput:progress:)``.
    /// - Returns: What was censored, and where.
    /// - Throws: ``AudioError`` or ``CensorError``; a failure once the output is reserved
    ///   discards the whole transaction, so no output of the job appears.
    public func censorFile(
        input: String, output: String, matches: [Match], format: OutputFormat = OutputFormat(),
        replacingInput: Bool = false, into transaction: OutputTransaction, progress: ((RenderProgress) -> Void)? = nil
    ) throws -> Report {
        try censorFile(
            input: input, output: output, matches: matches, format: format, replacingInput: replacingInput,
            into: transaction, sizeLimit: AudioFileFormat.classicSizeLimit, progress: progress)
    }

    /// ``censorFile(input:output:matches:format:replacingInput:into:progress:)`` with the most
    /// audio bytes a WAV or AIFF output may hold given, so tests can pass it cheaply.
    func censorFile(
        input: String, output: String, matches: [Match], format: OutputFormat, replacingInput: Bool,
        into transaction: OutputTransaction, sizeLimit: Int, progress: ((RenderProgress) -> Void)?
    ) throws -> Report {
        // The input first: a folder or a missing file is the error to name, not the output it would give.
        let reader = try AudioReader(path: input)
        try OutputName.check(output, input: input)
        if let container = MediaContainer.named(byPathOf: output), container != .mp3 {
            throw MediaError.unknownOutput(
                path: output, choices: "a container libsndfile writes; write this one with censorMedia")
        }
        var warnings = reader.warnings
        let (requested, opusNote) = try reader.format.forOutputResamplingOpus(path: output, requested: format)
        if let opusNote { warnings.append(opusNote) }
        let outputFrames =
            requested.sampleRate == reader.format.sampleRate
            ? reader.frameCount
            // Checked: a header may declare more frames than any file holds, and resampling up
            // multiplies them; past Int's range the count saturates rather than traps.
            : Int(
                exactly: (Double(reader.frameCount) * Double(requested.sampleRate) / Double(reader.format.sampleRate))
                    .rounded(.up)) ?? Int.max
        let (outputFormat, sizeWarning) = try requested.fitting(
            frames: outputFrames, path: output, limit: sizeLimit)
        if let sizeWarning { warnings.append(sizeWarning) }
        let temporary = try transaction.reserve(output, replacingInput: replacingInput)
        let matchedBeep = if case let .beep(beep) = mode { beep.level == .matched } else { false }
        // A matched beep's levels add the squares refinement sums as it reads the censored
        // audio, rather than read it all again.
        if matchedBeep, reader.storesNarrowIntegers {
            reader.blockSquares = BlockSquares(channelCount: reader.channelCount)
        }
        var source = reader
        let plan = try planner.plan(matches, sampleRate: reader.format.sampleRate, audio: &source)
        let spans = plan.spans.map(\.span)
        let cut = mode == .cut ? CutPlan(spans: spans, frames: reader.frameCount) : nil
        // The report depends on the plan alone: it is built on another thread while the
        // render runs (mostly waiting on the writing thread). A thread of its own, not a
        // dispatch queue's: this may run on a pool thread (a batch's jobs), which then waits
        // for the report, and the pool need not have another thread to give.
        let reportBuilt = ThreadResults<Report>(count: 1)
        let (inputFormat, inputFrames) = (reader.format, reader.frameCount)
        Thread { [self] in
            reportBuilt.set(
                0, self.report(plan, input: input, output: output, format: inputFormat, frames: inputFrames))
        }.start()
        var metadata = reader.metadata
        // A FLAC input's blocks are carried whole in place of the fields libsndfile knows.
        let flacBlocks =
            outputFormat.container == .flac
            ? FLACBlocks.carriedBlocks(
                ofFileAt: input, sameTimeline: outputFormat.sampleRate == reader.format.sampleRate && cut == nil)
            : nil
        // So are a WAV input's INFO list and an Ogg input's comment packet.
        let infoList = outputFormat.container == .wav ? WAVChunks.infoList(ofFileAt: input) : nil
        let oggComment =
            outputFormat.container == .ogg
            ? OggComments.commentPacket(ofFileAt: input, opus: outputFormat.encoding == .opus) : nil
        if flacBlocks != nil || infoList != nil || oggComment != nil { metadata.strings = [:] }
        // A WAV's software field is written whole, after the audio, not by libsndfile (which cuts it).
        let software = outputFormat.container == .wav ? metadata.strings.removeValue(forKey: "software") : nil
        // Streams `reader` through `engine` into the temporary output; the frames read.
        func write(with engine: inout some BlockCensor) throws -> Int {
            let writer = try AudioWriter(
                creating: temporary, for: output, format: outputFormat, metadata: metadata,
                quality: format.quality)
            try reader.seek(to: 0)
            let framesRead =
                if let cut {
                    try stream(
                        CutReader(
                            reader, plan: cut, storage: SampleStorage(input: reader.format, output: outputFormat)),
                        into: writer, format: outputFormat, engine: &engine, progress: progress)
                } else {
                    try stream(reader, into: writer, format: outputFormat, engine: &engine, progress: progress)
                }
            try writer.close()
            return framesRead
        }
        do {
            let framesRead: Int
            // A matched beep's levels are measured while the render runs, where another reader can measure them.
            if matchedBeep, spans.count >= MeasuringBeepEngine.leastSpans, let reopen = source.reopener {
                var engine = try MeasuringBeepEngine(
                    spans: spans, mode: mode.resampled(to: reader.format.sampleRate),
                    sampleRate: reader.format.sampleRate,
                    audio: &source, reopen: reopen)
                defer { engine.stop() }
                framesRead = try write(with: &engine)
            } else if cut != nil {
                // The cut is in the reader; no engine changes a frame.
                var engine = try CensorEngine(
                    spans: [], mode: .mute, channelCount: reader.channelCount,
                    sampleRate: reader.format.sampleRate)
                framesRead = try write(with: &engine)
            } else {
                var engine = try makeEngine(plan: plan, sampleRate: reader.format.sampleRate, audio: &source)
                framesRead = try write(with: &engine)
            }
            if framesRead < cut?.outputFrames ?? reader.frameCount {
                warnings.append(
                    "'\(input)' ended at frame \(framesRead), before the \(reader.frameCount) frames "
                        + "it declares; the output holds the audio that was there")
            }
            // The same encoding, rate and length: the input's iXML, XMP, ID3 and marker chunks are still true of it.
            if outputFormat == reader.format, cut == nil {
                try WAVChunks.append(
                    WAVChunks.carriedChunks(ofFileAt: input), toFileAt: temporary, named: output, frames: framesRead)
            }
            if let software {
                try WAVChunks.append(
                    [WAVChunks.softwareChunk(software)], toFileAt: temporary, named: output, frames: framesRead)
            }
            if let infoList { try WAVChunks.append([infoList], toFileAt: temporary, named: output, frames: framesRead) }
            if let oggComment { try OggComments.replaceComment(ofFileAt: temporary, named: output, with: oggComment) }
            let markerText = marker.map {
                CensorMarker.text(spans: spans, sampleRate: reader.format.sampleRate, job: $0)
            }
            if outputFormat.container == .flac {
                try FLACBlocks.rewrite(fileAt: temporary, named: output, carrying: flacBlocks, marker: markerText)
                if markerText != nil { try CensorMarker.seal(fileAt: temporary, named: output) }
            } else if let markerText {
                try CensorMarker.append(markerText, toFileAt: temporary, named: output)
            }
        } catch {
            transaction.discard()
            throw error
        }
        var report = try reportBuilt.value(at: 0)
        if let cut { report.record(cut) }
        report.warnings = warnings
        return report
    }

    /// Streams `reader` from its start through `engine` into `writer`, which writes
    /// `outputFormat`: samples kept in the widest type both encodings share, or resampled as
    /// floats when the rates differ.
    ///
    /// - Returns: The input frames read.
    func stream(
        _ reader: some AudioBlockReader, into writer: AudioWriter, format outputFormat: AudioFileFormat,
        engine: inout some BlockCensor, progress: ((RenderProgress) -> Void)?
    ) throws -> Int {
        var stream = FileStream(reader: reader, writer: writer, blockFrames: blockFrames, progress: progress)
        if outputFormat.sampleRate != reader.format.sampleRate {
            try stream.run(
                engine: &engine, codec: FloatCodec(),
                resampler: Resampler(
                    from: reader.format.sampleRate, to: outputFormat.sampleRate,
                    channelCount: reader.format.channelCount, path: writer.path))
        } else {
            switch SampleStorage(input: reader.format, output: outputFormat) {
            case let .integer(bits) where bits <= 16:
                try stream.run(engine: &engine, codec: NarrowPCMCodec(bits: bits))
            case let .integer(bits):
                try stream.run(engine: &engine, codec: IntegerPCMCodec(bits: bits))
            case .float:
                try stream.run(engine: &engine, codec: FloatCodec())
            case .double:
                try stream.run(engine: &engine, codec: DoubleCodec())
            }
        }
        return stream.framesRead
    }

    /// Plans what censoring an audio file would do, without writing anything.
    ///
    /// - Parameters:
    ///   - input: The audio file.
    ///   - matches: The words to censor, with their times.
    /// - Returns: The report a run would give, with no output.
    /// - Throws: ``AudioError`` when the input cannot be read.
    public func planFile(input: String, matches: [Match]) throws -> Report {
        var reader = try AudioReader(path: input)
        let plan = try planner.plan(matches, sampleRate: reader.format.sampleRate, audio: &reader)
        var report = report(plan, input: input, output: nil, format: reader.format, frames: reader.frameCount)
        report.warnings = reader.warnings
        return report
    }

    func report(_ plan: Plan, input: String, output: String?, format: AudioFileFormat, frames: Int) -> Report {
        Report(
            input: input, output: output, sampleRate: format.sampleRate, channels: format.channelCount,
            frames: frames, mode: mode.name, spans: plan.spans.map(Report.Entry.init), skipped: plan.skipped,
            transcriptOverrun: transcriptOverrun(frames: frames, sampleRate: format.sampleRate), timesFit: plan.timesFit
        )
    }
}
