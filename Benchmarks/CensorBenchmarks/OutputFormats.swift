import Foundation

/// Writes a run's results as aligned text, Markdown or JSON.
enum OutputFormats {
    static func render(_ results: SuiteResults, as format: Options.OutputFormat) throws -> String {
        switch format {
        case .text: return document(results, markdown: false)
        case .markdown: return document(results, markdown: true)
        case .json: return try json(results)
        }
    }

    /// Everything measured, plus the targets as judged.
    struct JSONDocument: Codable {
        var machine: Machine
        var mode: String
        var date: String
        var results: [CaseResult]
        var targets: [Comparison.Target]
        var memoryMethod: String?
        var loadAtStart: String?
        var loadAtEnd: String?
    }

    static func json(_ results: SuiteResults) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let document = JSONDocument(
            machine: results.machine, mode: results.mode, date: results.date,
            results: results.results, targets: Comparison(results: results).targets(),
            memoryMethod: results.memoryMethod, loadAtStart: results.loadAtStart,
            loadAtEnd: results.loadAtEnd)
        return String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
    }

    /// The results as read back from ``json(_:)``.
    static func load(json data: Data) throws -> SuiteResults {
        let document = try JSONDecoder().decode(JSONDocument.self, from: data)
        return SuiteResults(
            machine: document.machine, mode: document.mode, date: document.date, results: document.results,
            memoryMethod: document.memoryMethod ?? "child", loadAtStart: document.loadAtStart,
            loadAtEnd: document.loadAtEnd)
    }

    static func caseTable(_ results: [CaseResult]) -> Table {
        let rows = results.map { result -> [String] in
            let summary = result.summary
            let cells = [summary?.min, summary?.median, summary?.p90, summary?.max].map { $0.map(Format.seconds) ?? "" }
            let peak = result.peakRSSBytes.map { Format.bytes($0) + (result.memoryScope == "child" ? "" : "*") } ?? ""
            let note = result.status == .ok ? result.note ?? "" : "\(result.status.rawValue): \(result.reason ?? "")"
            var paired = result.pairedRatio.map { "\(Format.ratio($0.median)) (p90 \(Format.ratio($0.p90)))" } ?? ""
            if let cpu = result.pairedCPURatio { paired += "; cpu \(Format.ratio(cpu.median))" }
            return [result.name, result.samples.isEmpty ? "" : "\(result.samples.count)"] + cells
                + [result.rates.map(Format.rate).joined(separator: ", "), peak, paired, note]
        }
        return Table(
            headers: [
                "case", "runs", "min", "median", "p90", "max", "throughput (median)", "peak RSS",
                "× paired copy", "note",
            ],
            rows: rows, rightAligned: [1, 2, 3, 4, 5, 7, 8])
    }

    static func document(_ results: SuiteResults, markdown: Bool) -> String {
        func heading(_ text: String) -> String { markdown ? "### \(text)\n\n" : "\(text)\n\n" }
        func table(_ table: Table) -> String { markdown ? table.markdown() : table.text() }
        func notes(_ lines: [String]) -> String {
            lines.isEmpty ? "" : "\n" + lines.map { (markdown ? "- " : "  ") + $0 }.joined(separator: "\n") + "\n"
        }
        let comparison = Comparison(results: results)
        var out = ""
        let load =
            "load average (1/5/15 min) \(results.loadAtStart ?? "?") at the start, \(results.loadAtEnd ?? "?") at the end"
        out +=
            markdown
            ? "Run \(results.date), `\(results.mode)` mode, on: \(results.machine.summary); \(load).\n\n"
            : "censor benchmarks · \(results.date) · \(results.mode) mode\n\(results.machine.summary)\n\(load)\n\n"

        if let endToEnd = comparison.endToEnd() {
            out += heading(
                "End to end, 10-minute 48 kHz stereo 16-bit WAV: median wall time (× the sndfile-convert copy run just before each run)"
            )
            out += table(endToEnd.table) + notes(endToEnd.notes) + "\n"
        }
        if let encoded = comparison.encoded() {
            out += heading("FLAC and MP3 inputs, 1000 words: median (ratio to sndfile-convert copying the same file)")
            out += table(encoded.table) + notes(encoded.notes) + "\n"
        }
        if let memory = comparison.memory() {
            out += heading("Peak resident memory of censor (\(results.memoryMethod))")
            out += table(memory) + "\n"
        }
        if comparison.targets().contains(where: { $0.met != nil || $0.measured != "not run" }) {
            out += heading("Targets")
            out += table(comparison.targetTable()) + "\n"
        }
        out += heading("All cases: wall time per run; throughput at the median")
        out += table(caseTable(results.results))
        out += notes([
            "× paired copy: median (and p90) of each run's wall time over that of the sndfile-convert copy of "
                + "the same WAV run just before it; cpu: the same with child CPU time (user + system).",
            "peak RSS: of the child process for e2e/, baseline/, memory/ and noop/spawn (\(results.memoryMethod)); "
                + "* of this process during the case (VmHWM, reset before each case), its inputs in memory included.",
        ])
        return out
    }
}
