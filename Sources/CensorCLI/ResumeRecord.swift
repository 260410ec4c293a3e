import CensorKit
import Foundation

/// What a manifest job's output was made from, kept beside the output in a hidden sidecar
/// file, `.<output name>.censor-job.json`, so that a rerun (on any machine that mounts the
/// folder) can tell an up-to-date output from a stale one.
///
/// A job is skipped when its output exists with the size recorded and the SHA-256 digests of
/// its input, transcript and lists and its settings equal the record's; anything else is
/// redone. The record is written after the output is renamed into place, so an interrupted
/// job has none (or an old one) and is redone.
struct ResumeRecord {
    /// What the output depends on: digests of the files and the effective settings.
    struct Sources: Equatable {
        var input: String
        var transcript: String
        var lists: String
        var settings: String

        /// The digest of `arguments`' censor lists: each file's digest, each `--word`, the built-in list.
        static func listsDigest(_ arguments: Arguments) throws(DigestError) -> String {
            var lists = SHA256()
            for source in arguments.lists {
                switch source {
                case let .file(path): lists.update("file \(try SHA256.digest(ofFile: path))\n")
                case let .word(word): lists.update("word \(word)\n")
                }
            }
            if arguments.alsoDefault { lists.update("built-in\n") }
            return lists.finish()
        }

        /// The settings of `arguments` that change what an output holds.
        static func settings(_ arguments: Arguments) -> String {
            ["mode \(arguments.mode)", "plan \(arguments.plan)", "format \(arguments.outputFormat)",
             "media \(arguments.media)", "transcript-format \(arguments.transcriptFormat?.rawValue ?? "detected")",
             "fold-diacritics \(arguments.foldDiacritics)"].joined(separator: "; ")
        }

        /// The job a ``CensorKit/CensorMarker`` records for an output of `arguments` made
        /// with the transcript `transcript` (its bytes): the lists, the settings, the transcript.
        static func markerJob(_ arguments: Arguments, transcript: Data) throws(DigestError) -> CensorMarker.Job {
            var text = SHA256()
            transcript.withUnsafeBytes { text.update($0) }
            var job = SHA256()
            job.update("lists \(try listsDigest(arguments))\nsettings \(settings(arguments))\ntranscript \(text.finish())\n")
            return CensorMarker.Job(digest: job.finish())
        }
    }

    var sources: Sources
    /// The output's size in bytes when it was written.
    var outputBytes: Int
    /// The spans censored.
    var spans: Int
    /// The input's length in seconds.
    var audioSeconds: Double

    /// The sidecar file of `output`.
    static func path(for output: String) -> String {
        let url = URL(fileURLWithPath: output)
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).censor-job.json").path
    }

    /// The record kept for `output`, `nil` when there is none or it cannot be read.
    static func read(for output: String) -> ResumeRecord? {
        guard let data = FileManager.default.contents(atPath: path(for: output)),
              let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
              let input = object["input"] as? String, let transcript = object["transcript"] as? String,
              let lists = object["lists"] as? String, let settings = object["settings"] as? String,
              let bytes = object["outputBytes"] as? Int, let spans = object["spans"] as? Int,
              let seconds = (object["audioSeconds"] as? Double) ?? (object["audioSeconds"] as? Int).map(Double.init)
        else { return nil }
        return ResumeRecord(sources: Sources(input: input, transcript: transcript, lists: lists, settings: settings),
                            outputBytes: bytes, spans: spans, audioSeconds: seconds)
    }

    /// Writes the record beside `output`, replacing an earlier one, as an output transaction of
    /// its own (a temporary file created exclusively, renamed into place).
    ///
    /// - Throws: ``CensorError`` when it cannot be written.
    func write(for output: String) throws(CensorError) {
        let object: [String: Any] = [
            "input": sources.input, "transcript": sources.transcript, "lists": sources.lists,
            "settings": sources.settings, "outputBytes": outputBytes, "spans": spans, "audioSeconds": audioSeconds,
        ]
        let destination = Self.path(for: output)
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else {
            throw .cannotCreate(path: destination, reason: "the record cannot be encoded")
        }
        let transaction = OutputTransaction(overwrite: true)
        try transaction.write(String(decoding: data, as: UTF8.self) + "\n", to: destination)
        try transaction.commit()
    }

    /// The size of the file at `path`, `nil` when there is none.
    static func size(of path: String) -> Int? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(status.st_size)
    }
}
