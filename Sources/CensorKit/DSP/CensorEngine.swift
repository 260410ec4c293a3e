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

    private var nextSpan = 0
    /// Fade curves by length; nearly every span shares one or two lengths.
    private var fadeTables: [Int: [Float]] = [:]
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
    mutating func process<Codec: SampleCodec>(
        _ block: UnsafeMutableBufferPointer<Codec.Sample>, firstFrame: Int, codec: Codec
    ) {
        let blockEnd = firstFrame + block.count / channelCount
        while nextSpan < spans.count, spans[nextSpan].fadeEnd <= firstFrame { nextSpan += 1 }
        var index = nextSpan
        while index < spans.count, spans[index].fadeStart < blockEnd {
            let span = spans[index]
            let frames = max(span.fadeStart, firstFrame)..<min(span.fadeEnd, blockEnd)
            let kernel = SpanKernel(
                block: block, firstFrame: firstFrame, channelCount: channelCount, codec: codec, span: span,
                fadeIn: fadeTable(length: span.start - span.fadeStart), fadeOut: fadeTable(length: span.fadeEnd - span.end))
            switch mode {
            case .mute:
                kernel.applyGain(0, frames: frames)
            case let .duck(gainDB):
                kernel.applyGain(Float(pow(10, gainDB / 20)), frames: frames)
            case let .beep(beep):
                if oscillatorSpan != index {
                    oscillator = SineOscillator(frequency: beep.frequency, sampleRate: sampleRate, origin: span.fadeStart)
                    oscillatorSpan = index
                }
                kernel.mixBeep(&oscillator!, amplitudes: beepAmplitudes[index], fade: beepFades[index], frames: frames)
            }
            index += 1
        }
    }

    /// The fade curve of `length` steps, computed on first use.
    private mutating func fadeTable(length: Int) -> [Float] {
        if let table = fadeTables[length] { return table }
        let table = FadeCurve.table(length: length)
        fadeTables[length] = table
        return table
    }
}
