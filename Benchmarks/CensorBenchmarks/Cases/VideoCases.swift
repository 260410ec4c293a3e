import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A 10-minute 1080p MP4 (H.264 + AAC) censored by `censor`, each run paired with ffmpeg doing
/// the same re-encode without censoring (`ffmpeg -i in.mp4 -c:v copy -c:a aac out.mp4`): the
/// ratio says what decoding, planning, censoring and piping cost on top of the encode and mux
/// both do. Target: ≤ 1.1×.
enum VideoCases {
    /// The video's length: 10 minutes.
    static let duration = 600
    /// Censored words, spread over the video.
    static let count = 100

    static func all(_ session: Session) -> [Benchmark] {
        [
            Benchmark(
                name: "e2e/mp4-1080p/beep/\(count)", warmup: 0, iterations: session.options.runs(3, quick: 1),
                work: [.audio(seconds: Double(duration))]
            ) {
                let censor = try session.censorExecutable()
                let input = try session.inputs.video(seconds: duration)
                let transcript = try session.inputs.transcript(.spread(count, over: Double(duration)))
                let list = try session.inputs.endToEndList()
                let output = try session.inputs.output("censored.mp4")
                return Iteration(
                    setUp: { unlink(output) },
                    run: {
                        try Subprocess.run(censor, [input, "--transcript", transcript, "--words", list, "-o", output])
                    },
                    tearDown: { unlink(output) },
                    note: "1920×1080 25 fps H.264, AAC 128 kb/s stereo 48 kHz; \(count) words",
                    paired: try reencode(session, input: input))
            }
        ]
    }

    /// ffmpeg copying the video and re-encoding the audio as AAC, to pair with each run.
    static func reencode(_ session: Session, input: String) throws -> PairedBaseline {
        let program = try session.tool("ffmpeg")
        let output = try session.inputs.output("ffmpeg-reencode.mp4")
        return PairedBaseline(name: "ffmpeg -c:v copy -c:a aac") {
            unlink(output)
            defer { unlink(output) }
            return try Subprocess.run(
                program,
                [
                    "-hide_banner", "-nostdin", "-loglevel", "error", "-y", "-i", input,
                    "-c:v", "copy", "-c:a", "aac", output,
                ])
        }
    }
}

extension Inputs {
    /// A 1080p MP4 of `seconds`: 10 s of ffmpeg's test pattern (H.264, ultrafast) looped by
    /// stream copy, cheap to make, with the speech-like WAV of that length as AAC 128 kb/s.
    func video(seconds: Int) throws -> String {
        let audio = try wav(seconds: seconds)
        guard Subprocess.isAvailable("ffmpeg") else { throw Skip(reason: "ffmpeg is not installed") }
        return try cached("video-1080p-\(seconds)s.mp4") { path in
            let pattern = "\(folder)/partial-\(getpid())-pattern.mp4", temporary = "\(folder)/partial-\(getpid()).mp4"
            defer { unlink(pattern) }
            let quiet = ["-hide_banner", "-nostdin", "-loglevel", "error", "-y"]
            try Subprocess.run(
                "ffmpeg",
                quiet + [
                    "-f", "lavfi", "-i", "testsrc=size=1920x1080:rate=25:duration=10",
                    "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", pattern,
                ])
            try Subprocess.run(
                "ffmpeg",
                quiet + [
                    "-stream_loop", "-1", "-i", pattern, "-i", audio, "-map", "0:v", "-map", "1:a",
                    "-c:v", "copy", "-c:a", "aac", "-b:a", "128k", "-t", "\(seconds)", temporary,
                ])
            guard rename(temporary, path) == 0 else { throw GenerationError(description: "cannot rename to \(path)") }
        }
    }
}
