import Foundation

/// Applies one span to the part of one block it covers, in the block's stored sample type.
///
/// Each of the span's three parts gets its own loop: the fades decode, blend and encode; the
/// core of a mute or beep never decodes at all. Samples outside the span are never touched.
struct SpanKernel<Codec: SampleCodec> {
    let block: UnsafeMutableBufferPointer<Codec.Sample>
    let firstFrame: Int
    let channelCount: Int
    let codec: Codec
    let span: Span
    /// ``FadeCurve/table(length:)`` for the span's fade in and fade out.
    let fadeIn: [Float]
    let fadeOut: [Float]

    /// Frames of tone generated at a time.
    private static var toneChunkFrames: Int { 256 }

    /// Multiplies by a gain that moves along a raised cosine from 1 to `gain` in the fade in,
    /// stays at `gain` in the core and returns to 1 in the fade out.
    func applyGain(_ gain: Float, frames: Range<Int>) {
        let channels = channelCount
        forEachFadeFrame(in: frames) { position, strength in
            let factor = 1 + (gain - 1) * strength
            for offset in position..<(position + channels) {
                block[offset] = codec.encode(codec.decode(block[offset]) * factor)
            }
        }
        let core = samples(of: span.core.clamped(to: frames))
        if gain == 0 {
            let silence = codec.encode(0)
            for offset in core { block[offset] = silence }
        } else {
            for offset in core { block[offset] = codec.encode(codec.decode(block[offset]) * gain) }
        }
    }

    /// Crossfades from the audio to the tone in the fade in (with `fade`'s gains), plays the
    /// tone alone in the core and crossfades back in the fade out.
    func mixBeep(_ oscillator: inout SineOscillator, amplitudes: [Float], fade: BeepFade, frames: Range<Int>) {
        // A local copy keeps the oscillator in registers rather than memory through the loops.
        var tone = oscillator
        defer { oscillator = tone }
        if tone.frame != frames.lowerBound { tone.seek(to: frames.lowerBound) }
        let channels = channelCount
        for part in [frames.clamped(to: span.fadeStart..<span.start), frames.clamped(to: span.core),
                     frames.clamped(to: span.end..<span.fadeEnd)] {
            var position = (part.lowerBound - firstFrame) * channels
            if part.lowerBound >= span.start, part.upperBound <= span.end {
                writeTone(&tone, amplitudes: amplitudes, frames: part)
                continue
            }
            for frame in part {
                let strength = strength(at: frame)
                let keep: Float, add: Float
                switch fade {
                case .equalPower:
                    keep = cos(Float.pi / 2 * strength)
                    add = sin(Float.pi / 2 * strength) * tone.next()
                case .complementary:
                    keep = 1 - strength
                    add = strength * tone.next()
                }
                for channel in 0..<channels {
                    let original = codec.decode(block[position + channel])
                    block[position + channel] = codec.encode(original * keep + amplitudes[channel] * add)
                }
                position += channels
            }
        }
    }

    /// Writes the tone alone over `frames`, a chunk of tone at a time, so the oscillator's loop
    /// and each channel's scaling loop run tight.
    private func writeTone(_ tone: inout SineOscillator, amplitudes: [Float], frames: Range<Int>) {
        let channels = channelCount
        withUnsafeTemporaryAllocation(of: Float.self, capacity: Self.toneChunkFrames) { chunk in
            var start = frames.lowerBound
            while start < frames.upperBound {
                let count = min(Self.toneChunkFrames, frames.upperBound - start)
                tone.fill(chunk.baseAddress!, count: count)
                for channel in 0..<channels {
                    let amplitude = amplitudes[channel]
                    var position = (start - firstFrame) * channels + channel
                    for index in 0..<count {
                        block[position] = codec.encode(amplitude * chunk[index])
                        position += channels
                    }
                }
                start += count
            }
        }
    }

    /// The censoring strength at absolute `frame`: rising along the fade in, 1 in the core,
    /// falling along the fade out.
    @inline(__always)
    private func strength(at frame: Int) -> Float {
        if frame < span.start { return fadeIn[frame - span.fadeStart] }
        if frame >= span.end { return fadeOut[span.fadeEnd - 1 - frame] }
        return 1
    }

    /// Calls `body` with the first sample index and the censoring strength of every frame of
    /// `frames` that lies in a fade.
    private func forEachFadeFrame(in frames: Range<Int>, _ body: (Int, Float) -> Void) {
        for part in [frames.clamped(to: span.fadeStart..<span.start), frames.clamped(to: span.end..<span.fadeEnd)] {
            for frame in part {
                body((frame - firstFrame) * channelCount, strength(at: frame))
            }
        }
    }

    /// The sample indices in `block` of `frames`.
    private func samples(of frames: Range<Int>) -> Range<Int> {
        ((frames.lowerBound - firstFrame) * channelCount)..<((frames.upperBound - firstFrame) * channelCount)
    }
}
