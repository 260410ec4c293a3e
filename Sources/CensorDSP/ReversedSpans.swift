import Foundation

/// Each span's modified region read and played backwards, for ``BeepSound/reverse``.
///
/// The regions are held for the render (memory grows with the censored duration, as a
/// reversal needs a span's last frames before its first is written).
enum ReversedSpans {
    /// Reads and reverses every span's modified region of `audio`, with its gains and fades.
    ///
    /// For ``Beep/Level/matched`` the reversal plays at its own level (gain 1: the RMS of the
    /// audio it replaces, as a matched tone has); for ``Beep/Level/peak(dBFS:)`` each channel
    /// is scaled to peak there. A span fades with complementary gains where equal power would
    /// pass full scale, as ``BeepLevels/fades(for:amplitudes:in:)`` decides for a tone.
    ///
    /// - Returns: Per span, the region reversed (interleaved), the gain per channel and the fade.
    /// - Throws: When `audio` cannot be read.
    static func read(
        _ spans: [Span], level: Beep.Level, in audio: inout some FrameSource
    ) throws -> (regions: [[Float]], gains: [[Float]], fades: [BeepFade]) {
        let channels = audio.channelCount
        var regions: [[Float]] = [], gains: [[Float]] = [], fades: [BeepFade] = []
        var buffer: [Float] = []
        for span in spans {
            try audio.readFrames(span.fadeStart..<span.fadeEnd, into: &buffer)
            let frames = buffer.count / channels
            var reversed = [Float](repeating: 0, count: buffer.count)
            var regionPeaks = [Float](repeating: 0, count: channels), fadePeaks = regionPeaks
            for frame in 0..<frames {
                let inFade = frame < span.start - span.fadeStart || frame >= span.end - span.fadeStart
                for channel in 0..<channels {
                    let value = buffer[frame * channels + channel]
                    reversed[(frames - 1 - frame) * channels + channel] = value
                    regionPeaks[channel] = max(regionPeaks[channel], abs(value))
                    if inFade { fadePeaks[channel] = max(fadePeaks[channel], abs(value)) }
                }
            }
            let gain: [Float] =
                switch level {
                case .matched: Array(repeating: 1, count: channels)
                case let .peak(dBFS): regionPeaks.map { $0 > 0 ? Float(pow(10, dBFS / 20)) / $0 : 0 }
                }
            let overshoots = (0..<channels).contains { channel in
                let played = gain[channel] * regionPeaks[channel]
                return fadePeaks[channel] * fadePeaks[channel] + played * played > 1
            }
            regions.append(reversed)
            gains.append(gain)
            fades.append(overshoots ? .complementary : .equalPower)
        }
        return (regions, gains, fades)
    }
}
