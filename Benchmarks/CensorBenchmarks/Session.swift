import CensorKit
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What the cases share: the options, the generated inputs, the results so far and the tools.
final class Session {
    let options: Options
    let inputs: Inputs
    let runner: Runner
    private var corpusStorage: MatchingCorpus?
    private var scratchStorage: String?

    init(options: Options) {
        self.options = options
        inputs = Inputs(dataFolder: options.dataFolder)
        runner = Runner(options: options)
    }

    /// The vocabulary, list and transcripts of the planning and parsing cases, made once.
    var corpus: MatchingCorpus {
        if let corpusStorage { return corpusStorage }
        let corpus = MatchingCorpus()
        corpusStorage = corpus
        return corpus
    }

    /// The `censor` executable: `--censor`, else the one built beside this executable.
    func censorExecutable() throws -> String {
        if let path = options.censorExecutable { return path }
        let own = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let beside = own.deletingLastPathComponent().appendingPathComponent("censor").path
        guard FileManager.default.isExecutableFile(atPath: beside) else {
            throw Skip(reason: "no censor executable at \(beside); build it (swift build -c release) or pass --censor")
        }
        return beside
    }

    /// A tool the baselines need, or a skip saying it is missing.
    func tool(_ name: String) throws -> String {
        guard Subprocess.isAvailable(name) else {
            throw Skip(reason: "\(name) is not installed (scripts/install-deps.sh installs it)")
        }
        return name
    }

    /// A private folder in memory (`/dev/shm`) for cases that must not measure the disk;
    /// the data folder when there is none.
    func scratchFolder() throws -> String {
        if let scratchStorage { return scratchStorage }
        var folder = "/dev/shm/censor-bench-\(getpid())"
        if (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) == nil {
            folder = "\(options.dataFolder)/scratch"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        scratchStorage = folder
        return folder
    }

    /// Removes the scratch folder and the outputs.
    func cleanUp() {
        if let scratchStorage { try? FileManager.default.removeItem(atPath: scratchStorage) }
        try? FileManager.default.removeItem(atPath: inputs.outputFolder)
    }

    /// Every case, in the order they run.
    func benchmarks() -> [Benchmark] {
        NoopCases.all(self) + DSPCases.all(self) + MatchingCases.all(self) + ScalingCases.all(self)
            + TranscriptCases.all(self)
            + BaselineCases.copies(self, container: "wav") + EndToEndCases.wav(self) + BaselineCases.graphs(self)
            + BaselineCases.copies(self, container: "flac") + EndToEndCases.encoded(self, container: "flac")
            + BaselineCases.copies(self, container: "mp3") + EndToEndCases.encoded(self, container: "mp3")
            + VideoCases.all(self) + MP3DirectCases.all(self) + AACDirectCases.all(self) + MemoryCases.all(self)
    }
}
