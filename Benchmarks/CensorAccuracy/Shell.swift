import Foundation

/// Runs the corpus's outside tools (espeak-ng, sox).
enum Shell {
    /// A tool that failed.
    struct Failure: Error, CustomStringConvertible {
        var command: String
        var status: Int32
        var description: String { "\(command) exited with status \(status)" }
    }

    /// Runs `executable` (looked up in `PATH`) with `arguments` and waits for it.
    ///
    /// - Throws: ``Failure`` when it exits non-zero; Foundation's error when it cannot start.
    static func run(_ executable: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [executable] + arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(command: ([executable] + arguments).joined(separator: " "), status: process.terminationStatus)
        }
    }

    /// Whether `executable` is on `PATH`.
    static func has(_ executable: String) -> Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(executable)")
        }
    }
}

/// A xorshift64* generator: the same sequence everywhere for a seed.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed
    }

    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }

    /// A uniform value in `range`.
    mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + Double(next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
    }
}
