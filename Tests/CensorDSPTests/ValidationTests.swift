import CensorDSP
import Foundation
import Testing

/// What used to trap or write past full scale is a thrown error naming the value and its range.
/// Public API only: this is what a caller of the library meets.
@Suite struct ValidationTests {
    static let rate = 48_000

    @Test("a duck gain above 0 dB is refused with the value and the −120…0 dB range, not rendered at 60× full scale")
    func duckGainAboveZero() throws {
        let span = try Span(fadeStart: 100, start: 340, end: 1000, fadeEnd: 1240)
        let expected = ParameterError(parameter: Parameters.duckGain, value: 40)
        #expect(throws: CensorEngineError.mode(expected)) {
            try CensorEngine(spans: [span], mode: .duck(gainDB: 40), channelCount: 1, sampleRate: Self.rate)
        }
        #expect(expected.parameter.range == -120...0)
        #expect(expected.description == "duckGain 40 dB: expected a value from -120 to 0 dB")
        #expect(throws: expected) { try CensorMode.duck(gainDB: 40).validate() }
        #expect(throws: ParameterError(parameter: Parameters.duckGain, value: .infinity)) {
            try CensorMode.duck(gainDB: .infinity).validate()
        }
    }

    @Test("a matched beep without measured levels is refused, naming the span count; a fixed-level beep needs none")
    func beepWithoutLevels() throws {
        let spans = [
            try Span(fadeStart: 0, start: 240, end: 4800, fadeEnd: 5040),
            try Span(fadeStart: 9000, start: 9240, end: 12_000, fadeEnd: 12_240),
        ]
        #expect(throws: CensorEngineError.beepAmplitudes(spans: 2, given: 0)) {
            try CensorEngine(spans: spans, mode: .beep(Beep()), channelCount: 2, sampleRate: Self.rate)
        }
        #expect(throws: CensorEngineError.beepChannels(span: 1, channelCount: 2, given: 1)) {
            try CensorEngine(
                spans: spans, mode: .beep(Beep()), channelCount: 2, sampleRate: Self.rate,
                beepAmplitudes: [[0.5, 0.5], [0.5]])
        }
        #expect(throws: CensorEngineError.beepAmplitudeRange(span: 0)) {
            try CensorEngine(
                spans: spans, mode: .beep(Beep()), channelCount: 2, sampleRate: Self.rate,
                beepAmplitudes: [[60, 0.5], [0.5, 0.5]])
        }
        let fixed = try CensorEngine(
            spans: spans, mode: .beep(try Beep(level: .peak(dBFS: -6))), channelCount: 2,
            sampleRate: Self.rate)
        let amplitude = Float(0.501_187_2)  // 10^(−6/20)
        #expect(fixed.beepAmplitudes.count == 2)
        #expect(fixed.beepAmplitudes.allSatisfy { $0.count == 2 && $0.allSatisfy { abs($0 - amplitude) < 1e-6 } })
    }

    @Test("the measuring initialiser gives a matched beep the RMS of the audio it replaces: a 0.5 sine's, 0.5 peak")
    func measuringInitialiser() throws {
        let frames = 12_000
        let step = 2 * Double.pi * 440 / Double(Self.rate)
        let samples: [Float] = (0..<frames).map { frame in Float(0.5 * sin(step * Double(frame))) }
        var audio = InterleavedBuffer(samples: samples, channelCount: 1)
        let span = try Span(fadeStart: 4560, start: 4800, end: 9600, fadeEnd: 9840)
        var engine = try CensorEngine(spans: [span], mode: .beep(Beep()), sampleRate: Self.rate, measuring: &audio)
        #expect(abs(engine.beepAmplitudes[0][0] - 0.5) < 1e-3)
        var block = samples
        engine.process(&block, firstFrame: 0)
        #expect(block[..<span.fadeStart] == samples[..<span.fadeStart])
        #expect(block[span.fadeEnd...] == samples[span.fadeEnd...])
        let corePeak = block[span.start..<span.end].map { abs($0) }.max() ?? 0
        #expect(corePeak > 0.49 && corePeak <= 0.501)
    }

    @Test("overlapping or unsorted spans, no channels or no rate are refused, naming where")
    func engineShape() throws {
        let first = try Span(fadeStart: 0, start: 10, end: 100, fadeEnd: 110)
        let overlapping = try Span(fadeStart: 105, start: 120, end: 200, fadeEnd: 210)
        #expect(throws: CensorEngineError.spansOverlap(index: 1)) {
            try CensorEngine(spans: [first, overlapping], mode: .mute, channelCount: 1, sampleRate: Self.rate)
        }
        #expect(throws: CensorEngineError.spansOverlap(index: 1)) {
            try CensorEngine(spans: [overlapping, first], mode: .mute, channelCount: 1, sampleRate: Self.rate)
        }
        #expect(throws: CensorEngineError.channelCount(0)) {
            try CensorEngine(spans: [first], mode: .mute, channelCount: 0, sampleRate: Self.rate)
        }
        #expect(throws: CensorEngineError.sampleRate(-1)) {
            try CensorEngine(spans: [first], mode: .mute, channelCount: 1, sampleRate: -1)
        }
        #expect(throws: CensorEngineError.beepFades(spans: 1, given: 2)) {
            try CensorEngine(
                spans: [first], mode: .mute, channelCount: 1, sampleRate: Self.rate,
                beepFades: [.equalPower, .equalPower])
        }
    }

    @Test(
        "span bounds out of order or negative are refused with the four frames",
        arguments: [
            (10, 5, 20, 30), (0, 20, 10, 30), (0, 5, 20, 15), (-1, 0, 10, 20),
        ])
    func spanOrder(bounds: (Int, Int, Int, Int)) {
        #expect(throws: SpanError(fadeStart: bounds.0, start: bounds.1, end: bounds.2, fadeEnd: bounds.3)) {
            try Span(fadeStart: bounds.0, start: bounds.1, end: bounds.2, fadeEnd: bounds.3)
        }
    }

    @Test(
        "a beep's frequency and fixed level are checked against 20…20000 Hz and −120…0 dBFS",
        arguments: [
            (10.0, nil, Parameters.beepFrequency, 10.0), (25_000, nil, Parameters.beepFrequency, 25_000),
            (Double.nan, nil, Parameters.beepFrequency, Double.nan), (1000, 3, Parameters.beepLevel, 3),
            (1000, -130, Parameters.beepLevel, -130),
        ] as [(Double, Double?, Parameter, Double)])
    func beepRanges(frequency: Double, dBFS: Double?, parameter: Parameter, value: Double) {
        #expect {
            try Beep(frequency: frequency, level: dBFS.map { .peak(dBFS: $0) } ?? .matched)
        } throws: { error in
            guard let error = error as? ParameterError else { return false }
            return error.parameter == parameter && (error.value == value || error.value.isNaN && value.isNaN)
        }
    }

    @Test("the limits themselves are accepted")
    func limitsAccepted() throws {
        #expect(try Beep(frequency: 20, level: .peak(dBFS: -120)).frequency == 20)
        #expect(try Beep(frequency: 20_000, level: .peak(dBFS: 0)).level == .peak(dBFS: 0))
        _ = try CensorEngine(spans: [], mode: .duck(gainDB: -120), channelCount: 1, sampleRate: 1)
        _ = try CensorEngine(spans: [], mode: .duck(gainDB: 0), channelCount: 1, sampleRate: 1)
    }
}
