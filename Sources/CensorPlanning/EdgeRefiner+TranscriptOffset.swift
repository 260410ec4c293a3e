extension EdgeRefiner {
    /// How well the transcript's words around a match fit the audio at each offset within the
    /// window; `nil` when fewer than two are known or the audio around them is too short.
    /// The evidence of many matches, summed (``TranscriptOffsetEvidence/adding(_:)``), places the
    /// transcript as a whole more surely than the few words around one.
    ///
    /// - Parameters:
    ///   - start: The match's given start, in seconds.
    ///   - end: The match's given end, in seconds.
    ///   - context: The transcript's words around the match.
    ///   - audio: The recording; read as for ``refine(start:end:context:in:)``.
    /// - Throws: When `audio` cannot be read.
    mutating func offsetEvidence(
        start: Double, end: Double, context: Context, in audio: inout some FrameSource
    ) throws -> TranscriptOffsetEvidence? {
        let rate = Double(sampleRate)
        guard windowFrames > 0, start.isFinite, end.isFinite, start <= end,
            end * rate > 0, start * rate < Double(audio.frameCount)
        else { return nil }
        var given = (start * rate, min(end * rate, start * rate + Tuning.longMatchSeconds * rate / 2))
        // The analysis covers the words weighed, up to `offsetContextSeconds` beyond the match.
        if let first = context.nearby.first, let last = context.nearby.last {
            given.0 = min(given.0, max(first.start, start - Tuning.offsetContextSeconds) * rate)
            given.1 = max(given.1, min(last.end, end + Tuning.offsetContextSeconds) * rate)
        }
        guard let range = analysisRange(given, frameCount: audio.frameCount) else { return nil }
        let analysis = try analyse(range, in: &audio)
        return offsetEvidence(of: context, frameCount: audio.frameCount, in: analysis)
    }

    /// How well the transcript's words of `context` fit the analysis at each offset, in a
    /// recording of `frameCount` frames.
    func offsetEvidence(of context: Context, frameCount: Int, in analysis: Analysis) -> TranscriptOffsetEvidence? {
        let rate = Double(sampleRate)
        let words = context.nearby.map { ($0.start * rate, $0.end * rate) }
        return offsetEvidence(of: words, ends: ends(of: context, words: words, frameCount: frameCount), in: analysis)
    }

    /// Whether the transcript's words weighed for `context` (`words`, in samples) reach its first
    /// (last) word, and that word begins (ends) more than a frame inside the recording of
    /// `frameCount` frames: one stretched to the recording's bounds or cut by them (an interval
    /// tier's first word from 0, a recognizer's first word at 0.00, times moved past an end)
    /// says nothing about where the speech begins (ends).
    func ends(of context: Context, words: [(Double, Double)], frameCount: Int) -> (first: Bool, last: Bool) {
        guard let first = words.first, let last = words.last else { return (false, false) }
        let frame = Double(frameSize)
        return (
            context.nearbyFromFirst && first.0 > frame, context.nearbyToLast && abs(last.1 - Double(frameCount)) > frame
        )
    }

    /// How well the transcript's words `words` (given times, in samples) fit the analysis's
    /// sound and silence at each offset within the window: ``TranscriptOffsetEvidence``, or `nil` when
    /// there are fewer than two words or too little audio to compare.
    ///
    /// Fit: the number of analysis frames where "a word is there" and "the audio is active"
    /// agree, plus `Tuning.boundaryWeight` for each word edge within `Tuning.boundaryReachSeconds`
    /// of a boundary (``boundaryFrames(_:)``). A transcript that is late or early as a whole shows
    /// its pauses where the audio has sound and its word edges beside the audio's boundaries; the
    /// fit is best at the offset that undoes it.
    ///
    /// The frames compared are those where the transcript's placement is known at every offset
    /// searched: all but the analysis's first and last `steps` frames, and those too on a side
    /// where `words` reach the transcript's first (last) word (`ends`), before (after) which it
    /// says there is nothing. In a recording of a few seconds those frames are most of it: a
    /// transcript late as a whole shows its first word after the speech begins.
    func offsetEvidence(of words: [(Double, Double)], ends: (first: Bool, last: Bool), in analysis: Analysis)
        -> TranscriptOffsetEvidence?
    {
        guard words.count >= 2 else { return nil }
        let activity = analysis.activity
        let count = activity.count
        let steps = (windowFrames + Int((Tuning.offsetSearchBeyondWindowSeconds * Double(sampleRate)).rounded())) / hop
        guard count > 2 * steps + 8 else { return nil }
        let compared = (ends.first ? 0 : steps)..<(ends.last ? count : count - steps)
        // Whether a word is there, for frames −steps..<count + steps (index + steps).
        var speech = [UInt8](repeating: 0, count: count + 2 * steps)
        func frame(_ sample: Double, _ rule: FloatingPointRoundingRule) -> Int {
            frameIndex(of: sample, in: analysis, rounding: rule, within: -steps - 1...count + steps)
        }
        for (start, end) in words where start.isFinite && end.isFinite {
            let first = max(-steps, frame(start, .up)), last = min(count + steps - 1, frame(end, .down))
            if first <= last { for frame in first...last { speech[frame + steps] = 1 } }
        }
        let active = activity.map { $0 > Tuning.weakActivity ? UInt8(1) : 0 }
        // Frames where transcript and audio agree, with the transcript moved by `shift` frames:
        // the compared frames minus those where they differ (a byte loop the compiler vectorizes).
        func agreement(_ shift: Int) -> Int {
            speech.withUnsafeBufferPointer { speech in
                active.withUnsafeBufferPointer { active in
                    var differ = 0
                    for frame in compared { differ &+= Int(speech[frame - shift + steps] ^ active[frame]) }
                    return compared.count - differ
                }
            }
        }
        let frames = (-steps...steps).map(agreement)
        // The word edges that meet the audio's boundaries, weighed with the frames.
        var edges = Set<Int>()
        for (start, end) in words where start.isFinite && end.isFinite {
            for edge in [frame(start, .toNearestOrAwayFromZero), frame(end, .toNearestOrAwayFromZero)]
            where compared.contains(edge) {
                edges.insert(edge)
            }
        }
        let hits = edgeHits(edges, boundaries: boundaryFrames(activity), steps: steps)
        var evidence = TranscriptOffsetEvidence(
            hop: hop, agreement: zip(frames, hits).map { $0 + Tuning.boundaryWeight * $1 }, frames: frames,
            compared: compared.count, reach: windowFrames / hop)
        evidence.edgeCount = edges.count
        return evidence
    }
}
