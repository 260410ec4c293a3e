import Foundation

/// Censors planned spans in audio that arrives block by block, in order.
///
/// The engine changes only the frames inside the spans' modified regions and leaves every
/// other sample of the block exactly as it was. The result does not depend on how the audio
/// is cut into blocks: a span that straddles a block boundary comes out the same as in one
/// huge block.
///
/// Every initialiser checks what it is given and throws ``CensorEngineError`` rather than
/// build an engine that would trap or write past full scale.
///
/// ```swift
/// var engine = try CensorEngine(spans: spans, mode: .mute, channelCount: 2, sampleRate: 48_000)
/// var first = 0
/// for var block in blocks {            // interleaved Float, any sizes
///     engine.process(&block, firstFrame: first)
///     first += block.count / 2
/// }
/// ```
public struct CensorEngine: Sendable {
    /// The spans, sorted and merged.
    public let spans: [Span]
    /// What happens inside them.
    public let mode: CensorMode
    /// Interleaved channels per frame.
    public let channelCount: Int
    /// Frames per second.
    public let sampleRate: Int
    /// For beep mode, each span's tone amplitude per channel (peak, full scale 1).
    public let beepAmplitudes: [[Float]]
    /// For beep mode, how each span's tone fades against the audio.
    public let beepFades: [BeepFade]

    /// Mute's and duck's gain in the core.
    private let gain: Float
    private var nextSpan = 0
    /// Fade gains by length, shape and direction; nearly every span shares one or two lengths.
    private var ramps: [RampKey: FadeRamp] = [:]
    private var oscillator: SineOscillator?
    private var oscillatorSpan = -1
    /// For beep mode, the tone's first frames from a span's start, computed once for every span
    /// (``SineOscillator/table(frequency:sampleRate:frames:)``): as many as the longest span
    /// holds, at most ``toneTableFrames``, or one cycle of a tone that repeats (which then
    /// serves every frame of every span); empty in other modes.
    private let toneTable: [Float]
    /// What a beep plays: its tone, a clip, or each span's audio reversed.
    private let replacement: Replacement
    /// The replacement of span ``soundSpan``'s modified region, for a clip.
    private var soundBuffer: [Float] = []
    private var soundSpan = -1
    /// The most frames of tone kept computed: 256 KB.
    static let toneTableFrames = 65_536

    /// Creates an engine, measuring a matched beep's levels from the audio it will censor.
    ///
    /// For ``CensorMode/beep(_:)`` each span's tone level and fade shape are measured from
    /// `audio` as ``BeepLevels`` does (only the spans' regions are read); other modes read nothing.
    ///
    /// ```swift
    /// var engine = try CensorEngine(spans: spans, mode: .beep(Beep()), sampleRate: 48_000, measuring: &audio)
    /// ```
    ///
    /// - Parameters:
    ///   - spans: Sorted, non-overlapping spans, as ``Planner`` makes them.
    ///   - mode: Beep, duck or mute.
    ///   - sampleRate: Frames per second.
    ///   - audio: The original audio; its channel count is the engine's.
    /// - Throws: ``CensorEngineError``, or what reading `audio` throws.
    public init(spans: [Span], mode: CensorMode, sampleRate: Int, measuring audio: inout some FrameSource) throws {
        try self.init(spans: spans, mode: mode, sampleRate: sampleRate, measuring: &audio, parallel: true)
    }

    /// ``init(spans:mode:sampleRate:measuring:)``, measuring on this thread only when not
    /// `parallel` (the levels are the same).
    package init(
        spans: [Span], mode: CensorMode, sampleRate: Int, measuring audio: inout some FrameSource, parallel: Bool
    ) throws {
        var amplitudes: [[Float]] = []
        var fades: [BeepFade] = []
        var reversed: [[Float]] = []
        try Self.check(spans: spans, mode: mode, channelCount: audio.channelCount, sampleRate: sampleRate)
        if case let .beep(beep) = mode {
            if beep.sound == .reverse {
                (reversed, amplitudes, fades) = try ReversedSpans.read(spans, level: beep.level, in: &audio)
            } else {
                let clip = try Self.clip(of: beep.sound, sampleRate: sampleRate, channelCount: audio.channelCount)
                (amplitudes, fades) = try BeepLevels.levels(
                    for: spans, beep: beep, in: &audio, parallel: parallel, peak: clip?.peak ?? 1)
            }
        }
        try self.init(
            spans: spans, mode: mode, channelCount: audio.channelCount, sampleRate: sampleRate,
            beepAmplitudes: amplitudes, beepFades: fades, reversed: reversed)
    }

    /// Creates an engine with beep levels given.
    ///
    /// - Parameters:
    ///   - spans: Sorted, non-overlapping spans, as ``Planner`` makes them.
    ///   - mode: Beep, duck or mute.
    ///   - channelCount: Interleaved channels per frame, at least 1.
    ///   - sampleRate: Frames per second, at least 1.
    ///   - beepAmplitudes: For beep mode, the tone's peak per span and channel (full scale 1),
    ///     as ``BeepLevels/amplitudes(for:beep:in:)`` measures them; ignored in other modes.
    ///     Empty for a beep of fixed level (``Beep/Level/peak(dBFS:)``): every span then gets it.
    ///   - beepFades: For beep mode, each span's fade shape, as
    ///     ``BeepLevels/fades(for:amplitudes:in:)`` chooses them; empty: all equal power.
    /// - Throws: ``CensorEngineError`` when the spans overlap, a count does not fit, or the
    ///   mode's numbers are out of range; a matched beep without amplitudes needs the audio,
    ///   and so does a beep of ``BeepSound/reverse``, so they are refused too (use
    ///   ``init(spans:mode:sampleRate:measuring:)``).
    public init(
        spans: [Span], mode: CensorMode, channelCount: Int, sampleRate: Int, beepAmplitudes: [[Float]] = [],
        beepFades: [BeepFade] = []
    ) throws(CensorEngineError) {
        try self.init(
            spans: spans, mode: mode, channelCount: channelCount, sampleRate: sampleRate,
            beepAmplitudes: beepAmplitudes, beepFades: beepFades, reversed: [])
    }

    /// ``init(spans:mode:channelCount:sampleRate:beepAmplitudes:beepFades:)`` with each span's
    /// modified region reversed, for ``BeepSound/reverse``.
    private init(
        spans: [Span], mode: CensorMode, channelCount: Int, sampleRate: Int, beepAmplitudes: [[Float]],
        beepFades: [BeepFade], reversed: [[Float]]
    ) throws(CensorEngineError) {
        try Self.check(spans: spans, mode: mode, channelCount: channelCount, sampleRate: sampleRate)
        var beepAmplitudes = beepAmplitudes
        var replacement = Replacement.tone
        if case let .beep(beep) = mode {
            if beep.sound == .reverse {
                guard reversed.count == spans.count else { throw .reverseNeedsAudio }
                replacement = .reverse(reversed)
            } else if let clip = try Self.clip(of: beep.sound, sampleRate: sampleRate, channelCount: channelCount) {
                replacement = .clip(clip)
            }
            if beepAmplitudes.isEmpty, !spans.isEmpty, case let .peak(dBFS) = beep.level {
                beepAmplitudes = BeepLevels.fixedAmplitudes(
                    dBFS: dBFS, spans: spans.count, channels: channelCount, peak: replacement.clip?.peak ?? 1)
            }
            guard beepAmplitudes.count == spans.count else {
                throw .beepAmplitudes(spans: spans.count, given: beepAmplitudes.count)
            }
            if let index = beepAmplitudes.firstIndex(where: { $0.count != channelCount }) {
                throw .beepChannels(span: index, channelCount: channelCount, given: beepAmplitudes[index].count)
            }
            // At most full scale: a tone's amplitude is its peak, a clip's times its peak is; a
            // reversal's gain scales audio that is within full scale already.
            let most: Float = beep.sound == .reverse ? .greatestFiniteMagnitude : 1 / (replacement.clip?.peak ?? 1)
            if let index = beepAmplitudes.firstIndex(where: {
                $0.contains { !$0.isFinite || $0 < 0 || $0 > most * 1.000_001 }
            }) {
                throw .beepAmplitudeRange(span: index)
            }
        }
        guard beepFades.isEmpty || beepFades.count == spans.count else {
            throw .beepFades(spans: spans.count, given: beepFades.count)
        }
        self.spans = spans
        self.mode = mode
        self.channelCount = channelCount
        self.sampleRate = sampleRate
        self.beepAmplitudes = beepAmplitudes
        self.replacement = replacement
        switch mode {
        case .mute, .beep, .cut: gain = 0
        case let .duck(gainDB): gain = Float(pow(10, gainDB / 20))
        }
        if case let .beep(beep) = mode, beep.sound == .tone {
            let longest = spans.lazy.map { $0.fadeEnd - $0.fadeStart }.max() ?? 0
            var frames = min(longest, Self.toneTableFrames)
            // One cycle of a tone that repeats within the table's room, when a span holds one:
            // copied over and over for any span.
            if let cycle = SineOscillator.cycle(frequency: beep.frequency, sampleRate: sampleRate),
                cycle <= Self.toneTableFrames, cycle <= longest
            {
                frames = cycle
            }
            toneTable = SineOscillator.table(frequency: beep.frequency, sampleRate: sampleRate, frames: frames)
        } else {
            toneTable = []
        }
        self.beepFades = beepFades.isEmpty ? Array(repeating: .equalPower, count: spans.count) : beepFades
    }

    /// The clip a beep of `sound` plays at `sampleRate`: pink noise generated at that rate, a
    /// clip checked to have it; `nil` for a tone or a reversal.
    private static func clip(of sound: BeepSound, sampleRate: Int, channelCount: Int) throws(CensorEngineError)
        -> SoundClip?
    {
        switch sound {
        case .tone, .reverse: return nil
        case .pinkNoise: return SoundClip.pinkNoise(sampleRate: sampleRate, channels: channelCount)
        case let .clip(clip):
            guard clip.sampleRate == sampleRate else { throw .soundRate(clip: clip.sampleRate, audio: sampleRate) }
            return clip
        }
    }

    /// Checks what every engine needs: channels and rate at least 1, the spans in order and
    /// apart, the mode's numbers in range.
    private static func check(spans: [Span], mode: CensorMode, channelCount: Int, sampleRate: Int)
        throws(CensorEngineError)
    {
        guard channelCount >= 1 else { throw .channelCount(channelCount) }
        guard sampleRate >= 1 else { throw .sampleRate(sampleRate) }
        if case .cut = mode { throw .cutChangesLength }
        if let index = spans.indices.dropFirst().first(where: { spans[$0 - 1].fadeEnd > spans[$0].fadeStart }) {
            throw .spansOverlap(index: index)
        }
        do {
            try mode.validate()
        } catch {
            throw .mode(error)
        }
    }

    /// Censors one block of interleaved `Float` samples in place.
    ///
    /// - Parameters:
    ///   - block: Whole frames of interleaved samples.
    ///   - firstFrame: The absolute frame index of the block's first frame; blocks come in order.
    public mutating func process(_ block: inout [Float], firstFrame: Int) {
        block.withUnsafeMutableBufferPointer { process($0, firstFrame: firstFrame, codec: FloatCodec()) }
    }

    /// Censors one block of stored samples in place, decoding only the frames it changes.
    ///
    /// Specialized here for every codec: callers in other modules reach only the generic entry,
    /// which without these would fill a mute's core through a value witness call per sample.
    @_specialize(where Codec == NarrowPCMCodec)
    @_specialize(where Codec == IntegerPCMCodec)
    @_specialize(where Codec == FloatCodec)
    @_specialize(where Codec == DoubleCodec)
    package mutating func process<Codec: SampleCodec>(
        _ block: UnsafeMutableBufferPointer<Codec.Sample>, firstFrame: Int, codec: Codec
    ) {
        let blockEnd = firstFrame + block.count / channelCount
        while nextSpan < spans.count, spans[nextSpan].fadeEnd <= firstFrame { nextSpan += 1 }
        var index = nextSpan
        while index < spans.count, spans[index].fadeStart < blockEnd {
            let span = spans[index]
            let frames = max(span.fadeStart, firstFrame)..<min(span.fadeEnd, blockEnd)
            let shape: FadeRamp.Shape
            if case .beep = mode { shape = FadeRamp.Shape(beepFades[index]) } else { shape = .gain(gain) }
            let kernel = SpanKernel(
                block: block, firstFrame: firstFrame, channelCount: channelCount, codec: codec, span: span,
                fadeIn: ramp(length: span.start - span.fadeStart, shape: shape, rising: true),
                fadeOut: ramp(length: span.fadeEnd - span.end, shape: shape, rising: false))
            switch mode {
            case .cut:
                break
            case .mute, .duck:
                kernel.applyGain(gain, frames: frames)
            case .beep where replacement.isSound:
                mixSound(kernel, span: index, frames: frames)
            case let .beep(beep):
                if oscillatorSpan != index {
                    oscillator = SineOscillator(
                        frequency: beep.frequency, sampleRate: sampleRate, origin: span.fadeStart,
                        table: toneTable)
                    oscillatorSpan = index
                }
                kernel.mixBeep(&oscillator!, amplitudes: beepAmplitudes[index], frames: frames)
            }
            index += 1
        }
    }

    /// Mixes span `index`'s replacement sound into the block `kernel` covers.
    private mutating func mixSound(_ kernel: SpanKernel<some SampleCodec>, span index: Int, frames: Range<Int>) {
        let span = spans[index]
        switch replacement {
        case let .clip(clip):
            if soundSpan != index {
                soundBuffer = clip.looped(frames: span.fadeEnd - span.fadeStart, channels: channelCount)
                soundSpan = index
            }
            soundBuffer.withUnsafeBufferPointer {
                kernel.mixSound($0, amplitudes: beepAmplitudes[index], frames: frames)
            }
        case let .reverse(regions):
            regions[index].withUnsafeBufferPointer {
                kernel.mixSound($0, amplitudes: beepAmplitudes[index], frames: frames)
            }
        case .tone:
            break
        }
    }

    /// The runs of `frames` whose output does not depend on the input: the cores of the spans
    /// a mute silences or a beep replaces (a duck scales its core, so none). A pass may leave
    /// them unread. Asked for the block ``process(_:firstFrame:codec:)`` is given next.
    ///
    /// - Parameter frames: The frames of the next block.
    /// - Returns: The runs, in order, each within `frames`.
    package func replacedRuns(in frames: Range<Int>) -> [Range<Int>] {
        if case .duck = mode { return [] }
        var runs: [Range<Int>] = []
        var index = nextSpan
        while index < spans.count, spans[index].fadeStart < frames.upperBound {
            let core = frames.clamped(to: spans[index].core)
            if !core.isEmpty { runs.append(core) }
            index += 1
        }
        return runs
    }

    /// The gains of a `length`-frame fade of `shape`, computed on first use.
    private mutating func ramp(length: Int, shape: FadeRamp.Shape, rising: Bool) -> FadeRamp {
        let key = RampKey(length: length, shape: shape, rising: rising)
        if let ramp = ramps[key] { return ramp }
        let ramp = FadeRamp(length: length, shape: shape, rising: rising)
        ramps[key] = ramp
        return ramp
    }
}

/// What a beep plays, resolved for the engine's rate and spans.
private enum Replacement: Sendable {
    case tone
    case clip(SoundClip)
    /// Each span's modified region reversed, interleaved.
    case reverse([[Float]])

    var clip: SoundClip? {
        if case let .clip(clip) = self { return clip }
        return nil
    }

    var isSound: Bool {
        if case .tone = self { return false }
        return true
    }
}

/// What identifies a ``FadeRamp``.
private struct RampKey: Hashable {
    let length: Int
    let shape: FadeRamp.Shape
    let rising: Bool
}

/// Why a ``CensorEngine`` cannot be built from what it was given.
public enum CensorEngineError: Error, CustomStringConvertible, Sendable, Hashable {
    /// A number of the mode is out of its range, such as a duck gain above 0 dB.
    case mode(ParameterError)
    /// The channel count is below 1.
    case channelCount(Int)
    /// The sample rate is below 1.
    case sampleRate(Int)
    /// Span `index` begins before the one before it ends: spans must be sorted and apart, as
    /// ``Planner`` and `merged()` leave them.
    case spansOverlap(index: Int)
    /// A beep's amplitudes were given for `given` spans, not one list per span.
    case beepAmplitudes(spans: Int, given: Int)
    /// Span `span`'s beep amplitudes hold `given` values, not one per channel.
    case beepChannels(span: Int, channelCount: Int, given: Int)
    /// Span `span`'s beep amplitudes are not all from 0 to 1 (full scale).
    case beepAmplitudeRange(span: Int)
    /// Fade shapes were given for `given` spans, not one per span.
    case beepFades(spans: Int, given: Int)
    /// A beep of ``BeepSound/reverse`` plays each span's audio backwards, so the engine must be
    /// built from the audio.
    case reverseNeedsAudio
    /// ``CensorMode/cut`` shortens the audio, which no block-by-block engine can do.
    case cutChangesLength
    /// A clip's rate differs from the audio's.
    case soundRate(clip: Int, audio: Int)

    public var description: String {
        switch self {
        case let .mode(error): "\(error)"
        case let .channelCount(count): "channel count \(count): expected at least 1"
        case let .sampleRate(rate): "sample rate \(rate): expected at least 1 frame per second"
        case let .spansOverlap(index): "span \(index) begins before span \(index - 1) ends; expected sorted spans apart"
        case let .beepAmplitudes(spans, given):
            "beep amplitudes for \(given) spans, but there are \(spans); measure them with BeepLevels or "
                + "build the engine from the audio"
        case let .beepChannels(span, channels, given):
            "span \(span) has \(given) beep amplitudes for \(channels) channels; expected one per channel"
        case let .beepAmplitudeRange(span): "span \(span)'s beep amplitudes: expected values from 0 to 1 (full scale)"
        case let .beepFades(spans, given):
            "beep fades for \(given) spans, but there are \(spans); expected one per span"
        case .cutChangesLength: "a cut removes frames and joins the rest; render it with Censor, not block by block"
        case .reverseNeedsAudio: "a reversed beep plays each span's audio backwards; build the engine from the audio"
        case let .soundRate(clip, audio):
            "the beep's sound clip is at \(clip) Hz but the audio at \(audio) Hz; resample the clip to the audio's rate"
        }
    }
}
