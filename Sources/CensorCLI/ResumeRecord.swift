import CensorKit
import Foundation

/// What a manifest job's output was made from, kept beside the output in a hidden sidecar
/// file, `.<output name>.censor-job.json`, so that a rerun (on any machine that mounts the
/// folder) can tell an up-to-date output from a stale one.
///
/// A job is skipped when its output exists with the size and SHA-256 digest recorded and the
/// digests of its input, transcript and lists and its settings equal the record's; anything else
/// is redone. The record is written in the job's own ``CensorKit/OutputTransaction``, so it
/// appears with the output or not at all; it never follows a link, and replaces only a file
/// that is a record.
struct ResumeRecord: Codable {
    /// What the output depends on: digests of the files and the effective settings.
    struct Sources: Equatable, Codable {
        var input: String
        var transcript: String
        var lists: String
        var settings: String

        /// The digest of `arguments`' censor lists: each file's digest, each `--word`, the built-in list.
        static func listsDigest(_ arguments: Arguments) throws(DigestError) -> String {
            var lists = SHA256()
            for source in arguments.lists {
                switch source {
                case let .file(path):
                    lists.update("file \(try SHA256.digest(ofFile: path, limit: arguments.maxTextSize))\n")
                case let .word(word): lists.update("word \(word)\n")
                }
            }
            if arguments.alsoDefault { lists.update("built-in\n") }
            return lists.finish()
        }

        /// The settings of `arguments` that change what an output holds.
        static func settings(_ arguments: Arguments) -> String {
            [
                "mode \(arguments.mode)", "plan \(arguments.plan)", "format \(arguments.outputFormat)",
                "media \(arguments.media)", "transcript-format \(arguments.transcriptFormat?.rawValue ?? "detected")",
                "fold-diacritics \(arguments.foldDiacritics)",
            ].joined(separator: "; ")
                + (arguments.tier.map { "; tier \($0)" } ?? "")
        }

        /// The job a ``CensorKit/CensorMarker`` records for an output of `arguments` made
        /// with the transcript `transcript` (its bytes): the lists, the settings, the transcript.
        static func markerJob(_ arguments: Arguments, transcript: Data) throws(DigestError) -> CensorMarker.Job {
            var text = SHA256()
            transcript.withUnsafeBytes { text.update($0) }
            var job = SHA256()
            job.update(
                "lists \(try listsDigest(arguments))\nsettings \(settings(arguments))\ntranscript \(text.finish())\n")
            return CensorMarker.Job(digest: job.finish())
        }
    }

    var sources: Sources
    /// The output's size in bytes when it was written.
    var outputBytes: Int
    /// The output's SHA-256 digest when it was written.
    var outputDigest: String
    /// The spans censored.
    var spans: Int
    /// The input's length in seconds.
    var audioSeconds: Double

    /// The record's keys beside those of its ``Sources``, which stand at its top level too.
    private enum CodingKeys: String, CodingKey {
        case outputBytes
        case outputDigest = "outputSHA256"
        case spans, audioSeconds
    }

    init(sources: Sources, outputBytes: Int, outputDigest: String, spans: Int, audioSeconds: Double) {
        self.sources = sources
        self.outputBytes = outputBytes
        self.outputDigest = outputDigest
        self.spans = spans
        self.audioSeconds = audioSeconds
    }

    init(from decoder: any Decoder) throws {
        sources = try Sources(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        outputBytes = try container.decode(Int.self, forKey: .outputBytes)
        outputDigest = try container.decode(String.self, forKey: .outputDigest)
        spans = try container.decode(Int.self, forKey: .spans)
        audioSeconds = try container.decode(Double.self, forKey: .audioSeconds)
    }

    func encode(to encoder: any Encoder) throws {
        try sources.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(outputBytes, forKey: .outputBytes)
        try container.encode(outputDigest, forKey: .outputDigest)
        try container.encode(spans, forKey: .spans)
        try container.encode(audioSeconds, forKey: .audioSeconds)
    }

    /// The sidecar file of `output`.
    static func path(for output: String) -> String {
        let url = URL(fileURLWithPath: output)
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).censor-job.json").path
    }

    /// The most bytes a record file is read for: a record is a few hundred.
    static let largestRecord = 1 << 16

    /// The record kept for `output`, `nil` when there is none or it cannot be read.
    static func read(for output: String) -> ResumeRecord? {
        read(at: path(for: output))
    }

    /// The record in the file at `path`, `nil` when it holds none.
    static func read(at path: String) -> ResumeRecord? {
        contents(at: path).flatMap { try? JSONDecoder().decode(ResumeRecord.self, from: $0) }
    }

    /// Whether the file at `path` is a record, of this version or an earlier one (which had no
    /// output digest): a record's sources are in it.
    static func isRecord(_ path: String) -> Bool {
        contents(at: path).flatMap { try? JSONDecoder().decode(Sources.self, from: $0) } != nil
    }

    /// The bytes of the file at `path`: a regular file, not a link, of at most
    /// ``largestRecord`` bytes; else `nil`.
    private static func contents(at path: String) -> Data? {
        let file = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var info = stat()
        guard fstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= largestRecord else {
            return nil
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        guard Glibc.read(file, &bytes, bytes.count) == bytes.count else { return nil }
        return Data(bytes)
    }

    /// Whether `output` is as this record says it was written: its size, then its digest.
    func matches(output: String) -> Bool {
        guard Self.size(of: output) == outputBytes else { return false }
        return (try? SHA256.digest(ofFile: output)) == outputDigest
    }

    /// Writes the record beside `output`, the finished output being `written` (its temporary
    /// file), into `transaction`, replacing an earlier record but no other file.
    ///
    /// - Throws: ``CensorError`` when something else is at the record's path or it cannot be written.
    static func write(
        sources: Sources, report: Report, for output: String, written: String, into transaction: OutputTransaction
    ) throws {
        let record = ResumeRecord(
            sources: sources, outputBytes: size(of: written) ?? 0, outputDigest: try SHA256.digest(ofFile: written),
            spans: report.spans.count, audioSeconds: Double(report.frames) / Double(max(1, report.sampleRate)))
        let destination = path(for: output)
        guard let line = try? JSONLine.text(of: record) else {
            throw CensorError.cannotCreate(path: destination, reason: "the record cannot be encoded")
        }
        try transaction.writeRecord(line, to: destination, isRecord: isRecord)
    }

    /// The size of the file at `path`, `nil` when there is none.
    static func size(of path: String) -> Int? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(status.st_size)
    }
}
