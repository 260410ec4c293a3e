import Foundation

/// The side-by-side tables and the project's speed targets, computed from one run's results.
struct Comparison {
    let results: SuiteResults

    static let copyFloor = "baseline/sndfile-convert/wav"

    /// A time and its ratio to the `copy` case: `0.412 s (1.05×)` (the paired ratio when the
    /// case ran with the copy paired); why not, when the case did not run.
    func cell(_ name: String, copy: String?) -> String {
        guard let result = results.result(name) else { return "–" }
        switch result.status {
        case .skipped: return "skipped"
        case .failed: return "failed"
        case .ok:
            guard let median = result.summary?.median else { return "–" }
            guard let copy, let ratio = results.ratioToCopy(name, copy: copy) else { return Format.seconds(median) }
            return "\(Format.seconds(median)) (\(Format.ratio(ratio)))"
        }
    }

    /// Why the cases in `names` were skipped, one line each.
    func skipNotes(_ names: [String]) -> [String] {
        names.compactMap { name in
            guard let result = results.result(name), result.status != .ok else { return nil }
            return "\(name): \(result.status.rawValue) — \(result.reason ?? "")"
        }
    }

    /// Censor per mode beside the ffmpeg graphs, per word count, on the 10-minute WAV.
    func endToEnd() -> (table: Table, notes: [String])? {
        let floor: String? = Self.copyFloor
        guard results.results.contains(where: { $0.name.hasPrefix("e2e/wav/") || $0.name.hasPrefix("baseline/") })
        else { return nil }
        var rows: [[String]] = []
        var names: [String] = []
        for count in EndToEndCases.counts {
            let cases =
                EndToEndCases.modes.map { "e2e/wav/\($0)/\(count)" }
                + ["baseline/ffmpeg-volume/\(count)", "baseline/ffmpeg-afade/\(count)"]
            names += cases
            rows.append([Format.count(count)] + cases.map { cell($0, copy: floor) })
        }
        for count in EndToEndCases.unrefinedCounts {
            let cases = EndToEndCases.modes.map { "e2e/wav/\($0)/\(count)/no-refine" }
            names += cases
            rows.append(["\(Format.count(count)), `--no-refine`"] + cases.map { cell($0, copy: floor) } + ["", ""])
        }
        let speech = EndToEndCases.modes.map { "e2e/wav/\($0)/speech" }
        rows.append(["speech: 25 of 1,500"] + speech.map { cell($0, copy: floor) } + ["", ""])
        names += speech
        let copies = ["baseline/sndfile-convert/wav", "baseline/cp/wav", "baseline/ffmpeg-copy/wav"]
        rows.append([
            "copies (no words)", "sndfile-convert \(cell(copies[0], copy: floor))",
            "cp \(cell(copies[1], copy: floor))", "", "ffmpeg, no filter \(cell(copies[2], copy: floor))", "",
        ])
        names += copies
        let table = Table(
            headers: [
                "censored words", "censor beep", "censor duck", "censor mute", "ffmpeg volume graph",
                "ffmpeg afade graph",
            ],
            rows: rows, rightAligned: [])
        return (table, skipNotes(names))
    }

    /// The same at 1000 words on FLAC and MP3, against sndfile-convert copying that file.
    func encoded() -> (table: Table, notes: [String])? {
        var rows: [[String]] = []
        var names: [String] = []
        for container in ["flac", "mp3"] {
            let copy = "baseline/sndfile-convert/\(container)"
            let cases = EndToEndCases.modes.map { "e2e/\(container)/\($0)/\(EndToEndCases.encodedCount)" }
            guard cases.contains(where: { results.result($0) != nil }) || results.result(copy) != nil else { continue }
            rows.append([container.uppercased()] + cases.map { cell($0, copy: copy) } + [cell(copy, copy: copy)])
            names += cases + [copy]
        }
        guard !rows.isEmpty else { return nil }
        return (
            Table(
                headers: ["input → output", "censor beep", "censor duck", "censor mute", "sndfile-convert copy"],
                rows: rows),
            skipNotes(names)
        )
    }

    /// Peak resident memory of the memory cases and every end-to-end run.
    func memory() -> Table? {
        let names = MemoryCases.lengths.map { "memory/beep/\($0.label)" }
        let rows: [[String]] = names.compactMap { name in
            guard let result = results.result(name) else { return nil }
            let peak = result.peakRSSBytes.map(Format.bytes) ?? result.status.rawValue
            return [name, peak, result.note ?? result.reason ?? ""]
        }
        var all = rows
        if let largest = largestEndToEndPeak() {
            all.append(["largest of all e2e/ runs", Format.bytes(largest.bytes), largest.name])
        }
        guard !all.isEmpty else { return nil }
        return Table(headers: ["case", "peak RSS", "input"], rows: all, rightAligned: [1])
    }

    private func largestEndToEndPeak() -> (name: String, bytes: Int)? {
        results.results
            .filter { ($0.name.hasPrefix("e2e/") || $0.name.hasPrefix("memory/")) && $0.status == .ok }
            // The aligner's model is quoted beside the memory target, not judged by it.
            .filter { $0.name != MemoryCases.alignedName }
            .compactMap { result in result.peakRSSBytes.map { (result.name, $0) } }
            .max { $0.1 < $1.1 }
    }

    /// One of the speed and memory targets, judged on this run.
    struct Target: Codable {
        var target: String
        var measured: String
        /// `nil` when the run lacks the cases to judge it.
        var met: Bool?
    }

    func targets() -> [Target] {
        var targets: [Target] = []
        let floor = results.median(Self.copyFloor)

        // 1. End to end at 1000 words ≤ 1.0× the copy: judged as users run censor (refinement
        // on), with the engine alone (`--no-refine`) quoted beside it.
        let ratios = EndToEndCases.modes.compactMap { mode in
            results.ratioToCopy("e2e/wav/\(mode)/1000", copy: Self.copyFloor).map { (mode, $0) }
        }
        let unrefined = EndToEndCases.modes.compactMap { mode in
            results.ratioToCopy("e2e/wav/\(mode)/1000/no-refine", copy: Self.copyFloor).map {
                "\(mode) \(Format.ratio($0))"
            }
        }
        if let floor, !ratios.isEmpty {
            targets.append(
                Target(
                    target: "end to end at 1000 words ≤ 1.0× the sndfile-convert copy",
                    measured: ratios.map { mode, ratio in
                        let cpu =
                            results.result("e2e/wav/\(mode)/1000")?.pairedCPURatio.map {
                                " (cpu \(Format.ratio($0.median)))"
                            } ?? ""
                        return "\(mode) \(Format.ratio(ratio))\(cpu)"
                    }.joined(separator: ", ")
                        + (unrefined.isEmpty ? "" : "; `--no-refine`: " + unrefined.joined(separator: ", "))
                        + "; copy median \(Format.seconds(floor))",
                    met: ratios.count == EndToEndCases.modes.count && ratios.allSatisfy { $0.1 <= 1.0 }))
        } else {
            targets.append(
                Target(
                    target: "end to end at 1000 words ≤ 1.0× the sndfile-convert copy",
                    measured: "not run", met: nil))
        }

        // 2. Flat in the word count, likewise with and without refinement.
        func growth(_ suffix: String) -> [(String, Double)] {
            EndToEndCases.modes.compactMap { mode -> (String, Double)? in
                // Each as a ratio to its paired copy, so that a load on the machine between the
                // two cases does not count as a difference.
                let copy = Self.copyFloor
                guard let few = results.ratioToCopy("e2e/wav/\(mode)/10\(suffix)", copy: copy),
                    let many = results.ratioToCopy("e2e/wav/\(mode)/10000\(suffix)", copy: copy)
                else { return nil }
                return (mode, many / few - 1)
            }
        }
        let flat = growth(""), flatUnrefined = growth("/no-refine")
        func listed(_ growth: [(String, Double)]) -> String {
            growth.map { "\($0.0) \(Format.signedPercent($0.1))" }.joined(separator: ", ")
        }
        targets.append(
            Target(
                target: "cost flat in the word count: 10,000 words within 10 % of 10",
                measured: flat.isEmpty
                    ? "not run"
                    : listed(flat) + (flatUnrefined.isEmpty ? "" : "; `--no-refine`: " + listed(flatUnrefined)),
                met: flat.count == EndToEndCases.modes.count ? flat.allSatisfy { $0.1 <= 0.10 } : nil))

        // 3. Memory.
        // Judged on the files with transcripts of their own length; the control case is quoted.
        let peaks = MemoryCases.lengths.filter { $0.seconds == $0.transcriptSeconds }.compactMap {
            length -> (String, Int)? in
            guard let result = results.result("memory/beep/\(length.label)"), result.status == .ok,
                let peak = result.peakRSSBytes
            else { return nil }
            return (length.label, peak)
        }
        let control = results.result("memory/beep/1h-1min-words").flatMap { $0.status == .ok ? $0.peakRSSBytes : nil }
        if peaks.isEmpty {
            targets.append(
                Target(
                    target: "peak RSS under 32 MB, the same for a 1-minute and a 1-hour file",
                    measured: "not run", met: nil))
        } else {
            let largest = largestEndToEndPeak()
            let values = peaks.map(\.1)
            let spread = Double(values.max()! - values.min()!)
            let same = spread <= max(2_000_000, 0.1 * Double(values.min()!))
            let under = values.allSatisfy { $0 < 32_000_000 } && (largest?.bytes ?? 0) < 32_000_000
            let hasHour = peaks.contains { $0.0 == "1h" }
            var measured = peaks.map { "\($0.0) \(Format.bytes($0.1))" }.joined(separator: ", ")
            if let largest { measured += "; largest e2e \(Format.bytes(largest.bytes)) (\(largest.name))" }
            if let control { measured += "; 1 h with the 1-minute transcript \(Format.bytes(control))" }
            if let aligned = results.result(MemoryCases.alignedName).flatMap({
                $0.status == .ok ? $0.peakRSSBytes : nil
            }) {
                measured += "; 10 min aligning (the model loaded, not judged) \(Format.bytes(aligned))"
            }
            if !hasHour { measured += "; 1 h runs with --full" }
            targets.append(
                Target(
                    target: "peak RSS under 32 MB, the same for a 1-minute and a 1-hour file",
                    measured: measured, met: under && same ? (hasHour ? true : nil) : false))
        }

        // 4. DSP kernels.
        let kernels = results.results.filter { $0.name.hasPrefix("dsp/float/") && $0.status == .ok }
            .compactMap { result in result.rates.first { $0.unit == "x real time" }.map { (result.name, $0.value) } }
        if let slowest = kernels.min(by: { $0.1 < $1.1 }) {
            var measured =
                "slowest \(slowest.0.replacingOccurrences(of: "dsp/float/", with: "")) "
                + "\(Format.grouped(slowest.1))× real time"
            let core = EndToEndCases.modes.compactMap { mode in
                kernels.first { $0.0 == "dsp/float/\(mode)/core" }.map { "\(mode) \(Format.grouped($0.1))×" }
            }
            if !core.isEmpty { measured += "; cores: " + core.joined(separator: ", ") }
            targets.append(
                Target(
                    target: "DSP kernels well above 1000× real time on one core (48 kHz stereo)",
                    measured: measured, met: slowest.1 >= 1_000))
        } else {
            targets.append(
                Target(
                    target: "DSP kernels well above 1000× real time on one core (48 kHz stereo)",
                    measured: "not run", met: nil))
        }

        // 5. Parse and match a million words.
        if let pipeline = results.median("pipeline/whisper-json+match/1M-words") {
            var measured = Format.seconds(pipeline)
            if let parse = results.median("transcript/whisper-json/1M-words"),
                let match = results.median("match/1M-words/10k-list")
            {
                measured += " (parse \(Format.seconds(parse)), match \(Format.seconds(match)))"
            }
            targets.append(
                Target(
                    target: "1 million words parsed (whisper JSON) and matched in under 1 s",
                    measured: measured, met: pipeline < 1))
        } else {
            targets.append(
                Target(
                    target: "1 million words parsed (whisper JSON) and matched in under 1 s",
                    measured: "not run", met: nil))
        }
        return targets
    }

    func targetTable() -> Table {
        Table(
            headers: ["target", "measured", "met"],
            rows: targets().map { [$0.target, $0.measured, $0.met.map { $0 ? "yes" : "no" } ?? "not judged"] })
    }
}
