extension Censor {
    /// Whether ``censorMP3(input:output:matches:overwrite:replacingInput:progress:)`` can do
    /// this censor's mode on the compressed data: mute and duck can, beep cannot (it needs new
    /// audio, so it re-encodes).
    public var censorsMP3Directly: Bool { CodedGainPlan.Change(mode) != nil }

    /// Censors an MP3 without re-encoding it: only the `global_gain` of the granules under each
    /// span changes; every other byte — frames no span touches, tags, the Xing/LAME header and
    /// its gapless information — is copied as it is. Only when it replaces its input does it add
    /// bytes: the ``CensorMarker`` in an ID3v2 tag of its own after the leading tags.
    ///
    /// Spans are planned on the decoded timeline — the one decoders honouring the LAME tag's
    /// encoder delay give (ffmpeg, mpg123, libsndfile), its length that of the frames there are,
    /// whatever the Xing/Info header counts — with only the frames around the audio edge
    /// refinement reads decoded (``MP3DecodedAudio``), and without edge snapping (zero crossings
    /// mean nothing at granule precision); then they are widened to whole granules so that no
    /// decoded sample of a core passes at full level in ffmpeg's or mpg123's timeline, where
    /// these part (files joined with `cat`, bytes that are not frames: ``MP3Timeline``), and the
    /// report gives the frames actually affected. Where bytes that are not frames but hold false
    /// frame headers come before a span, decoders disagree beyond reckoning: the file is then
    /// decoded and re-encoded instead, with a warning saying so. Mute sets `global_gain` to 0
    /// (below −90 dBFS decoded); duck lowers it by the duck gain in steps of 1.505 dB. Like ``censorFile(input:output:matches:format:overwrite:replacingInput:progress:)``
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
    /// - Complexity: Two passes over the file's bytes, the first over the frame headers only,
    ///   with memory flat; untouched stretches are copied by the kernel; decoding only around
    ///   the words, for edge refinement.
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
        guard let change = CodedGainPlan.Change(mode) else {
            throw MP3Error.io(
                path: input, reason: "\(mode.name) needs new audio, which the compressed data cannot carry")
        }
        let source = try MP3File(reading: input)
        let tags = try MP3Tags(size: source.size) { offset, count in try source.read(at: offset, count: count) }
        // A first pass over the headers refuses what is no MP3, before any decoding, and counts
        // the frames there are: a Xing/Info header's count may be of only the first of files
        // joined with `cat`, or damaged. It tells the rate, the channels and the encoder delay.
        let index = try MP3FrameIndex(file: source, tags: tags)
        var audio = MP3DecodedAudio(path: input, index: index, tags: tags)
        // Snapping edges to zero crossings serves sample-exact edits; granules make it moot.
        var planner = self.planner
        planner.options = try planner.options.replacing(snapWindow: 0)
        let plan = try planner.plan(matches, sampleRate: audio.sampleRate, audio: &audio)
        let gains = CodedGainPlan(mp3: plan.spans, change: change, timeline: index.timeline)
        // A changed granule within two of such bytes, or after them, may be heard anywhere.
        let unsure = index.gaps.first { gap in gap.holdsSync && gains.runs.contains { $0.upperBound + 2 > gap.granule }
        }
        if let gap = unsure {
            return try reencoded(
                input: input, output: output, matches: matches, replacingInput: replacingInput,
                gap: gap, into: transaction, progress: progress)
        }
        let offset = index.timeline.startOffset

        // The LAME tag, whose music CRC covers the frames up to the music length it gives.
        var lame: (at: Int, tag: [UInt8], musicEnd: Int)?
        if let frame = index.infoFrame, let at = index.infoHeader?.lameTagOffset {
            let tag = try source.read(at: frame.lowerBound + at, count: MP3InfoHeader.lameTagLength)
            lame = (
                frame.lowerBound + at, tag,
                MP3InfoHeader.musicEnd(tag: tag, frame: frame, audioEnd: source.size - tags.trailingLength)
            )
        }
        let musicStart = index.infoFrame?.upperBound ?? 0
        var rewriter = MP3GainRewriter(plan: gains, music: musicStart..<max(musicStart, lame?.musicEnd ?? source.size))
        let temporary = try transaction.reserve(output, replacingInput: replacingInput)
        var parser: MP3Parser
        do {
            // Untouched bytes go from file to file through the kernel where they run long; only
            // edited frames and the short stretches between them pass through here.
            let writer = MP3Output(file: try MP3File(writing: temporary, name: output), source: source)
            parser = MP3Parser(
                stream: MP3ByteStream(size: source.size) { try source.read(at: $0, into: $1) },
                tags: tags, path: input)
            var copied = 0, reported = 0, shift = 0
            // Censored in place, the file says so, for a second in-place run to see: a tag of its
            // own after the leading tags, in place of an earlier run's.
            if replacingInput, let job = marker {
                let marker = MP3MarkerTag(
                    CensorMarker.text(spans: gains.spans.map(\.span), sampleRate: audio.sampleRate, job: job))
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
                    progress(
                        RenderProgress(
                            framesDone: min(
                                audio.frameCount, max(0, frame.firstGranule * MP3FrameHeader.granuleSamples - offset)),
                            frameCount: audio.frameCount, sampleRate: audio.sampleRate))
                }
            }
            try writer.append(copied..<source.size, from: parser.stream)
            try writer.flush()
            if rewriter.editedFrames > 0, let lame {
                let crcs = MP3InfoHeader.updatedCRCs(of: lame.tag, change: rewriter.musicCRC.value(end: lame.musicEnd))
                try crcs.withUnsafeBytes { bytes in try writer.write(bytes, at: lame.at + 32 + shift) }
            }
            if replacingInput, marker != nil { try CensorMarker.seal(fileAt: temporary, named: output) }
        } catch {
            transaction.discard()
            throw error
        }
        var report = Report(
            input: input, output: output, sampleRate: audio.sampleRate, channels: audio.channelCount,
            frames: audio.frameCount, mode: mode.name, spans: gains.spans.map(Report.Entry.init), skipped: plan.skipped,
            transcriptOverrun: transcriptOverrun(frames: audio.frameCount, sampleRate: audio.sampleRate),
            timesFit: plan.timesFit)
        report.direct = Report.DirectEdit(
            codec: "mp3", packets: parser.frameCount, editedPackets: rewriter.editedFrames,
            blockFrames: MP3FrameHeader.granuleSamples)
        report.warnings = parser.warnings + rewriter.warnings(path: input)
        if let declared = index.infoHeader?.frameCount, declared != parser.frameCount {
            report.warnings.append(
                "'\(input)': its \(index.infoHeader?.kind.rawValue ?? "") header counts \(declared) frames "
                    + "but \(parser.frameCount) were found (files joined end to end, or damage); the report's frames follow "
                    + "the frames found")
        }
        return report
    }

    /// Censors an MP3 by decoding and re-encoding it (as ``censorMedia(input:output:matches:options:format:overwrite:replacingInput:progress:)``
    /// does), for a stream whose bytes before a span, at `gap`, are not frames but hold false
    /// frame headers: decoders drop or invent frames there (ffmpeg 5.1 up to nine, mpg123 1.31 up to
    /// seven, in files made so), so no change of the compressed data is sure to reach the words
    /// in every decoder; a re-encoded stream is decoded alike by all.
    private func reencoded(
        input: String, output: String, matches: [Match], replacingInput: Bool, gap: MP3Parser.Gap,
        into transaction: OutputTransaction, progress: ((RenderProgress) -> Void)?
    ) throws -> Report {
        var report = try censorMedia(
            input: input, output: output, matches: matches, replacingInput: replacingInput, into: transaction,
            progress: progress)
        report.warnings.insert(
            "'\(input)': \(gap.bytes.count) bytes at byte \(gap.bytes.lowerBound) are not MP3 frames but "
                + "hold false frame headers, after which decoders disagree on where the audio lies; it was decoded and "
                + "re-encoded, so that every decoder hears the spans censored", at: 0)
        return report
    }
}
