import CensorKit
import Foundation

/// A list of jobs, one a line: JSON Lines or CSV.
///
/// ```
/// {"input": "ep1.wav", "transcript": "ep1.json", "output": "clean/ep1.wav"}
/// {"input": "ep2.flac", "output": "clean/ep2.flac", "mode": "mute", "list": "strict.txt", "pad": 40}
/// ```
/// ```
/// input,transcript,output,mode,list,pad
/// ep1.wav,ep1.json,clean/ep1.wav,,,
/// ```
/// Blank lines and lines starting with `#` are not jobs. Relative paths are taken from the
/// manifest's folder (from the working folder for a manifest on standard input).
struct Manifest {
    /// One job line: what it asks for, or why it cannot be run.
    struct Entry: Sendable {
        /// The line's number in the manifest, from 1.
        let line: Int
        /// The job's position among the manifest's jobs, from 0 (what `--shard-by line` deals by).
        let position: Int
        /// The input path as the line writes it (what `--shard-by hash` hashes); the whole line
        /// when it names none.
        let shardKey: String
        var job: Result<ManifestJob, ManifestLineError>
    }

    /// The keys (JSON) or column names (CSV) a line may have.
    static let keys = ["input", "transcript", "output", "mode", "list", "pad", "padBefore", "padAfter"]

    /// How messages name the manifest.
    let name: String
    let entries: [Entry]

    /// Reads the manifest at `path` (`-`: standard input).
    ///
    /// - Throws: ``ManifestError`` when it cannot be read, is empty of jobs, or is a CSV file
    ///   without a usable header.
    init(path: String) throws(ManifestError) {
        var isFolder: ObjCBool = false
        let exists = path == "-" || FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        guard exists, !isFolder.boolValue,
            let data = path == "-"
                ? FileHandle.standardInput.readDataToEndOfFile() : FileManager.default.contents(atPath: path)
        else {
            let reason = !exists ? "no such file" : isFolder.boolValue ? "it is a folder" : "it cannot be read"
            throw ManifestError(
                "cannot read the manifest '\(path)': \(reason); expected JSON Lines (.jsonl) or CSV (.csv)")
        }
        let name = path == "-" ? "standard input" : path
        self.name = name
        let folder =
            path == "-"
            ? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            : URL(fileURLWithPath: path).deletingLastPathComponent()
        var lines: [(number: Int, text: String)] = []
        for (index, line) in String(decoding: data, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .enumerated() {
            let text = line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            lines.append((index + 1, text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text))
        }
        let csv =
            path.lowercased().hasSuffix(".csv")
            || path == "-" && !(lines.first?.text.trimmingCharacters(in: .whitespaces).hasPrefix("{") ?? true)
        var columns: [String] = []
        if csv, let header = lines.first {
            columns = Self.csvFields(header.text).map { $0.trimmingCharacters(in: .whitespaces) }
            if let unknown = columns.first(where: { !Self.keys.contains($0) }) {
                throw ManifestError(
                    "\(name):\(header.number): unknown column '\(unknown)'; expected a header of "
                        + Self.keys.joined(separator: ", ") + " (input required)")
            }
            guard columns.contains("input") else {
                throw ManifestError(
                    "\(name):\(header.number): the header has no 'input' column; expected a header of "
                        + Self.keys.joined(separator: ", "))
            }
            lines.removeFirst()
        }
        var entries: [Entry] = []
        // Outputs compared as files (device and inode, or the resolved folder of one not made yet),
        // so no spelling or symlinked folder makes two jobs write one file.
        var outputs: [FileIdentity: Int] = [:]
        for (position, line) in lines.enumerated() {
            var fields: [String: ManifestValue]
            var job: Result<ManifestJob, ManifestLineError>
            if csv {
                let values = Self.csvFields(line.text)
                fields = [:]
                for (column, value) in zip(columns, values) where !value.isEmpty { fields[column] = .text(value) }
                job =
                    values.count == columns.count
                    ? ManifestJob.make(fields, folder: folder, textNumbers: true)
                    : .failure(ManifestLineError("\(values.count) fields, but the header has \(columns.count)"))
            } else {
                fields = (try? JSONDecoder().decode([String: ManifestValue].self, from: Data(line.text.utf8))) ?? [:]
                job =
                    fields.isEmpty
                    ? .failure(
                        ManifestLineError(
                            "not a JSON object; expected one such as {\"input\": \"a.wav\", \"output\": \"clean/a.wav\"}"
                        ))
                    : ManifestJob.make(fields, folder: folder, textNumbers: false)
            }
            if case let .success(valid) = job {
                let output = FileIdentity(of: valid.output)
                if let first = outputs[output] {
                    job = .failure(
                        ManifestLineError(
                            "the output '\(valid.output)' is line \(first)'s output already; each job needs an output of its own"
                        ))
                } else {
                    outputs[output] = line.number
                }
            }
            let key = if case let .text(input) = fields["input"] { input } else { line.text }
            entries.append(
                Entry(
                    line: line.number, position: position, shardKey: key,
                    job: job.mapError { ManifestLineError(manifest: name, line: line.number, $0.message) }))
        }
        guard !entries.isEmpty else { throw ManifestError("the manifest '\(name)' lists no jobs") }
        self.entries = Self.refusingReadFiles(entries, outputs: outputs, name: name)
    }

    /// `entries` with each job whose output is a file another job reads (its input, transcript
    /// or a list) failed: it would replace that file while the other job runs, or before.
    private static func refusingReadFiles(_ entries: [Entry], outputs: [FileIdentity: Int], name: String) -> [Entry] {
        var read: [FileIdentity: (line: Int, role: String)] = [:]
        for entry in entries {
            guard case let .success(job) = entry.job else { continue }
            let files =
                [(job.input, "input"), (job.transcript, "transcript")] + (job.lists ?? []).map { ($0, "censor list") }
            for case let (path?, role) in files {
                read[FileIdentity(of: path)] = read[FileIdentity(of: path)] ?? (entry.line, role)
            }
        }
        return entries.map { entry in
            guard case let .success(job) = entry.job, let reader = read[FileIdentity(of: job.output)],
                reader.line != entry.line
            else { return entry }
            var refused = entry
            refused.job = .failure(
                ManifestLineError(
                    manifest: name, line: entry.line,
                    "the output '\(job.output)' is line \(reader.line)'s \(reader.role); each job needs an output no job reads"
                ))
            return refused
        }
    }

    /// The fields of one CSV line: comma-separated, `"quoted, with "" for a quote"`.
    static func csvFields(_ line: String) -> [String] {
        var fields: [String] = []
        var field = ""
        var quoted = false
        var characters = line.makeIterator()
        var pending: Character?
        while let character = pending ?? characters.next() {
            pending = nil
            if quoted {
                if character == "\"" {
                    let next = characters.next()
                    if next == "\"" { field.append("\"") } else { quoted = false; pending = next }
                } else {
                    field.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                fields.append(field)
                field = ""
            } else {
                field.append(character)
            }
        }
        fields.append(field)
        return fields
    }
}

/// What one manifest line asks for, its paths resolved.
struct ManifestJob: Sendable {
    var input: String
    /// The transcript; `nil` to find it beside the input.
    var transcript: String?
    var output: String
    /// `beep`, `duck` or `mute`; `nil` for the command line's mode.
    var mode: String?
    /// Censor-list files replacing the command line's lists; `nil` for the command line's.
    var lists: [String]?
    /// Padding in milliseconds; `nil` for the command line's.
    var pad: Double?
    var padBefore: Double?
    var padAfter: Double?

    /// The job a line's fields describe.
    ///
    /// - Parameter textNumbers: Whether numbers are given as text (CSV) rather than as JSON numbers.
    static func make(_ fields: [String: ManifestValue], folder: URL, textNumbers: Bool) -> Result<
        ManifestJob, ManifestLineError
    > {
        Result { () throws(ManifestLineError) in try ManifestJob(fields, folder: folder, textNumbers: textNumbers) }
    }

    private init(_ fields: [String: ManifestValue], folder: URL, textNumbers: Bool) throws(ManifestLineError) {
        if let unknown = fields.keys.sorted().first(where: { !Manifest.keys.contains($0) }) {
            throw ManifestLineError("unknown key '\(unknown)'; expected " + Manifest.keys.joined(separator: ", "))
        }
        func path(_ key: String) throws(ManifestLineError) -> String? {
            guard let value = fields[key] else { return nil }
            guard case let .text(text) = value, !text.isEmpty else {
                throw ManifestLineError("'\(key)' is not a path; expected a non-empty string")
            }
            return text.hasPrefix("/") ? text : folder.appendingPathComponent(text).path
        }
        func milliseconds(_ option: NumberOption) throws(ManifestLineError) -> Double? {
            let key = option.name.dropFirst(2).split(separator: "-").enumerated()
                .map { $0.offset == 0 ? String($0.element) : $0.element.capitalized }.joined()
            guard let value = fields[key] else { return nil }
            let number: Double? =
                switch value {
                case let .text(text) where textNumbers: Double(text)
                case let .number(number) where !textNumbers: number
                default: nil
                }
            guard let number else { throw ManifestLineError("'\(key)' is not a number of \(option.unit)") }
            do {
                _ = try option.validated(number)
                return number
            } catch {
                throw ManifestLineError("'\(key)' \(number.cleanDescription): expected \(option.rangeText)")
            }
        }
        guard let input = try path("input") else {
            throw ManifestLineError("no 'input'; every job needs one")
        }
        self.input = input
        transcript = try path("transcript")
        output = try path("output") ?? OutputNaming.defaultPath(for: input)
        if let value = fields["mode"] {
            guard case let .text(mode) = value, ["beep", "duck", "mute"].contains(mode) else {
                throw ManifestLineError("'mode' \(value): expected beep, duck or mute")
            }
            self.mode = mode
        }
        switch fields["list"] {
        case nil: break
        case let .list(many):
            lists = try many.map { value throws(ManifestLineError) in
                guard case let .text(text) = value, !text.isEmpty else {
                    throw ManifestLineError("'list' holds \(value); expected paths of censor lists")
                }
                return text.hasPrefix("/") ? text : folder.appendingPathComponent(text).path
            }
        default: lists = [try path("list")].compactMap { $0 }
        }
        pad = try milliseconds(NumberOption.pad)
        padBefore = try milliseconds(NumberOption.padBefore)
        padAfter = try milliseconds(NumberOption.padAfter)
    }
}

/// Why one manifest line cannot be run: `jobs.jsonl:7: <what>`.
struct ManifestLineError: Error, CustomStringConvertible {
    let message: String
    var description: String

    init(_ message: String) {
        self.message = message
        description = message
    }

    init(manifest: String, line: Int, _ message: String) {
        self.message = message
        description = "\(manifest):\(line): \(message)"
    }
}

/// A manifest that cannot be used at all.
struct ManifestError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
