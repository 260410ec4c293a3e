import Foundation

/// Applies one span to the part of one block it covers, in the block's stored sample type.
///
/// Each of the span's three parts gets its own loop over raw pointers: the fades decode, blend
/// with per-frame gains looked up in ``FadeRamp`` tables and encode; the core of a mute is a
/// fill, the core of a beep encodes a chunk of tone straight into the block (two channels at
/// once, ``SampleCodec/encodeStereo(_:count:left:right:into:)``; more, one channel at a time
/// through contiguous scratch). Samples outside the span are never touched.
struct SpanKernel<Codec: SampleCodec> {
    let block: UnsafeMutableBufferPointer<Codec.Sample>
    let firstFrame: Int
    let channelCount: Int
    let codec: Codec
    let span: Span
    /// The gains of the span's fade in, from `fadeStart` on.
    let fadeIn: FadeRamp
    /// The gains of the span's fade out, from `end` on.
    let fadeOut: FadeRamp

    /// Frames of tone generated at a time.
    private static var toneChunkFrames: Int { 256 }

    /// Multiplies by a gain that moves along a raised cosine from 1 to `gain` in the fade in,
    /// stays at `gain` in the core and returns to 1 in the fade out (the ramps' `keep` gains).
    func applyGain(_ gain: Float, frames: Range<Int>) {
        let fadeInPart = frames.clamped(to: span.fadeStart..<span.start)
        scale(fadeInPart, by: fadeIn.keep, from: fadeInPart.lowerBound - span.fadeStart)
        let core = frames.clamped(to: span.core)
        if !core.isEmpty {
            let samples = pointer(to: core.lowerBound)
            let count = core.count * channelCount
            if gain == 0 {
                samples.update(repeating: codec.encode(0), count: count)
            } else {
                codec.scale(samples, count: count, by: gain)
            }
        }
        let fadeOutPart = frames.clamped(to: span.end..<span.fadeEnd)
        scale(fadeOutPart, by: fadeOut.keep, from: fadeOutPart.lowerBound - span.end)
    }

    /// Crossfades from the audio to the tone in the fade in (with the ramps' gains), plays the
    /// tone alone in the core and crossfades back in the fade out.
    func mixBeep(_ oscillator: inout SineOscillator, amplitudes: [Float], frames: Range<Int>) {
        if oscillator.frame != frames.lowerBound { oscillator.seek(to: frames.lowerBound) }
        // Scratch for a chunk of tone and one channel of it encoded; the loops below take
        // their own copy of the oscillator, outside any closure, so it stays in registers.
        withUnsafeTemporaryAllocation(of: Float.self, capacity: Self.toneChunkFrames) { chunk in
            withUnsafeTemporaryAllocation(of: Codec.Sample.self, capacity: Self.toneChunkFrames) { encoded in
                amplitudes.withUnsafeBufferPointer { amplitudes in
                    let scratch = Scratch(tone: chunk.baseAddress!, encoded: encoded.baseAddress!)
                    let fadeInPart = frames.clamped(to: span.fadeStart..<span.start)
                    crossfade(
                        fadeInPart, ramp: fadeIn, from: fadeInPart.lowerBound - span.fadeStart,
                        tone: &oscillator, scratch: scratch, amplitudes: amplitudes)
                    writeTone(
                        frames.clamped(to: span.core), tone: &oscillator, scratch: scratch, amplitudes: amplitudes)
                    let fadeOutPart = frames.clamped(to: span.end..<span.fadeEnd)
                    crossfade(
                        fadeOutPart, ramp: fadeOut, from: fadeOutPart.lowerBound - span.end,
                        tone: &oscillator, scratch: scratch, amplitudes: amplitudes)
                }
            }
        }
    }

    /// Room for ``toneChunkFrames`` of tone, and for one channel of them encoded.
    private struct Scratch {
        let tone: UnsafeMutablePointer<Float>
        let encoded: UnsafeMutablePointer<Codec.Sample>
    }

    /// Multiplies every sample of `frames` by its frame's factor, `factors[offset]` for the
    /// first frame and onward.
    private func scale(_ frames: Range<Int>, by factors: [Float], from offset: Int) {
        guard !frames.isEmpty else { return }
        let samples = pointer(to: frames.lowerBound)
        let count = frames.count
        factors.withUnsafeBufferPointer { factors in
            let factors = factors.baseAddress! + offset
            switch channelCount {
            case 1:
                for index in 0..<count {
                    samples[index] = codec.encode(codec.decode(samples[index]) * factors[index])
                }
            case 2:
                for index in 0..<count {
                    let factor = factors[index]
                    samples[2 * index] = codec.encode(codec.decode(samples[2 * index]) * factor)
                    samples[2 * index + 1] = codec.encode(codec.decode(samples[2 * index + 1]) * factor)
                }
            default:
                let channels = channelCount
                for index in 0..<count {
                    let factor = factors[index]
                    for sample in (index * channels)..<((index + 1) * channels) {
                        samples[sample] = codec.encode(codec.decode(samples[sample]) * factor)
                    }
                }
            }
        }
    }

    /// Blends the audio of `frames` with the tone: audio × `keep` + amplitude × (`add` × tone),
    /// the gains taken from `ramp` from `offset` on.
    private func crossfade(
        _ frames: Range<Int>, ramp: FadeRamp, from offset: Int, tone: inout SineOscillator, scratch: Scratch,
        amplitudes: UnsafeBufferPointer<Float>
    ) {
        guard !frames.isEmpty else { return }
        let channels = channelCount
        let chunk = scratch.tone
        var local = tone
        defer { tone = local }
        ramp.keep.withUnsafeBufferPointer { keep in
            ramp.add.withUnsafeBufferPointer { add in
                var done = 0
                while done < frames.count {
                    let count = min(Self.toneChunkFrames, frames.count - done)
                    local.fill(chunk, count: count)
                    let samples = pointer(to: frames.lowerBound + done)
                    let (gains, tones) = (keep.baseAddress! + offset + done, add.baseAddress! + offset + done)
                    // Two channels in one pass, as most audio has; others a channel at a time per frame.
                    if channels == 2 {
                        let (left, right) = (amplitudes[0], amplitudes[1])
                        for index in 0..<count {
                            let gain = gains[index], toned = tones[index] * chunk[index]
                            samples[2 * index] = codec.encode(codec.decode(samples[2 * index]) * gain + left * toned)
                            samples[2 * index + 1] = codec.encode(
                                codec.decode(samples[2 * index + 1]) * gain + right * toned)
                        }
                    } else {
                        for index in 0..<count {
                            let gain = gains[index], toned = tones[index] * chunk[index]
                            for channel in 0..<channels {
                                let sample = index * channels + channel
                                samples[sample] = codec.encode(
                                    codec.decode(samples[sample]) * gain + amplitudes[channel] * toned)
                            }
                        }
                    }
                    done += count
                }
            }
        }
    }

    /// Writes the tone alone over `frames`, a chunk at a time: one or two channels are encoded
    /// straight into the block; more are each scaled and encoded contiguously, then interleaved.
    /// A tone that repeats every ``SineOscillator/period`` frames is encoded for one period,
    /// which is then copied, doubling, over the rest: the same samples.
    private func writeTone(
        _ frames: Range<Int>, tone: inout SineOscillator, scratch: Scratch, amplitudes: UnsafeBufferPointer<Float>
    ) {
        guard !frames.isEmpty else { return }
        if let period = tone.period, frames.count > 2 * period {
            encodeTone(
                frames.lowerBound..<(frames.lowerBound + period), tone: &tone, scratch: scratch, amplitudes: amplitudes)
            let first = pointer(to: frames.lowerBound)
            var done = period
            while done < frames.count {
                let copied = min(done, frames.count - done)
                (first + done * channelCount).update(from: first, count: copied * channelCount)
                done += copied
            }
            tone.seek(to: frames.upperBound)
            return
        }
        encodeTone(frames, tone: &tone, scratch: scratch, amplitudes: amplitudes)
    }

    /// Encodes the tone over `frames`, a chunk at a time (``writeTone(_:tone:scratch:amplitudes:)``).
    private func encodeTone(
        _ frames: Range<Int>, tone: inout SineOscillator, scratch: Scratch, amplitudes: UnsafeBufferPointer<Float>
    ) {
        let channels = channelCount
        let chunk = scratch.tone, encoded = scratch.encoded
        var local = tone
        defer { tone = local }
        var start = frames.lowerBound
        while start < frames.upperBound {
            let count = min(Self.toneChunkFrames, frames.upperBound - start)
            local.fill(chunk, count: count)
            let samples = pointer(to: start)
            switch channels {
            case 1:
                let amplitude = amplitudes[0]
                for index in 0..<count { samples[index] = codec.encode(amplitude * chunk[index]) }
            case 2:
                codec.encodeStereo(chunk, count: count, left: amplitudes[0], right: amplitudes[1], into: samples)
            default:
                for channel in 0..<channels {
                    let amplitude = amplitudes[channel]
                    for index in 0..<count { encoded[index] = codec.encode(amplitude * chunk[index]) }
                    var target = samples + channel
                    for index in 0..<count {
                        target.pointee = encoded[index]
                        target += channels
                    }
                }
            }
            start += count
        }
    }

    /// The first sample of absolute `frame` in the block.
    @inline(__always)
    private func pointer(to frame: Int) -> UnsafeMutablePointer<Codec.Sample> {
        block.baseAddress! + (frame - firstFrame) * channelCount
    }
}
