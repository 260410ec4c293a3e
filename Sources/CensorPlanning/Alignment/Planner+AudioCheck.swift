extension Planner {
    /// Share of the mean power of a match's transcript span (moved by the offset) below which
    /// its aligned span is too quiet to be the word taken on trust: a span over a breath or a
    /// pause holds a tenth of a word's power or less, one over a neighbouring word about as much
    /// (on the real-speech corpus under ±150 ms jitter the collateral is 4.88 % at a tenth and
    /// 4.92 % at a quarter, the same five words leaking).
    static let alignedQuietShare = 0.1

    /// Why the aligner's times of a match cannot be taken alone, checked against the audio:
    /// `nil` when they can. The aligned span `aligned` is checked against the transcript's
    /// `moved` span (its given times moved by the transcript's offset as a whole): when its
    /// middle lies further from theirs than half their lengths together (the aligner moved the
    /// word by more than its own length: the spans do not overlap, and the word as the
    /// transcript has it would stay fully audible; on the real-speech corpus under ±150 ms
    /// jitter, doubting a shift by more than the aligned length alone makes the collateral 5.01 %
    /// instead of 4.92 %, with the same five words leaking), or when its mean power (`alignedPower`) is under
    /// ``alignedQuietShare`` of theirs (`givenPower`: the aligner took a breath or a pause for
    /// the word). Either way the two disagree and nothing says the aligner is right: the union
    /// of both is censored, so that a word can never end fully audible because the aligner was
    /// sure and wrong.
    static func doubtedAlignment(
        aligned: TimeRange, moved: TimeRange, alignedPower: Double, givenPower: Double
    ) -> String? {
        let shift = abs((aligned.start + aligned.end) / 2 - (moved.start + moved.end) / 2)
        if shift > (aligned.end - aligned.start + moved.end - moved.start) / 2 {
            return "the aligner moved it by more than its length"
        }
        if alignedPower < alignedQuietShare * givenPower {
            return "its aligned span holds less sound than its transcript span"
        }
        return nil
    }

    /// The mean power (mean square of the mixed channels) of the audio from `start` to `end`
    /// seconds, clamped to the file; 0 for a stretch with no frame.
    static func meanPower(
        _ range: TimeRange, sampleRate: Int, mix: ChannelMix, audio: inout some FrameSource, samples: inout [Float]
    ) throws -> Double {
        let rate = Double(sampleRate)
        let first = max(0, Int((range.start * rate).rounded(.down))),
            last = min(audio.frameCount, Int((range.end * rate).rounded(.up)))
        guard first < last else { return 0 }
        try audio.readFrames(first..<last, into: &samples)
        let mixed = mix.mixed(samples)
        return mixed.reduce(0) { $0 + Double($1) * Double($1) } / Double(mixed.count)
    }
}
