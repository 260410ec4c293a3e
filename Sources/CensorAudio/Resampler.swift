import CSampleRate

/// Converts streaming interleaved `Float` audio to another sample rate with libsamplerate's
/// best converter (band-limited sinc).
package final class Resampler {
    private let state: OpaquePointer
    private let channelCount: Int
    private let ratio: Double
    private let path: String
    private var output: [Float] = []

    /// A resampler from `inputRate` to `outputRate` for `channelCount` channels.
    ///
    /// - Throws: ``AudioError/unsupportedOutput(path:reason:)`` with libsamplerate's reason.
    package init(from inputRate: Int, to outputRate: Int, channelCount: Int, path: String) throws(AudioError) {
        var error: Int32 = 0
        guard let state = src_new(Int32(SRC_SINC_BEST_QUALITY), Int32(channelCount), &error) else {
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
            let (used, produced) = try output.withUnsafeMutableBufferPointer { buffer throws(AudioError) -> (Int, Int) in
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
}
