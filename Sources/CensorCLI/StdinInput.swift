import CensorKit
import Foundation

/// `-` as the input: audio read from standard input.
///
/// Without edge refinement, and with nothing else that reads the input again, standard input
/// is censored as it streams (``StdinStream``). Otherwise planning reads the audio out of order
/// (edge refinement fits the transcript to the whole recording), and the render then reads it
/// once more from the start: a pipe can do neither. So standard input is first copied, block by
/// block in constant memory, to a temporary file (created exclusively, readable by its owner
/// only, in `$TMPDIR` or `/tmp`), which is removed when censor exits, also when it is
/// interrupted. `--verbose` says which, and why.
enum StdinInput {
    /// How reports and messages name standard input.
    static let name = "-"
    /// How messages name standard input, where an error or warning would name its spool file.
    static let spokenName = "standard input"

    /// An error or warning text about the spooled input, naming it as ``spokenName``.
    static func naming(_ text: String, spool: String) -> String {
        text.replacingOccurrences(of: "'\(spool)'", with: spokenName).replacingOccurrences(of: spool, with: spokenName)
    }

    /// An error whose text names the spool file, retold with ``naming(_:spool:)``.
    struct RenamedError: Error, CustomStringConvertible {
        let description: String
    }

    /// Checks the options that go with `-` as the input, and `--raw`.
    ///
    /// - Throws: ``UsageError`` when `-` is not the only input, when no transcript or output
    ///   is given for it, with `--review`, or when `--raw` is given without it.
    static func check(_ arguments: Arguments) throws(UsageError) {
        guard arguments.inputs.contains(name) else {
            if arguments.raw != nil { throw UsageError("--raw describes audio on standard input; give - as the input") }
            return
        }
        guard arguments.inputs.count == 1 else {
            throw UsageError("- (standard input) must be the only input, but \(arguments.inputs.count) were given")
        }
        guard arguments.transcript != nil else {
            throw UsageError(
                "audio from standard input (-) has no file name to find a transcript beside; "
                    + "give --transcript <file>")
        }
        if arguments.inPlace || arguments.outputDir != nil {
            throw UsageError(
                "audio from standard input (-) cannot be censored \(arguments.inPlace ? "in place" : "into --output-dir"); "
                    + "give --output <file>")
        }
        if arguments.review != nil {
            throw UsageError(
                "--review shows the original audio beside the censored audio, and standard input (-) "
                    + "leaves no original to show; censor a file to review it")
        }
        guard arguments.output != nil || arguments.dryRun else {
            throw UsageError("audio from standard input (-) needs --output <file> (or --dry-run)")
        }
    }

    /// Runs `body` with `arguments`; when the input is `-`, standard input is censored as it
    /// streams if it can be (``StdinStream``), else spooled first and the spooled file removed
    /// afterwards.
    ///
    /// - Throws: ``StdinError`` when standard input cannot be read or spooled; what `body` throws.
    static func run(_ arguments: Arguments, _ body: (Arguments) throws -> Bool) throws -> Bool {
        guard arguments.inputs == [name] else { return try body(arguments) }
        if isatty(STDIN_FILENO) == 1 {
            throw StdinError(
                "standard input is a terminal; pipe audio into 'censor -' (e.g. 'ffmpeg … -f wav - | censor - …')")
        }
        let obstacle = try StdinStream.obstacle(arguments)
        guard let obstacle else {
            if arguments.verbose {
                Console.error(
                    "censor: standard input is censored as it streams, in one pass: nothing is spooled, "
                        + "and memory holds a block and the longest group of nearby spans")
            }
            var streamed = arguments
            streamed.stdinStreamed = true
            return try body(streamed)
        }
        let spool = try StdinSpool(raw: arguments.raw)
        defer { spool.remove() }
        if arguments.verbose {
            Console.error(
                "censor: standard input spooled to \(spool.path) (\(spool.bytes) bytes): planning reads "
                    + "the audio near each span out of order, which a pipe cannot do (\(obstacle)); "
                    + "the file is removed when censor exits")
        }
        var spooled = arguments
        spooled.inputs = [spool.path]
        spooled.stdinSpool = spool.path
        return try body(spooled)
    }
}

/// Standard input copied to a temporary file.
struct StdinSpool {
    /// The temporary file.
    let path: String
    /// The bytes of standard input (with `--raw`, without the WAV header put before them).
    let bytes: Int

    /// Copies standard input to a new temporary file; with `raw`, behind a WAV header.
    ///
    /// - Throws: ``StdinError`` when standard input is empty, cannot be read, or the temporary
    ///   file cannot be written.
    init(raw: RawAudioFormat?) throws(StdinError) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        var first = try Self.read(into: buffer)
        guard first > 0 else { throw StdinError("standard input is empty; expected audio") }
        let folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let suffix = raw == nil ? Self.fileExtension(UnsafeRawBufferPointer(rebasing: buffer[0..<first])) : "wav"
        let path = try Self.create(in: folder, extension: suffix)
        self.path = path
        let file = try Self.open(path)
        defer { close(file) }
        do throws(StdinError) {
            let header = raw?.wavHeader(dataBytes: 0) ?? []
            try Self.write(header, to: file, path: path)
            var total = 0
            while first > 0 {
                try Self.write(UnsafeRawBufferPointer(rebasing: buffer[0..<first]), to: file, path: path)
                total += first
                if raw != nil, total > RawAudioFormat.largestData {
                    throw StdinError(
                        "raw audio on standard input passed \(RawAudioFormat.largestData) bytes, the most a "
                            + "WAV header can declare; give it in a container instead (e.g. ffmpeg … -f w64 -)")
                }
                first = try Self.read(into: buffer)
            }
            if let raw {
                let frameBytes = raw.channels * raw.sampleBytes
                guard total % frameBytes == 0 else {
                    throw StdinError(
                        "raw audio on standard input ended inside a frame: \(total) bytes is not a whole "
                            + "number of \(frameBytes)-byte frames (\(raw.channels) channels of \(raw.encoding.rawValue)); "
                            + "is --raw right?")
                }
                let header = raw.wavHeader(dataBytes: total)
                guard header.withUnsafeBytes({ pwrite(file, $0.baseAddress, $0.count, 0) }) == header.count else {
                    throw StdinError("cannot write '\(path)': \(String(cString: strerror(errno)))")
                }
            }
            bytes = total
        } catch {
            TemporaryOutputs.discard(path)
            throw error
        }
    }

    /// Removes the file.
    func remove() {
        TemporaryOutputs.discard(path)
    }

    /// Creates the spool in `folder`, `.stdin.censor-<pid>-<random>.tmp.<extension>`:
    /// exclusively, owner-only, named and registered as every temporary file (so a signal
    /// removes it, and a later run the one a killed process left).
    private static func create(in folder: String, extension: String) throws(StdinError) -> String {
        do {
            return try TemporaryOutputs.create(in: folder, naming: "stdin", extension: `extension`, for: "-")
        } catch {
            guard case let .cannotCreate(_, reason) = error else { throw StdinError("\(error)") }
            throw StdinError("cannot create a file to hold standard input: \(reason)")
        }
    }

    /// Opens the spool at `path` for writing.
    private static func open(_ path: String) throws(StdinError) -> Int32 {
        let file = Foundation.open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC)
        guard file >= 0 else {
            let reason = String(cString: strerror(errno))
            TemporaryOutputs.discard(path)
            throw StdinError("cannot create '\(path)' to hold standard input: \(reason)")
        }
        return file
    }

    /// Reads standard input until `buffer` is full or input ends; returns the bytes read.
    private static func read(into buffer: UnsafeMutableRawBufferPointer) throws(StdinError) -> Int {
        var filled = 0
        while filled < buffer.count {
            let count = Glibc.read(STDIN_FILENO, buffer.baseAddress! + filled, buffer.count - filled)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else {
                throw StdinError("cannot read standard input: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            filled += count
        }
        return filled
    }

    private static func write(_ bytes: UnsafeRawBufferPointer, to file: Int32, path: String) throws(StdinError) {
        var done = 0
        while done < bytes.count {
            let count = Glibc.write(file, bytes.baseAddress! + done, bytes.count - done)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw StdinError("cannot write '\(path)': \(String(cString: strerror(errno)))") }
            done += count
        }
    }

    private static func write(_ bytes: [UInt8], to file: Int32, path: String) throws(StdinError) {
        let failure: StdinError? = bytes.withUnsafeBytes { buffer in
            do throws(StdinError) {
                try write(buffer, to: file, path: path)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// The extension that names the container whose signature `head` starts with, so the
    /// reader takes the file for what it is (a container ffmpeg reads goes through ffmpeg);
    /// `audio` when none is recognized.
    static func fileExtension(_ head: UnsafeRawBufferPointer) -> String {
        func bytes(_ offset: Int, _ text: String) -> Bool {
            head.count >= offset + text.utf8.count && zip(head[offset...], text.utf8).allSatisfy { $0 == $1 }
        }
        // MP4, M4A, MOV: an `ftyp` box first; AVI: a RIFF of type `AVI `; Matroska and WebM: EBML.
        if bytes(4, "ftyp") { return "mp4" }
        if bytes(0, "RIFF"), bytes(8, "AVI ") { return "avi" }
        if head.count >= 4, Array(head[0..<4]) == [0x1A, 0x45, 0xDF, 0xA3] { return "mkv" }
        if head.count >= 4, Array(head[0..<4]) == [0x30, 0x26, 0xB2, 0x75] { return "wma" }
        // An ADTS AAC frame: 12 sync bits, then layer 0.
        if head.count >= 2, head[0] == 0xFF, head[1] & 0xF6 == 0xF0 { return "aac" }
        if head.count >= 2, head[0] == 0x0B, head[1] == 0x77 { return "ac3" }
        let signatures: [(String, String)] = [
            ("RIFF", "wav"), ("RF64", "rf64"), ("fLaC", "flac"), (".snd", "au"), ("FORM", "aiff"), ("OggS", "ogg"),
            ("caff", "caf"), ("riff", "w64"), ("ID3", "mp3"),
        ]
        for (magic, name) in signatures
        where head.count >= magic.utf8.count && zip(head, magic.utf8).allSatisfy({ $0 == $1 }) {
            return name
        }
        // An MPEG audio frame without an ID3 tag starts with 11 set sync bits.
        if head.count >= 2, head[0] == 0xFF, head[1] & 0xE0 == 0xE0 { return "mp3" }
        return "audio"
    }
}

/// Standard input could not be read as audio.
struct StdinError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
