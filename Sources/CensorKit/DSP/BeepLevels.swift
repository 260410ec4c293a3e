import Foundation

/// Measures how loud each span's beep should be.
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
        let channels = audio.channelCount
        if case let .peak(dBFS) = beep.level {
            return Array(repeating: Array(repeating: Float(pow(10, dBFS / 20)), count: channels), count: spans.count)
        }
        var buffer: [Float] = []
        var sums = [Double](repeating: 0, count: channels)
        return try spans.map { span in
            for channel in 0..<channels { sums[channel] = 0 }
            var frame = span.start
            while frame < span.end {
                let upper = min(span.end, frame + chunkFrames)
                try audio.readFrames(frame..<upper, into: &buffer)
                accumulateSquares(of: buffer, channels: channels, into: &sums)
                frame = upper
            }
            let count = Double(max(1, span.end - span.start))
            return sums.map { min(Beep.maximumPeak, Float(sqrt(2 * $0 / count))) }
        }
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
    public static func fades(for spans: [Span], amplitudes: [[Float]], in audio: inout some FrameSource) throws -> [BeepFade] {
        let channels = audio.channelCount
        var buffer: [Float] = []
        return try zip(spans, amplitudes).map { span, amplitudes in
            var peaks = [Float](repeating: 0, count: channels)
            for fade in [span.fadeStart..<span.start, span.end..<span.fadeEnd] where !fade.isEmpty {
                try audio.readFrames(fade, into: &buffer)
                for (index, sample) in buffer.enumerated() {
                    peaks[index % channels] = max(peaks[index % channels], abs(sample))
                }
            }
            let overshoots = zip(peaks, amplitudes).contains { peak, amplitude in peak * peak + amplitude * amplitude > 1 }
            return overshoots ? .complementary : .equalPower
        }
    }

    /// Adds each channel's sum of squares in `samples` to `sums`.
    private static func accumulateSquares(of samples: [Float], channels: Int, into sums: inout [Double]) {
        samples.withUnsafeBufferPointer { samples in
            for channel in 0..<channels {
                var sum: Float = 0
                for index in stride(from: channel, to: samples.count, by: channels) {
                    sum += samples[index] * samples[index]
                }
                sums[channel] += Double(sum)
            }
        }
    }
}
