import Foundation

/// Writes a streaming pass's blocks on a thread of its own, one at a time and in order, while
/// the pass reads and censors the next block on its own thread: the two halves of a pass (the
/// input's reads, the output's writes) then take the time of the longer one, not of both.
///
/// A block handed to ``start(_:frames:)`` must stay untouched until the next call to
/// ``start(_:frames:)``, ``wait()`` or ``finish()`` returns. Use it from one thread.
final class BackgroundBlockWriter: @unchecked Sendable {
    private let writer: AudioWriter
    private let queue = DispatchQueue(label: "censor.block-writer")
    private let written = DispatchSemaphore(value: 0)
    /// Whether a write was started and not waited for (the pass's thread only).
    private var inFlight = false
    /// The first write's failure: set on the writer's thread before it signals, read after the wait.
    private var failure: AudioError?

    init(writer: AudioWriter) {
        self.writer = writer
    }

    /// Waits for the write started last, if any.
    ///
    /// - Throws: The error of a write that failed; no block is written after it.
    func wait() throws(AudioError) {
        finish()
        if let failure { throw failure }
    }

    /// Waits for the write started last, if any, without throwing its error (a pass that
    /// already failed, before freeing the blocks).
    func finish() {
        guard inFlight else { return }
        written.wait()
        inFlight = false
    }

    /// Starts writing `frames` frames of `block` once the write before it is over.
    ///
    /// - Throws: The error of an earlier write; `block` is then not written.
    func start<Sample: SndFileSample>(_ block: UnsafePointer<Sample>, frames: Int) throws(AudioError) {
        try wait()
        inFlight = true
        let writer = writer
        let write = UncheckedWrite { () throws(AudioError) in try writer.write(from: block, frames: frames) }
        queue.async { [self] in
            do throws(AudioError) {
                try write.run()
            } catch {
                failure = error
            }
            written.signal()
        }
    }
}

/// A block's write handed to the writer's thread, which alone reads the block until the pass waits.
private struct UncheckedWrite: @unchecked Sendable {
    let run: () throws(AudioError) -> Void
}
