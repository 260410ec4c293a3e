import Dispatch
import Synchronization

/// Hands out work items to worker threads and collects their results in the items' order.
final class WorkQueue<Item: Sendable, Outcome: Sendable>: Sendable {
    private let items: [Item]
    private let state: Mutex<(next: Int, outcomes: [Outcome?])>

    init(_ items: [Item]) {
        self.items = items
        state = Mutex((0, Array(repeating: nil, count: items.count)))
    }

    /// Runs `work` on every item, `width` at a time; returns the outcomes in the items' order.
    func run(width: Int, _ work: @Sendable (Item) -> Outcome) -> [Outcome] {
        DispatchQueue.concurrentPerform(iterations: max(1, min(width, items.count))) { _ in
            while let (index, item) = next() {
                let outcome = work(item)
                state.withLock { $0.outcomes[index] = outcome }
            }
        }
        return state.withLock { $0.outcomes.compactMap { $0 } }
    }

    /// The next item to run, with its index; `nil` when all have been handed out.
    private func next() -> (Int, Item)? {
        state.withLock { state in
            guard state.next < items.count else { return nil }
            defer { state.next += 1 }
            return (state.next, items[state.next])
        }
    }
}
