import Foundation

/// Results written from several threads, each to its own indices (refined times, offset
/// evidence, halves of the beep levels), and the first error a thread met.
package final class ThreadResults<Value>: @unchecked Sendable {
    private var results: [Value?]
    private var error: (any Error)?
    private let lock = NSLock()

    package init(count: Int) {
        results = Array(repeating: nil, count: count)
    }

    package func set(_ index: Int, _ value: Value) {
        lock.withLock { results[index] = value }
    }

    package func fail(_ error: any Error) {
        lock.withLock { self.error = self.error ?? error }
    }

    /// The results, or the first error a thread met.
    package func values() throws -> [Value?] {
        try lock.withLock {
            if let error { throw error }
            return results
        }
    }
}
