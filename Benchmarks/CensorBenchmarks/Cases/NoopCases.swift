import Foundation

/// The harness's floor: what measuring costs when there is nothing to measure.
enum NoopCases {
    static func all(_ session: Session) -> [Benchmark] {
        [
            // An empty closure: timer and call overhead of one in-process run.
            Benchmark(name: "noop", warmup: 10, iterations: 1_000, work: []) {
                Iteration(run: { nil })
            },
            // Starting and reaping /bin/true: the floor under every end-to-end and baseline case.
            Benchmark(name: "noop/spawn", warmup: 3, iterations: session.options.runs(20, quick: 10), work: []) {
                let program = FileManager.default.isExecutableFile(atPath: "/bin/true") ? "/bin/true" : "true"
                return Iteration(run: { try Subprocess.run(program, []) })
            },
        ]
    }
}
