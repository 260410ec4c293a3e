extension SpanKernel {
    /// Crossfades from the audio to `sound` in the fade in (with the ramps' gains), plays the
    /// sound alone in the core and crossfades back in the fade out, as
    /// ``mixBeep(_:amplitudes:frames:)`` does with a tone.
    ///
    /// - Parameters:
    ///   - sound: The replacement for the span's whole modified region, interleaved in the
    ///     block's channels, from `span.fadeStart` on, at unit amplitude.
    ///   - amplitudes: The gain of each channel of `sound`.
    ///   - frames: The frames of the span within the block.
    func mixSound(_ sound: UnsafeBufferPointer<Float>, amplitudes: [Float], frames: Range<Int>) {
        let channels = channelCount
        let fadeInPart = frames.clamped(to: span.fadeStart..<span.start)
        let core = frames.clamped(to: span.core)
        let fadeOutPart = frames.clamped(to: span.end..<span.fadeEnd)
        func blend(_ part: Range<Int>, keep: [Float], add: [Float], rampStart: Int) {
            for frame in part {
                let samples = block.baseAddress! + (frame - firstFrame) * channels
                let source = sound.baseAddress! + (frame - span.fadeStart) * channels
                let (gain, added) = (keep[frame - rampStart], add[frame - rampStart])
                for channel in 0..<channels {
                    let mixed = codec.decode(samples[channel]) * gain + amplitudes[channel] * added * source[channel]
                    samples[channel] = codec.encode(mixed)
                }
            }
        }
        blend(fadeInPart, keep: fadeIn.keep, add: fadeIn.add, rampStart: span.fadeStart)
        for frame in core {
            let samples = block.baseAddress! + (frame - firstFrame) * channels
            let source = sound.baseAddress! + (frame - span.fadeStart) * channels
            for channel in 0..<channels { samples[channel] = codec.encode(amplitudes[channel] * source[channel]) }
        }
        blend(fadeOutPart, keep: fadeOut.keep, add: fadeOut.add, rampStart: span.end)
    }
}
