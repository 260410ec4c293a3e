import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Monotonic wall-clock time.
enum WallClock {
    /// Seconds since an arbitrary fixed point; only differences mean anything.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    /// Runs `body` and returns how long it took, in seconds.
    static func measure(_ body: () throws -> Void) rethrows -> Double {
        let start = now()
        try body()
        return now() - start
    }
}

/// This process's peak resident memory.
///
/// On Linux, writing `5` to `/proc/self/clear_refs` resets the high-water mark (`VmHWM`) to the
/// current resident size, so each case's peak can be read on its own; elsewhere, or when that
/// fails, `getrusage`'s `ru_maxrss` (a peak over the process's whole life) is used.
enum PeakMemory {
    /// Whether ``reset()`` really resets the peak.
    nonisolated(unsafe) private(set) static var resettable = false

    /// Makes the current resident size the new peak, where the system allows it.
    static func reset() {
        let fd = open("/proc/self/clear_refs", O_WRONLY)
        guard fd >= 0 else { resettable = false; return }
        defer { close(fd) }
        resettable = write(fd, "5", 1) == 1
    }

    /// The peak resident size in bytes since the last ``reset()`` (or since start).
    static func peakBytes() -> Int {
        if let hwm = statusField("VmHWM:") { return hwm }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss) * 1024
    }

    /// The current resident size in bytes.
    static func currentBytes() -> Int? { statusField("VmRSS:") }

    /// A `kB` field of `/proc/self/status`, in bytes.
    private static func statusField(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            let digits = line.dropFirst(name.count).filter(\.isNumber)
            return Int(digits).map { $0 * 1024 }
        }
        return nil
    }
}
