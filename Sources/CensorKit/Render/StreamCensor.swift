/// Audio from a pipe, planned and censored in one pass with a bounded look-ahead.
///
/// Planning a match without refinement reads only the audio within its padded times, the snap
/// window and the crossfade: its *reach*. Matches whose reaches touch are planned together, as
/// a group, once the stream has passed the group's end (or ended); a group never merges with
/// another, so planning the groups one by one gives exactly the spans ``Planner`` gives for all
/// matches at once, and every sample comes out as from the file. The look-ahead holds the audio
/// from the first frame not yet handed on to the end of the group being planned: a block plus
/// the longest group, however long the stream.
///
/// It is both the reader and the censor of a ``FileStream`` pass: ``read(into:frames:)`` hands
/// on input frames once every group that reaches them is planned, and ``process(_:firstFrame:codec:)``
/// censors them with those groups' engines.
final class StreamCensor<Sample: StreamSample>: AudioBlockReader, BlockCensor {
    /// One group of matches whose reaches touch.
    private struct Group {
        /// The first and last frame any of its matches may read or change.
        var reach: ClosedRange<Int>
        /// The matches, with their index in the list given.
        var matches: [(index: Int, match: Match)]
    }

    let input: AudioStreamReader
    let censor: Censor
    /// Frames read from the input at a time.
    static var chunkFrames: Int { 16_384 }

    /// The frames to read: as declared until the stream ends, then as read.
    private(set) var frameCount: Int
    /// The spans planned so far, in order.
    private(set) var spans: [PlannedSpan] = []
    /// The matches past the end, with their index in the list given.
    private var skipped: [(index: Int, match: Match)] = []
    /// Matches whose times are not finite, planned (and skipped) when the stream ends.
    private var unplaceable: [(index: Int, match: Match)] = []
    private var groups: [Group] = []
    private var nextGroup = 0
    private var engines: [CensorEngine] = []
    /// Input frames `windowStart ..< windowStart + window.count / channels`, interleaved.
    private var window: [Sample] = []
    private var windowStart = 0
    private var ended = false
    /// Frames handed on to the pass.
    private var delivered = 0
    /// The most input frames the output may hold, and the error past them.
    private let frameLimit: (frames: Int, error: AudioError)?

    /// Prepares to censor `matches` in `input` as `censor` plans them (without refinement).
    ///
    /// - Parameters:
    ///   - frameLimit: The most input frames the output container can hold, and the error to
    ///     throw when the stream passes them; `nil`: no limit.
    init(input: AudioStreamReader, censor: Censor, matches: [Match], frameLimit: (frames: Int, error: AudioError)?) {
        self.input = input
        self.censor = censor
        self.frameLimit = frameLimit
        frameCount = input.declaredFrames
        let planner = censor.planner
        let rate = Double(input.format.sampleRate)
        let margin = Double(
            Self.frames(planner.options.snapWindow, rate) + Self.frames(planner.options.crossfade, rate) + 1)
        var reaches: [(lower: Double, upper: Double, index: Int)] = []
        for (index, match) in matches.enumerated() {
            let times = planner.widened(TimeRange(match.start, match.end), for: match)
            let lower = ((times.start - planner.options.padBefore) * rate).rounded(.down) - margin
            let upper = ((times.end + planner.options.padAfter) * rate).rounded(.up) + margin
            guard lower.isFinite, upper.isFinite else {
                unplaceable.append((index, match))
                continue
            }
            reaches.append((lower, max(upper, lower + 1), index))
        }
        reaches.sort { ($0.lower, $0.index) < ($1.lower, $1.index) }
        // Clamped while still Double: a finite time can lie beyond Int's range.
        func frame(_ value: Double) -> Int { Int(min(max(0, value), 1e15)) }
        for reach in reaches {
            let entry = (reach.index, matches[reach.index])
            if let last = groups.indices.last, frame(reach.lower) <= groups[last].reach.upperBound {
                groups[last].reach =
                    groups[last].reach.lowerBound...max(groups[last].reach.upperBound, frame(reach.upper))
                groups[last].matches.append(entry)
            } else {
                groups.append(Group(reach: frame(reach.lower)...frame(reach.upper), matches: [entry]))
            }
        }
    }

    var format: AudioFileFormat { input.format }
    private var channels: Int { input.format.channelCount }
    /// Frames read from the input so far.
    var framesRead: Int { windowStart + window.count / channels }

    /// The matches past the end of the stream, in the order given; complete once the pass is.
    var skippedMatches: [Match] { skipped.sorted { $0.index < $1.index }.map(\.match) }

    func read<Requested: SndFileSample>(into buffer: UnsafeMutablePointer<Requested>, frames: Int) throws -> Int {
        precondition(Requested.self == Sample.self, "the pass reads the samples the look-ahead holds")
        let end = delivered + frames
        while nextGroup < groups.count, groups[nextGroup].reach.lowerBound < end {
            try plan(groups[nextGroup])
            nextGroup += 1
        }
        try fill(through: end - 1)
        let count = max(0, min(frames, framesRead - delivered))
        if let frameLimit, delivered + count > frameLimit.frames { throw frameLimit.error }
        let offset = (delivered - windowStart) * channels
        window.withUnsafeBufferPointer { samples in
            UnsafeMutableRawPointer(buffer).copyMemory(
                from: samples.baseAddress! + offset, byteCount: count * channels * MemoryLayout<Sample>.stride)
        }
        delivered += count
        // Every group that reads frames before `delivered` is planned: they are not needed again.
        window.removeFirst((delivered - windowStart) * channels)
        windowStart = delivered
        if ended { frameCount = framesRead }
        return count
    }

    func process<Codec: SampleCodec>(_ block: UnsafeMutableBufferPointer<Codec.Sample>, firstFrame: Int, codec: Codec) {
        while let first = engines.first, first.spans.last.map({ $0.fadeEnd <= firstFrame }) ?? true {
            engines.removeFirst()
        }
        for index in engines.indices { engines[index].process(block, firstFrame: firstFrame, codec: codec) }
    }

    /// None: the look-ahead reads every frame, for planning.
    func replacedRuns(in frames: Range<Int>) -> [Range<Int>] { [] }

    /// Plans the groups the pass did not reach (past the stream's end) and the matches whose
    /// times are not finite; call once the pass is over.
    func finish() throws {
        try fill(through: Int.max - 1)
        while nextGroup < groups.count {
            try plan(groups[nextGroup])
            nextGroup += 1
        }
        if !unplaceable.isEmpty { try plan(Group(reach: 0...0, matches: unplaceable)) }
        unplaceable = []
    }

    /// Reads on until the look-ahead holds `frame`, or the stream ends.
    private func fill(through frame: Int) throws {
        while !ended, framesRead <= frame {
            let old = window.count
            let wanted = Self.chunkFrames * channels
            window.append(contentsOf: repeatElement(Sample.zero, count: wanted))
            let count = try window.withUnsafeMutableBufferPointer { samples in
                try input.read(into: samples.baseAddress! + old, frames: Self.chunkFrames)
            }
            window.removeLast((Self.chunkFrames - count) * channels)
            if count == 0 {
                ended = true
                frameCount = framesRead
            }
        }
    }

    /// Plans `group` once the look-ahead holds its reach, and keeps its engine.
    private func plan(_ group: Group) throws {
        try fill(through: group.reach.upperBound)
        var audio = LookAheadFrames(owner: self)
        let plan = try censor.planner.plan(group.matches.map(\.match), sampleRate: format.sampleRate, audio: &audio)
        let engine = try censor.makeEngine(
            plan: plan, sampleRate: format.sampleRate, audio: &audio)
        spans += plan.spans
        // The planner keeps the order it was given: each skipped match is the next equal one.
        var entries = group.matches[...]
        for match in plan.skipped {
            while let entry = entries.popFirst() {
                if entry.match == match {
                    skipped.append(entry)
                    break
                }
            }
        }
        if !plan.spans.isEmpty { engines.append(engine) }
    }

    /// The look-ahead as planning reads it: `Float` frames, as libsndfile's float read gives them.
    private struct LookAheadFrames: FrameSource {
        let owner: StreamCensor

        var channelCount: Int { owner.channels }
        /// Every frame read so far: as far as planning a group needs, or the stream's end.
        var frameCount: Int { owner.framesRead }

        func readFrames(_ range: Range<Int>, into buffer: inout [Float]) throws {
            precondition(
                range.lowerBound >= owner.windowStart && range.upperBound <= owner.framesRead,
                "planning reads within the look-ahead")
            let channels = owner.channels
            let start = (range.lowerBound - owner.windowStart) * channels
            buffer.removeAll(keepingCapacity: true)
            buffer.append(
                contentsOf: owner.window[start..<(start + range.count * channels)].lazy.map(Sample.normalized))
        }
    }

    private static func frames(_ seconds: Double, _ rate: Double) -> Int {
        Int((seconds * rate).rounded())
    }
}
