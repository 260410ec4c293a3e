import CensorKit
import Foundation

/// Transcript parsing per format on generated million-word files held in memory, with format
/// detection as the command line does it; then parsing and matching together, as a run of
/// `censor` spends them before touching audio.
enum TranscriptCases {
    static let wordCount = 1_000_000

    static func all(_ session: Session) -> [Benchmark] {
        var cases = TranscriptWriters.all.map { writer in
            // whisper JSON carries a target: a warm-up and more runs; the others run fewer times.
            let isTarget = writer.format == .whisperJSON
            return Benchmark(
                name: "transcript/\(writer.format.rawValue)/1M-words",
                warmup: isTarget && session.options.mode != .quick ? 1 : 0,
                iterations: isTarget ? session.options.runs(3, quick: 2) : session.options.runs(2, quick: 1),
                work: [.items(Double(wordCount), "words")]
            ) {
                let data = generate(writer, session)
                try expectDetected(writer.format, in: data)
                return Iteration(
                    run: {
                        blackHole(try Transcript(data: data, source: "bench"))
                        return nil
                    }, note: "\(Format.bytes(data.count)) of text")
            }
        }
        let missing = TranscriptFormat.allCases.filter { TranscriptWriters.writer(for: $0) == nil }
        if !missing.isEmpty {
            cases.append(
                Benchmark(name: "transcript/other-formats", warmup: 0, iterations: 1, work: []) {
                    throw Skip(
                        reason: "no generator yet for " + missing.map(\.rawValue).joined(separator: ", ")
                            + " (a writer in TranscriptWriters.swift and its line in TranscriptWriters.all)")
                })
        }
        cases.append(
            Benchmark(
                name: "pipeline/whisper-json+match/1M-words", warmup: session.options.mode == .quick ? 0 : 1,
                iterations: session.options.runs(3, quick: 2), work: [.items(Double(wordCount), "words")]
            ) {
                let data = generate(WhisperJSONWriter.self, session)
                let list = try CensorList(text: session.corpus.listText, source: "list.txt")
                return Iteration(
                    run: {
                        let transcript = try Transcript(data: data, source: "bench")
                        blackHole(list.matches(in: transcript))
                        return nil
                    }, note: "parse + match against 10,000 entries")
            })
        return cases
    }

    private static func generate(_ writer: any TranscriptWriter.Type, _ session: Session) -> Data {
        var bytes = ByteWriter()
        bytes.bytes.reserveCapacity(wordCount * 80)
        writer.write(session.corpus.transcriptWords(count: wordCount), into: &bytes)
        return bytes.data
    }

    /// Fails the case when detection would read the file as another format.
    private static func expectDetected(_ format: TranscriptFormat, in data: Data) throws {
        let detected = TranscriptFormat(detecting: data)
        guard detected == format else {
            throw GenerationError(
                description: "generated \(format.rawValue) is detected as \(detected?.rawValue ?? "nothing")")
        }
    }
}
