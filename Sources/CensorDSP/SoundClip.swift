import Foundation

/// A recording a beep plays instead of a tone (``BeepSound/clip(_:)``): looped or cut to each
/// span, at the level rule of the tone.
///
/// The samples are scaled on creation so that their RMS over all channels is 1/√2, a
/// full-scale sine's: an amplitude that makes a sine as loud as the voice makes the clip as
/// loud too. ``peak`` is then the clip's largest magnitude, which caps the amplitude so the
/// clip never clips.
public struct SoundClip: Sendable, Hashable {
    /// The samples, interleaved, scaled to an RMS of 1/√2.
    public let samples: [Float]
    /// Interleaved channels; a mono clip plays in every channel, others channel by channel
    /// (channel `c` of the audio takes the clip's channel `c` modulo its count).
    public let channelCount: Int
    /// Frames per second.
    public let sampleRate: Int
    /// The largest magnitude of ``samples``.
    public let peak: Float

    /// Frames over which a looped clip's end crossfades into its start: 10 ms at the clip's
    /// rate, at most a quarter of the clip. Equal-power gains along a raised cosine, as the
    /// beep's fades, so the loop point is as click-free as a span's edge.
    public var loopFrames: Int { min(sampleRate / 100, frameCount / 4) }

    /// The number of frames.
    public var frameCount: Int { samples.count / channelCount }

    /// A clip of `samples`, scaled to an RMS of 1/√2.
    ///
    /// - Parameters:
    ///   - samples: Interleaved samples, whole frames.
    ///   - channelCount: At least 1.
    ///   - sampleRate: At least 1.
    /// - Throws: ``SoundClipError`` when there are no whole frames or every sample is silent.
    public init(samples: [Float], channelCount: Int, sampleRate: Int) throws(SoundClipError) {
        guard channelCount >= 1, sampleRate >= 1, samples.count >= channelCount, samples.count % channelCount == 0
        else {
            throw .empty
        }
        let squares = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        let rms = (squares / Double(samples.count)).squareRoot()
        guard rms > 1e-6, samples.allSatisfy(\.isFinite) else { throw .silent }
        let scale = Float(0.5.squareRoot() / rms)
        self.samples = samples.map { $0 * scale }
        self.channelCount = channelCount
        self.sampleRate = sampleRate
        peak = self.samples.reduce(0) { max($0, abs($1)) }
    }

    /// Where generated noise's peaks are limited, at an RMS of 1/√2: 1.4, a crest factor of
    /// 6 dB. Unlimited pink noise peaks near 12 dB over its RMS, and its amplitude, capped so
    /// that the peak stays under full scale, left it 4.8 dB quieter than a half-scale voice.
    static let noisePeak: Float = 1.4

    /// `seconds` of pink noise (a −3 dB/octave spectrum, as loud per octave as speech sounds
    /// even), `channels` decorrelated channels, the same samples on every run: Paul Kellet's
    /// economy filter over a fixed-seed white noise.
    public static func pinkNoise(sampleRate: Int, channels: Int, seconds: Double = 2) -> SoundClip {
        let frames = max(64, Int(Double(sampleRate) * seconds))
        var generator = SplitMix(seed: 0x5EED_0F_C3A5)
        var samples = [Float](repeating: 0, count: frames * channels)
        for channel in 0..<channels {
            var (b0, b1, b2) = (0.0, 0.0, 0.0)
            for frame in 0..<frames {
                let white = generator.nextSigned()
                b0 = 0.99765 * b0 + white * 0.0990460
                b1 = 0.96300 * b1 + white * 0.2965164
                b2 = 0.57000 * b2 + white * 1.0526913
                samples[frame * channels + channel] = Float(b0 + b1 + b2 + white * 0.1848)
            }
        }
        // Its peaks softly limited to `noisePeak` times a sine's RMS (tanh), so that a matched
        // amplitude, capped by the peak, still makes it as loud as the voice.
        let rms = (samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(samples.count)).squareRoot()
        let scale = Float(0.5.squareRoot() / rms)
        let limited = samples.map { noisePeak * tanh($0 * scale / noisePeak) }
        // Noise is never silent: its RMS is well above the threshold.
        return try! SoundClip(samples: limited, channelCount: channels, sampleRate: sampleRate)
    }

    /// The clip looped to `frames` frames of `channels` interleaved channels.
    ///
    /// Played from its start; a span longer than the clip hears it again and again, every
    /// ``loopFrames`` before the clip's end crossfading (equal power) into its start, so the
    /// loop repeats every `frameCount − loopFrames` frames without a jump. A span shorter than
    /// the clip hears its start, cut (the span's own fade out ends it).
    func looped(frames: Int, channels: Int) -> [Float] {
        let fade = loopFrames, period = frameCount - loopFrames
        let curve = FadeCurve.table(length: fade)
        let gainIn = curve.map { sin(Float.pi / 2 * $0) }, gainOut = curve.map { cos(Float.pi / 2 * $0) }
        let loops = frames > frameCount
        var result = [Float](repeating: 0, count: frames * channels)
        for channel in 0..<channels {
            let source = channel % channelCount
            for frame in 0..<frames {
                let (pass, position) = loops ? frame.quotientAndRemainder(dividingBy: period) : (0, frame)
                var value = samples[position * channelCount + source]
                if pass > 0, position < fade {
                    value =
                        samples[(period + position) * channelCount + source] * gainOut[position] + value
                        * gainIn[position]
                }
                result[frame * channels + channel] = value
            }
        }
        return result
    }
}

/// Why a ``SoundClip`` cannot be made.
public enum SoundClipError: Error, CustomStringConvertible, Sendable, Hashable {
    /// No whole frame of samples.
    case empty
    /// Every sample is (nearly) zero: nothing to scale to the voice's level.
    case silent

    public var description: String {
        switch self {
        case .empty: "it holds no audio"
        case .silent: "it is silent, so it cannot be made as loud as the voice"
        }
    }
}

/// A small deterministic random generator (SplitMix64), so generated noise is the same on
/// every run and platform.
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// A value uniform in [−1, 1).
    mutating func nextSigned() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 52) - 1
    }
}
