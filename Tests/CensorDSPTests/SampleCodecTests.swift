import Testing

@testable import CensorDSP

/// The codecs' bulk scaling, which the duck's core runs on: each sample as the codec's own
/// `encode(decode(sample) * gain)` gives it.
@Suite struct SampleCodecTests {
    @Test("narrow PCM scaled eight samples at a time: every 16-bit value, to the bit", arguments: [8, 12, 16])
    func narrowScalingIsPerSample(bits: Int) {
        let codec = NarrowPCMCodec(bits: bits)
        // Every value, then three more: a count that leaves a tail past the groups of eight.
        let values = (0..<65_539).map { Int16(truncatingIfNeeded: $0 &* 40_503) }
        for gain: Float in [0, 0.001, 0.1, 0.5, 0.999, 1, 1.5, 40, -1] {
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
}
