import Foundation

/// The positions `0..<count` of work in order, cut into one stretch per thread and handed out
/// a piece at a time from the front of each thread's stretch. A thread whose stretch has run
/// out takes the later half of the longest stretch left, while that is at least two pieces
/// long; so the threads finish within about a piece of each other, and each thread's pieces
/// mostly follow one another (refinement carries its analysis on from one to the next).
final class StretchQueue: @unchecked Sendable {
    private var stretches: [Range<Int>]
    private let piece: Int
    private let lock = NSLock()

    /// - Parameters:
    ///   - count: Positions to hand out.
    ///   - threads: Threads taking them, at least 1; each asks with its number in `0..<threads`.
    ///   - piece: Positions handed out at a time, at least 1.
    init(count: Int, threads: Int, piece: Int) {
        precondition(threads >= 1 && piece >= 1, "a queue needs a thread and a piece of at least one position")
        stretches = (0..<threads).map { (count * $0 / threads)..<(count * ($0 + 1) / threads) }
        self.piece = piece
    }

    /// The next piece for thread `thread`: the front of its stretch, or, when that is empty, of
    /// the later half it takes from the longest; `nil` when no stretch is long enough to share.
    func take(thread: Int) -> Range<Int>? {
        lock.withLock {
            if stretches[thread].isEmpty {
                guard let longest = stretches.indices.max(by: { stretches[$0].count < stretches[$1].count }),
                    stretches[longest].count >= 2 * piece
                else { return nil }
                let stretch = stretches[longest], middle = stretch.lowerBound + stretch.count / 2
                (stretches[longest], stretches[thread]) = (stretch.lowerBound..<middle, middle..<stretch.upperBound)
            }
            let stretch = stretches[thread]
            let taken = stretch.lowerBound..<min(stretch.upperBound, stretch.lowerBound + piece)
            stretches[thread] = taken.upperBound..<stretch.upperBound
            return taken
        }
    }

    /// Hands out no more pieces (a thread failed: the plan fails whatever the others do).
    func stop() {
        lock.withLock { stretches = stretches.map { $0.upperBound..<$0.upperBound } }
    }
}
