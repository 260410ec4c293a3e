import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What the results were measured on.
struct Machine: Codable, Sendable {
    var cpu: String
    /// Online processors (`nproc`).
    var cores: Int
    var kernel: String
    var memoryGB: Double
    var system: String
    /// `swift --version`'s first line, passed in `CENSOR_BENCH_SWIFT` by scripts/bench.sh.
    var swift: String?
    var libsndfile: String?
    var ffmpeg: String?

    static func current() -> Machine {
        Machine(
            cpu: cpuModel(), cores: sysconf(Int32(_SC_NPROCESSORS_ONLN)), kernel: kernelRelease(),
            memoryGB: Double(sysconf(Int32(_SC_PHYS_PAGES)) * sysconf(Int32(_SC_PAGESIZE))) / 1e9,
            system: osName(), swift: ProcessInfo.processInfo.environment["CENSOR_BENCH_SWIFT"],
            libsndfile: packageVersion("libsndfile1"), ffmpeg: ffmpegVersion())
    }

    /// One line: `Intel Xeon … · 2 cores · 24 GB · Linux 6.1 · Debian 12`.
    var summary: String {
        var parts = ["\(cpu)", "\(cores) cores", String(format: "%.0f GB RAM", memoryGB), "Linux \(kernel)", system]
        if let swift { parts.append(swift) }
        if let libsndfile { parts.append("libsndfile \(libsndfile)") }
        if let ffmpeg { parts.append("ffmpeg \(ffmpeg)") }
        return parts.joined(separator: " · ")
    }

    private static func cpuModel() -> String {
        guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown CPU" }
        for line in info.split(separator: "\n") where line.hasPrefix("model name") {
            if let colon = line.firstIndex(of: ":") {
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return "unknown CPU"
    }

    private static func kernelRelease() -> String {
        var name = utsname()
        uname(&name)
        return withUnsafeBytes(of: &name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    private static func osName() -> String {
        guard let release = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8) else { return "" }
        for line in release.split(separator: "\n") where line.hasPrefix("PRETTY_NAME=") {
            return line.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return ""
    }

    private static func packageVersion(_ package: String) -> String? {
        guard Subprocess.isAvailable("dpkg-query"),
            let text = try? Subprocess.output("dpkg-query", ["-W", "-f=${Version}", package]),
            !text.isEmpty
        else { return nil }
        return text
    }

    private static func ffmpegVersion() -> String? {
        guard Subprocess.isAvailable("ffmpeg"), let text = try? Subprocess.output("ffmpeg", ["-version"]) else {
            return nil
        }
        // "ffmpeg version 5.1.6-0+deb12u1 Copyright …"
        let words = text.split(separator: " ")
        return words.count > 2 ? String(words[2]) : nil
    }
}
