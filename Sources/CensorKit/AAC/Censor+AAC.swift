extension Censor {
    /// Whether ``censorAAC(input:output:matches:options:replacingInput:into:progress:)`` can do this censor's
    /// mode on the compressed data: mute and duck can, beep cannot (it needs new audio).
    public var censorsAACDirectly: Bool { CodedGainPlan.Change(mode) != nil }

    /// Whether `input` into `output` is a pair the direct AAC editor takes: both ADTS (`.aac`),
    /// both in the MP4 family (MP4, M4A, M4B, M4V, MOV), or both Matroska (MKA, MKV), and of the
    /// same container. WebM holds no AAC.
    ///
    /// - Parameters:
    ///   - input: The input file.
    ///   - output: The output file.
    public static func aacDirectPair(input: String, output: String) -> Bool {
        guard let from = MediaContainer.named(byPathOf: input), let to = MediaContainer.named(byPathOf: output) else {
            return false
        }
        return from == to && [.aac, .mp4, .m4a, .m4b, .m4v, .mov, .mka, .mkv].contains(from)
    }

    /// Censors an AAC stream without re-encoding it: the output is the input copied byte for
    /// byte, with only the packets under each span rewritten in place, each to its own length —
    /// so every other audio packet, every video packet, the sample tables, timestamps, tags and
    /// chapters stay exactly as they were.
    ///
    /// Spans are planned on the decoded timeline (ffmpeg's: the packets less the edit list's
    /// priming), without edge snapping, and widened to whole 1024-sample frames so that no decoded
    /// sample of a core passes at full level (``CodedGainPlan``); the report gives the frames
    /// actually affected. Mute rewrites each packet as a silent one padded with fill elements
    /// (digital silence in the core); duck lowers every channel's `global_gain` — mono, stereo
    /// and channel configurations 3 to 7 — by the duck gain in steps of 1.505 dB, reading each
    /// packet whole to find them (``AACBlockLayout``), and mutes a packet it cannot so read. Edge refinement decodes only the packets around the words, in one
    /// ffmpeg run (``AACDecodedAudio``); without it nothing is decoded.
    ///
    /// - Parameters:
    ///   - input: An ADTS file (`.aac`), an MP4, M4A, M4B, M4V or MOV file, or an MKA or MKV file.
    ///   - output: Where to write the result; ``aacDirectPair(input:output:)`` must hold.
    ///   - matches: The words to censor, with times on the audio stream's decoded timeline.
    ///   - options: Which audio stream.
    ///   - replacingInput: Whether `output` is the input itself: refused (re-encoding writes the
    ///     ``CensorMarker`` into the tags).
    ///   - transaction: The job's outputs; its rules apply to `output`.
    ///   - progress: Told when the audio around the words is decoded (for refinement) and when
    ///     the copy is done.
    /// - Returns: What was censored, and where; ``Report/direct`` says how many packets changed.
    /// - Throws: ``AACError/notDirect(path:reason:)`` before anything is written when the stream
    ///   or the mode is one the editor does not take, ``AACError/notAAC(path:)`` when the stream
    ///   is no AAC; ``MediaError``, ``AudioError`` or
    ///   ``CensorError`` otherwise; nothing is left at `output` then.
    /// - Complexity: Reading the container's index (ADTS: every header; Matroska: every block's), decoding the packets
    ///   around the words when refining, and writing the file by the kernel's copy plus the edited
    ///   packets; memory grows with the words, not with the file's length.
    public func censorAAC(
        input: String, output: String, matches: [Match], options: MediaOptions = MediaOptions(),
        replacingInput: Bool = false,
        into transaction: OutputTransaction, progress: ((RenderProgress) -> Void)? = nil
    ) throws -> Report {
        func notDirect(_ reason: String) -> AACError { .notDirect(path: input, reason: reason) }
        guard Self.aacDirectPair(input: input, output: output) else {
            throw notDirect("the output's container is not the input's")
        }
        let stream: AACStream
        do {
            let audioStream = options.audioStreams?.first ?? 0
            switch MediaContainer.named(byPathOf: input) {
            case .aac: stream = try AACStream.adts(path: input)
            case .mka, .mkv: stream = try AACStream.matroska(path: input, audioStream: audioStream)
            default: stream = try AACStream.mp4(path: input, audioStream: audioStream)
            }
        } catch let error as AACUnsupported {
            throw error.isAAC ? notDirect(error.reason) : AACError.notAAC(path: input)
        }
        guard let change = CodedGainPlan.Change(mode) else {
            throw notDirect(
                mode == .cut ? "a cut removes audio, which no packet edited in place can" : "a beep needs new audio")
        }
        // The marker a later in-place run looks for belongs in the file's tags, which this copies as they are.
        if replacingInput { throw notDirect("it is censored in place, which marks it in its tags") }
        if let reason = AACGainEditor.unsupported(change, stream: stream) { throw notDirect(reason) }
        let source = try MP3File(reading: input)
        if let packet = stream.packets.firstIndex(where: { $0.upperBound > source.size }) {
            throw notDirect("its packet \(packet) lies past the end of the file")
        }
        // SBR and parametric stereo are signalled implicitly too, in the packets' fill elements:
        // a decoder then gives twice the rate or two channels of a mono core.
        let probe = try MediaProbe(path: input)
        let probed = try probe.audioStream(options.audioStreams?.first ?? 0, path: input)
        guard probed.codec == "aac", probed.sampleRate == stream.sampleRate, probed.channels == stream.channelCount
        else {
            throw notDirect(
                "ffmpeg decodes it at \(probed.sampleRate ?? 0) Hz in \(probed.channels ?? 0) channel(s), its "
                    + "AAC-LC core is \(stream.sampleRate) Hz in \(stream.channelCount): it is HE-AAC (SBR or parametric stereo)"
            )
        }
        var planner = self.planner
        // Snapping edges to zero crossings serves sample-exact edits; whole frames make it moot.
        planner.options = try planner.options.replacing(snapWindow: 0)
        let scratch = ScratchFiles(beside: output)
        var audio = AACDecodedAudio(stream: stream, source: source, scratch: scratch)
        let plan: Plan
        do {
            if planner.options.refine {
                // What edge refinement reads of each word: its window, half a second of context,
                // out to the quarter seconds around that (``EdgeRefiner``).
                let reach = planner.options.refineWindow + 0.75 + planner.options.padBefore + planner.options.padAfter
                let decoding = { (done: Int) in
                    progress?(
                        RenderProgress(
                            framesDone: done, frameCount: stream.frameCount, sampleRate: stream.sampleRate,
                            stage: .decoding))
                }
                decoding(0)
                try audio.prepare(
                    around: matches.map { match in
                        let start = Int(max(0, (match.start - reach) * Double(stream.sampleRate)))
                        let end = Int(
                            min(Double(stream.frameCount), max(0, (match.end + reach) * Double(stream.sampleRate))))
                        return min(start, end)..<end
                    })
                decoding(stream.frameCount)
            }
            plan = try planner.plan(matches, sampleRate: stream.sampleRate, audio: &audio)
        } catch let error as AACUnsupported {
            throw notDirect(error.reason)
        }
        let gains = CodedGainPlan(aac: plan.spans, change: change, stream: stream)
        var editor = AACGainEditor(plan: gains, stream: stream)
        var edits: [(offset: Int, bytes: [UInt8])] = []
        do {
            for run in gains.runs {
                for index in run.clamped(to: 0..<stream.packets.count) {
                    let packet = stream.packets[index]
                    edits.append(
                        (
                            packet.lowerBound,
                            try editor.edit(packet: index, try source.read(at: packet.lowerBound, count: packet.count))
                        ))
                }
            }
        } catch let error as AACUnsupported {
            throw notDirect(error.reason)
        }

        let temporary = try transaction.reserve(output)
        do {
            let file = try MP3File(writing: temporary, name: output)
            try file.append(0..<source.size, of: source)
            for edit in edits {
                try edit.bytes.withUnsafeBytes { raw in
                    Result { () throws(MP3Error) in try file.write(raw, at: edit.offset) }
                }.get()
            }
        } catch {
            transaction.discard()
            throw error
        }
        progress?(
            RenderProgress(framesDone: stream.frameCount, frameCount: stream.frameCount, sampleRate: stream.sampleRate))
        var report = Report(
            input: input, output: output, sampleRate: stream.sampleRate, channels: stream.channelCount,
            frames: stream.frameCount, mode: mode.name, spans: gains.spans.map(Report.Entry.init),
            skipped: plan.skipped,
            transcriptOverrun: transcriptOverrun(frames: stream.frameCount, sampleRate: stream.sampleRate),
            timesFit: plan.timesFit)
        report.direct = Report.DirectEdit(
            codec: "aac", packets: stream.packets.count, editedPackets: editor.editedPackets,
            blockFrames: AACStream.frameSamples)
        report.warnings = editor.warnings(path: input)
        return report
    }
}
