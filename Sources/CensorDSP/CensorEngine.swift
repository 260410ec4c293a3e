import Foundation

/// Censors planned spans in audio that arrives block by block, in order.
///
/// The engine changes only the frames inside the spans' modified regions and leaves every
/// other sample of the block exactly as it was. The result does not depend on how the audio
/// is cut into blocks: a span that straddles a block boundary comes out the same as in one
/// huge block.
///
/// ```swift
/// var engine = CensorEngine(spans: plan.spans, mode: .mute, channelCount: 2, sampleRate: 48_000)
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

    /// Creates an engine.
    ///
    /// - Parameters:
    ///   - spans: Sorted, non-overlapping spans, as ``Planner`` makes them.
    ///   - mode: Beep, duck or mute.
    ///   - channelCount: Interleaved channels per frame.
    ///   - sampleRate: Frames per second.
    ///   - beepAmplitudes: For beep mode, the tone's peak per span and channel, as
    ///     ``BeepLevels/amplitudes(for:beep:in:)`` measures them; ignored in other modes.
    ///   - beepFades: For beep mode, each span's fade shape, as
    ///     ``BeepLevels/fades(for:amplitudes:in:)`` chooses them; empty: all equal power.
    public init(
        spans: [Span], mode: CensorMode, channelCount: Int, sampleRate: Int, beepAmplitudes: [[Float]] = [],
        beepFades: [BeepFade] = []
    ) {
        precondition(zip(spans, spans.dropFirst()).allSatisfy { $0.fadeEnd <= $1.fadeStart }, "spans overlap")
        if case .beep = mode {
            precondition(beepAmplitudes.count == spans.count, "one beep amplitude list per span")
        }
        self.spans = spans
        self.mode = mode
        self.channelCount = channelCount
        self.sampleRate = sampleRate
        self.beepAmplitudes = beepAmplitudes
        switch mode {
        case .mute, .beep: gain = 0
        case let .duck(gainDB): gain = Float(pow(10, gainDB / 20))
        }
        self.beepFades = beepFades.isEmpty ? Array(repeating: .equalPower, count: spans.count) : beepFades
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
            case .mute, .duck:
                kernel.applyGain(gain, frames: frames)
            case let .beep(beep):
                if oscillatorSpan != index {
                    oscillator = SineOscillator(frequency: beep.frequency, sampleRate: sampleRate, origin: span.fadeStart)
                    oscillatorSpan = index
                }
                kernel.mixBeep(&oscillator!, amplitudes: beepAmplitudes[index], frames: frames)
            }
            index += 1
        }
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

/// What identifies a ``FadeRamp``.
private struct RampKey: Hashable {
    let length: Int
    let shape: FadeRamp.Shape
    let rising: Bool
}
