import Foundation
import Testing

@testable import CensorCLI

/// `make install`, the manual page and fish completion made from the option definitions, and
/// the fleet recipes in deploy/ (checked without kubectl or Slurm: the YAML parsed, the script
/// checked by `bash -n` and run with Slurm's variables).
@Suite struct InstallAndDeployTests {
    /// The package's root folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("make install DESTDIR=… PREFIX=/usr lays out the binary, the man page and three completions")
    func makeInstall() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let binary = try CensorCommand.executable().path
        let make = try workspace.shell(
            "make -s -C '\(Self.root.path)' install DESTDIR='\(workspace.path("stage"))' PREFIX=/usr BIN='\(binary)'")
        #expect(make.status == 0, "\(make)")
        let files = [
            "usr/bin/censor", "usr/share/bash-completion/completions/censor",
            "usr/share/fish/vendor_completions.d/censor.fish", "usr/share/man/man1/censor.1",
            "usr/share/zsh/site-functions/_censor",
        ]
        let found = FileManager.default.enumerator(atPath: workspace.path("stage"))?.compactMap { $0 as? String }
            .filter { path in
                var isFolder: ObjCBool = false
                return FileManager.default.fileExists(atPath: workspace.path("stage/\(path)"), isDirectory: &isFolder)
                    && !isFolder.boolValue
            }
        #expect(found?.sorted() == files)
        #expect(FileManager.default.isExecutableFile(atPath: workspace.path("stage/usr/bin/censor")))
        let installed = try workspace.shell("stage/usr/bin/censor --version")
        #expect(installed.stdout == Help.version + "\n")
        #expect(try workspace.bytes("stage/usr/share/man/man1/censor.1") == Data(ManPage.text.utf8))
        #expect(
            try workspace.bytes("stage/usr/share/fish/vendor_completions.d/censor.fish")
                == Data(CompletionScript(shell: .fish).text.utf8))
        #expect(
            try workspace.bytes("stage/usr/share/zsh/site-functions/_censor")
                == Data(CompletionScript(shell: .zsh).text.utf8))
    }

    @Test("the man page lists every option --help lists, with its default, and the exit statuses")
    func manPage() {
        let page = ManPage.text
        #expect(page.hasPrefix(".TH CENSOR 1 \"\" \"censor "))
        for option in Option.all {
            let name = "\\fB\(ManPage.escape(option.name))\\fR"
            #expect(page.contains(name), "the man page lacks \(option.name)")
            if let defaultText = option.defaultText {
                #expect(page.contains(ManPage.escape("(default: \(defaultText))")), "\(option.name)'s default")
            }
        }
        #expect(
            page.contains(
                ".SH EXIT STATUS\n.TP\n0\nsuccess, also when nothing matched (the output then equals the input)\n"
                    + ".TP\n1\n"))
        #expect(page.contains(".TP\n64\nusage error\n"))
        #expect(page.contains(".SH EXAMPLES\n.nf\ncensor talk.wav \\-\\-transcript talk.json \\-\\-words list.txt\n"))
        // No line may start with a roff control character unless it is a request.
        for line in page.split(separator: "\n") where line.hasPrefix(".") || line.hasPrefix("'") {
            #expect(["TH", "SH", "TP", "PP", "B ", "nf", "fi"].contains { line.dropFirst().hasPrefix($0) }, "\(line)")
        }
    }

    @Test("the fish completion has one line per option, with its short name and its values")
    func fishCompletion() {
        let lines = CompletionScript(shell: .fish).text.split(separator: "\n").filter {
            $0.hasPrefix("complete -c censor -l ")
        }
        #expect(lines.count == Option.all.count)
        #expect(lines.contains { $0.hasPrefix("complete -c censor -l mode -x -a 'beep duck mute cut' -d ") })
        #expect(lines.contains { $0.hasPrefix("complete -c censor -l output -s o -r -F -d ") })
        #expect(lines.contains { $0.hasPrefix("complete -c censor -l shard-by -x -a 'line hash' -d ") })
    }

    @Test("deploy/kubernetes/job.yaml is an Indexed Job whose --shards equals its completions")
    func kubernetesJob() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let parsed = try workspace.shell(
            "python3 -c 'import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))' "
                + "'\(Self.root.path)/deploy/kubernetes/job.yaml'")
        try #require(parsed.status == 0, "\(parsed)")
        let job = try #require(JSONSerialization.jsonObject(with: Data(parsed.stdout.utf8)) as? [String: Any])
        #expect(job["apiVersion"] as? String == "batch/v1")
        #expect(job["kind"] as? String == "Job")
        let spec = try #require(job["spec"] as? [String: Any])
        #expect(spec["completionMode"] as? String == "Indexed")
        let completions = try #require(spec["completions"] as? Int)
        #expect(completions > 1)
        let pod = try #require((spec["template"] as? [String: Any])?["spec"] as? [String: Any])
        #expect(pod["restartPolicy"] as? String == "Never")
        let container = try #require((pod["containers"] as? [[String: Any]])?.first)
        let args = try #require(container["args"] as? [String])
        let shards = try #require(args.firstIndex(of: "--shards"))
        #expect(args[shards + 1] == String(completions))
        let manifest = try #require(args.firstIndex(of: "--manifest").map { args[$0 + 1] })
        let mounts = try #require(container["volumeMounts"] as? [[String: Any]])
        #expect(mounts.contains { manifest.hasPrefix(($0["mountPath"] as? String ?? "?") + "/") })
        // Every option the Job passes is one censor has.
        for arg in args where arg.hasPrefix("--") {
            #expect(Option.all.contains { $0.name == arg }, "\(arg)")
        }
    }

    @Test("deploy/slurm/censor-array.sh passes bash -n and runs the array task's slice")
    func slurmScript() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let script = Self.root.appendingPathComponent("deploy/slurm/censor-array.sh").path
        let syntax = try workspace.shell("bash -n '\(script)'")
        #expect(syntax.status == 0, "\(syntax)")
        let text = try String(contentsOfFile: script, encoding: .utf8)
        #expect(text.contains("\n#SBATCH --array=0-"))
        let lines = (0..<4).map { #"{"input": "talk.wav", "transcript": "talk.json", "output": "out\#($0).wav"}"# }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: workspace.file("jobs.jsonl"))
        let task = try workspace.shell(
            "CENSOR=\"$CENSOR\" bash '\(script)' \"$PWD/jobs.jsonl\" --words words.txt --no-refine -q",
            environment: ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "2", "SLURM_CPUS_PER_TASK": "1"])
        #expect(task.status == 0, "\(task)")
        // Slice 1 of 2 by line: the second and fourth jobs.
        #expect(try workspace.contents().filter { $0.hasPrefix("out") } == ["out1.wav", "out3.wav"])
        let results = try ManifestTests.results(workspace, "results/task-1.jsonl")
        #expect(results.map { $0["line"] as? Int } == [2, 4])
    }

    @Test("deploy/Containerfile builds with make install and runs it on Debian with the audio libraries")
    func containerfile() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("deploy/Containerfile"), encoding: .utf8)
        let from = text.split(separator: "\n").filter { $0.hasPrefix("FROM ") }
        #expect(from.count == 2)
        #expect(from.last?.contains("debian:") == true)
        #expect(text.contains("make install DESTDIR=/stage PREFIX=/usr/local"))
        #expect(text.contains("COPY --from=build /stage/ /"))
        for library in ["libsndfile1", "libsamplerate0", "libfftw3-single3"] {
            #expect(text.contains(library), "\(library)")
        }
        #expect(text.contains("ENTRYPOINT [\"/usr/local/bin/censor\"]"))
    }
}
