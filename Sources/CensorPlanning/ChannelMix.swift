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
        self.init(
            weights: (0..<channels).map { channel in
                let correlation = products[channel] / (energies[0] * energies[channel]).squareRoot()
                return correlation < Self.inverted ? -share : share
            })
    }

    private init(weights: [Float]) {
        self.weights = weights
    }
}

extension ChannelMix {
    /// Writes to `mixed` the mix of `frames` interleaved frames, sample *i* being `sample(i)`,
    /// one frame at a time in order: `mixed` may be the samples' own storage, as each frame's
    /// mix is written where no later frame is read. One channel is copied as it is.
    ///
    /// The one place a recording's channels are mixed: edge refinement's band levels, the
    /// aligner's samples and the review page's excerpts all hear this signal.
    @inline(__always)
    func mix(frames: Int, into mixed: UnsafeMutableBufferPointer<Float>, _ sample: (Int) -> Float) {
        switch weights.count {
        case 1:
            for frame in 0..<frames { mixed[frame] = sample(frame) }
        case 2:
            let (left, right) = (weights[0], weights[1])
            for frame in 0..<frames { mixed[frame] = sample(2 * frame) * left + sample(2 * frame + 1) * right }
        default:
            let channels = weights.count
            for frame in 0..<frames {
                var sum: Float = 0
                for channel in 0..<channels { sum += sample(frame * channels + channel) * weights[channel] }
                mixed[frame] = sum
            }
        }
    }

    /// `frames` interleaved frames of `samples` mixed into one channel, appended to `mixed`.
    package func mix(_ samples: UnsafeBufferPointer<Float>, frames: Int, appendingTo mixed: inout [Float]) {
        let start = mixed.count
        mixed.append(contentsOf: repeatElement(0, count: frames))
        mixed.withUnsafeMutableBufferPointer { mixed in
            mix(frames: frames, into: UnsafeMutableBufferPointer(rebasing: mixed[start...])) { samples[$0] }
        }
    }

    /// Interleaved `samples` mixed into one channel.
    package func mixed(_ samples: [Float]) -> [Float] {
        guard weights.count > 1 else { return samples }
        var mixed: [Float] = []
        samples.withUnsafeBufferPointer { mix($0, frames: samples.count / weights.count, appendingTo: &mixed) }
        return mixed
    }
}
