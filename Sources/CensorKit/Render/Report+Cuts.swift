extension Report {
    /// One join of ``CensorMode/cut``: what was removed, and where the rest meets in the output.
    public struct Cut: Sendable, Hashable, Codable {
        /// The first removed frame of the input (the span's core).
        public var startFrame: Int
        /// The frame after the removed core.
        public var endFrame: Int
        /// Input frames taken out of the timeline: the core and one crossfade.
        public var removedFrames: Int
        /// The output frame where the join's crossfade begins.
        public var outputFrame: Int
        /// The crossfade's length in frames.
        public var crossfadeFrames: Int

        /// The cut of `join`.
        public init(_ join: CutPlan.Join) {
            startFrame = join.removed.lowerBound
            endFrame = join.removed.upperBound
            removedFrames = join.removedFrames
            outputFrame = join.outputFrame
            crossfadeFrames = join.crossfade
        }
    }

    /// The report of `plan`'s cuts: ``cuts`` and ``outputFrames`` set.
    mutating func record(_ plan: CutPlan) {
        cuts = plan.joins.map(Cut.init)
        outputFrames = plan.outputFrames
    }

    /// The cut's part of ``json()``: each cut's original and new times in seconds with its
    /// frames, and the total removed; empty for other modes.
    var cutsJSON: String {
        guard let cuts, let outputFrames else { return "" }
        let rate = Double(sampleRate)
        func seconds(_ frames: Int) -> String { String(format: "%.6f", Double(frames) / rate) }
        let entries = cuts.map { cut in
            "{\"start\": \(seconds(cut.startFrame)), \"end\": \(seconds(cut.endFrame)), "
                + "\"newTime\": \(seconds(outputFrame(cut.startFrame))), "
                + "\"startFrame\": \(cut.startFrame), \"endFrame\": \(cut.endFrame), \"outputFrame\": \(cut.outputFrame), "
                + "\"crossfadeFrames\": \(cut.crossfadeFrames), \"removedFrames\": \(cut.removedFrames)}"
        }
        return ",\n \"cuts\": [" + entries.joined(separator: ",\n  ")
            + "],\n \"removed\": \(seconds(frames - outputFrames)), "
            + "\"outputFrames\": \(outputFrames)"
    }

    /// Where input time `seconds` lies in the output (``outputFrame(_:)``), in seconds.
    public func outputTime(_ seconds: Double) -> Double {
        guard cuts != nil else { return seconds }
        let rate = Double(sampleRate)
        return Double(outputFrame(Int((seconds * rate).rounded()))) / rate
    }

    /// `transcript` with every word's times moved onto the output's timeline
    /// (``outputTime(_:)``): a word in a removed core shrinks to its join.
    public func retimed(_ transcript: Transcript) -> Transcript {
        guard cuts != nil else { return transcript }
        var retimed = transcript
        for index in retimed.words.indices {
            retimed.words[index].start = outputTime(retimed.words[index].start)
            retimed.words[index].end = max(retimed.words[index].start, outputTime(retimed.words[index].end))
        }
        return retimed
    }

    /// Where input frame `frame` lies in the output: moved earlier by the frames of each cut
    /// before it; a frame of a removed core lands in the middle of its join, one of the audio
    /// blended in after it where it is blended. The frame itself when nothing was cut.
    public func outputFrame(_ frame: Int) -> Int {
        guard let cuts else { return frame }
        var removed = 0
        for cut in cuts {
            if frame < cut.startFrame { break }
            if frame < cut.endFrame { return cut.outputFrame + cut.crossfadeFrames / 2 }
            if frame < cut.endFrame + cut.crossfadeFrames { return cut.outputFrame + frame - cut.endFrame }
            removed += cut.removedFrames
        }
        return frame - removed
    }
}
