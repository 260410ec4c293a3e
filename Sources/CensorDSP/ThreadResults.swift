import Foundation

/// Results written from several threads, each to its own indices (refined times, offset
/// evidence, halves of the beep levels, runs of beep levels measured while rendering), and the
/// first error a thread met.
package final class ThreadResults<Value>: @unchecked Sendable {
    private var results: [Value?]
    private var error: (any Error)?
    private let condition = NSCondition()

    package init(count: Int) {
        results = Array(repeating: nil, count: count)
    }

    package func set(_ index: Int, _ value: Value) {
        condition.withLock { results[index] = value }
        condition.broadcast()
    }

    package func fail(_ error: any Error) {
        condition.withLock { self.error = self.error ?? error }
        condition.broadcast()
    }

    /// Whether a thread has met an error.
    package var hasFailed: Bool { condition.withLock { error != nil } }

    /// The results, or the first error a thread met.
    package func values() throws -> [Value?] {
        try condition.withLock {
            if let error { throw error }
            return results
        }
    }

    /// The result at `index`, waiting until a thread sets it, or the first error a thread met.
    package func value(at index: Int) throws -> Value {
        condition.lock()
        defer { condition.unlock() }
        while results[index] == nil, error == nil { condition.wait() }
        if let error { throw error }
        return results[index]!
    }
}
