import Foundation
import Testing

@testable import CensorPlanning

/// Refinement's threads share the ordered matches through a ``StretchQueue``: each position is
/// handed out once, in pieces from the front of each thread's stretch, and a thread done with
/// its own takes the later half of the longest stretch left.
@Suite struct StretchQueueTests {
    @Test("a thread done with its stretch takes the later half of the longest, while it is two pieces long")
    func takesTheLaterHalf() {
        let queue = StretchQueue(count: 100, threads: 2, piece: 10)
        var first: [Range<Int>] = []
        while let piece = queue.take(thread: 0) { first.append(piece) }
        #expect(first == [0..<10, 10..<20, 20..<30, 30..<40, 40..<50, 75..<85, 85..<95, 95..<100, 62..<72, 72..<75])
        var second: [Range<Int>] = []
        while let piece = queue.take(thread: 1) { second.append(piece) }
        #expect(second == [50..<60, 60..<62])
    }

    @Test("a stretch shorter than two pieces is not shared")
    func shortStretchesStay() {
        let queue = StretchQueue(count: 30, threads: 2, piece: 8)
        #expect(queue.take(thread: 0) == 0..<8)
        #expect(queue.take(thread: 0) == 8..<15)
        // Thread 1's 15..<30 is 15 long, under two pieces.
        #expect(queue.take(thread: 0) == nil)
        #expect(queue.take(thread: 1) == 15..<23)
        #expect(queue.take(thread: 1) == 23..<30)
        #expect(queue.take(thread: 1) == nil)
    }

    @Test("threads taking at once are handed every position exactly once", arguments: [2, 3, 5])
    func everyPositionOnce(threads: Int) {
        let count = 10_007
        let queue = StretchQueue(count: count, threads: threads, piece: 16)
        let taken = TakenPieces()
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            while let piece = queue.take(thread: thread) {
                taken.add(piece)
                if thread == 0 { usleep(20) }
            }
        }
        let positions = taken.pieces.flatMap { Array($0) }.sorted()
        #expect(positions == Array(0..<count))
        #expect(taken.pieces.allSatisfy { (1...16).contains($0.count) })
    }

    @Test("after stop, no thread is handed anything")
    func stopEndsEveryStretch() {
        let queue = StretchQueue(count: 1000, threads: 3, piece: 4)
        #expect(queue.take(thread: 1) == 333..<337)
        queue.stop()
        #expect((0..<3).allSatisfy { queue.take(thread: $0) == nil })
    }

    /// Pieces added from several threads.
    final class TakenPieces: @unchecked Sendable {
        private(set) var pieces: [Range<Int>] = []
        private let lock = NSLock()
        func add(_ piece: Range<Int>) { lock.withLock { pieces.append(piece) } }
    }
}
