extension Censor {
    /// Whether ``censorMP3(input:output:matches:overwrite:replacingInput:progress:)`` can do
    /// this censor's mode on the compressed data: mute and duck can, beep cannot (it needs new
    /// audio, so it re-encodes).
    public var censorsMP3Directly: Bool { MP3GainPlan.Change(mode) != nil }

    /// Censors an MP3 without re-encoding it: only the `global_gain` of the granules under each
    /// span changes; every other byte — frames no span touches, tags, the Xing/LAME header and
    /// its gapless information — is copied as it is. Only when it replaces its input does it add
    /// bytes: the ``CensorMarker`` in an ID3v2 tag of its own after the leading tags.
    ///
    /// Spans are planned on the decoded timeline — the one decoders honouring the LAME tag's
    /// encoder delay give (ffmpeg, mpg123, libsndfile) — with only the frames around the audio
    /// edge refinement reads decoded (``MP3DecodedAudio``), and without edge snapping (zero crossings mean nothing at granule
    /// precision); then they are widened to whole granules so that no decoded sample of a core
    /// passes at full level, and the report gives the frames actually affected. Mute sets
    /// `global_gain` to 0 (below −90 dBFS decoded); duck lowers it by the duck gain in steps of
    /// 1.505 dB. Like ``censorFile(input:output:matches:format:overwrite:replacingInput:progress:)``
    /// the output goes to a temporary file renamed into place when complete.
    ///
    /// - Parameters:
    ///   - input: The MP3 file.
    ///   - output: Where to write the result.
    ///   - matches: The words to censor, with their times.
    ///   - overwrite: Whether an existing `output` may be replaced.
    ///   - replacingInput: Whether `output` may be the input itself.
    ///   - progress: Called every few megabytes with the decoded frames passed.
    /// - Returns: What was censored, and where; its warnings name bytes that were not frames.
    /// - Throws: ``MP3Error`` for input that is not a censorable MP3 (AAC or MPEG-4, free format,
    ///   mixed sample rates), ``AudioError`` when the audio cannot be decoded for planning,
    ///   ``CensorError`` for the output; nothing is left at `output` then.
    /// - Complexity: One pass over the file's bytes (two when no Xing header counts its frames,
    ///   one more when edge refinement reads audio), with memory flat; untouched stretches are
    ///   copied by the kernel; decoding only around the words, for edge refinement.
    public func censorMP3(
        input: String, output: String, matches: [Match], overwrite: Bool = false, replacingInput: Bool = false,
        progress: ((RenderProgress) -> Void)? = nil
    ) throws -> Report {
        let transaction = OutputTransaction(overwrite: overwrite, protecting: [(input, .input)])
        let report = try censorMP3(
            input: input, output: output, matches: matches, replacingInput: replacingInput,
            into: transaction, progress: progress)
        try transaction.commit()
        return report
    }

    /// Censors an MP3 without re-encoding it into an output of `transaction`, which the caller
    /// commits together with the job's other outputs; until then nothing is at `output`.
    ///
    /// - Parameters:
    ///   - transaction: The job's outputs; its rules apply to `output`.
    ///   - Others: As ``censorMP3(input:output:matches:overwrite:replacingInput:progress:)``.
    /// - Returns: What was censored, and where.
    /// - Throws: As ``censorMP3(input:output:matches:overwrite:replacingInput:progress:)``.
    public func censorMP3(
        input: String, output: String, matches: [Match], replacingInput: Bool = false,
        into transaction: OutputTransaction, progress: ((RenderProgress) -> Void)? = nil
    ) throws -> Report {
        guard let change = MP3GainPlan.Change(mode) else {
            throw MP3Error.io(path: input, reason: "\(mode.name) needs new audio, which the compressed data cannot carry")
        }
        let source = try MP3File(reading: input)
        let tags = try MP3Tags(size: source.size) { offset, count in try source.read(at: offset, count: count) }
        // The headers tell the rate, the channels, the encoder delay and the length, and refuse
        // what is no MP3, before any decoding; a stream whose Xing header does not count its
        // frames is counted by a first pass over its headers.
        var probe = MP3Parser(
            stream: MP3ByteStream(size: source.size) { try source.read(at: $0, into: $1) }, tags: tags, path: input)
        guard let first = try probe.next() else { throw MP3Error.notMP3(path: input, found: "it holds no audio frame") }
        var granules = (probe.infoHeader?.frameCount).map { $0 * first.header.granuleCount }
        if granules == nil {
            while try probe.next() != nil {}
            granules = probe.granuleCount
        }
        let offset = probe.infoHeader?.decodedStartOffset ?? 0
        var audio = MP3DecodedAudio(path: input, header: first.header, info: probe.infoHeader, tags: tags, granules: granules ?? 0)
        // Snapping edges to zero crossings serves sample-exact edits; granules make it moot.
        var planner = self.planner
        planner.options = try planner.options.replacing(snapWindow: 0)
        let plan = try planner.plan(matches, sampleRate: audio.sampleRate, audio: &audio)
        let gains = MP3GainPlan(planned: plan.spans, change: change, decodedStartOffset: offset, frameCount: audio.frameCount)

        let temporary = try transaction.reserve(output, replacingInput: replacingInput)
        var rewriter = MP3GainRewriter(plan: gains, musicStart: probe.infoFrame?.upperBound ?? 0)
        var parser: MP3Parser
        do {
            // Untouched bytes go from file to file through the kernel where they run long; only
            // edited frames and the short stretches between them pass through here.
            let writer = MP3Output(file: try MP3File(writing: temporary, name: output), source: source)
            parser = MP3Parser(stream: MP3ByteStream(size: source.size) { try source.read(at: $0, into: $1) },
                               tags: tags, path: input)
            var copied = 0, reported = 0, shift = 0
            // Censored in place, the file says so, for a second in-place run to see: a tag of its
            // own after the leading tags, in place of an earlier run's.
            if replacingInput, let job = marker {
                let marker = MP3MarkerTag(CensorMarker.text(spans: gains.spans.map(\.span), sampleRate: audio.sampleRate, job: job))
                let replaced = try MP3MarkerTag.replaced(in: tags) { try source.read(at: $0, count: $1) }
                try writer.append(0..<replaced.lowerBound, from: parser.stream)
                try writer.append(marker.bytes)
                copied = replaced.upperBound
                shift = marker.bytes.count - replaced.count
            }
            while let frame = try parser.next() {
                if let edited = rewriter.apply(to: frame, in: parser.stream) {
                    try writer.append(copied..<edited.lowerBound, from: parser.stream)
                    try writer.append(edited, from: parser.stream)
                    copied = edited.upperBound
                }
                if let progress, frame.offset - reported >= MP3Output.bufferSize {
                    reported = frame.offset
                    progress(RenderProgress(
                        framesDone: min(audio.frameCount, max(0, frame.firstGranule * MP3FrameHeader.granuleSamples - offset)),
                        frameCount: audio.frameCount, sampleRate: audio.sampleRate))
                }
            }
            try writer.append(copied..<source.size, from: parser.stream)
            try writer.flush()
            if rewriter.editedFrames > 0, let frame = probe.infoFrame, let at = probe.infoHeader?.lameTagOffset {
                let tag = try source.read(at: frame.lowerBound + at, count: MP3InfoHeader.lameTagLength)
                let end = MP3InfoHeader.musicEnd(tag: tag, frame: frame, audioEnd: parser.audio.upperBound)
                let crcs = MP3InfoHeader.updatedCRCs(of: tag, change: rewriter.musicCRC.value(end: end))
                try crcs.withUnsafeBytes { bytes in try writer.write(bytes, at: frame.lowerBound + at + 32 + shift) }
            }
            if replacingInput, marker != nil { try CensorMarker.seal(fileAt: temporary, named: output) }
        } catch {
            transaction.discard()
            throw error
        }
        var report = Report(
            input: input, output: output, sampleRate: audio.sampleRate, channels: audio.channelCount,
            frames: audio.frameCount, mode: mode.name, spans: gains.spans.map(Report.Entry.init), skipped: plan.skipped,
            transcriptOverrun: transcriptOverrun(frames: audio.frameCount, sampleRate: audio.sampleRate), timesFit: plan.timesFit)
        report.warnings = parser.warnings + rewriter.warnings(path: input)
        if let declared = probe.infoHeader?.frameCount, declared != parser.frameCount {
            report.warnings.append("'\(input)': its \(probe.infoHeader?.kind.rawValue ?? "") header counts \(declared) frames "
                + "but \(parser.frameCount) were found; the report's frames follow the header")
        }
        return report
    }
}
