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

    private var nextSpan = 0
    private var scratch: [Float] = []
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
    public init(
        spans: [Span], mode: CensorMode, channelCount: Int, sampleRate: Int, beepAmplitudes: [[Float]] = []
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
            let lower = max(spans[index].fadeStart, firstFrame)
            let upper = min(spans[index].fadeEnd, blockEnd)
            if lower < upper {
                let samples = (lower - firstFrame) * channelCount..<(upper - firstFrame) * channelCount
                if scratch.count < samples.count { scratch = [Float](repeating: 0, count: samples.count) }
                for (offset, position) in samples.enumerated() { scratch[offset] = codec.decode(block[position]) }
                render(span: index, frames: lower..<upper)
                for (offset, position) in samples.enumerated() { block[position] = codec.encode(scratch[offset]) }
            }
            index += 1
        }
    }

    /// Applies span `index` to `scratch`, which holds the frames `frames`.
    private mutating func render(span index: Int, frames: Range<Int>) {
        let span = spans[index]
        switch mode {
        case .mute:
            applyGain(0, span: span, frames: frames)
        case let .duck(gainDB):
            applyGain(Float(pow(10, gainDB / 20)), span: span, frames: frames)
        case let .beep(beep):
            if oscillatorSpan != index {
                oscillator = SineOscillator(frequency: beep.frequency, sampleRate: sampleRate, origin: span.fadeStart)
                oscillatorSpan = index
            }
            mixBeep(amplitudes: beepAmplitudes[index], span: span, frames: frames)
        }
    }

    /// Multiplies by a gain that moves along a raised cosine from 1 to `gain` and back.
    private mutating func applyGain(_ gain: Float, span: Span, frames: Range<Int>) {
        let channels = channelCount
        scratch.withUnsafeMutableBufferPointer { samples in
            var position = 0
            for frame in frames {
                let strength = FadeCurve.strength(at: frame, in: span)
                let factor = 1 + (gain - 1) * strength
                for _ in 0..<channels {
                    samples[position] = factor == 0 ? 0 : samples[position] * factor
                    position += 1
                }
            }
        }
    }

    /// Crossfades from the audio to the tone with equal power, and back.
    private mutating func mixBeep(amplitudes: [Float], span: Span, frames: Range<Int>) {
        guard var tone = oscillator else { return }
        if tone.frame != frames.lowerBound { tone.seek(to: frames.lowerBound) }
        let channels = channelCount
        scratch.withUnsafeMutableBufferPointer { samples in
            var position = 0
            for frame in frames {
                let value = tone.next()
                let strength = FadeCurve.strength(at: frame, in: span)
                if strength == 1 {
                    for channel in 0..<channels {
                        samples[position] = amplitudes[channel] * value
                        position += 1
                    }
                } else {
                    let angle = Float.pi / 2 * strength
                    let keep = cos(angle), add = sin(angle) * value
                    for channel in 0..<channels {
                        samples[position] = samples[position] * keep + amplitudes[channel] * add
                        position += 1
                    }
                }
            }
        }
        oscillator = tone
    }
}
