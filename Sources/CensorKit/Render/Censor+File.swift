extension Censor {
    /// Censors an audio file into a new file.
    ///
    /// The output keeps the input's container, encoding, rate, channels and metadata unless its
    /// extension names another container. It is written to a temporary file beside the
    /// destination and renamed into place only when complete; the input is only ever read.
    ///
    /// - Parameters:
    ///   - input: The audio file to censor.
    ///   - output: Where to write the result.
    ///   - matches: The words to censor, with their times.
    ///   - overwrite: Whether an existing `output` may be replaced.
    /// - Returns: What was censored, and where.
    /// - Throws: ``AudioError`` or ``CensorError``; nothing is left at `output` then.
    /// - Complexity: One pass over the audio plus reads near each span; memory does not grow
    ///   with the file's length.
    public func censorFile(input: String, output: String, matches: [Match], overwrite: Bool = false) throws -> Report {
        let reader = try AudioReader(path: input)
        let format = try reader.format.forOutput(path: output)
        let destination = try AtomicOutput(destination: output, input: input, overwrite: overwrite)
        var source = reader
        let plan = try planner.plan(matches, sampleRate: format.sampleRate, audio: &source)
        var engine = try makeEngine(plan: plan, channelCount: format.channelCount,
                                    sampleRate: format.sampleRate, audio: &source)
        do {
            let writer = try AudioWriter(path: destination.temporary, format: format, metadata: reader.metadata)
            try reader.seek(to: 0)
            switch SampleStorage(input: reader.format, output: format) {
            case let .integer(bits) where bits <= 16:
                try stream(from: reader, to: writer, engine: &engine, codec: NarrowPCMCodec(bits: bits))
            case let .integer(bits):
                try stream(from: reader, to: writer, engine: &engine, codec: IntegerPCMCodec(bits: bits))
            case .float:
                try stream(from: reader, to: writer, engine: &engine, codec: FloatCodec())
            case .double:
                try stream(from: reader, to: writer, engine: &engine, codec: DoubleCodec())
            }
            try writer.close()
            try destination.commit()
        } catch {
            destination.discard()
            throw error
        }
        return Report(
            input: input, output: output, sampleRate: format.sampleRate, channels: format.channelCount,
            frames: reader.frameCount, mode: mode.name, spans: plan.spans.map(Report.Entry.init),
            skipped: plan.skipped)
    }

    /// The default output path for `input`: `<stem>.censored.<ext>` beside it.
    ///
    /// - Parameter input: The input file's path.
    /// - Returns: For `talks/ep1.wav`, `talks/ep1.censored.wav`.
    public static func defaultOutputPath(for input: String) -> String {
        let slash = input.lastIndex(of: "/")
        let nameStart = slash.map { input.index(after: $0) } ?? input.startIndex
        guard let dot = input[nameStart...].lastIndex(of: "."), dot > nameStart else {
            return input + ".censored"
        }
        return input[..<dot] + ".censored" + input[dot...]
    }

    /// Reads, censors and writes block by block, each sample staying in `Codec.Sample`.
    private func stream<Codec: SampleCodec>(
        from reader: AudioReader, to writer: AudioWriter, engine: inout CensorEngine, codec: Codec
    ) throws where Codec.Sample: SndFileSample {
        let channels = reader.channelCount
        let storage = UnsafeMutableBufferPointer<Codec.Sample>.allocate(capacity: blockFrames * channels)
        defer { storage.deallocate() }
        var frame = 0
        while true {
            let count = try reader.read(into: storage.baseAddress!, frames: blockFrames)
            if count == 0 { break }
            engine.process(UnsafeMutableBufferPointer(rebasing: storage[0..<(count * channels)]),
                           firstFrame: frame, codec: codec)
            try writer.write(from: storage.baseAddress!, frames: count)
            frame += count
        }
    }
}
