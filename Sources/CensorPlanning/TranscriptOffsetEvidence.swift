/// The fit of the transcript's words around one match (or several, summed) to the audio at
/// each offset, in steps of an analysis hop: what re-placing the words as a whole weighs.
struct TranscriptOffsetEvidence {
    private typealias Tuning = EdgeRefiner.Tuning

    /// Samples per step.
    var hop: Int
    /// The fit at offsets of −*k*…*k* steps (index *k* is the given times): the frames
    /// agreeing, plus `Tuning.boundaryWeight` for each word edge meeting a boundary.
    var agreement: [Int]
    /// The frames agreeing alone, at the same offsets: what makes an offset sure.
    var frames: [Int]
    /// Frames compared at each offset.
    var compared: Int
    /// The most steps from the given times an offset taken may lie (its plateau's middle);
    /// `nil` for anywhere inside the search.
    var reach: Int?
    /// The transcript's word edges weighed (one per analysis frame), each meeting a boundary
    /// or not at every offset: what `Planner.timesFit` weighs the edges meeting one against.
    var edgeCount = 0

    /// Evidence with the fit `agreement` at each offset, of which `frames` (by default all of
    /// it) is the frames agreeing.
    init(hop: Int, agreement: [Int], frames: [Int]? = nil, compared: Int, reach: Int? = nil) {
        self.hop = hop
        self.agreement = agreement
        self.frames = frames ?? agreement
        self.compared = compared
        self.reach = reach
    }

    /// The evidence of both, when their steps agree; `other` alone when `self` is empty.
    func adding(_ other: TranscriptOffsetEvidence) -> TranscriptOffsetEvidence {
        guard other.hop == hop, other.agreement.count == agreement.count else { return self }
        var sum = TranscriptOffsetEvidence(
            hop: hop, agreement: zip(agreement, other.agreement).map(+),
            frames: zip(frames, other.frames).map(+), compared: compared + other.compared, reach: reach)
        sum.edgeCount = edgeCount + other.edgeCount
        return sum
    }

    /// The transcript's word edges meeting a boundary at the offset of index `index` (of
    /// ``agreement``): the agreement beyond the frames'.
    func edgesMeeting(_ index: Int) -> Int { (agreement[index] - frames[index]) / Tuning.boundaryWeight }

    /// The share of the frames compared that agree more at the best offset than as given.
    var gain: Double { Double((agreement.max() ?? 0) - agreement[agreement.count / 2]) / Double(max(1, compared)) }
    /// The evidence of the frames' agreement alone: what makes an offset sure. Word edges
    /// meeting boundaries place an offset, but boundaries inside words (and transcripts that
    /// do not follow the audio) are too many for them to make it sure: with them, exact times
    /// leaked (BENCHMARKS.md).
    var framesAlone: TranscriptOffsetEvidence {
        TranscriptOffsetEvidence(hop: hop, agreement: frames, compared: compared, reach: reach)
    }
    /// The offset, in samples, that fits best: 0 unless it beats the given times' fit by
    /// `Tuning.offsetGain` of the frames compared; else the middle of ``offsets``.
    ///
    /// When that middle lies beyond ``reach`` (but the run inside the offsets searched) and
    /// the frames alone beat the given times by `Tuning.sureOffsetGain`, the times are off by
    /// at least the reach: the offset is the reach, that way (an edge moves no farther from
    /// the given times anyway): a transcript 120 ms early whose fit peaks at +175 ms (a
    /// preceding word's sound fading out past its end) left a word wholly leaked at offset 0
    /// (BENCHMARKS.md). Whether the given times stay covered is ``sureOffsets(sampleRate:)``'s
    /// to say.
    var offset: Double {
        if let offsets {
            return ((offsets.lowerBound + offsets.upperBound) / 2 / Double(hop)).rounded(.towardZero) * Double(hop)
        }
        guard let reach, let run = bestRun, abs(run.lowerBound + run.upperBound) > 2 * reach,
            Double((frames.max() ?? 0) - frames[frames.count / 2]) >= Tuning.sureOffsetGain * Double(compared)
        else { return 0 }
        return Double((run.lowerBound > 0 ? reach : -reach) * hop)
    }

    /// The offsets, in samples, by which the given times are surely off, judged from the
    /// frames' agreement alone (``framesAlone``), and the word edges' where they say it
    /// clearly; `nil` when not sure, and the refined times then contain the given ones.
    ///
    /// The frames alone fit best by `Tuning.offsetGain` on a run inside the offsets searched,
    /// on the side of the placed ``offset``, and
    /// - by `Tuning.sureOffsetGain`, with the run's middle within ``reach``: that run; or
    /// - by `Tuning.sureOffsetGain` beyond the reach on the positive side (words moved later:
    ///   the transcript early), where a word's fading sound carries the fit of a transcript
    ///   early by less than the reach (+125…+200 ms for one 120 ms early, on clips of a few
    ///   words); or
    /// - with the run and the placed offset both farther from the given times than a fade
    ///   biases the frames' fit (`Tuning.maximumFadeSeconds`), and the transcript's word edges
    ///   meeting the audio's boundaries `Tuning.sureEdgeRatio` times as often at the placed
    ///   offset as at the given times: connected speech has few pauses to gain frames at, but
    ///   a boundary at nearly every word, and a transcript off as a whole meets them far more
    ///   often moved back than as given (2.4–3.4 times on real speech 120 ms early), where
    ///   exact times (whose fit lies within a fade) or jittered ones (at most 1.85 times on
    ///   the espeak-ng corpus) do not.
    ///
    /// In the last two cases the run is the frames' fit, which runs late by up to a fade: the
    /// sure offsets begin `Tuning.fitFadeBiasSeconds` before it, and lie within the reach
    /// (on the negative side, the run's middle too: the fade does not carry a fit beyond it there).
    ///
    /// - Parameter sampleRate: Frames per second, for the fades in steps of ``hop``.
    func sureOffsets(sampleRate: Int) -> ClosedRange<Double>? {
        let alone = framesAlone
        if let offsets = alone.offsets, alone.gain >= Tuning.sureOffsetGain { return offsets }
        guard let run = alone.bestRun, let reach else { return nil }
        func steps(_ seconds: Double) -> Int { Int((seconds * Double(sampleRate) / Double(hop)).rounded()) }
        let placed = Int((offset / Double(hop)).rounded()), given = agreement.count / 2
        let positive = run.lowerBound > 0 && placed > 0
        guard positive || run.upperBound < 0 && placed < 0 else { return nil }
        let within = abs(run.lowerBound + run.upperBound) <= 2 * reach
        let carriedByFade = positive && !within && alone.gain >= Tuning.sureOffsetGain
        let clear = steps(Tuning.maximumFadeSeconds)
        let clearByEdges =
            min(abs(run.lowerBound), abs(run.upperBound)) > clear && abs(placed) > clear
            && edgesMeeting(given + placed) >= Tuning.sureEdgeRatio * max(1, edgesMeeting(given))
        guard carriedByFade || clearByEdges else { return nil }
        let start = run.lowerBound - steps(Tuning.fitFadeBiasSeconds)
        if positive { return start <= reach ? Double(start * hop)...Double(min(run.upperBound, reach) * hop) : nil }
        return within ? Double(max(-reach, start) * hop)...Double(run.upperBound * hop) : nil
    }

    /// The offsets, in samples, that fit within `Tuning.offsetPlateau` of the frames of the
    /// best, in the run of them nearest to 0 (a transcript off by less than a pause fits about
    /// equally well over a stretch of offsets); `nil` unless the best beats the given times'
    /// fit by `Tuning.offsetGain` of the frames compared, that run lies inside the offsets
    /// searched (not touching their ends), and its middle lies within ``reach``.
    var offsets: ClosedRange<Double>? {
        guard let run = bestRun, abs(run.lowerBound + run.upperBound) <= 2 * (reach ?? agreement.count / 2) else {
            return nil
        }
        return Double(run.lowerBound * hop)...Double(run.upperBound * hop)
    }

    /// The offsets, in steps, that fit within `Tuning.offsetPlateau` of the frames of the
    /// best, in the run of them nearest to 0; `nil` unless the best beats the given times' fit
    /// by `Tuning.offsetGain` of the frames compared and that run lies inside the offsets
    /// searched (not touching their ends).
    private var bestRun: ClosedRange<Int>? {
        let steps = agreement.count / 2
        guard let most = agreement.max(), Double(most - agreement[steps]) >= Tuning.offsetGain * Double(compared)
        else { return nil }
        let good = Double(most) - Tuning.offsetPlateau * Double(compared)
        let nearest = agreement.indices.filter { Double(agreement[$0]) >= good }.min {
            abs($0 - steps) < abs($1 - steps)
        }!
        var (low, high) = (nearest, nearest)
        while low > 0, Double(agreement[low - 1]) >= good { low -= 1 }
        while high < agreement.count - 1, Double(agreement[high + 1]) >= good { high += 1 }
        // A best fit at the end of the offsets searched says only that the times are off by
        // that much or more (or that the audio does not follow the transcript): not where.
        guard low > 0, high < agreement.count - 1 else { return nil }
        return (low - steps)...(high - steps)
    }
}
