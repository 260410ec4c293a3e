import Foundation

/// A file's audio as ``CensorMode/cut`` leaves it (``CutPlan``), read block by block from the
/// start: copied pieces straight from the file, joins blended in the stored sample type.
final class CutReader: AudioBlockReader {
    private let reader: AudioReader
    private let plan: CutPlan
    /// Bits of integer samples as the output stores them, for blending at that precision.
    private let integerBits: Int?
    private var piece = 0
    private var offset = 0
    /// Equal-power gains of each join's blend length.
    private var gains: [Int: (out: [Float], in: [Float])] = [:]

    var format: AudioFileFormat { reader.format }
    var frameCount: Int { plan.outputFrames }

    /// Reads `reader`'s audio cut by `plan`, into an output of `storage`.
    init(_ reader: AudioReader, plan: CutPlan, storage: SampleStorage) {
        self.reader = reader
        self.plan = plan
        if case let .integer(bits) = storage { integerBits = bits } else { integerBits = nil }
    }

    func read<Sample: SndFileSample>(into buffer: UnsafeMutablePointer<Sample>, frames: Int) throws -> Int {
        let channels = reader.channelCount
        var done = 0
        while done < frames, piece < plan.pieces.count {
            let current = plan.pieces[piece]
            let count = min(frames - done, current.count - offset)
            let target = buffer + done * channels
            switch current {
            case let .copy(range):
                try readExactly(from: range.lowerBound + offset, count: count, into: target)
            case let .blend(fadingOut, fadingIn):
                try blend(
                    fadingOut.lowerBound + offset, fadingIn.lowerBound + offset, step: offset,
                    length: fadingOut.count, count: count, into: target)
            }
            done += count
            offset += count
            if offset == current.count {
                piece += 1
                offset = 0
            }
        }
        return done
    }

    /// Reads `count` frames from input frame `first`.
    ///
    /// - Throws: ``AudioError/readFailed(path:frame:reason:)`` when the file ends before them.
    private func readExactly<Sample: SndFileSample>(
        from first: Int, count: Int, into target: UnsafeMutablePointer<Sample>
    ) throws {
        try reader.seek(to: first)
        let read = try reader.read(into: target, frames: count)
        guard read == count else {
            throw AudioError.readFailed(
                path: reader.path, frame: first + read, reason: "the file ends before its declared length")
        }
    }

    /// Blends `count` frames from input frame `outgoing` (fading out) with as many from
    /// `incoming` (fading in), at step `step` of a `length`-frame join, into `target`.
    private func blend<Sample: SndFileSample>(
        _ outgoing: Int, _ incoming: Int, step: Int, length: Int, count: Int, into target: UnsafeMutablePointer<Sample>
    ) throws {
        let channels = reader.channelCount
        let other = UnsafeMutablePointer<Sample>.allocate(capacity: count * channels)
        defer { other.deallocate() }
        try readExactly(from: outgoing, count: count, into: target)
        try readExactly(from: incoming, count: count, into: other)
        if gains[length] == nil { gains[length] = CutPlan.gains(length: length) }
        let (out, into) = gains[length]!
        func mix<Codec: SampleCodec>(_ codec: Codec) {
            let a = UnsafeMutableRawPointer(target).assumingMemoryBound(to: Codec.Sample.self)
            let b = UnsafeMutableRawPointer(other).assumingMemoryBound(to: Codec.Sample.self)
            for frame in 0..<count {
                let (g, h) = (out[step + frame], into[step + frame])
                for channel in 0..<channels {
                    let index = frame * channels + channel
                    a[index] = codec.encode(codec.decode(a[index]) * g + codec.decode(b[index]) * h)
                }
            }
        }
        switch Sample.self {
        case is Int16.Type: mix(NarrowPCMCodec(bits: integerBits ?? 16))
        case is Int32.Type: mix(IntegerPCMCodec(bits: integerBits ?? 32))
        case is Double.Type: mix(DoubleCodec())
        default: mix(FloatCodec())
        }
    }
}
