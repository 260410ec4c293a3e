extension Planner {
    /// The most matches ``WordAlignment/auto`` aligns when the times do not fit: each costs about
    /// 50 ms of CPU (250: about 12 s). More are left to refinement alone, with
    /// ``TimesFit/tooManyToAlign`` set, so that a run with thousands of censored words keeps the
    /// speed of refinement (BENCHMARKS.md: the benchmark's 1000 and 10,000 words on a speech-like
    /// signal that no transcript fits).
    public static let autoAlignedMatches = 250

    /// Whether the transcript's times fit the audio, judged for ``WordAlignment/auto`` from the
    /// offset analysis refinement begins with (``TimesFit``), and that analysis, for refinement
    /// to take rather than make again; both `nil` with another ``PlanOptions/align``, with
    /// refinement off, without transcript words around the matches (then `auto` aligns only
    /// estimated matches, as before), or with a ``PlanOptions/language`` the aligner does not speak.
    ///
    /// One judgement per plan (per file), made before any alignment: when the times do not fit,
    /// every match is aligned, as with ``WordAlignment/pocketsphinx`` (up to ``autoAlignedMatches``).
    func judgedTimes(
        _ matches: [Match], sampleRate: Int, audio: inout some FrameSource
    ) throws -> (fit: TimesFit?, analysis: OffsetAnalysis?) {
        guard options.align == .auto, options.language.map(WordAligner.speaks) != false,
            let analysis = try offsetAnalysis(matches, sampleRate: sampleRate, audio: &audio)
        else { return (nil, nil) }
        return (analysis.evidence.map(Self.timesFit), analysis)
    }

    /// The ``TimesFit`` of offset evidence: its word edges meeting a boundary at the given times
    /// (the middle offset) against their mean over every offset searched.
    static func timesFit(_ evidence: TranscriptOffsetEvidence) -> TimesFit {
        let meeting = evidence.agreement.indices.map(evidence.edgesMeeting)
        let chance = Double(meeting.reduce(0, +)) / Double(max(1, meeting.count))
        return TimesFit(
            edges: evidence.edgeCount, meeting: meeting.isEmpty ? 0 : meeting[meeting.count / 2], chance: chance)
    }
}
