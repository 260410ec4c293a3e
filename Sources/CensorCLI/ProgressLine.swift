import CensorKit
import Foundation
import Synchronization

/// A single updating line on a terminal: percent done, elapsed time and speed as a multiple
/// of real time. Prints nothing when disabled (standard error is not a terminal, or --quiet).
final class ProgressLine: Sendable {
    private struct State {
        var lastDraw = 0.0
        var visible = false
        var filesDone = 0
    }

    private let enabled: Bool
    private let started = Date()
    private let state = Mutex(State())

    init(enabled: Bool) {
        self.enabled = enabled
    }

    /// Shows how far one file has come.
    @Sendable func update(_ progress: RenderProgress) {
        guard enabled, progress.frameCount > 0 else { return }
        let elapsed = Date().timeIntervalSince(started)
        state.withLock { state in
            guard elapsed - state.lastDraw >= 0.1 || progress.fraction >= 1 else { return }
            state.lastDraw = elapsed
            state.visible = true
            let audioSeconds = Double(progress.framesDone) / Double(progress.sampleRate)
            let speed = elapsed > 0 ? audioSeconds / elapsed : 0
            let stage = progress.stage == .decoding ? "decoding " : ""
            Console.errorRaw(
                "\r\u{1B}[Kcensor: \(stage)\(Int(progress.fraction * 100))%  \(Self.clock(elapsed)) elapsed  "
                    + "\(Int(speed))× real time")
        }
    }

    /// Counts one finished file of `total` and shows the count.
    func fileFinished(of total: Int) {
        guard enabled else { return }
        let elapsed = Date().timeIntervalSince(started)
        state.withLock { state in
            state.filesDone += 1
            state.visible = true
            Console.errorRaw("\r\u{1B}[Kcensor: \(state.filesDone) of \(total) files  \(Self.clock(elapsed)) elapsed")
        }
    }

    /// Erases the line, so that other messages start on a clean line.
    func clear() {
        guard enabled else { return }
        state.withLock { state in
            if state.visible { Console.errorRaw("\r\u{1B}[K") }
            state.visible = false
        }
    }

    private static func clock(_ seconds: Double) -> String {
        String(format: "%d:%04.1f", Int(seconds) / 60, seconds.truncatingRemainder(dividingBy: 60))
    }
}
