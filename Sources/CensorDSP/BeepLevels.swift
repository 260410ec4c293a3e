import Foundation

/// Measures how loud each span's beep should be.
///
/// One pass reads each span's modified region once, in order (many spans' two halves at once,
/// on two threads): the core for the tone's level, the fades for how the tone fades in. A file
/// stored as 16-bit (or narrower) integer PCM is read as its stored samples, whose squares sum
/// exactly in integers; anything else is read as `Float` and summed in `Double`. Both give the
/// same level for the same audio (each square of a 16-bit sample is exact in `Double`), and
/// neither depends on how the reads are cut. Where refinement read a core's blocks already and
/// the readers keep their squares (``BlockSquares``), those are added instead of read again.
public enum BeepLevels {
    /// Frames read at a time while measuring.
    static let chunkFrames = 16_384

    /// The beep's peak amplitude per span and channel.
    ///
    /// For ``Beep/Level/matched`` each channel's tone has the RMS of the audio the span's core
    /// replaces (a sine's peak is √2 times its RMS), capped at ``Beep/maximumPeak`` so it
    /// never clips; for ``Beep/Level/peak(dBFS:)`` every channel gets that peak.
    ///
    /// - Parameters:
    ///   - spans: The planned spans.
    ///   - beep: The tone's settings.
    ///   - audio: The original recording; only the spans' cores are read.
    /// - Returns: One array of `audio.channelCount` amplitudes per span.
    /// - Throws: When `audio` cannot be read.
    /// - Complexity: O(censored frames).
    public static func amplitudes(for spans: [Span], beep: Beep, in audio: inout some FrameSource) throws -> [[Float]] {
        if case let .peak(dBFS) = beep.level {
            return fixedAmplitudes(dBFS: dBFS, spans: spans.count, channels: audio.channelCount)
        }
        let levels = try SpanLevels(spans, cores: true, fades: false, in: &audio)
        return spans.indices.map(levels.amplitudes(ofSpan:))
    }

    /// How each span's beep fades against the audio: equal power, unless that would push the
    /// fade past full scale.
    ///
    /// Equal-power gains sum to as much as √2, so where a channel's peak `P` in the fades and
    /// its tone amplitude `A` give √(P² + A²) > 1, the span fades with complementary gains
    /// instead, whose sum never exceeds the louder of the two.
    ///
    /// - Parameters:
    ///   - spans: The planned spans.
    ///   - amplitudes: Each span's tone amplitude per channel.
    ///   - audio: The original recording; only the spans' fades are read.
    /// - Returns: One ``BeepFade`` per span.
    /// - Throws: When `audio` cannot be read.
    /// - Complexity: O(fade frames).
    public static func fades(for spans: [Span], amplitudes: [[Float]], in audio: inout some FrameSource) throws
        -> [BeepFade]
    {
        let levels = try SpanLevels(spans, cores: false, fades: true, in: &audio)
        return spans.indices.map { levels.fade(ofSpan: $0, amplitudes: amplitudes[$0]) }
    }

    /// ``amplitudes(for:beep:in:)`` and ``fades(for:amplitudes:in:)`` together, reading each
    /// span's modified region once; on this thread only when not `parallel` (the levels are
    /// the same).
    ///
    /// - Complexity: O(modified frames).
    ///
    /// - Parameter peak: The largest magnitude of what plays at amplitude 1: 1 for the tone, a
    ///   clip's ``SoundClip/peak``. A matched amplitude is capped so that it times `peak` stays
    ///   at ``Beep/maximumPeak``; a fixed peak is divided by it.
    package static func levels(
        for spans: [Span], beep: Beep, in audio: inout some FrameSource, parallel: Bool = true, peak: Float = 1
    ) throws -> (amplitudes: [[Float]], fades: [BeepFade]) {
        let channels = audio.channelCount
        let levels = try SpanLevels(spans, cores: beep.level == .matched, fades: true, in: &audio, parallel: parallel)
        let amplitudes: [[Float]]
        if case let .peak(dBFS) = beep.level {
            amplitudes = fixedAmplitudes(dBFS: dBFS, spans: spans.count, channels: channels, peak: peak)
        } else {
            amplitudes = spans.indices.map {
                levels.amplitudes(ofSpan: $0).map { min($0, Beep.maximumPeak / max(peak, 1)) }
            }
        }
        return (amplitudes, spans.indices.map { levels.fade(ofSpan: $0, amplitudes: amplitudes[$0].map { $0 * peak }) })
    }

    /// Every channel of every span at a peak of `dBFS`, for a sound whose amplitude 1 peaks at `peak`.
    static func fixedAmplitudes(dBFS: Double, spans: Int, channels: Int, peak: Float = 1) -> [[Float]] {
        Array(repeating: Array(repeating: Float(pow(10, dBFS / 20)) / peak, count: channels), count: spans)
    }
}

/// Per span and channel, the sum of squares over the core and the peak over the fades, in
/// full-scale units.
struct SpanLevels {
    let channels: Int
    let coreFrames: [Int]
    /// `spans × channels` sums of squares of samples stored as narrow integers, exact, in units
    /// of (1/32768)²; empty for audio read as `Float`.
    private var squares: [Int64]
    /// `spans × channels` sums of squares in `Double`, for audio read as `Float`; else empty.
    private var sums: [Double]
    /// `spans × channels` largest magnitudes.
    private var peaks: [Float]

    /// Frames to read from which the measuring is shared by two threads, each with a reader of
    /// its own, when `audio` can be reopened (``FrameSource/reopener``).
    static let parallelFrames = 1 << 15

    /// Measures `spans` of `audio`: their cores when `cores`, their fades when `fades`.
    ///
    /// When `parallel`, two threads share the frames to read, the first taking those before a
    /// cut and the second the rest. Samples stored as narrow integers are cut anywhere, even
    /// within a span, as their integer sums add exactly; audio read as `Float` is cut between
    /// spans, so that each span's `Double` sum is taken in order by one thread. Either way the
    /// levels are those one thread measures. The whole blocks of a core whose squares the
    /// readers' ``BlockSquares`` holds are added from there, not read.
    init(_ spans: [Span], cores: Bool, fades: Bool, in audio: inout some FrameSource, parallel: Bool = true) throws {
        let stored = audio.narrowStoredSamples
        var unread = Self.parts(of: spans, cores: cores, fades: fades)
        var known: [Int64] = []
        if cores, let store = (stored as? any BlockSquaresSource)?.blockSquares {
            known = Self.takeKnownBlocks(of: &unread, from: store)
        }
        let parts = unread
        if parallel, let reopen = audio.reopener, let cut = Self.cut(parts, withinSpans: stored != nil) {
            let windows = [0..<cut, cut..<Int.max]
            let results = ThreadResults<SpanLevels>(count: 2)
            DispatchQueue.concurrentPerform(iterations: 2) { half in
                do {
                    var source = try reopen()
                    results.set(half, try SpanLevels(serial: parts, spans: spans, window: windows[half], in: &source))
                } catch {
                    results.fail(error)
                }
            }
            let levels = try results.values()
            self = levels[0]!
            let second = levels[1]!
            // Each sum is the first part's plus the second's: exact for integers, and a `Double`
            // sum is all in one half, the other's 0 adding nothing.
            for index in squares.indices { squares[index] &+= second.squares[index] }
            for index in sums.indices { sums[index] += second.sums[index] }
            for index in peaks.indices { peaks[index] = max(peaks[index], second.peaks[index]) }
        } else {
            try self.init(serial: parts, spans: spans, window: 0..<Int.max, in: &audio)
        }
        for index in known.indices { squares[index] &+= known[index] }
    }

    /// A part of a span to read: frames of its fade in, core or fade out.
    struct Part: Equatable {
        var frames: Range<Int>
        var isCore: Bool
    }

    /// The parts of each span to read, in order: the fade in and out when `fades`, the core
    /// when `cores`; none empty.
    static func parts(of spans: [Span], cores: Bool, fades: Bool) -> [[Part]] {
        spans.map { span in
            var parts: [Part] = []
            if fades { parts.append(Part(frames: span.fadeStart..<span.start, isCore: false)) }
            if cores { parts.append(Part(frames: span.start..<span.end, isCore: true)) }
            if fades { parts.append(Part(frames: span.end..<span.fadeEnd, isCore: false)) }
            return parts.filter { !$0.frames.isEmpty }
        }
    }

    /// Takes out of the cores in `parts` the whole blocks `store` holds the squares of.
    ///
    /// - Returns: Their sums, `channelCount` per span.
    static func takeKnownBlocks(of parts: inout [[Part]], from store: BlockSquares) -> [Int64] {
        let channels = store.channelCount, size = BlockSquares.frames
        var known = [Int64](repeating: 0, count: parts.count * channels)
        known.withUnsafeMutableBufferPointer { known in
            for index in parts.indices where parts[index].contains(where: { $0.isCore && $0.frames.count >= size }) {
                parts[index] = parts[index].flatMap { part -> [Part] in
                    guard part.isCore else { return [part] }
                    // The core's frames outside the blocks added, in runs.
                    var left: [Part] = []
                    var start = part.frames.lowerBound
                    for block in ((start + size - 1) / size)..<(part.frames.upperBound / size)
                    where store.add(block, to: known.baseAddress! + index * channels) {
                        if start < block * size { left.append(Part(frames: start..<(block * size), isCore: true)) }
                        start = (block + 1) * size
                    }
                    if start < part.frames.upperBound {
                        left.append(Part(frames: start..<part.frames.upperBound, isCore: true))
                    }
                    return left
                }
            }
        }
        return known
    }

    /// Where two threads should split the frames of `parts` (each span's), or `nil` when they
    /// are fewer than ``parallelFrames`` or (not `withinSpans`) no cut between spans leaves
    /// both threads a share.
    static func cut(_ parts: [[Part]], withinSpans: Bool) -> Int? {
        let total = parts.joined().reduce(0) { $0 + $1.frames.count }
        guard total >= parallelFrames else { return nil }
        var left = total / 2
        for (index, spanParts) in parts.enumerated() {
            for part in spanParts {
                guard left >= part.frames.count else {
                    if withinSpans { return part.frames.lowerBound + left }
                    // Before the span the middle falls in, or after it when it is the first.
                    if index > 0 { return spanParts[0].frames.lowerBound }
                    return index + 1 < parts.count ? spanParts[spanParts.count - 1].frames.upperBound : nil
                }
                left -= part.frames.count
            }
        }
        return nil
    }

    /// Measures the frames of `parts` (those of each of `spans`) within `window` of `audio` on
    /// this thread.
    private init(serial parts: [[Part]], spans: [Span], window: Range<Int>, in audio: inout some FrameSource) throws {
        channels = audio.channelCount
        coreFrames = spans.map { $0.end - $0.start }
        peaks = Array(repeating: 0, count: spans.count * channels)
        if let stored = audio.narrowStoredSamples {
            squares = Array(repeating: 0, count: spans.count * channels)
            sums = []
            try measureStored(parts, window: window, source: stored)
        } else {
            squares = []
            sums = Array(repeating: 0, count: spans.count * channels)
            try measureFloat(parts, window: window, audio: &audio)
        }
    }

    /// The matched tone amplitude of span `index` per channel: its core's RMS × √2, capped.
    func amplitudes(ofSpan index: Int) -> [Float] {
        let count = Double(max(1, coreFrames[index]))
        let unit = 1.0 / 1_073_741_824.0  // (1/32768)², exact
        return (0..<channels).map { channel in
            let sum =
                squares.isEmpty ? sums[index * channels + channel] : Double(squares[index * channels + channel]) * unit
            return min(Beep.maximumPeak, Float(sqrt(2 * sum / count)))
        }
    }

    /// How span `index`'s tone of `amplitudes` fades against its audio.
    func fade(ofSpan index: Int, amplitudes: [Float]) -> BeepFade {
        let overshoots = (0..<channels).contains { channel in
            let peak = peaks[index * channels + channel], amplitude = amplitudes[channel]
            return peak * peak + amplitude * amplitude > 1
        }
        return overshoots ? .complementary : .equalPower
    }

    /// Reads the frames of each span's `parts` within `window` in chunks of
    /// ``BeepLevels/chunkFrames``, a whole span in one read when it fits, and hands every chunk
    /// of a part to `body` with the span's index.
    private static func walk<Sample>(
        _ parts: [[Part]], window: Range<Int>, scratch: UnsafeMutablePointer<Sample>, channels: Int,
        read: (Range<Int>, UnsafeMutablePointer<Sample>) throws -> Void,
        body: (Int, UnsafeBufferPointer<Sample>, Bool) -> Void
    ) throws {
        let chunk = BeepLevels.chunkFrames
        for (index, spanParts) in parts.enumerated() {
            // The spans are in order: those before the window are passed over, and none after it is read.
            guard
                let outer = spanParts.first.map({
                    $0.frames.lowerBound..<spanParts[spanParts.count - 1].frames.upperBound
                }),
                outer.upperBound > window.lowerBound
            else { continue }
            if outer.lowerBound >= window.upperBound { break }
            let parts = spanParts.map { Part(frames: $0.frames.clamped(to: window), isCore: $0.isCore) }.filter {
                !$0.frames.isEmpty
            }
            guard let first = parts.first, let last = parts.last else { continue }
            let whole = first.frames.lowerBound..<last.frames.upperBound
            if whole.count <= chunk {
                try read(whole, scratch)
                for part in parts {
                    let samples = scratch + (part.frames.lowerBound - whole.lowerBound) * channels
                    body(index, UnsafeBufferPointer(start: samples, count: part.frames.count * channels), part.isCore)
                }
                continue
            }
            for part in parts {
                var frame = part.frames.lowerBound
                while frame < part.frames.upperBound {
                    let upper = min(part.frames.upperBound, frame + chunk)
                    try read(frame..<upper, scratch)
                    body(index, UnsafeBufferPointer(start: scratch, count: (upper - frame) * channels), part.isCore)
                    frame = upper
                }
            }
        }
    }

    /// Measures 16-bit (or narrower) integer PCM as stored: exact integer sums of squares.
    private mutating func measureStored(_ parts: [[Part]], window: Range<Int>, source: any StoredSamples) throws {
        let channels = channels
        let scratch = UnsafeMutablePointer<Int16>.allocate(capacity: BeepLevels.chunkFrames * channels)
        defer { scratch.deallocate() }
        try Self.walk(
            parts, window: window, scratch: scratch, channels: channels,
            read: { range, buffer in try source.readStoredSamples(range, into: buffer) },
            body: { index, samples, isCore in
                if isCore {
                    squares.withUnsafeMutableBufferPointer { squares in
                        BlockSquares.addSquares(
                            of: samples, channels: channels, into: squares.baseAddress! + index * channels)
                    }
                } else {
                    peaks.withUnsafeMutableBufferPointer { peaks in
                        Self.raisePeaks(of: samples, channels: channels, into: peaks.baseAddress! + index * channels)
                    }
                }
            })
    }

    /// Measures audio read as `Float`, summing squares in `Double` frame by frame.
    private mutating func measureFloat(_ parts: [[Part]], window: Range<Int>, audio: inout some FrameSource) throws {
        let channels = channels
        var buffer: [Float] = []
        let scratch = UnsafeMutablePointer<Float>.allocate(capacity: BeepLevels.chunkFrames * channels)
        defer { scratch.deallocate() }
        try Self.walk(
            parts, window: window, scratch: scratch, channels: channels,
            read: { range, target in
                try audio.readFrames(range, into: &buffer)
                buffer.withUnsafeBufferPointer { target.update(from: $0.baseAddress!, count: $0.count) }
            },
            body: { index, samples, isCore in
                if isCore {
                    sums.withUnsafeMutableBufferPointer { sums in
                        let sums = sums.baseAddress! + index * channels
                        for channel in 0..<channels {
                            var sum = sums[channel]
                            for sample in stride(from: channel, to: samples.count, by: channels) {
                                let value = Double(samples[sample])
                                sum += value * value
                            }
                            sums[channel] = sum
                        }
                    }
                } else {
                    peaks.withUnsafeMutableBufferPointer { peaks in
                        let peaks = peaks.baseAddress! + index * channels
                        for channel in 0..<channels {
                            var peak = peaks[channel]
                            for sample in stride(from: channel, to: samples.count, by: channels) {
                                peak = max(peak, abs(samples[sample]))
                            }
                            peaks[channel] = peak
                        }
                    }
                }
            })
    }

    /// Raises each channel's peak in `peaks` to the largest magnitude in `samples`.
    private static func raisePeaks(
        of samples: UnsafeBufferPointer<Int16>, channels: Int, into peaks: UnsafeMutablePointer<Float>
    ) {
        let base = samples.baseAddress!, frames = samples.count / channels
        for channel in 0..<channels {
            var peak: Int32 = 0
            var pointer = base + channel
            for _ in 0..<frames {
                let value = Int32(pointer.pointee)
                peak = max(peak, value < 0 ? -value : value)
                pointer += channels
            }
            peaks[channel] = max(peaks[channel], Float(peak) * (1.0 / 32_768.0))
        }
    }
}
