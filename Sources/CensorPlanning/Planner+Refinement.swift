import Foundation

extension Planner {
    /// Matches a thread refines at the least: fewer are not worth another reader.
    static let matchesPerThread = 64
    /// Matches a refining thread takes at a time from its stretch (``StretchQueue``).
    static let matchesPerPiece = 16
    /// Words on each side of a match whose times are fitted to the audio with it.
    static let nearbyWords = 6
    /// Matches whose surrounding words are weighed together to place the transcript as a whole.
    static let offsetMatches = 16
    /// Words on each side of such a match weighed with it.
    static let offsetWords = 20

    /// What refinement weighs before it refines any match: the matches inside the file in time
    /// order, the channels' mix, the threads it refines on, the band levels the offset analyses
    /// computed (one store per thread), and the transcript's offset evidence
    /// (``TranscriptOffsetEvidence``; `nil` without transcript words); and, for a recording
    /// that mixes as it decodes (an MP3), the one channel of its mix both passes read.
    struct OffsetAnalysis {
        var order: [Int]
        var mix: ChannelMix
        var threads: Int
        var saved: [SavedBandLevels]
        var evidence: TranscriptOffsetEvidence?
        var mixed: (any FrameSource)?
    }

    /// Each match's refined times, by its index in `matches`; `nil` for matches left as they
    /// are (refinement off, or wholly outside the file).
    ///
    /// Matches are refined in time order, so that neighbours share the analysis of the audio
    /// between them. When there are many and `audio` can be reopened, the ordered matches are
    /// cut into runs refined on one thread per processor, each thread with its own reader; the
    /// results do not depend on the cut (the band levels of a frame do not depend on which run
    /// computed them).
    ///
    /// - Parameters:
    ///   - matches: The matches, in any order.
    ///   - sampleRate: Frames per second of `audio`.
    ///   - audio: The recording.
    ///   - threads: The most threads to refine on.
    ///   - analysis: ``offsetAnalysis(_:sampleRate:audio:threads:)``'s of the same matches,
    ///     words, audio and threads, when it was made already (it is not made again).
    func refinedTimes(
        _ matches: [Match], sampleRate: Int, audio: inout some FrameSource,
        threads: Int = ProcessInfo.processInfo.activeProcessorCount, analysis: OffsetAnalysis? = nil
    ) throws -> [TimeRange?] {
        var refined = [TimeRange?](repeating: nil, count: matches.count)
        guard
            let analysis = try analysis
                ?? offsetAnalysis(matches, sampleRate: sampleRate, audio: &audio, threads: threads)
        else { return refined }
        // A recording that mixes as it decodes (an MP3) is analysed through its own mix: one channel.
        if var mixed = analysis.mixed {
            try refine(
                analysis, of: matches, sampleRate: sampleRate, mix: ChannelMix(channelCount: mixed.channelCount),
                audio: &mixed
            ) { refined[$0] = $1 }
        } else {
            try refine(analysis, of: matches, sampleRate: sampleRate, mix: analysis.mix, audio: &audio) {
                refined[$0] = $1
            }
        }
        return refined
    }

    /// The ``OffsetAnalysis`` refinement of `matches` begins with; `nil` when refinement is off
    /// or no match lies inside the file.
    func offsetAnalysis(
        _ matches: [Match], sampleRate: Int, audio: inout some FrameSource,
        threads: Int = ProcessInfo.processInfo.activeProcessorCount
    ) throws -> OffsetAnalysis? {
        guard options.refine, options.refineWindow > 0 else { return nil }
        let frameCount = audio.frameCount
        let order = matches.indices
            .filter {
                coreFrames(
                    start: matches[$0].start, end: matches[$0].end, sampleRate: sampleRate, frameCount: frameCount)
                    != nil
            }
            .sorted { (matches[$0].start, $0) < (matches[$1].start, $1) }
        guard !order.isEmpty else { return nil }
        let mix = try ChannelMix(for: &audio)
        let threads = min(threads, order.count / Self.matchesPerThread)
        // Each thread's refinement takes the levels its offset analyses computed.
        let bandCount = EdgeRefiner(sampleRate: sampleRate, window: options.refineWindow).bands.count
        let saved = (0..<max(1, threads)).map { _ in SavedBandLevels(bandCount: bandCount) }
        var analysis = OffsetAnalysis(order: order, mix: mix, threads: threads, saved: saved, evidence: nil)
        if let mixing = audio as? any ChannelMixingSource, var mixed = mixing.mixed(by: mix) {
            analysis.evidence = try transcriptOffset(
                order, of: matches, sampleRate: sampleRate, mix: ChannelMix(channelCount: mixed.channelCount),
                threads: threads, saving: saved, in: &mixed)
            analysis.mixed = mixed
        } else {
            analysis.evidence = try transcriptOffset(
                order, of: matches, sampleRate: sampleRate, mix: mix, threads: threads,
                saving: saved, in: &audio)
        }
        return analysis
    }

    /// Refines `matches[index]` for each index of `analysis.order` (the matches inside the file,
    /// in time order), with the channels of `audio` mixed by `mix`, handing each result to
    /// `store` with its index.
    ///
    /// On several threads, the ordered matches are cut into one stretch per thread, refined
    /// ``matchesPerPiece`` at a time from its front; a thread done with its own stretch takes
    /// the later half of the longest one left (``StretchQueue``). A thread slowed (by its
    /// audio, or by the machine) leaves more to the others, and all finish within about a piece
    /// of each other, while each thread's refiner carries its analysis on from one piece to the
    /// next.
    private func refine(
        _ analysis: OffsetAnalysis, of matches: [Match], sampleRate: Int, mix: ChannelMix,
        audio: inout some FrameSource,
        storing store: (Int, TimeRange) -> Void
    ) throws {
        let (order, threads) = (analysis.order, analysis.threads)
        let window = options.refineWindow
        let rate = Double(sampleRate)
        let offset = analysis.evidence.map { evidence in
            (
                evidence.offset / rate,
                evidence.sureOffsets(sampleRate: sampleRate).map { ($0.lowerBound / rate)...($0.upperBound / rate) }
            )
        }
        // Every thread reads the levels all the offset's analyses saved.
        let saved = SavedBandLevels(joining: analysis.saved)
        guard threads > 1, let reopen = audio.reopener else {
            var refiner = makeRefiner(
                sampleRate: sampleRate, window: window, mix: mix, levels: saved, strategy: options.refineStrategy)
            try refine(order[...], of: matches, offset: offset, with: &refiner, in: &audio, storing: store)
            return
        }
        let results = ThreadResults<TimeRange>(count: matches.count)
        let queue = StretchQueue(count: order.count, threads: threads, piece: Self.matchesPerPiece)
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            do {
                var source = try reopen()
                var refiner = makeRefiner(
                    sampleRate: sampleRate, window: window, mix: mix, levels: saved,
                    strategy: options.refineStrategy)
                while let piece = queue.take(thread: thread) {
                    try refine(
                        order[piece], of: matches, offset: offset, with: &refiner, in: &source, storing: results.set)
                }
            } catch {
                results.fail(error)
                queue.stop()
            }
        }
        for (index, value) in try results.values().enumerated() { if let value { store(index, value) } }
    }
}

extension Planner {
    /// Refines `matches[index]` for each index of `stretch`, in order, with `refiner` reading
    /// `audio`, and hands each result to `store` with its index.
    private func refine(
        _ stretch: ArraySlice<Int>, of matches: [Match], offset: (Double, ClosedRange<Double>?)?,
        with refiner: inout EdgeRefiner, in audio: inout some FrameSource,
        storing store: (Int, TimeRange) -> Void
    ) throws {
        for index in stretch {
            let match = matches[index]
            var context = context(of: match)
            // An aligned match is placed already; the transcript's offset is judged from words
            // aligned or not.
            let isAligned = alignedMatches.contains(index)
            context.offset = isAligned ? 0 : offset?.0
            context.sureOffsets = isAligned ? nil : offset?.1
            context.isAligned = isAligned
            store(index, try refiner.refine(start: match.start, end: match.end, context: context, in: &audio))
        }
    }

    /// How well the transcript's words fit the audio's sound and pauses at each offset: the
    /// evidence of the words around up to `Self.offsetMatches` of the ordered matches `order`,
    /// spread evenly over them, summed in that order; `nil` when no match has two timed words
    /// around it.
    ///
    /// With `threads` above 1 and an `audio` that can be reopened, the matches weighed are cut
    /// into as many runs, in order, each weighed on its own thread with its own reader. Thread
    /// *t* saves the band levels it computes in `saving[t]` (one thread: `saving[0]`), for the
    /// refinement.
    private func transcriptOffset(
        _ order: [Int], of matches: [Match], sampleRate: Int, mix: ChannelMix, threads: Int,
        saving saved: [SavedBandLevels], in audio: inout some FrameSource
    ) throws -> TranscriptOffsetEvidence? {
        guard !transcriptWords.isEmpty else { return nil }
        let window = options.refineWindow
        let count = min(order.count, Self.offsetMatches)
        let weighed = (0..<count).map { order[$0 * order.count / count] }
        var evidence: [TranscriptOffsetEvidence?] = []
        // As many runs as stretches (`count` is 16, `threads` at most a sixty-fourth of the matches).
        if threads > 1, threads <= count, let reopen = audio.reopener {
            let results = ThreadResults<TranscriptOffsetEvidence>(count: count)
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                do {
                    var source = try reopen()
                    let run = (count * thread / threads)..<(count * (thread + 1) / threads)
                    for (index, value) in try offsetEvidence(
                        weighed[run], of: matches, sampleRate: sampleRate, window: window,
                        mix: mix, saving: saved[thread], in: &source
                    ).enumerated() {
                        if let value { results.set(run.lowerBound + index, value) }
                    }
                } catch {
                    results.fail(error)
                }
            }
            evidence = try results.values()
        } else {
            evidence = try offsetEvidence(
                weighed[...], of: matches, sampleRate: sampleRate, window: window, mix: mix,
                saving: saved[0], in: &audio)
        }
        return evidence.reduce(nil) { total, evidence in
            guard let evidence else { return total }
            return total.map { $0.adding(evidence) } ?? evidence
        }
    }

    /// The offset evidence of the words around each of `matches[index]` for each index of
    /// `weighed`, in order, with one refiner reading `audio` and saving the band levels it
    /// computes in `saved`.
    private func offsetEvidence(
        _ weighed: ArraySlice<Int>, of matches: [Match], sampleRate: Int, window: Double, mix: ChannelMix,
        saving saved: SavedBandLevels, in audio: inout some FrameSource
    ) throws -> [TranscriptOffsetEvidence?] {
        var refiner = makeRefiner(sampleRate: sampleRate, window: window, mix: mix, levels: saved, saving: true)
        return try weighed.map { index in
            let match = matches[index]
            return try refiner.offsetEvidence(
                start: match.start, end: match.end, context: context(of: match, words: Self.offsetWords),
                in: &audio)
        }
    }

    /// A refiner of audio whose channels are mixed by `mix`, with `strategy`, keeping its band
    /// levels in a cache that takes those `saved` holds, or, `saving`, keeps there those it
    /// computes. (Audio with no speech band to analyse, at a rate under about 270 Hz, has no cache.)
    private func makeRefiner(
        sampleRate: Int, window: Double, mix: ChannelMix, levels saved: SavedBandLevels, saving: Bool = false,
        strategy: RefineStrategy = .conservative
    ) -> EdgeRefiner {
        var refiner = EdgeRefiner(sampleRate: sampleRate, window: window, mix: mix)
        refiner.strategy = strategy
        if !refiner.bands.isEmpty {
            let levels = BandLevelCache(for: refiner, mix: mix, saved: saved)
            levels.savesComputedLevels = saving
            refiner.levels = levels
        }
        return refiner
    }

    /// The transcript's words around `match` (from ``transcriptWords``), when its word indices
    /// point into them: its neighbours' times, and those of up to `Self.nearbyWords` words on
    /// each side.
    func context(of match: Match, words nearbyWords: Int = Self.nearbyWords) -> EdgeRefiner.Context {
        let words = transcriptWords
        let indices = match.wordIndices
        guard !indices.isEmpty, indices.lowerBound >= 0, indices.upperBound <= words.count else { return .init() }
        var context = EdgeRefiner.Context()
        func times(_ word: Word) -> TimeRange { TimeRange(word.start, word.end) }
        if indices.lowerBound > 0 { context.previous = times(words[indices.lowerBound - 1]) }
        if indices.upperBound < words.count { context.next = times(words[indices.upperBound]) }
        let nearby = max(0, indices.lowerBound - nearbyWords)..<min(words.count, indices.upperBound + nearbyWords)
        // A word's times read in place: no copy of the word (and its text) for each.
        context.nearby.reserveCapacity(nearby.count)
        for index in nearby where !words[index].isTimeEstimated {
            context.nearby.append(TimeRange(words[index].start, words[index].end))
        }
        context.nearbyFromFirst = nearby.lowerBound == 0 && !words[0].isTimeEstimated
        context.nearbyToLast = nearby.upperBound == words.count && !words[words.count - 1].isTimeEstimated
        return context
    }
}
