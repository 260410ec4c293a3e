import CSampleRate

/// Converts streaming interleaved `Float` audio to another sample rate with one of
/// libsamplerate's band-limited sinc converters.
package final class Resampler {
    /// libsamplerate's sinc converters used here.
    package enum Converter: Sendable {
        /// The best: outputs resampled for listening.
        case best
        /// The fastest: audio resampled for analysis only (the aligner's features).
        case fastest

        var code: Int32 {
            switch self {
            case .best: Int32(SRC_SINC_BEST_QUALITY)
            case .fastest: Int32(SRC_SINC_FASTEST)
            }
        }
    }

    private let state: OpaquePointer
    private let channelCount: Int
    private let ratio: Double
    private let path: String
    private var output: [Float] = []

    /// A resampler from `inputRate` to `outputRate` for `channelCount` channels, by `converter`.
    ///
    /// - Throws: ``AudioError/unsupportedOutput(path:reason:)`` with libsamplerate's reason.
    package init(
        from inputRate: Int, to outputRate: Int, channelCount: Int, path: String, converter: Converter = .best
    ) throws(AudioError) {
        var error: Int32 = 0
        guard let state = src_new(converter.code, Int32(channelCount), &error) else {
            throw .unsupportedOutput(path: path, reason: "cannot resample: \(String(cString: src_strerror(error)))")
        }
        self.state = state
        self.channelCount = channelCount
        ratio = Double(outputRate) / Double(inputRate)
        self.path = path
    }

    deinit { src_delete(state) }

    /// Resamples `frames` frames from `input` (all of them are consumed) and passes the
    /// resulting frames to `body`; `last` flushes the converter's delay line.
    package func process(
        _ input: UnsafePointer<Float>, frames: Int, last: Bool,
        _ body: (UnsafePointer<Float>, Int) throws -> Void
    ) throws {
        let capacity = Int(Double(frames) * ratio) + 1024
        if output.count < capacity * channelCount { output = [Float](repeating: 0, count: capacity * channelCount) }
        var consumed = 0
        while true {
            let path = self.path
            let (used, produced) = try output.withUnsafeMutableBufferPointer {
                buffer throws(AudioError) -> (Int, Int) in
                var data = SRC_DATA(
                    data_in: input + consumed * channelCount, data_out: buffer.baseAddress!,
                    input_frames: frames - consumed, output_frames: capacity,
                    input_frames_used: 0, output_frames_gen: 0, end_of_input: last ? 1 : 0, src_ratio: ratio)
                let status = src_process(state, &data)
                guard status == 0 else {
                    throw AudioError.unsupportedOutput(
                        path: path, reason: "resampling failed: \(String(cString: src_strerror(status)))")
                }
                return (Int(data.input_frames_used), Int(data.output_frames_gen))
            }
            consumed += used
            if produced > 0 { try output.withUnsafeBufferPointer { try body($0.baseAddress!, produced) } }
            if consumed >= frames, produced == 0 || !last { break }
        }
    }

    /// All of `samples` resampled at once, the converter's delay line flushed.
    ///
    /// - Throws: ``AudioError/unsupportedOutput(path:reason:)`` when libsamplerate fails.
    package func resampled(_ samples: [Float]) throws -> [Float] {
        guard !samples.isEmpty else { return [] }
        var resampled: [Float] = []
        resampled.reserveCapacity(Int(Double(samples.count) * ratio) + 16)
        try samples.withUnsafeBufferPointer { input in
            try process(input.baseAddress!, frames: samples.count / channelCount, last: true) { frames, count in
                resampled.append(contentsOf: UnsafeBufferPointer(start: frames, count: count * channelCount))
            }
        }
        return resampled
    }
}
