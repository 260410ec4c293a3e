import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What censor is compared with, on the same files in the same run: plain copies (the floor)
/// and the ffmpeg filter graphs other censoring tools build, one or two filters per word.
enum BaselineCases {
    /// The published figures of those graphs on a 10-minute 48 kHz stereo 16-bit WAV, used to decide whether a
    /// graph may run when no smaller count has been measured in this run.
    static let priorSeconds: [String: [Int: Double]] = [
        "ffmpeg-volume": [10: 0.7, 100: 2.3, 1_000: 74],
        "ffmpeg-afade": [10: 1.2, 100: 6.0, 1_000: 316],
    ]
    static let graphCounts = [10, 100, 1_000, 10_000]

    /// Copies of the `container` file: `sndfile-convert` (the floor the targets are quoted
    /// against); for WAV also `cp` and ffmpeg with no filter.
    static func copies(_ session: Session, container: String, seconds: Int = EndToEndCases.duration) -> [Benchmark] {
        let runs =
            container == "wav" ? session.options.runs(7, quick: 3) : EndToEndCases.encodedRuns(session, container)
        let warmup = container == "wav" ? 1 : 0
        func input() throws -> String {
            container == "wav"
                ? try session.inputs.wav(seconds: seconds) : try session.inputs.encoded(container, seconds: seconds)
        }
        func copy(_ name: String, _ tool: String, _ arguments: @escaping (String, String) -> [String]) -> Benchmark {
            Benchmark(
                name: "baseline/\(name)/\(container)", warmup: warmup, iterations: runs,
                work: [.audio(seconds: Double(seconds))]
            ) {
                let program = try session.tool(tool)
                let source = try input()
                let output = try session.inputs.output("copy.\(container)")
                return Iteration(
                    setUp: { unlink(output) },
                    run: { try Subprocess.run(program, arguments(source, output)) },
                    tearDown: { unlink(output) })
            }
        }
        var cases = [copy("sndfile-convert", "sndfile-convert") { [$0, $1] }]
        if container == "wav" {
            cases.append(copy("cp", "cp") { [$0, $1] })
            cases.append(copy("ffmpeg-copy", "ffmpeg") { ffmpeg(input: $0, output: $1, graph: nil) })
            for index in 1..<cases.count {
                let prepare = cases[index].prepare
                cases[index].prepare = {
                    var iteration = try prepare()
                    iteration.paired = try pairedCopy(session, seconds: seconds)
                    return iteration
                }
            }
        }
        return cases
    }

    /// `sndfile-convert` copying the `seconds`-long WAV, to pair with each run of a case.
    static func pairedCopy(_ session: Session, seconds: Int = EndToEndCases.duration) throws -> PairedBaseline {
        let program = try session.tool("sndfile-convert")
        let input = try session.inputs.wav(seconds: seconds)
        let output = try session.inputs.output("paired-copy.wav")
        return PairedBaseline(name: "sndfile-convert copy") {
            unlink(output)
            defer { unlink(output) }
            return try Subprocess.run(program, [input, output])
        }
    }

    /// The per-word ffmpeg graphs at 10, 100, 1000 and 10,000 words, each skipped when it is
    /// projected (``projectedSeconds(_:series:count:)``) over the limit: five minutes, 30 s
    /// with `--quick`.
    static func graphs(_ session: Session) -> [Benchmark] {
        graphCounts.flatMap { count in
            ["ffmpeg-volume", "ffmpeg-afade"].map { series in
                graphCase(session, series: series, count: count)
            }
        }
    }

    private static func graphCase(_ session: Session, series: String, count: Int) -> Benchmark {
        let seconds = EndToEndCases.duration
        return Benchmark(
            name: "baseline/\(series)/\(count)", warmup: 1, iterations: session.options.runs(3, quick: 2),
            work: [.audio(seconds: Double(seconds))]
        ) {
            let projection = projectedSeconds(session, series: series, count: count)
            let limit = session.options.effectiveBaselineLimit
            if let projection, projection.seconds > limit {
                throw Skip(
                    reason: String(
                        format: "projected %.0f s (%@) is over the %.0f s limit",
                        projection.seconds, projection.basis, limit))
            }
            let ffmpegPath = try session.tool("ffmpeg")
            let input = try session.inputs.wav(seconds: seconds)
            let layout = EndToEndLayout.spread(count, over: Double(seconds))
            let graph = series == "ffmpeg-volume" ? volumeGraph(layout) : afadeGraph(layout)
            let output = try session.inputs.output("graph.wav")
            let script = try session.inputs.output("graph.txt")
            let useScript = graph.utf8.count > 100_000
            if useScript { try Data(graph.utf8).write(to: URL(fileURLWithPath: script)) }
            let arguments = ffmpeg(
                input: input, output: output, graph: useScript ? nil : graph,
                script: useScript ? script : nil)
            // Long graphs run fewer times: once from 20 s, twice without warm-up from 5 s.
            let expected = projection?.seconds ?? 0
            let runs: (warmup: Int, iterations: Int)? = expected >= 20 ? (0, 1) : expected >= 5 ? (0, 2) : nil
            return Iteration(
                setUp: { unlink(output) },
                run: { try Subprocess.run(ffmpegPath, arguments) },
                tearDown: { unlink(output) },
                note: "\(series == "ffmpeg-volume" ? count : 2 * count) filters"
                    + (runs != nil
                        ? String(
                            format: "; %d run%@ (projected %.0f s)", runs!.iterations,
                            runs!.iterations == 1 ? "" : "s", expected) : ""),
                runs: runs,
                finish: { unlink(script) },
                paired: try pairedCopy(session, seconds: seconds))
        }
    }

    /// The expected time of a graph case. Where a figure is published for `count`, that figure
    /// scaled by how this run compares with it at the largest smaller count measured
    /// here; past the figures, quadratic in the word count from the largest count measured (or
    /// figured). The graphs grow faster than linearly (74 s at 1000 words after 2.3 s at 100),
    /// so a linear guess would run cases for many minutes.
    static func projectedSeconds(_ session: Session, series: String, count: Int) -> (seconds: Double, basis: String)? {
        let prior = priorSeconds[series] ?? [:]
        var measured: (count: Int, seconds: Double)?
        for smaller in graphCounts.reversed() where smaller < count {
            if let result = session.runner.result("baseline/\(series)/\(smaller)"), result.status == .ok,
                let median = result.summary?.median
            {
                measured = (smaller, median)
                break
            }
        }
        if let figure = prior[count] {
            guard let measured, let figured = prior[measured.count] else { return (figure, "the published figure") }
            let scale = measured.seconds / figured
            return (
                figure * scale,
                String(
                    format: "the published %.1f s times %.2f, this run's ratio to it at %d words",
                    figure, scale, measured.count)
            )
        }
        let base = measured ?? prior.filter { $0.key < count }.max { $0.key < $1.key }.map { ($0.key, $0.value) }
        guard let base else { return nil }
        let factor = Double(count) / Double(base.count)
        return (
            base.seconds * factor * factor,
            String(format: "%.1f s at %d words times (%d/%d)²", base.seconds, base.count, count, base.count)
        )
    }

    /// One `volume=enable='between(t,a,b)':volume=0` per word, chained (as cleanvid and others).
    static func volumeGraph(_ layout: EndToEndLayout) -> String {
        layout.censoredTimes.map { time in
            "volume=enable='between(t,\(ms(time.start)),\(ms(time.end)))':volume=0"
        }.joined(separator: ",")
    }

    /// An `afade=t=out` / `afade=t=in` pair per word, as monkeyplug builds it: fade out over
    /// the word from its start, fade back in from its end until the next word starts.
    static func afadeGraph(_ layout: EndToEndLayout) -> String {
        let words = layout.words()
        var filters: [String] = []
        for (index, word) in words.enumerated() where word.listed {
            let next = index + 1 < words.count ? words[index + 1].start : word.end + 0.1
            let start = ms(word.start), end = ms(word.end)
            filters.append("afade=enable='between(t,\(start),\(end))':t=out:st=\(start):d=5ms")
            filters.append("afade=enable='between(t,\(end),\(ms(next)))':t=in:st=\(end):d=5ms")
        }
        return filters.joined(separator: ",")
    }

    /// ffmpeg reading `input`, applying `graph` (or the graph in `script`), writing 16-bit WAV.
    static func ffmpeg(input: String, output: String, graph: String?, script: String? = nil) -> [String] {
        var arguments = ["-hide_banner", "-nostdin", "-loglevel", "error", "-y", "-i", input]
        if let graph { arguments += ["-af", graph] }
        if let script { arguments += ["-filter_script:a", script] }
        return arguments + ["-c:a", "pcm_s16le", output]
    }

    /// Seconds with three decimals, as the tools write them.
    private static func ms(_ seconds: Double) -> String { String(format: "%.3f", seconds) }
}
