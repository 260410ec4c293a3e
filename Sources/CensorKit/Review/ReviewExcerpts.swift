import CSndFile
import Dispatch
import Foundation
import Synchronization

/// Short compressed excerpts of the audio around each edit, for a review page that plays
/// without the audio files beside it.
///
/// Each excerpt is mixed down to one channel as planning mixes it (``ChannelMix``: speech in
/// antiphase does not cancel), resampled to at most ``sampleRate`` (libsamplerate)
/// and encoded as Ogg Vorbis by libsndfile at its lowest quality: about 3 KB per second of
/// speech, plenty to judge an edit by ear, and a format Chromium and Firefox play.
enum ReviewExcerpts {
    /// How much audio an excerpt keeps before and after an edit's modified region, in seconds.
    static let margin = 2.0
    /// libsndfile's Vorbis quality for excerpts, 0 smallest to 1 best.
    static let quality = 0.0
    /// The highest rate of an excerpt, in hertz: speech needs no more to be judged.
    static let sampleRate = 16_000

    /// The stretches of the file, in seconds, that the excerpts cover: each span's modified
    /// region widened by ``margin`` on both sides, overlapping ones joined.
    static func windows(_ report: Report) -> [ClosedRange<Double>] {
        let rate = Double(report.sampleRate)
        let duration = Double(report.frames) / rate
        var windows: [ClosedRange<Double>] = []
        for span in report.spans {
            let start = max(0, Double(span.fadeStartFrame) / rate - margin)
            let end = min(duration, Double(span.fadeEndFrame) / rate + margin)
            guard start < end else { continue }
            if let last = windows.last, start <= last.upperBound {
                windows[windows.count - 1] = last.lowerBound...max(last.upperBound, end)
            } else {
                windows.append(start...end)
            }
        }
        return windows
    }

    /// Every window of `input` and, when given, of `output`, encoded as ``encode(_:of:mix:)``
    /// does with the input's ``ChannelMix``, on all cores (libvorbis encodes at about 90 times
    /// real time a core).
    ///
    /// - Returns: For each window in order, the original's excerpt and the output's.
    /// - Throws: The first error any excerpt met.
    static func encode(_ windows: [ClosedRange<Double>], input: String, output: String?) throws -> [(Data, Data?)] {
        guard !windows.isEmpty else { return [] }
        var probed = try AudioReader(path: input)
        let mix = try ChannelMix(for: &probed)
        let workers = max(1, min(windows.count, ProcessInfo.processInfo.activeProcessorCount))
        let results = Mutex<[(Data, Data?)?]>(Array(repeating: nil, count: windows.count))
        let failure = Mutex<(any Error)?>(nil)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            do {
                // A reader each: reading seeks.
                let original = try AudioReader(path: input)
                let censored = try output.map { try AudioReader(path: $0) }
                for index in stride(from: worker, to: windows.count, by: workers) {
                    if failure.withLock({ $0 != nil }) { return }
                    let pair = (
                        try encode(windows[index], of: original, mix: mix),
                        try censored.map { try encode(windows[index], of: $0, mix: mix) }
                    )
                    results.withLock { $0[index] = pair }
                }
            } catch {
                failure.withLock { if $0 == nil { $0 = error } }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        return results.withLock { $0.compactMap { $0 } }
    }

    /// The audio of `window` (seconds) in `reader`, mixed to mono by `mix` and encoded as Ogg Vorbis.
    ///
    /// The encoder writes to a temporary file (libsndfile's Vorbis encoder needs one), which is
    /// registered for removal on a signal and removed before this returns.
    ///
    /// - Throws: ``AudioError`` or ``CensorError`` when the excerpt cannot be read or encoded.
    static func encode(_ window: ClosedRange<Double>, of reader: AudioReader, mix: ChannelMix) throws -> Data {
        let inputRate = Double(reader.format.sampleRate)
        let first = min(reader.frameCount, Int(window.lowerBound * inputRate))
        let range = first..<min(reader.frameCount, Int((window.upperBound * inputRate).rounded(.up)))
        let temporary = try TemporaryOutputs.create(
            in: FileManager.default.temporaryDirectory.path, naming: "review", extension: "ogg", for: "a review excerpt"
        )
        defer { TemporaryOutputs.discard(temporary) }
        let rate = min(reader.format.sampleRate, sampleRate)
        let format = AudioFileFormat(code: Int32(SF_FORMAT_OGG | SF_FORMAT_VORBIS), sampleRate: rate, channelCount: 1)
        let writer = try AudioWriter(
            creating: temporary, for: reader.path, format: format, metadata: AudioMetadata(), quality: quality)
        let resampler =
            rate == reader.format.sampleRate
            ? nil : try Resampler(from: reader.format.sampleRate, to: rate, channelCount: 1, path: reader.path)
        var buffer: [Float] = []
        var mono: [Float] = []
        var frame = range.lowerBound
        while frame < range.upperBound {
            let block = frame..<min(frame + 1 << 15, range.upperBound)
            try reader.readFrames(block, into: &buffer)
            mono.removeAll(keepingCapacity: true)
            buffer.withUnsafeBufferPointer { mix.mix($0, frames: block.count, appendingTo: &mono) }
            try mono.withUnsafeBufferPointer { samples in
                guard let resampler else { return try writer.write(from: samples.baseAddress!, frames: block.count) }
                try resampler.process(
                    samples.baseAddress!, frames: block.count, last: block.upperBound == range.upperBound
                ) {
                    try writer.write(from: $0, frames: $1)
                }
            }
            frame = block.upperBound
        }
        try writer.close()
        return try Data(contentsOf: URL(fileURLWithPath: temporary))
    }
}
