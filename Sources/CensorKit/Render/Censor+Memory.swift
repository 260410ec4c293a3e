extension Censor {
    /// Censors audio held in memory, in place.
    ///
    /// The same plan and rendering as ``censorFile(input:output:matches:format:overwrite:replacingInput:progress:)``,
    /// without a file on the way in or out: write the result with ``AudioBuffer/write(to:format:overwrite:)``
    /// or ``AudioBuffer/encoded(as:)``.
    ///
    /// ```swift
    /// var audio = try AudioBuffer(contentsOf: "talk.wav")
    /// let report = try Censor(mode: .mute).censor(&audio, matches: matches)
    /// ```
    ///
    /// - Parameters:
    ///   - audio: The audio, changed in place.
    ///   - matches: The words to censor, with their times in seconds.
    /// - Returns: What was censored, and where; its ``Report/input`` is empty and its
    ///   ``Report/output`` `nil`, as no file was read or written.
    /// - Throws: Only what planning the spans throws for invalid input; reading memory cannot fail.
    /// - Complexity: O(frames) for the pass, plus the reads near each span.
    public func censor(_ audio: inout AudioBuffer, matches: [Match]) throws -> Report {
        let plan = try self.plan(audio, matches: matches)
        let frames = audio.frameCount
        let cut = mode == .cut ? CutPlan(spans: plan.spans.map(\.span), frames: frames) : nil
        if let cut {
            audio.samples = cut.apply(to: audio.samples, channels: audio.channelCount)
        } else {
            var source = audio
            var engine = try makeEngine(plan: plan, sampleRate: audio.sampleRate, audio: &source)
            engine.process(&audio.samples, firstFrame: 0)
        }
        var report = Report(
            input: "", output: nil, sampleRate: audio.sampleRate, channels: audio.channelCount,
            frames: frames, mode: mode.name, spans: plan.spans.map(Report.Entry.init), skipped: plan.skipped,
            transcriptOverrun: transcriptOverrun(frames: frames, sampleRate: audio.sampleRate), timesFit: plan.timesFit)
        if let cut { report.record(cut) }
        return report
    }

    /// Plans what censoring audio held in memory would do, changing nothing.
    ///
    /// - Parameters:
    ///   - audio: The audio.
    ///   - matches: The words to censor, with their times in seconds.
    /// - Returns: The spans, in frames of `audio`, and the matches past its end.
    public func plan(_ audio: AudioBuffer, matches: [Match]) throws -> Plan {
        var source = audio
        return try planner.plan(matches, sampleRate: audio.sampleRate, audio: &source)
    }
}
