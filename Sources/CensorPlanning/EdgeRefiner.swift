/// Moves a matched word's start and end out to where its sound really begins and ends, judged
/// from short-time spectra of the audio around it.
///
/// Recognizers' word times are often 50–300 ms off. The refiner reads the audio around a match
/// (its edges' window plus half a second each side, out to the quarter seconds of the file
/// around that, so that close matches share one analysis; never the whole file), and every 5 ms
/// measures, through FFTW, how far 20 mel bands of the speech range (120 Hz–10 kHz) of the
/// channels' mix (``ChannelMix``) stand above an adaptive noise floor (the band levels are kept
/// in a `BandLevelCache`, so matches refined in time order share the audio between them): per
/// band, a low percentile of the surrounding audio's own frames, so steady noise, hum or a held
/// chord sits at the floor while speech rises above it. Runs of
/// active frames are followed out to where they fade into the floor and joined across gaps
/// shorter than a stop consonant's closure; the stretch of sound overlapping the given times
/// most (or, when none does, the nearest one within the window) is taken for the word.
///
/// Before that, when the transcript's words around the match are known (``Context``), they are
/// re-placed as a whole by the offset (within the window) at which their words and pauses best
/// agree with the audio's sound and silence and their word edges meet the audio's boundaries
/// (floor frames and clear dips), when that agreement is clearly better than at their
/// given times and the best fit lies inside the offsets searched (100 ms beyond the window each
/// way): a transcript late or early as a whole shows its pauses where the audio has sound. Where
/// those words reach the transcript's first (last) word, the audio before (after) it is compared
/// too: the transcript says nothing is there, and in a clip of a few seconds that is most of the
/// evidence (a transcript late as a whole shows its first word after the speech has begun).
/// Then, for each edge:
///
/// - when the word's sound goes on past the edge by more than half a frame and a hop, the edge
///   moves out to the nearest plausible boundary: a pause before (after) the word's sound within
///   the window and short of the neighbouring word's middle (the sound's own onset, placed to
///   1 ms, across gaps shorter than a closure); else the first frame where the sound fades into
///   the floor, or the first clear dip in it (a frame at most `dipRatio` of the sound on both
///   sides) — not the outermost, which in connected speech lies in the neighbouring word;
/// - it moves no farther than `window`, nor farther into the transcript's neighbouring word
///   than the ``RefineStrategy`` allows (10 ms, or to its middle);
/// - otherwise (the given edge lies in a pause, or the sound starts right at it) it stays
///   exactly where it was;
/// - when something stands above the floor within reach but never clearly (low SNR), the
///   envelope cannot place an edge: both widen by `lowSNRMarginSeconds` instead, within the
///   same limits.
///
/// Edges only ever move outward, so the refined range always contains the given one: exact
/// times never leak. Silence, steady noise and steady tones stay at the floor and move nothing.
/// The price is collateral where a neighbour follows closely; BENCHMARKS.md has the figures on
/// synthetic and on real speech.
struct EdgeRefiner {
    /// The refiner's constants, in seconds, dB and shares; tuned on the accuracy corpus
    /// (see BENCHMARKS.md).
    enum Tuning {
        /// Length of an analysis frame (Hann window), rounded up to a fast FFT size.
        static let frameSeconds = 0.010
        /// Step between analysis frames.
        static let hopSeconds = 0.005
        /// Step of the finer search that places a moved edge between two analysis frames.
        static let fineHopSeconds = 0.001
        /// Audio analysed beyond the edge window on each side, for the noise floor.
        static let contextSeconds = 0.5
        /// The stretch analysed starts and ends on a multiple of this: matches close together
        /// share one analysis (its noise floor and activity), computed once.
        static let analysisStepSeconds = 0.25
        /// Matches longer than this have their two edges analysed separately.
        static let longMatchSeconds = 2.0
        /// The speech bands: from this frequency …
        static let lowestHertz = 120.0
        /// … to this one (or 95% of the Nyquist frequency) …
        static let highestHertz = 10_000.0
        /// … in this many bands on the mel scale …
        static let bandCount = 20
        /// … of at least this many FFT bins each.
        static let minimumBandBins = 3
        /// The noise floor is this percentile of a band's frame energies around the match.
        static let floorPercentile = 0.2
        /// Band energy below which everything counts as silence (−90 dB re a full-scale square).
        static let absoluteFloor: Float = 1e-9
        /// A band contributes its dB above the floor beyond this margin (steady noise rarely
        /// reaches it).
        static let floorMargin: Float = 9
        /// Mean dB excess over the bands above which a frame is strongly or weakly active, and
        /// at or below which it is at the floor.
        static let strongActivity: Float = 2.5
        static let weakActivity: Float = 0.8
        static let floorActivity: Float = 0.15
        /// A run of sound holds at least this much strong activity (clicks and flickers do not).
        static let minimumSoundSeconds = 0.010
        /// Runs separated by less than this are one stretch of sound: a stop consonant's closure
        /// or a quiet phoneme inside a word (espeak-ng's reach 100 ms and more).
        static let closureSeconds = 0.100
        /// How far a run's fade into the floor is followed outward at most.
        static let maximumFadeSeconds = 0.060
        /// The word shows at least this much activity inside the given times, or else the
        /// nearest stretch of sound is taken for it.
        static let minimumInsideSeconds = 0.020
        /// In continuous sound, a dip is a frame whose activity is at most this share of the
        /// highest activity within `dipLookSeconds` on either side of it.
        static let dipRatio: Float = 0.3
        static let dipLookSeconds = 0.08
        /// How far an edge may run into the transcript's neighbouring word (conservative).
        static let neighbourIntrusionSeconds = 0.01
        /// The transcript's words are moved as a whole only when that makes this share more of
        /// the frames agree with the audio's sound and silence …
        static let offsetGain = 0.02
        /// … to the middle of the offsets that fit within this share of the frames of the best
        /// (a transcript off by less than a pause fits about equally well over a stretch of them) …
        static let offsetPlateau = 0.003
        /// … and, when that makes at least this share more agree, the given times are taken to
        /// be off: the refined times cover the times moved by every offset that fits about as
        /// well, and no longer the given times as well.
        static let sureOffsetGain = 0.04
        /// The frames' fit of a transcript off as a whole runs late by up to this much: a word's
        /// sound outlasts its transcript end (25–40 ms on real speech, BENCHMARKS.md), so the
        /// words fit about as well up to a fade later than they are. Sure offsets read from a fit
        /// carried beyond the window, or made sure by word edges, begin this much before it
        /// (``TranscriptOffsetEvidence/sureOffsets(sampleRate:)``).
        static let fitFadeBiasSeconds = 0.03
        /// An offset the frames alone place beyond a fade with less than `sureOffsetGain` is sure
        /// when the transcript's word edges meet the audio's boundaries this many times as often
        /// there as at the given times (``TranscriptOffsetEvidence/sureOffsets(sampleRate:)``).
        static let sureEdgeRatio = 2
        /// The offsets searched reach this far beyond the window each way, so that a transcript off
        /// by nearly the window shows its best fit inside the search (a best fit at the search's
        /// end says only "that much or more"); the offset taken still lies within the window.
        static let offsetSearchBeyondWindowSeconds = 0.1
        /// The words weighed for the offset lie at most this far beyond the match.
        static let offsetContextSeconds = 3.0
        /// Each word edge of the transcript that meets a boundary in the audio (a frame at the
        /// floor or a clear dip, within `boundaryReachSeconds`) at an offset counts as this many
        /// agreeing frames there: connected speech has few pauses to fit, but a boundary at
        /// every word.
        static let boundaryWeight = 8
        static let boundaryReachSeconds = 0.010
        /// Each edge reaches at least this far beyond the (placed) times, within the limits
        /// the neighbouring words set: leaked sound is worse than a touched pause. Conservative
        /// limits stop it at the neighbours' given times, so with good times it adds nothing
        /// where words abut, and with off times it covers the gap they leave (up to the window);
        /// aggressive limits reach the neighbours' middles, where a wider margin would cost more
        /// than it catches (BENCHMARKS.md).
        static func leakMargin(_ strategy: RefineStrategy) -> Double {
            switch strategy {
            case .conservative: 0.15
            case .aggressive: 0.06
            }
        }
        /// The leak margin stops at a pause: this long at the floor beyond the placed edge.
        static let marginPauseSeconds = 0.025
        /// When the most activity within an edge's reach is weak but never strong, the word is
        /// there but too close to the floor to place: edges widen by this margin.
        static let lowSNRMarginSeconds = 0.06
    }

    /// Frames per second.
    let sampleRate: Int
    /// How far, in frames, an edge may move.
    let windowFrames: Int
    /// Samples per analysis frame.
    let frameSize: Int
    /// Samples between analysis frames.
    let hop: Int
    /// Samples between the frames of the finer edge search.
    let fineHop: Int
    let bands: [Range<Int>]
    /// How far an edge may run into a neighbouring word.
    var strategy: RefineStrategy = .conservative
    /// How the channels are mixed for analysis: given, or judged from the audio on first use.
    var mix: ChannelMix?
    /// The band levels of the audio analysed so far, from the first analysis on.
    var levels: BandLevelCache?
    /// Scratch: one frame's band levels.
    var frameLevels: [Float] = []
    /// The latest analysis, given again for the same stretch.
    var latestAnalysis: Analysis?

    /// Creates a refiner for one sample rate.
    ///
    /// - Parameters:
    ///   - sampleRate: Frames per second of the audio.
    ///   - window: Seconds an edge may move.
    ///   - mix: How the channels are mixed for analysis; `nil` to judge it from the audio
    ///     (``ChannelMix/init(for:)``) when first refining.
    init(sampleRate: Int, window: Double, mix: ChannelMix? = nil) {
        self.mix = mix
        self.sampleRate = sampleRate
        let rate = Double(sampleRate)
        windowFrames = max(0, Int((window * rate).rounded()))
        frameSize = Self.fastSize(atLeast: max(16, Int((Tuning.frameSeconds * rate).rounded())))
        hop = max(1, Int((Tuning.hopSeconds * rate).rounded()))
        fineHop = max(1, Int((Tuning.fineHopSeconds * rate).rounded()))
        bands = Self.speechBands(frameSize: frameSize, sampleRate: sampleRate)
    }

    /// The match's start and end, moved out to where its sound begins and ends.
    ///
    /// - Parameters:
    ///   - start: The transcript's start, in seconds.
    ///   - end: The transcript's end, in seconds.
    ///   - context: The transcript's words around the match, when known.
    ///   - audio: The recording; only the audio within `window` plus half a second of the
    ///     match's edges (out to the quarter seconds around that) is read.
    /// - Returns: The refined times, `start` no later and `end` no earlier than given; exactly
    ///   `start` or `end` for an edge that stays.
    /// - Throws: When `audio` cannot be read.
    mutating func refine(
        start: Double, end: Double, context: Context = Context(), in audio: inout some FrameSource
    ) throws -> TimeRange {
        let rate = Double(sampleRate)
        guard windowFrames > 0, start.isFinite, end.isFinite, start <= end,
            end * rate > 0, start * rate < Double(audio.frameCount)
        else { return TimeRange(start, end) }
        let given = (start * rate, end * rate)
        let long = Tuning.longMatchSeconds * rate
        var edges: (start: Double?, end: Double?)
        if given.1 - given.0 <= long {
            edges = try refineEdges(given, context: context, in: &audio)
        } else {
            edges.start = try refineEdges((given.0, given.0 + long / 2), context: context, in: &audio).start
            edges.end = try refineEdges((given.1 - long / 2, given.1), context: context, in: &audio).end
        }
        if var offsets = context.sureOffsets {
            // The times are off by an amount within `offsets`: every placement in it is covered,
            // up to the placed offset (`context.offset`). A word's sound outlasts its transcript
            // end (it fades out), so moving the words later by up to that fade costs as many
            // frames at their starts as it gains at their ends: the frames fit about as well from
            // the true offset to a fade later, and the late end of `offsets` says nothing about
            // where the words are. The placed offset, from word edges too, lies at or after the
            // true one (BENCHMARKS.md: 5–15 ms after it under either shift).
            if let placed = context.offset {
                offsets = offsets.lowerBound...min(offsets.upperBound, max(offsets.lowerBound, placed))
            }
            return TimeRange(
                min(edges.start.map { $0 / rate } ?? start + offsets.upperBound, start + offsets.lowerBound),
                max(edges.end.map { $0 / rate } ?? end + offsets.lowerBound, end + offsets.upperBound))
        }
        return TimeRange(
            min(start, edges.start.map { $0 / rate } ?? start), max(end, edges.end.map { $0 / rate } ?? end))
    }

    /// The transcript around a match, in seconds: what refinement weighs the audio against.
    struct Context {
        /// The given times of the transcript's words just before and just after the match.
        var previous: TimeRange?
        var next: TimeRange?
        /// The given times of the transcript's words near the match, the match's own included.
        var nearby: [TimeRange] = []
        /// Whether `nearby` begins with the transcript's first word (ends with its last): the
        /// transcript then says there is nothing before (after) them.
        var nearbyFromFirst = false
        var nearbyToLast = false
        /// How late (positive) the transcript's words are as a whole, in seconds, when judged from
        /// the words around many matches (``offsetEvidence(start:end:context:in:)``); `nil` to
        /// judge it from `nearby` alone.
        var offset: Double?
        /// When the offset is sure enough that the given times are taken to be off: the offsets,
        /// in seconds, that fit about as well as `offset`. The refined times then cover the given
        /// times moved by each of them up to `offset` (a fading sound makes later offsets fit
        /// as well as the true one), and need not contain the given times themselves.
        var sureOffsets: ClosedRange<Double>?
        /// Whether the aligner placed the match and its neighbours together: their times then
        /// come from the audio alike, and an edge stops at a neighbour's edge instead of running
        /// `neighbourIntrusionSeconds` into it (``RefineStrategy/conservative``).
        var isAligned = false
    }

    /// The samples analysed for an edge pair at `given` (samples): the window and
    /// `Tuning.contextSeconds` beyond it on each side, widened out to multiples of
    /// `Tuning.analysisStepSeconds`, within the file; `nil` when too short, or when the audio
    /// has no speech band to analyse.
    func analysisRange(_ given: (Double, Double), frameCount: Int) -> Range<Int>? {
        guard !bands.isEmpty else { return nil }
        let rate = Double(sampleRate)
        // The reach a whole number of steps: a short match's stretch changes where its start
        // (end) crosses a step, not where each of its ends does.
        let step = max(1, (Tuning.analysisStepSeconds * rate).rounded())
        let reach = ((Double(windowFrames) + Tuning.contextSeconds * rate) / step).rounded(.up) * step
        // Clamped while still Double: a finite time can lie beyond Int's range (the fuzzer's 1e300 s).
        let lower = Int(min(max(0, (given.0 / step).rounded(.down) * step - reach), Double(frameCount)))
        let upper = Int(min(max(0, (given.1 / step).rounded(.up) * step + reach), Double(frameCount)))
        return upper - lower >= frameSize + 8 * hop ? lower..<upper : nil
    }

    /// A run or stretch of sound, in analysis frames and in samples.
    struct Sound {
        /// First and last frame above the weak threshold.
        var firstFrame: Int
        var lastFrame: Int
        /// Where the sound begins and ends, in samples, following its fade to the floor.
        var onset: Double = 0
        var offset: Double = 0
        /// The analysis frames at the floor just outside it, when its fade reached the floor.
        var floorBefore: Int?
        var floorAfter: Int?
    }

    /// The new start and end, in samples, or `nil` for an edge that stays.
    private mutating func refineEdges(
        _ given: (Double, Double), context: Context, in audio: inout some FrameSource
    ) throws -> (start: Double?, end: Double?) {
        let rate = Double(sampleRate)
        guard let range = analysisRange(given, frameCount: audio.frameCount) else { return (nil, nil) }
        let analysis = try analyse(range, in: &audio)
        let window = Double(windowFrames)

        // The transcript's words around the match, moved by the offset at which they best fit
        // the audio's sound and pauses (0 unless that fit is clearly better).
        let offset =
            context.offset.map { $0 * rate }
            ?? offsetEvidence(of: context, frameCount: audio.frameCount, in: analysis)?.offset ?? 0
        let placed = (given.0 + offset, given.1 + offset)
        // How far each edge may go: the window around the given times, the placed times, and
        // the neighbouring words.
        let limits = (min(given.0, placed.0) - window, max(given.1, placed.1) + window)
        var (earliest, latest) = limits
        // The neighbours' middles: a pause past one cannot be the match's own boundary.
        var middles = (-Double.infinity, Double.infinity)
        if let previous = context.previous {
            let (start, end) = (previous.start * rate + offset, previous.end * rate + offset)
            earliest = max(earliest, intrusionLimit(into: (start, end), before: true, aligned: context.isAligned))
            middles.0 = (start + end) / 2
        }
        if let next = context.next {
            let (start, end) = (next.start * rate + offset, next.end * rate + offset)
            latest = min(latest, intrusionLimit(into: (start, end), before: false, aligned: context.isAligned))
            middles.1 = (start + end) / 2
        }
        earliest = min(earliest, placed.0)
        latest = max(latest, placed.1)

        // Low SNR: when something stands above the floor near the word but nowhere clearly, the
        // envelope cannot place an edge; widen by a margin instead, within the limits.
        let loudest = analysis.activity[frames(centredFrom: earliest, through: latest, of: analysis)].max() ?? 0
        if loudest > Tuning.weakActivity, loudest < Tuning.strongActivity {
            let margin = Tuning.lowSNRMarginSeconds * rate
            return (max(earliest, placed.0 - margin), min(latest, placed.1 + margin))
        }

        let sounds = analysis.sounds
        // The word: the stretch of sound overlapping the placed times most, with enough activity
        // inside them; when none has, the stretch nearest to them within the window.
        func overlap(_ sound: Sound) -> Double { max(0, min(sound.offset, placed.1) - max(sound.onset, placed.0)) }
        func distance(_ sound: Sound) -> Double { max(sound.onset - placed.1, placed.0 - sound.offset, 0) }
        guard var main = sounds.indices.max(by: { overlap(sounds[$0]) < overlap(sounds[$1]) }) else {
            return (offset < 0 ? placed.0 : nil, offset > 0 ? placed.1 : nil)
        }
        let inside = (sounds[main].firstFrame...sounds[main].lastFrame).filter { frame in
            let centre = center(frame, analysis)
            return centre >= placed.0 && centre <= placed.1 && analysis.activity[frame] > Tuning.weakActivity
        }.count
        if Double(inside * hop) < Tuning.minimumInsideSeconds * rate {
            guard let nearest = sounds.indices.min(by: { distance(sounds[$0]) < distance(sounds[$1]) }),
                distance(sounds[nearest]) < window
            else {
                return (offset < 0 ? placed.0 : nil, offset > 0 ? placed.1 : nil)
            }
            main = nearest
        }
        let word = sounds[main]

        // Each edge moves out only when the word's sound goes on past it by more than a sound
        // starting right at the edge would seem to (half a frame and a hop), and then only to the
        // nearest boundary: where the sound fades into the floor, or its first clear dip.
        let tolerance = Double(frameSize / 2 + hop)
        var start: Double? = offset < 0 ? placed.0 : nil
        // (A word wholly before or after the placed times is searched from its own end.)
        // A pause before (after) the word's sound within the window, nearer than the neighbour's
        // middle, is the audio saying where the word begins (ends), whatever the neighbour's
        // times: the edge goes there, over gaps inside the word shorter than a closure.
        if word.onset < placed.0 - tolerance {
            if let floor = word.floorBefore, word.onset >= limits.0, word.onset > middles.0 {
                start = fineOnset(after: floor, in: analysis)
            } else {
                start = max(earliest, boundary(from: min(placed.0, word.offset), toward: earliest, in: analysis))
            }
        }
        var end: Double? = offset > 0 ? placed.1 : nil
        if word.offset > placed.1 + tolerance {
            if let floor = word.floorAfter, word.offset <= limits.1, word.offset < middles.1 {
                end = fineOffset(before: floor, in: analysis)
            } else {
                end = min(latest, boundary(from: max(placed.1, word.onset), toward: latest, in: analysis))
            }
        }
        // Where the audio has sound just outside a placed edge (the frame half a frame and a hop
        // beyond it is above the floor), a margin beyond the edge, as far as the neighbours leave
        // room: the word may go on there unseen, and leaked sound is worse than a touched
        // neighbour. An edge at a pause stays, and the margin ends where a pause begins beyond the
        // placed edge (`Tuning.marginPauseSeconds` at the floor): the sound is seen to end there.
        // A shorter stretch at the floor may be the word's own weak sound (a fricative, a closure).
        let margin = Tuning.leakMargin(strategy) * rate
        // Frames just outside the analysis say as little as those beyond them: clamped to those.
        func frame(_ sample: Double) -> Int {
            frameIndex(of: sample, in: analysis, within: -1...analysis.activity.count)
        }
        func sounding(_ sample: Double) -> Bool {
            analysis.activity.indices.contains(frame(sample)) && analysis.activity[frame(sample)] > Tuning.floorActivity
        }
        /// The first frame of a pause from `sample` on by `step`, within the margin.
        let pauseFrames = max(1, Int((Tuning.marginPauseSeconds * rate / Double(hop)).rounded()))
        func quiet(from sample: Double, step: Int) -> Int? {
            func atFloor(_ index: Int) -> Bool {
                analysis.activity.indices.contains(index) && analysis.activity[index] <= Tuning.floorActivity
            }
            return stride(from: frame(sample), through: frame(sample + Double(step) * margin), by: step).first {
                first in
                (0..<pauseFrames).allSatisfy { atFloor(first + step * $0) }
            }
        }
        if sounding(placed.0 - tolerance) {
            let pause =
                quiet(from: placed.0 - tolerance, step: -1).map { fineOnset(after: $0, in: analysis) } ?? -.infinity
            start = min(start ?? placed.0, max(earliest, placed.0 - margin, pause))
        }
        if sounding(placed.1 + tolerance) {
            let pause =
                quiet(from: placed.1 + tolerance, step: 1).map { fineOffset(before: $0, in: analysis) } ?? .infinity
            end = max(end ?? placed.1, min(latest, placed.1 + margin, pause))
        }
        return (start, end)
    }

    /// The farthest an edge may run into a neighbouring word at `neighbour` (samples): a few
    /// milliseconds into it, or none when the aligner placed both (``RefineStrategy/conservative``),
    /// or to its middle (aggressive).
    private func intrusionLimit(into neighbour: (Double, Double), before: Bool, aligned: Bool) -> Double {
        let middle = (neighbour.0 + neighbour.1) / 2
        switch strategy {
        case .conservative:
            let intrusion = aligned ? 0 : Tuning.neighbourIntrusionSeconds * Double(sampleRate)
            return before ? max(middle, neighbour.1 - intrusion) : min(middle, neighbour.0 + intrusion)
        case .aggressive:
            return middle
        }
    }

    /// The nearest plausible boundary from an edge inside sound toward `limit`: the first
    /// frame at the floor (the sound's onset or offset, placed to the fine hop), or the first
    /// clear dip (a frame at most `dipRatio` of the sound on both sides of it), or the limit.
    private mutating func boundary(from edge: Double, toward limit: Double, in analysis: Analysis) -> Double {
        let activity = analysis.activity
        let step = limit < edge ? -1 : 1
        func frame(_ sample: Double) -> Int { frameIndex(of: sample, in: analysis, within: 0...activity.count - 1) }
        var index = frame(edge) + step
        let last = frame(limit)
        while (index - last) * step <= 0, index > 0, index < activity.count - 1 {
            if activity[index] <= Tuning.floorActivity {
                return step < 0 ? fineOnset(after: index, in: analysis) : fineOffset(before: index, in: analysis)
            }
            if isClearDip(index, in: activity) { return center(index, analysis) }
            index += step
        }
        return limit
    }

    /// The centre of analysis frame `frame`, in samples.
    private func center(_ frame: Int, _ analysis: Analysis) -> Double {
        Double(analysis.first + frame * hop + frameSize / 2)
    }

    /// The analysis frames whose centres lie in `lower...upper` (samples): those between the
    /// frames nearest the bounds, moved until each bound's test holds.
    private func frames(centredFrom lower: Double, through upper: Double, of analysis: Analysis) -> Range<Int> {
        let count = analysis.activity.count
        guard count > 0 else { return 0..<0 }
        var first = frameIndex(of: lower, in: analysis, within: 0...count - 1)
        while first > 0, center(first - 1, analysis) >= lower { first -= 1 }
        while first < count, center(first, analysis) < lower { first += 1 }
        var end = frameIndex(of: upper, in: analysis, within: 0...count - 1) + 1
        while end > first, center(end - 1, analysis) > upper { end -= 1 }
        while end < count, center(end, analysis) <= upper { end += 1 }
        return first..<max(first, end)
    }

    /// The analysis frame whose centre is nearest to `sample` (by `rule`; the inverse of
    /// ``center(_:_:)``), clamped to `bounds` while still Double: a finite time can lie beyond
    /// Int's range.
    func frameIndex(
        of sample: Double, in analysis: Analysis, rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero,
        within bounds: ClosedRange<Int>
    ) -> Int {
        let position = ((sample - center(0, analysis)) / Double(hop)).rounded(rule)
        return Int(min(Double(bounds.upperBound), max(Double(bounds.lowerBound), position)))
    }

    /// A sound's onset placed to the fine hop: the last fine frame still at the floor between
    /// the floor frame `floor` and the next analysis frame, plus a quarter frame.
    private mutating func fineOnset(after floor: Int, in analysis: Analysis) -> Double {
        var lastQuiet = Int(center(floor, analysis))
        var centre = lastQuiet + fineHop
        while Double(centre) < center(floor + 1, analysis),
            let activity = activity(centredAt: centre, in: analysis),
            activity <= Tuning.floorActivity
        {
            lastQuiet = centre
            centre += fineHop
        }
        return Double(lastQuiet + frameSize / 4)
    }

    /// A sound's offset placed to the fine hop: the first fine frame back at the floor between
    /// the previous analysis frame and the floor frame `floor`, minus a quarter frame.
    private mutating func fineOffset(before floor: Int, in analysis: Analysis) -> Double {
        var firstQuiet = Int(center(floor, analysis))
        var centre = firstQuiet - fineHop
        while Double(centre) > center(floor - 1, analysis),
            let activity = activity(centredAt: centre, in: analysis),
            activity <= Tuning.floorActivity
        {
            firstQuiet = centre
            centre -= fineHop
        }
        return Double(firstQuiet - frameSize / 4)
    }

    /// The runs of sound in an analysis, in order: frames above the weak threshold holding
    /// enough strong activity, each followed out to the floor (but not into the next run).
    func runs(in analysis: Analysis) -> [Sound] {
        let activity = analysis.activity
        let rate = Double(sampleRate)
        let minimumStrong = max(1, Int((Tuning.minimumSoundSeconds * rate / Double(hop)).rounded()))
        var runs: [Sound] = []
        var frame = 0
        while frame < activity.count {
            guard activity[frame] > Tuning.weakActivity else {
                frame += 1
                continue
            }
            let first = frame
            var strong = 0
            while frame < activity.count, activity[frame] > Tuning.weakActivity {
                if activity[frame] > Tuning.strongActivity { strong += 1 }
                frame += 1
            }
            if strong >= minimumStrong { runs.append(Sound(firstFrame: first, lastFrame: frame - 1)) }
        }
        // Follow each run's fade outward until the floor, the neighbouring run, or the fade limit.
        let maximumFade = Int((Tuning.maximumFadeSeconds * rate / Double(hop)).rounded())
        let quarter = Double(frameSize / 4)
        for index in runs.indices {
            let previousLast = index > 0 ? runs[index - 1].lastFrame : -1
            var frame = runs[index].firstFrame - 1
            while frame > previousLast, frame >= 0, runs[index].firstFrame - frame <= maximumFade,
                activity[frame] > Tuning.floorActivity
            {
                frame -= 1
            }
            // A frame at the floor holds (almost) none of the sound: the sound begins after its
            // centre, at most half a frame later; a quarter frame stays on the safe side.
            runs[index].onset = frame < 0 ? Double(analysis.first) : center(frame, analysis) + quarter
            if frame >= 0, activity[frame] <= Tuning.floorActivity { runs[index].floorBefore = frame }
            let nextFirst = index + 1 < runs.count ? runs[index + 1].firstFrame : activity.count
            frame = runs[index].lastFrame + 1
            while frame < nextFirst, frame < activity.count, frame - runs[index].lastFrame <= maximumFade,
                activity[frame] > Tuning.floorActivity
            {
                frame += 1
            }
            runs[index].offset = frame >= activity.count ? Double(analysis.last) : center(frame, analysis) - quarter
            if frame < activity.count, activity[frame] <= Tuning.floorActivity { runs[index].floorAfter = frame }
        }
        return runs
    }

    /// Runs joined across gaps shorter than a closure: the stretches of sound that may be words.
    func joined(_ runs: [Sound]) -> [Sound] {
        let closure = Tuning.closureSeconds * Double(sampleRate)
        var sounds: [Sound] = []
        for run in runs {
            if let last = sounds.last, run.onset - last.offset < closure {
                sounds[sounds.count - 1].lastFrame = run.lastFrame
                sounds[sounds.count - 1].offset = run.offset
                sounds[sounds.count - 1].floorAfter = run.floorAfter
            } else {
                sounds.append(run)
            }
        }
        return sounds
    }
}
