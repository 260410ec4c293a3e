import CSndFile
import Foundation

extension Censor {
    /// Censors one audio stream of a video or audio container (MP4, M4A, MOV, MKV, WebM, AVI …)
    /// through ffmpeg, keeping everything else.
    ///
    /// The stream is decoded to exact PCM (a scratch WAV beside the output, so the planner can
    /// read around each span), censored by the same planner and engine as any audio file, and
    /// piped to ffmpeg, which encodes it with the source stream's codec, rate, channel layout
    /// and bit rate and muxes it with every other stream copied packet for packet: video, other
    /// audio, subtitles, data, attachments, cover art, chapters, global and per-stream
    /// metadata. The censored stream starts where the original did: ffmpeg's decoder drops the
    /// priming samples the container's edit list (MP4) or gapless header (MP3) names, and its
    /// encoder writes its own. An input libsndfile reads (WAV, FLAC …) is read directly, so
    /// `talk.wav` can be written as `talk.m4a`.
    ///
    /// - Parameters:
    ///   - input: The media file.
    ///   - output: Where to write the result; its extension names the container (``MediaContainer``).
    ///   - matches: The words to censor, with times on the audio stream's own clock: from its first
    ///     decoded sample, as a recognizer run on the file (or on its audio extracted by ffmpeg)
    ///     gives them.
    ///   - options: Which audio stream, its bit rate, subtitles to add.
    ///   - format: For an output libsndfile writes (`talk.mp4` into `talk.flac`), its encoding, rate
    ///     and quality, as ``censorFile(input:output:matches:format:overwrite:replacingInput:progress:)``
    ///     takes them; a container ffmpeg writes keeps the source stream's.
    ///   - overwrite: Whether an existing `output` may be replaced.
    ///   - replacingInput: Whether `output` may be the input itself.
    ///   - progress: Called after each block with how far censoring and muxing have come.
    /// - Returns: What was censored, and where (frames of the censored stream).
    /// - Throws: ``MediaError``, ``AudioError`` or ``CensorError``; nothing is left at `output` then.
    public func censorMedia(
        input: String, output: String, matches: [Match], options: MediaOptions = MediaOptions(),
        format: OutputFormat = OutputFormat(), overwrite: Bool = false, replacingInput: Bool = false,
        progress: ((RenderProgress) -> Void)? = nil
    ) throws -> Report {
        let transaction = OutputTransaction(overwrite: overwrite, protecting: [(input, .input)])
        let report = try censorMedia(
            input: input, output: output, matches: matches, options: options, format: format,
            replacingInput: replacingInput, into: transaction, progress: progress)
        try transaction.commit()
        return report
    }

    /// Censors one audio stream of a media file into an output of `transaction`, which the
    /// caller commits together with the job's other outputs; until then nothing is at `output`.
    ///
    /// - Parameters:
    ///   - transaction: The job's outputs; its rules apply to `output`.
    ///   - Others: As ``censorMedia(input:output:matches:options:format:overwrite:replacingInput:progress:)``.
    /// - Returns: What was censored, and where (frames of the censored stream).
    /// - Throws: ``MediaError``, ``AudioError`` or ``CensorError``.
    public func censorMedia(
        input: String, output: String, matches: [Match], options: MediaOptions = MediaOptions(),
        format: OutputFormat = OutputFormat(), replacingInput: Bool = false, into transaction: OutputTransaction,
        progress: ((RenderProgress) -> Void)? = nil
    ) throws -> Report {
        guard let container = MediaContainer.named(byPathOf: output) else {
            return try censorDecoded(
                input: input, output: output, matches: matches, options: options, format: format,
                replacingInput: replacingInput, into: transaction, progress: progress)
        }
        if options.embeddedSubtitles != nil, container.subtitleCodec == nil {
            throw MediaError.noSubtitleStream(path: output)
        }
        var notDirect: String?
        if options.direct, options.bitrate == nil, options.embeddedSubtitles == nil,
            Self.aacDirectPair(input: input, output: output), try Self.onlyOneAudioStream(input, options: options)
        {
            do {
                var report = try censorAAC(
                    input: input, output: output, matches: matches, options: options,
                    replacingInput: replacingInput, into: transaction, progress: progress)
                let stream = try MediaProbe(path: input).audioStreams(options.audioStreams, path: input)[0]
                report.streams = [Report.CensoredStream(stream: stream, spans: report.spans.count)]
                return report
            } catch AACError.notDirect(_, let reason) {
                notDirect =
                    "'\(input)' was decoded and re-encoded, since \(reason): every packet changed and lost a "
                    + "generation of quality"
            } catch AACError.notAAC {}
        }
        let probe = try MediaProbe(path: input)
        if mode == .cut, let reason = Self.cutRefusal(probe) {
            throw MediaError.notCuttable(path: input, reason: reason)
        }
        let temporary = try transaction.reserve(output, replacingInput: replacingInput)
        let streams = try probe.audioStreams(options.audioStreams, path: input)
        let scratch = ScratchFiles(beside: output)
        let reader = try decode(input, stream: streams[0], probe: probe, scratch: scratch, progress: progress)
        var source = reader
        let plan = try planner.plan(matches, sampleRate: reader.format.sampleRate, audio: &source)
        let cut = mode == .cut ? CutPlan(spans: plan.spans.map(\.span), frames: reader.frameCount) : nil
        // The cut is in the reader; no engine changes a frame.
        var engine =
            if cut != nil {
                try CensorEngine(
                    spans: [], mode: .mute, channelCount: reader.channelCount, sampleRate: reader.format.sampleRate)
            } else {
                try makeEngine(plan: plan, sampleRate: reader.format.sampleRate, audio: &source)
            }
        var report = report(plan, input: input, output: output, format: reader.format, frames: reader.frameCount)
        if let cut { report.record(cut) }
        let firstTime = try probe.firstSampleTime(of: streams[0], path: input)
        // A time on the file's timeline moved onto the output's (itself, without a cut).
        let moved = { (time: Double) in firstTime + report.outputTime(time - firstTime) }
        let (rawFormat, rawName) = Self.rawPCM(for: reader.format)
        var replacements = [
            MuxCommand.Replacement(
                stream: try Self.withBitrate(streams[0], probe: probe, path: input), input: "pipe:0",
                pcm: (rawName, reader.format.sampleRate, reader.channelCount), firstSampleTime: firstTime,
                removedFrames: cut.map { $0.inputFrames - $0.outputFrames } ?? 0)
        ]
        var censored = [Report.CensoredStream(stream: streams[0], spans: plan.spans.count)]
        for stream in streams.dropFirst() {
            let (replacement, spans) = try censorOther(
                stream, of: input, probe: probe, matches: matches, shift: firstTime, scratch: scratch, output: output)
            replacements.append(replacement)
            censored.append(Report.CensoredStream(stream: stream, spans: spans))
        }
        let ownSubtitles =
            try options.subtitleCensor != nil || cut != nil
            ? censorSubtitleStreams(
                of: input, probe: probe, with: options.subtitleCensor ?? { $0 },
                retiming: cut == nil ? nil : moved, scratch: scratch)
            : [:]
        var subtitlePath: String?
        // Added only to a file without subtitles: its own are censored in their place.
        if let subtitles = options.embeddedSubtitles, !probe.streams.contains(where: { $0.type == "subtitle" }) {
            let path = try scratch.create("srt")
            let text = cut == nil ? subtitles : CensoredSubtitles.retimeSubRip(subtitles) { report.outputTime($0) }
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            subtitlePath = path
        }
        var command = MuxCommand(
            source: input, probe: probe, replacements: replacements, container: container,
            bitrate: options.bitrate.map { $0 * 1000 }, subtitles: subtitlePath,
            mp3: container == .mp3 && streams[0].codec == "mp3" ? MP3Header(path: input) : nil,
            marker: marker.map {
                CensorMarker.text(spans: plan.spans.map(\.span), sampleRate: reader.format.sampleRate, job: $0)
            })
        command.censoredSubtitles = ownSubtitles
        command.attachments = try pictureAttachments(of: input, probe: probe, container: container, scratch: scratch)
        var warnings = reader.warnings + [notDirect].compactMap { $0 }
        if cut != nil {
            command.chapters = try Self.cutChapters(probe, report: report, firstTime: firstTime, scratch: scratch)
            let (dropped, warning) = Self.cutDroppedStreams(of: input, probe: probe)
            command.dropped = dropped
            warnings += [warning].compactMap { $0 }
        }
        do {
            let handle = try scratch.handle(temporary)
            let run = try FFmpeg.Run(.ffmpeg, command.arguments, output: .file(handle), feedsInput: true, for: output)
            try? handle.close()
            do {
                try reader.seek(to: 0)
                if let cut {
                    let cutReader = CutReader(
                        reader, plan: cut, storage: SampleStorage(input: reader.format, output: rawFormat))
                    try pipe(cutReader, to: run, format: rawFormat, output: output, engine: &engine, progress: progress)
                } else {
                    try pipe(reader, to: run, format: rawFormat, output: output, engine: &engine, progress: progress)
                }
            } catch {
                run.cancel()
                throw error
            }
            try run.wait(for: output)
            // Tags too large for ffmpeg to read, into an MP3: the source's, byte for byte, before ffmpeg's own.
            let skipped = container == .mp3 ? FFmpeg.skippedTagBytes(input) : 0
            if skipped > 0 { try FileHead.prepend(skipped, bytesOf: input, toFileAt: temporary, named: output) }
            if skipped > 0, cut != nil {
                warnings.append(
                    "'\(output)' keeps \(skipped) bytes of '\(input)'s tags as they were, too large for ffmpeg "
                        + "to read: any chapter (CHAP) in them keeps the uncut times")
            }
            if let text = command.marker {
                if MuxCommand.holdsMarkerTag(container) {
                    try CensorMarker.seal(fileAt: temporary, named: output)
                } else {
                    try CensorMarker.append(text, toFileAt: temporary, named: output)
                }
            }
        } catch {
            transaction.discard()
            throw error
        }
        if command.encodedRate(of: replacements[0]) != reader.format.sampleRate {
            warnings.append(
                "Opus takes 8, 12, 16, 24 or 48 kHz: '\(output)' is resampled from "
                    + "\(reader.format.sampleRate) Hz to 48000 Hz")
        }
        report.warnings = warnings
        report.streams = censored
        return report
    }

    /// Censors an audio stream besides the first at the same moments: `matches`' times, on the
    /// first stream's clock (whose first sample plays at `shift` seconds), moved onto this
    /// stream's, planned on its own audio and rendered into a scratch file of raw PCM.
    ///
    /// - Returns: The stream's replacement for the mux, and how many spans it has.
    private func censorOther(
        _ stream: MediaProbe.Stream, of input: String, probe: MediaProbe, matches: [Match], shift: Double,
        scratch: ScratchFiles, output: String
    ) throws -> (MuxCommand.Replacement, Int) {
        let reader = try decode(input, stream: stream, probe: probe, scratch: scratch)
        let firstTime = try probe.firstSampleTime(of: stream, path: input)
        let moved = matches.map { match in
            var match = match
            match.start += shift - firstTime
            match.end += shift - firstTime
            return match
        }
        var source = reader
        let plan = try planner.plan(moved, sampleRate: reader.format.sampleRate, audio: &source)
        var engine = try makeEngine(plan: plan, sampleRate: reader.format.sampleRate, audio: &source)
        let (format, name) = Self.rawPCM(for: reader.format)
        let path = try scratch.create("raw")
        let writer = try AudioWriter(creating: path, for: output, format: format, metadata: AudioMetadata())
        do {
            try reader.seek(to: 0)
            _ = try self.stream(reader, into: writer, format: format, engine: &engine, progress: nil)
            try writer.close()
        } catch {
            try? writer.close()
            throw error
        }
        let replacement = MuxCommand.Replacement(
            stream: try Self.withBitrate(stream, probe: probe, path: input), input: path,
            pcm: (name, reader.format.sampleRate, reader.channelCount), firstSampleTime: firstTime)
        return (replacement, plan.spans.count)
    }

    /// `stream` with its bit rate measured from its packets when the container states none.
    private static func withBitrate(_ stream: MediaProbe.Stream, probe: MediaProbe, path: String) throws
        -> MediaProbe.Stream
    {
        guard stream.bitRate == nil, probe.streams.count > 1 || probe.bitRate == nil,
            MediaCodec.takesBitrate(stream.codec)
        else { return stream }
        var measured = stream
        measured.bitRate = try probe.measuredBitrate(of: stream, path: path)
        return measured
    }

    /// The file's text subtitle streams whose cues `censor` changes, or every one when
    /// `retiming` moves their times (a cut's), each written out as a censored SubRip scratch
    /// file: stream index → the file.
    private func censorSubtitleStreams(
        of input: String, probe: MediaProbe, with censor: (String) -> String, retiming: ((Double) -> Double)? = nil,
        scratch: ScratchFiles
    ) throws -> [Int: String] {
        var files: [Int: String] = [:]
        for stream in probe.streams where stream.type == "subtitle" && MediaCodec.textSubtitles.contains(stream.codec) {
            // Moved cues keep the file's timeline, on which the times are moved and muxed (-copyts).
            let run = try FFmpeg.Run(
                .ffmpeg,
                ["-nostdin", "-v", "error"] + (retiming == nil ? [] : ["-copyts"]) + FFmpeg.input(input)
                    + [
                        "-map", "0:\(stream.index)",
                        "-c:s", "srt", "-f", "srt", "-",
                    ],
                output: .captured, for: input)
            let original = String(decoding: try run.wait(for: input), as: UTF8.self)
            var censored = CensoredSubtitles.censorSubRip(original, with: censor)
            if let retiming { censored = CensoredSubtitles.retimeSubRip(censored, by: retiming) }
            guard censored != original || retiming != nil else { continue }
            let path = try scratch.create("srt")
            try Data(censored.utf8).write(to: URL(fileURLWithPath: path))
            files[stream.index] = path
        }
        return files
    }

    /// A Matroska source's attached pictures, extracted for a Matroska output (whose muxer,
    /// in ffmpeg 5.1, writes a copied one as a video track): stream index → scratch file.
    private func pictureAttachments(
        of input: String, probe: MediaProbe, container: MediaContainer, scratch: ScratchFiles
    ) throws -> [Int: String] {
        guard probe.formatName.hasPrefix("matroska"), [.mkv, .mka, .webm].contains(container) else { return [:] }
        var files: [Int: String] = [:]
        for stream in probe.streams where stream.disposition.contains("attached_pic") {
            let path = try scratch.create("attachment")
            try FFmpeg.Run(
                .ffmpeg,
                ["-nostdin", "-v", "error", "-y"] + FFmpeg.input(input) + [
                    "-map", "0:\(stream.index)",
                    "-c", "copy", "-f", "data", path,
                ], for: input
            ).wait(for: input)
            files[stream.index] = path
        }
        return files
    }

    /// Plans what censoring a media file's audio stream would do, without writing anything
    /// (the stream is decoded into a scratch file in the temporary folder).
    ///
    /// - Parameters:
    ///   - input: The media file.
    ///   - matches: The words to censor, with times on the audio stream's own clock.
    ///   - options: Which audio stream.
    /// - Returns: The report a run would give, with no output.
    /// - Throws: ``MediaError`` when the file or its stream cannot be read.
    public func planMedia(input: String, matches: [Match], options: MediaOptions = MediaOptions()) throws -> Report {
        let probe = try MediaProbe(path: input)
        let stream = try probe.audioStreams(options.audioStreams, path: input)[0]
        let scratch = ScratchFiles(beside: NSTemporaryDirectory() + "/censor-plan")
        var reader = try decode(input, stream: stream, probe: probe, scratch: scratch)
        let plan = try planner.plan(
            matches, sampleRate: reader.format.sampleRate,
            audio: &reader)
        var report = report(plan, input: input, output: nil, format: reader.format, frames: reader.frameCount)
        report.warnings = reader.warnings
        return report
    }

    /// Whether censoring `input` into `output` goes through ffmpeg: either is a container
    /// libsndfile does not handle (``MediaContainer``), or both are MP3, so that the bit rate and
    /// its mode, the ID3v2 tags (pictures, comments, chapters) and the LAME/Xing header are kept.
    /// MP3 into any other format, and other formats into MP3, stay with libsndfile.
    ///
    /// - Parameters:
    ///   - input: The input file.
    ///   - output: The output file; `nil` for a dry run.
    public static func needsMedia(input: String, output: String?) -> Bool {
        let from = MediaContainer.named(byPathOf: input), to = output.flatMap(MediaContainer.named(byPathOf:))
        if from == .mp3 || to == .mp3 { return (from == .mp3 && to == .mp3) || (from != nil && from != .mp3) }
        return from != nil || to != nil
    }

    /// A media file's audio stream censored into an audio file libsndfile writes (`talk.mp4`
    /// into `talk.flac`): decoded into a scratch WAV, then censored as any audio file.
    private func censorDecoded(
        input: String, output: String, matches: [Match], options: MediaOptions, format: OutputFormat,
        replacingInput: Bool, into transaction: OutputTransaction, progress: ((RenderProgress) -> Void)?
    ) throws -> Report {
        // Standard output, /dev/null or a name without an extension says no format: the decoded
        // audio alone, as a float WAV, would be written in place of the video without a word.
        guard OutputName.fileExtension(output) != nil else {
            throw MediaError.unnamedOutput(path: output, input: input)
        }
        try transaction.reserve(output, replacingInput: replacingInput)
        let probe = try MediaProbe(path: input)
        let stream = try probe.audioStreams(options.audioStreams, path: input)[0]
        let scratch = ScratchFiles(beside: output)
        let reader = try decode(input, stream: stream, probe: probe, scratch: scratch, progress: progress)
        var report = try censorFile(
            input: reader.path, output: output, matches: matches, format: format,
            into: transaction, progress: progress)
        report.input = input
        return report
    }

    /// The audio stream as a reader: the input itself when libsndfile reads it and it holds
    /// only that stream, else the stream decoded by ffmpeg into a scratch WAV file, with
    /// `progress` told how far decoding has come (from the scratch file's growing size).
    func decode(
        _ input: String, stream: MediaProbe.Stream, probe: MediaProbe, scratch: ScratchFiles,
        progress: ((RenderProgress) -> Void)? = nil
    ) throws -> AudioReader {
        if probe.streams.count == 1, MediaContainer.named(byPathOf: input) == nil,
            let reader = try? AudioReader(path: input)
        {
            return reader
        }
        let path = try scratch.create("wav")
        let handle = try scratch.handle(path)
        let codec = MediaCodec.pcm(for: stream.sampleFormat, bits: stream.bitsPerRawSample)
        let run = try FFmpeg.Run(
            .ffmpeg,
            ["-nostdin", "-v", "error", "-y"] + FFmpeg.input(input) + [
                "-map", "0:\(stream.index)",
                "-map_metadata", "-1", "-c:a", codec, "-f", "wav", "-rf64", "auto", "/dev/stdout",
            ],
            output: .file(handle), for: input)
        try? handle.close()
        if let progress, let rate = stream.sampleRate, let channels = stream.channels, let duration = stream.duration {
            let bytesPerFrame = channels * MediaCodec.bytesPerSample(ofPCM: codec)
            let frameCount = Int(duration * Double(rate))
            while run.isRunning {
                usleep(100_000)
                var status = stat()
                guard stat(path, &status) == 0 else { break }
                let frames = min(frameCount, max(0, Int(status.st_size) - 44) / bytesPerFrame)
                progress(RenderProgress(framesDone: frames, frameCount: frameCount, sampleRate: rate, stage: .decoding))
            }
        }
        do {
            try run.wait(for: input)
        } catch {
            guard case let .toolFailed(_, _, reason) = error else { throw error }
            throw MediaError.unreadable(
                path: input, reason: "decoding its audio stream \(stream.index) failed: \(reason)")
        }
        let reader = try AudioReader(path: path)
        progress?(
            RenderProgress(
                framesDone: reader.frameCount, frameCount: reader.frameCount,
                sampleRate: reader.format.sampleRate, stage: .decoding))
        return reader
    }

    /// Streams `reader` from its read position through `engine` as raw PCM into the standard
    /// input of `run`.
    private func pipe(
        _ reader: some AudioBlockReader, to run: FFmpeg.Run, format: AudioFileFormat, output: String,
        engine: inout CensorEngine, progress: ((RenderProgress) -> Void)?
    ) throws {
        guard let input = run.input else { return }
        // A program that stops reading must fail the write, not kill this process.
        signal(SIGPIPE, SIG_IGN)
        let writer: AudioWriter
        do {
            writer = try AudioWriter(
                creating: "/dev/fd/\(input.fileDescriptor)", for: output, format: format,
                metadata: AudioMetadata())
            try input.close()
        } catch {
            try? input.close()
            throw error
        }
        do {
            _ = try stream(reader, into: writer, format: format, engine: &engine, progress: progress)
            try writer.close()
        } catch {
            try? writer.close()
            // ffmpeg's own reason for stopping says more than the broken pipe.
            run.terminate()
            try run.wait(for: output)
            throw error
        }
    }

    /// The raw PCM encoding the censored audio is piped in (libsndfile's format and ffmpeg's
    /// demuxer name): the reader's integer width, else floats or doubles.
    static func rawPCM(for format: AudioFileFormat) -> (AudioFileFormat, String) {
        let (encoding, name): (Int, String)
        switch format.integerBits {
        case let bits? where bits <= 8: (encoding, name) = (SF_FORMAT_PCM_S8, "s8")
        case let bits? where bits <= 16: (encoding, name) = (SF_FORMAT_PCM_16, "s16le")
        case let bits? where bits <= 24: (encoding, name) = (SF_FORMAT_PCM_24, "s24le")
        case .some: (encoding, name) = (SF_FORMAT_PCM_32, "s32le")
        case nil where format.isDouble: (encoding, name) = (SF_FORMAT_DOUBLE, "f64le")
        case nil: (encoding, name) = (SF_FORMAT_FLOAT, "f32le")
        }
        let code = Int32(SF_FORMAT_RAW) | Int32(encoding) | Int32(SF_ENDIAN_LITTLE)
        return (AudioFileFormat(code: code, sampleRate: format.sampleRate, channelCount: format.channelCount), name)
    }

    /// Whether the run censors a single audio stream of a file with no subtitle stream: what the
    /// direct AAC editor covers. A second audio stream or the file's own subtitles are censored
    /// by the remux, so such a file goes that way.
    static func onlyOneAudioStream(_ input: String, options: MediaOptions) throws -> Bool {
        let probe = try MediaProbe(path: input)
        guard !probe.streams.contains(where: { $0.type == "subtitle" }) else { return false }
        let audio = probe.streams.filter { $0.type == "audio" }.count
        return options.audioStreams.map { $0.count == 1 } ?? (audio == 1)
    }
}
