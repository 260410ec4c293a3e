/// How edge refinement mixes a recording's channels into the one signal it analyses: their
/// mean, with any channel whose polarity is inverted against the first turned back, so that
/// speech recorded in antiphase (a miswired balanced cable) does not cancel out.
///
/// Chosen once per recording, from a few stretches spread over it, so that every match and
/// every thread analyses the same signal.
package struct ChannelMix: Sendable, Equatable {
    /// Each channel's weight: ±1 / the channel count.
    package let weights: [Float]

    /// Stretches read to judge the channels' polarity, and their length in frames.
    static let probes = 8
    static let probeFrames = 8_192
    /// The correlation with the first channel below which a channel counts as inverted.
    static let inverted = -0.3

    /// The plain mean of `channelCount` channels.
    package init(channelCount: Int) {
        self.init(weights: Array(repeating: 1 / Float(channelCount), count: channelCount))
    }

    /// The mix for `audio`: a channel whose samples correlate clearly negatively with the first
    /// channel's over the probes (below ``inverted``) gets a negative weight.
    ///
    /// - Throws: When `audio` cannot be read.
    package init(for audio: inout some FrameSource) throws {
        let channels = audio.channelCount
        guard channels > 1, audio.frameCount > 0 else {
            self.init(channelCount: channels)
            return
        }
        var products = [Double](repeating: 0, count: channels), energies = products
        var samples: [Float] = []
        let length = min(Self.probeFrames, audio.frameCount)
        for probe in 0..<Self.probes {
            let start = (audio.frameCount - length) * probe / max(1, Self.probes - 1)
            try audio.readFrames(start..<(start + length), into: &samples)
            for frame in 0..<length {
                let first = Double(samples[frame * channels])
                for channel in 0..<channels {
                    let sample = Double(samples[frame * channels + channel])
                    products[channel] += first * sample
                    energies[channel] += sample * sample
                }
            }
        }
        let share = 1 / Float(channels)
        self.init(weights: (0..<channels).map { channel in
            let correlation = products[channel] / (energies[0] * energies[channel]).squareRoot()
            return correlation < Self.inverted ? -share : share
        })
    }

    private init(weights: [Float]) {
        self.weights = weights
    }
}
