import CensorKit
import Foundation

/// Whether `-` is censored as it streams, or spooled first.
///
/// A pipe is read once, in order. Without edge refinement (which fits the transcript's timing
/// to the whole recording), planning needs only the audio near each span, which a look-ahead
/// holds (``CensorKit/Censor/censorStream(_:output:matches:format:into:progress:)``); so when
/// the run asks for nothing else that reads the input again, standard input is not spooled. To
/// decide, the stream's header is looked at without taking it from the pipe (`tee(2)` copies
/// the bytes waiting in it).
enum StdinStream {
    /// The most bytes looked at: any header libsndfile reads fits.
    static let headBytes = 16_384

    /// Why `arguments` (with `-` as the input) need standard input spooled; `nil` when it can be
    /// censored as it streams.
    ///
    /// - Throws: ``CensorKit/CensorError`` when the mode or plan options are out of range.
    static func obstacle(_ arguments: Arguments) throws -> String? {
        if arguments.dryRun { return "--dry-run plans from a file" }
        if arguments.raw != nil { return "--raw samples are given a header in a file" }
        guard let output = arguments.output else { return "there is no output" }
        let censor = try Censor(mode: arguments.mode, options: arguments.plan)
        // What stands in the way whatever the stream holds (refinement, the output) needs no look at it.
        if let obstacle = censor.streamingObstacle(input: nil, output: output, format: arguments.outputFormat) {
            return obstacle
        }
        guard let head = peek() else { return "standard input is not a pipe whose start can be looked at" }
        guard let format = AudioStreamReader.format(ofHead: head) else {
            return
                "its start is not a header libsndfile reads from a pipe (ffmpeg's containers, MP3 and FLAC are read from a file)"
        }
        return censor.streamingObstacle(input: format, output: output, format: arguments.outputFormat)
    }

    /// The first bytes waiting in standard input, left in it; `nil` when standard input is not
    /// a pipe or cannot be looked at. Waits briefly for a header written in pieces.
    static func peek() -> [UInt8]? {
        var status = stat()
        guard fstat(STDIN_FILENO, &status) == 0, status.st_mode & S_IFMT == S_IFIFO, let tee = teeFunction else {
            return nil
        }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        defer { for end in ends { close(end) } }
        var head = [UInt8](repeating: 0, count: headBytes)
        var previous = -1
        for _ in 0..<100 {
            // Blocks until the pipe holds something; 0 at its end.
            let copied = tee(STDIN_FILENO, ends[1], headBytes, 0)
            if copied < 0, errno == EINTR { continue }
            guard copied >= 0 else { return nil }
            var got = 0
            while got < copied {
                let count = read(ends[0], &head[got], copied - got)
                guard count > 0 else { return nil }
                got += count
            }
            // Enough for any header, the end, or all there is (nothing more came while waiting).
            if copied == 0 || copied >= 4_096 || copied == previous { return Array(head[0..<copied]) }
            previous = copied
            // Fewer bytes than a header may take are waiting: look again when more have come.
            usleep(20_000)
        }
        return nil
    }

    /// Linux's `tee(2)`, which Swift's Glibc module does not declare.
    private static let teeFunction: (@convention(c) (Int32, Int32, Int, UInt32) -> Int)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "tee") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32, Int, UInt32) -> Int).self)
    }()
}
