import Testing

@testable import CensorDSP

/// The codecs' bulk scaling, which the duck's core runs on, and their stereo encoding, which
/// the beep's tone is written with: each sample as the codec's own `encode` gives it.
@Suite struct SampleCodecTests {
    @Test("narrow PCM scaled eight samples at a time: every 16-bit value, to the bit", arguments: [8, 12, 16])
    func narrowScalingIsPerSample(bits: Int) {
        let codec = NarrowPCMCodec(bits: bits)
        // Every value, then three more: a count that leaves a tail past the groups of eight.
        let values = (0..<65_539).map { Int16(truncatingIfNeeded: $0 &* 40_503) }
        for gain: Float in [0, 0.000_001, 0.001, 0.031_622_78, 0.1, 0.5, 0.999, 1, 1.5, 40, -1] {
            var scaled = values
            scaled.withUnsafeMutableBufferPointer { codec.scale($0.baseAddress!, count: $0.count, by: gain) }
            let expected = values.map { codec.encode(codec.decode($0) * gain) }
            #expect(scaled == expected, "gain \(gain)")
        }
        // The generic loop, for comparison: the same values.
        var generic = values
        generic.withUnsafeMutableBufferPointer { samples in
            for index in samples.indices { samples[index] = codec.encode(codec.decode(samples[index]) * 0.3) }
        }
        var fast = values
        fast.withUnsafeMutableBufferPointer { codec.scale($0.baseAddress!, count: $0.count, by: 0.3) }
        #expect(fast == generic)
    }

    @Test("a count under eight and offsets off the groups' alignment scale only the samples given")
    func shortAndUnaligned() {
        let codec = NarrowPCMCodec(bits: 16)
        var samples: [Int16] = (0..<23).map { Int16($0 * 1000 - 11_000) }
        let original = samples
        samples.withUnsafeMutableBufferPointer { codec.scale($0.baseAddress! + 3, count: 13, by: 0.5) }
        #expect(Array(samples[..<3]) == Array(original[..<3]))
        #expect(Array(samples[3..<16]) == original[3..<16].map { codec.encode(codec.decode($0) * 0.5) })
        #expect(Array(samples[16...]) == Array(original[16...]))
        samples = original
        samples.withUnsafeMutableBufferPointer { codec.scale($0.baseAddress! + 1, count: 5, by: 2) }
        #expect(Array(samples[1..<6]) == original[1..<6].map { codec.encode(codec.decode($0) * 2) })
        #expect(samples[0] == original[0] && Array(samples[6...]) == Array(original[6...]))
    }

    @Test(
        "a stereo tone encoded four frames at a time: every value as encode gives it, tail and clipping included",
        arguments: [8, 12, 16])
    func narrowStereoIsPerSample(bits: Int) {
        let codec = NarrowPCMCodec(bits: bits)
        // Values past full scale both ways, steps finer than a 16-bit step, and a count of 4k + 3.
        let values: [Float] = (0..<40_003).map { index in
            let step = Float(index - 20_000) / 14_000
            return step + Float(index % 7) * 1e-6
        }
        for (left, right): (Float, Float) in [(0.5, 0.25), (1, 1), (0.001, 3), (0, -0.7)] {
            var stereo = [Int16](repeating: 0x5A5A, count: 2 * values.count + 2)
            stereo.withUnsafeMutableBufferPointer { samples in
                values.withUnsafeBufferPointer {
                    codec.encodeStereo(
                        $0.baseAddress!, count: $0.count, left: left, right: right, into: samples.baseAddress! + 1)
                }
            }
            let expected = values.flatMap { [codec.encode(left * $0), codec.encode(right * $0)] }
            #expect(Array(stereo[1...(2 * values.count)]) == expected, "amplitudes \(left), \(right)")
            // Nothing past the frames given.
            #expect(stereo.first == 0x5A5A && stereo.last == 0x5A5A)
        }
    }
}
